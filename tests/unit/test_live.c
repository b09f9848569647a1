/* The event stream: its encoding, and a follower that ends where the player's session did. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/g2048.h"
#include "tilecade/gameid.h"
#include "tilecade/live.h"
#include "tilecade/live_follow.h"
#include "tilecade/session.h"

struct live_player {
	uint64_t now;
	struct tc_session *s;
	struct tc_live_log log;
	/* The player's position after each event, to compare the follower's with. */
	unsigned char states[64][sizeof(struct g2048)];
	uint64_t elapsed[64];
	unsigned count;
};

static uint64_t live_now(void *ctx)
{
	return ((struct live_player *)ctx)->now;
}

static void live_heard(void *ctx, const struct tc_live_event *ev)
{
	struct live_player *p = ctx;
	assert_true(tc_live_log_add(&p->log, ev));
	assert_true(p->count < 64);
	memcpy(p->states[p->count], tc_session_state(p->s), sizeof(struct g2048));
	p->elapsed[p->count++] = tc_session_elapsed_ms(p->s);
}

static void live_start(struct live_player *p, uint64_t seed)
{
	memset(p, 0, sizeof *p);
	struct tc_clock c = {live_now, p};
	p->s = tc_session_new(&g2048_game, NULL, seed, &c);
	assert_non_null(p->s);
	char id[TC_GAMEID_MAX];
	int n = tc_session_game_id(p->s, id, sizeof id);
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = id, .text_len = (size_t)n};
	tc_session_listen(p->s, live_heard, p);
	live_heard(p, &start);
}

static void live_move(struct live_player *p)
{
	p->now += 700;
	for (unsigned i = 0; i < 4; i++) {
		struct tc_move m = {.kind = (uint8_t)((tc_session_moves(p->s) + i) % 4)};
		if (tc_session_apply(p->s, &m))
			return;
	}
	fail_msg("no move");
}

static void live_encodes_every_kind(void **unused)
{
	(void)unused;
	for (uint8_t kind = TC_LIVE_START; kind <= TC_LIVE_KIND_LAST; kind++) {
		struct tc_live_event ev = {.kind = kind, .at_ms = UINT32_MAX, .value = 77777,
		                           .step = 4000000000u, .text = "2048:4x4:s1",
		                           .text_len = 11};
		ev.move.kind = 3;
		ev.move.arg[0] = -32768;
		ev.move.arg[1] = 32767;
		ev.move.arg[2] = -1;
		unsigned char buf[128];
		size_t n = tc_live_encode(&ev, buf, sizeof buf);
		assert_true(n > 0 && n <= sizeof buf);
		/* Every cut short reads as "more to come", never as an event or an error. */
		struct tc_live_event out;
		size_t used;
		for (size_t cut = 0; cut < n; cut++)
			assert_int_equal(tc_live_decode(buf, cut, &out, &used), 0);
		assert_int_equal(tc_live_decode(buf, n, &out, &used), 1);
		assert_int_equal(used, n);
		assert_int_equal(out.kind, kind);
		assert_int_equal(out.at_ms, UINT32_MAX);
		if (kind == TC_LIVE_MOVE || kind == TC_LIVE_TIMEOUT || kind == TC_LIVE_HELPED) {
			assert_memory_equal(&out.move.arg, &ev.move.arg, sizeof ev.move.arg);
			assert_int_equal(out.move.kind, 3);
		}
		if (kind == TC_LIVE_START || kind == TC_LIVE_NEW_GAME)
			assert_memory_equal(out.text, "2048:4x4:s1", 11);
	}
}

static void live_move_takes_a_few_bytes(void **unused)
{
	(void)unused;
	struct tc_live_event ev = {.kind = TC_LIVE_MOVE, .at_ms = 65000, .move = {.kind = 2}};
	assert_true(tc_live_encode(&ev, NULL, 0) <= 9);
}

static void live_refuses_what_is_no_event(void **unused)
{
	(void)unused;
	struct tc_live_event ev;
	size_t used;
	const unsigned char unknown[] = {0, 1, 2};
	assert_int_equal(tc_live_decode(unknown, sizeof unknown, &ev, &used), -1);
	const unsigned char beyond[] = {TC_LIVE_KIND_LAST + 1, 0};
	assert_int_equal(tc_live_decode(beyond, sizeof beyond, &ev, &used), -1);
	/* A time of more than 32 bits, a text longer than the most there may be. */
	const unsigned char big_time[] = {TC_LIVE_UNDO, 0xff, 0xff, 0xff, 0xff, 0x7f};
	assert_int_equal(tc_live_decode(big_time, sizeof big_time, &ev, &used), -1);
	const unsigned char long_text[] = {TC_LIVE_START, 0, 0xff, 0xff, 0x7f};
	assert_int_equal(tc_live_decode(long_text, sizeof long_text, &ev, &used), -1);
	struct tc_live_event too_long = {.kind = TC_LIVE_START, .text = "x",
	                                 .text_len = TC_LIVE_TEXT_MAX + 1};
	assert_int_equal(tc_live_encode(&too_long, NULL, 0), 0);
}

/* Follows the player's log event by event: the same position and time after each. */
static void live_follow_matches(struct live_player *p)
{
	struct tc_live_follow f;
	tc_live_follow_init(&f);
	size_t pos = 0;
	struct tc_live_event ev;
	char err[160];
	for (unsigned i = 0; i < p->count; i++) {
		assert_int_equal(tc_live_log_next(p->log.bytes, p->log.len, &pos, &ev), 1);
		assert_int_equal(tc_live_follow(&f, &ev, err, sizeof err), 0);
		assert_memory_equal(tc_session_state(f.session), p->states[i], sizeof(struct g2048));
		assert_int_equal(tc_session_elapsed_ms(f.session), p->elapsed[i]);
	}
	assert_int_equal(tc_live_log_next(p->log.bytes, p->log.len, &pos, &ev), 0);
	assert_int_equal(tc_session_moves(f.session), tc_session_moves(p->s));
	assert_int_equal(tc_session_hints(f.session), tc_session_hints(p->s));
	assert_int_equal(tc_session_assisted(f.session), tc_session_assisted(p->s));
	assert_int_equal(tc_session_can_redo(f.session), tc_session_can_redo(p->s));
	assert_int_equal(tc_session_paused(f.session), tc_session_paused(p->s));
	char a[TC_GAMEID_MAX], b[TC_GAMEID_MAX];
	tc_session_game_id(f.session, a, sizeof a);
	tc_session_game_id(p->s, b, sizeof b);
	assert_string_equal(a, b);
	tc_live_follow_free(&f);
}

static void live_follower_ends_where_the_player_did(void **unused)
{
	(void)unused;
	static struct live_player p;
	live_start(&p, 99);
	for (int i = 0; i < 6; i++)
		live_move(&p);
	p.now += 300;
	assert_true(tc_session_undo(p.s));
	assert_true(tc_session_undo(p.s));
	assert_true(tc_session_redo(p.s));
	tc_session_pause(p.s);
	tc_session_pause(p.s); /* again: no event */
	p.now += 60000;        /* paused: the clock stands */
	tc_session_resume(p.s);
	assert_true(tc_session_count_hint(p.s));
	assert_false(tc_session_count_hint(p.s)); /* the same position: not told */
	live_move(&p);
	struct tc_move m = {.kind = G2048_LEFT};
	if (!tc_session_apply_assisted(p.s, &m, TC_ASSIST_AUTOPLAY)) {
		m.kind = G2048_RIGHT;
		assert_true(tc_session_apply_assisted(p.s, &m, TC_ASSIST_AUTOPLAY));
	}
	live_follow_matches(&p);
	tc_session_restart(p.s);
	live_move(&p);
	tc_session_new_game(p.s, 1234);
	live_move(&p);
	live_move(&p);
	live_follow_matches(&p);
	tc_session_free(p.s);
	tc_live_log_free(&p.log);
}

/* A watcher's clock runs on between events (tc_live_follow_set_time, drawn each second): each
 * event still sets the player's time, back too, as after a restart or a new game. */
static void live_follower_clock_takes_each_events_time(void **unused)
{
	(void)unused;
	static struct live_player p;
	live_start(&p, 7);
	for (int i = 0; i < 3; i++)
		live_move(&p);
	tc_session_restart(p.s);
	live_move(&p);
	tc_session_new_game(p.s, 55);
	live_move(&p);
	struct tc_live_follow f;
	tc_live_follow_init(&f);
	size_t pos = 0;
	struct tc_live_event ev;
	char err[160];
	for (unsigned i = 0; i < p.count; i++) {
		assert_int_equal(tc_live_log_next(p.log.bytes, p.log.len, &pos, &ev), 1);
		assert_int_equal(tc_live_follow(&f, &ev, err, sizeof err), 0);
		assert_int_equal(tc_session_elapsed_ms(f.session), p.elapsed[i]);
		tc_live_follow_set_time(&f, p.elapsed[i] + 5000); /* ran on, nothing told yet */
	}
	assert_int_equal(p.elapsed[p.count - 1], 700);
	tc_live_follow_free(&f);
	tc_session_free(p.s);
	tc_live_log_free(&p.log);
}

static void live_follower_refuses_a_stream_that_is_not_the_game(void **unused)
{
	(void)unused;
	struct tc_live_follow f;
	tc_live_follow_init(&f);
	char err[160];
	struct tc_live_event undo = {.kind = TC_LIVE_UNDO};
	assert_int_equal(tc_live_follow(&f, &undo, err, sizeof err), -1);
	assert_non_null(strstr(err, "game ID"));
	struct tc_live_event bad = {.kind = TC_LIVE_START, .text = "chess:8x8:s1", .text_len = 12};
	assert_int_equal(tc_live_follow(&f, &bad, err, sizeof err), -1);
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = "2048:4x4:s1", .text_len = 11};
	assert_int_equal(tc_live_follow(&f, &start, err, sizeof err), 0);
	/* Nothing to undo at the start: the player's session could not have said so. */
	assert_int_equal(tc_live_follow(&f, &undo, err, sizeof err), -1);
	assert_int_equal(tc_live_follow(&f, &start, err, sizeof err), -1);
	struct tc_live_event ninja = {.kind = TC_LIVE_NINJA};
	assert_int_equal(tc_live_follow(&f, &ninja, err, sizeof err), -1);
	struct tc_live_event end = {.kind = TC_LIVE_END, .value = TC_LIVE_END_LEFT};
	assert_int_equal(tc_live_follow(&f, &end, err, sizeof err), 0);
	assert_true(f.ended);
	assert_int_equal(f.end, TC_LIVE_END_LEFT);
	struct tc_live_event move = {.kind = TC_LIVE_MOVE};
	assert_int_equal(tc_live_follow(&f, &move, err, sizeof err), -1);
	tc_live_follow_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(live_encodes_every_kind),
	        cmocka_unit_test(live_move_takes_a_few_bytes),
	        cmocka_unit_test(live_refuses_what_is_no_event),
	        cmocka_unit_test(live_follower_ends_where_the_player_did),
	        cmocka_unit_test(live_follower_clock_takes_each_events_time),
	        cmocka_unit_test(live_follower_refuses_a_stream_that_is_not_the_game),
	};
	return cmocka_run_group_tests_name("live", tests, NULL, NULL);
}
