/* A race followed live (src/tui/race_feed.h) through real sockets and a real store in a
 * temporary folder: each racer's progress as they play, the player's own game not followed,
 * a racer who joins later, one whose program goes away (told to the store as dropped), and a
 * stream on a racer's socket that is not theirs. */
#define _GNU_SOURCE /* mkdtemp */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "race_feed.h"
#include "tilecade/g2048.h"
#include "tilecade/live.h"
#include "tilecade/live_net.h"
#include "tilecade/races.h"
#include "tilecade/session.h"
#include "tilecade/store.h"

#define GAME_ID "2048:4x4:s5"
/* How long a test waits for what is on its way before it calls it lost: far longer than local
 * sockets take, so no timing is tested. */
#define PATIENCE_MS 5000

/* A racer's program: a 2048 session whose events go to its stream's log and its publisher, as
 * tc_records tells them. */
struct racer {
	const char *name;
	int64_t race;
	struct tc_session *s;
	struct tc_live_log log;
	struct tc_live_pub *pub;
};

struct fixture {
	char dir[PATH_MAX];
	struct tc_store *st;
	int64_t race;
	struct racer ann;
	struct tc_race_feed *feed;
};

static void describe(void *ctx, struct tc_live_hello *hello)
{
	struct racer *r = ctx;
	tc_session_game_id(r->s, hello->game_id, sizeof hello->game_id);
	hello->moves = tc_session_moves(r->s);
	hello->elapsed_ms = tc_session_elapsed_ms(r->s);
	hello->race = r->race;
}

static void heard(void *ctx, const struct tc_live_event *ev)
{
	struct racer *r = ctx;
	assert_true(tc_live_log_add(&r->log, ev));
	tc_live_pub_event(r->pub, ev);
}

/* The racer's game starts: its socket shows in the folder, and the store is told where. */
static void racer_start(struct fixture *f, struct racer *r, const char *publish_as)
{
	r->race = f->race;
	r->s = tc_session_new(&g2048_game, NULL, 5, NULL);
	assert_non_null(r->s);
	r->pub = tc_live_pub_new(f->dir, publish_as, &r->log, describe, r);
	assert_non_null(r->pub);
	tc_session_listen(r->s, heard, r);
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = GAME_ID,
	                              .text_len = strlen(GAME_ID)};
	heard(r, &start);
	char socket[32];
	snprintf(socket, sizeof socket, "p%ld", (long)getpid());
	assert_int_equal(tc_store_race_socket(f->st, f->race, r->name, socket), 0);
	tc_live_races_changed(f->dir);
}

/* The racer's program goes away without ending its stream (kill -9). */
static void racer_gone(struct racer *r)
{
	tc_live_pub_free(r->pub);
	r->pub = NULL;
	tc_session_free(r->s);
	r->s = NULL;
	tc_live_log_free(&r->log);
}

/* A slide that moves tiles. */
static void racer_move(struct racer *r)
{
	static const int dirs[] = {G2048_LEFT, G2048_DOWN, G2048_RIGHT, G2048_UP};
	for (int i = 0; i < 4; i++) {
		struct tc_move m = {.kind = (uint8_t)dirs[i]};
		if (tc_session_apply(r->s, &m))
			return;
	}
	fail_msg("no slide moves anything");
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	snprintf(f->dir, sizeof f->dir, "/tmp/tilecade-race-feed-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	char path[PATH_MAX + 16], notice[TC_STORE_NOTICE_MAX];
	snprintf(path, sizeof path, "%s/tilecade.db", f->dir);
	f->st = tc_store_open(path, notice, sizeof notice);
	assert_true(tc_store_ok(f->st));
	int64_t now = tc_race_now_ms();
	f->race = tc_store_race_open(f->st, "2048", GAME_ID, "ann", 0, now);
	assert_true(f->race > 0);
	assert_int_equal(tc_store_race_join(f->st, f->race, "bob", now), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(f->st, f->race, "ann", now), 0);
	f->ann.name = "ann";
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	tc_race_feed_free(f->feed);
	if (f->ann.pub)
		racer_gone(&f->ann);
	tc_store_close(f->st);
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
	assert_int_equal(system(cmd), 0);
	free(f);
	return 0;
}

static struct tc_race_feed *feed_of(struct fixture *f, const char *self)
{
	char err[160];
	struct tc_race_feed *feed = tc_race_feed_new(f->st, f->dir, f->race, self, err, sizeof err);
	if (!feed)
		fail_msg("no feed: %s", err);
	return feed;
}

/* One round: the racer's publisher and the feed act on what came within wait_ms. */
static void pump(struct fixture *f, int wait_ms)
{
	struct pollfd fds[128];
	int k = f->ann.pub ? tc_live_pub_fds(f->ann.pub, fds, 32) : 0;
	int pub_fds = k;
	k += tc_race_feed_fds(f->feed, fds + k, 96);
	if (poll(fds, (nfds_t)k, wait_ms) <= 0)
		return;
	if (f->ann.pub)
		tc_live_pub_ready(f->ann.pub, fds, pub_fds);
	tc_race_feed_ready(f->feed, fds + pub_fds, k - pub_fds);
}

static int64_t mono_ms(void)
{
	return (int64_t)tc_monotonic_ms();
}

/* Lets the racer and the feed act until done(f), or the patience runs out; returns done(f). */
static bool run_until(struct fixture *f, bool (*done)(struct fixture *))
{
	int64_t give_up = mono_ms() + PATIENCE_MS;
	while (!done(f) && mono_ms() < give_up)
		pump(f, 50);
	return done(f);
}

/* The racer of that name as the feed shows them, and their index. */
static const struct tc_racer *shown(const struct fixture *f, const char *name, int *index)
{
	const struct tc_racer *racers;
	int n = tc_race_feed_racers(f->feed, &racers);
	for (int i = 0; i < n; i++)
		if (strcmp(racers[i].player, name) == 0) {
			if (index)
				*index = i;
			return &racers[i];
		}
	return NULL;
}

static bool ann_caught_up(struct fixture *f)
{
	int i = -1;
	const struct tc_racer *r = shown(f, "ann", &i);
	const struct tc_session *s = tc_race_feed_session(f->feed, i);
	return r && s && tc_session_moves(s) == tc_session_moves(f->ann.s);
}

static void expect_ann_as_played(struct fixture *f)
{
	assert_true(run_until(f, ann_caught_up));
	int i = -1;
	const struct tc_racer *r = shown(f, "ann", &i);
	struct tc_progress p;
	g2048_game.progress(tc_session_state(f->ann.s), &p);
	assert_int_equal(r->progress.value, p.value);
	assert_string_equal(r->progress.text, p.text);
	const struct tc_session *s = tc_race_feed_session(f->feed, i);
	assert_int_equal(tc_session_score(s), tc_session_score(f->ann.s));
	assert_null(tc_race_feed_run(f->feed, i));
}

static bool ann_shows_view(struct fixture *f)
{
	int i = -1;
	return shown(f, "ann", &i) && tc_race_feed_shown(f->feed, i) == 0x0700;
}

/* A watcher's feed follows every racer: ann's progress as she plays, move after move. */
static void test_progress_follows_the_racer(void **state)
{
	struct fixture *f = *state;
	racer_start(f, &f->ann, "ann");
	f->feed = feed_of(f, NULL);
	assert_int_equal(tc_race_feed_race(f->feed)->id, f->race);
	assert_non_null(shown(f, "bob", NULL));
	for (int i = 0; i < 5; i++) {
		racer_move(&f->ann);
		expect_ann_as_played(f);
	}
	/* What her screen shows beyond the position (a cursor) comes too. */
	struct tc_live_event view = {.kind = TC_LIVE_VIEW, .at_ms = 900, .value = 0x0700};
	heard(&f->ann, &view);
	assert_true(run_until(f, ann_shows_view));
}

/* A racer's feed leaves their own game to them: ann is listed as the store has her. */
static void test_own_game_not_followed(void **state)
{
	struct fixture *f = *state;
	racer_start(f, &f->ann, "ann");
	racer_move(&f->ann);
	f->feed = feed_of(f, "ann");
	for (int i = 0; i < 10; i++)
		pump(f, 20);
	int i = -1;
	assert_non_null(shown(f, "ann", &i));
	assert_null(tc_race_feed_session(f->feed, i));
	assert_int_equal(tc_live_pub_watchers(f->ann.pub), 0); /* 'R': not counted either */
}

/* The feed is there before the racer's game: her socket is followed once the store says where
 * and it shows. */
static void test_racer_who_comes_later(void **state)
{
	struct fixture *f = *state;
	f->feed = feed_of(f, NULL);
	racer_start(f, &f->ann, "ann");
	racer_move(&f->ann);
	expect_ann_as_played(f);
}

static bool ann_dropped(struct fixture *f)
{
	const struct tc_racer *r = shown(f, "ann", NULL);
	return r && r->outcome == TC_RACER_DROPPED;
}

/* Ann's program goes away without a word: the feed tells the store she dropped, with her
 * progress, and shows her so. */
static void test_dropped_racer_told_to_the_store(void **state)
{
	struct fixture *f = *state;
	racer_start(f, &f->ann, "ann");
	f->feed = feed_of(f, NULL);
	racer_move(&f->ann);
	expect_ann_as_played(f);
	struct tc_progress p;
	g2048_game.progress(tc_session_state(f->ann.s), &p);
	racer_gone(&f->ann);
	assert_true(run_until(f, ann_dropped));
	struct tc_race race;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	int n = tc_store_race_get(f->st, f->race, tc_race_now_ms(), &race, racers, TC_RACE_RACERS_MAX);
	bool found = false;
	for (int i = 0; i < n; i++)
		if (strcmp(racers[i].player, "ann") == 0) {
			found = true;
			assert_int_equal(racers[i].outcome, TC_RACER_DROPPED);
			assert_int_equal(racers[i].progress.value, p.value);
		}
	assert_true(found);
}

/* The publisher acts on what came, until nothing more comes. */
static void pub_settle(struct fixture *f)
{
	struct pollfd fds[32];
	int k = tc_live_pub_fds(f->ann.pub, fds, 32);
	while (poll(fds, (nfds_t)k, 20) > 0) {
		tc_live_pub_ready(f->ann.pub, fds, k);
		k = tc_live_pub_fds(f->ann.pub, fds, 32);
	}
}

/* ann's outcome as the store has it. */
static enum tc_racer_outcome stored_outcome(struct fixture *f)
{
	struct tc_race race;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	int n = tc_store_race_get(f->st, f->race, tc_race_now_ms(), &race, racers,
	                          TC_RACE_RACERS_MAX);
	for (int i = 0; i < n; i++)
		if (strcmp(racers[i].player, "ann") == 0)
			return racers[i].outcome;
	fail_msg("ann is not in the race");
	return TC_RACER_LEFT;
}

/* ann's program turns the feed away (its rival racers' places all taken: 129 followers):
 * she is not taken for dropped while she plays, and once there is room the feed follows her
 * again by itself. */
static void test_turned_away_is_not_dropped(void **state)
{
	struct fixture *f = *state;
	enum { RIVALS = 128 };
	static struct tc_live_watch rivals[RIVALS];
	racer_start(f, &f->ann, "ann");
	char socket[32];
	snprintf(socket, sizeof socket, "p%ld", (long)getpid());
	for (int i = 0; i < RIVALS; i++) {
		assert_int_equal(tc_live_watch_open(&rivals[i], f->dir, socket, 'R'), 0);
		pub_settle(f);
	}
	f->feed = feed_of(f, NULL);
	for (int i = 0; i < 40; i++)
		pump(f, 20);
	assert_int_equal(stored_outcome(f), TC_RACER_RACING);
	assert_non_null(shown(f, "ann", NULL));
	assert_int_equal(shown(f, "ann", NULL)->outcome, TC_RACER_RACING);
	for (int k = 0; k < RIVALS; k++)
		tc_live_watch_close(&rivals[k]);
	racer_move(&f->ann);
	expect_ann_as_played(f);
}

static bool ann_racing_again(struct fixture *f)
{
	return stored_outcome(f) == TC_RACER_RACING;
}

/* Another program took ann for dropped while she plays: her own program's feed puts her back. */
static void test_own_drop_does_not_stick(void **state)
{
	struct fixture *f = *state;
	racer_start(f, &f->ann, "ann");
	f->feed = feed_of(f, "ann");
	struct tc_racer dropped = {.outcome = TC_RACER_DROPPED};
	assert_int_equal(
	        tc_store_race_finish(f->st, f->race, "ann", &dropped, tc_race_now_ms()), 0);
	assert_int_equal(stored_outcome(f), TC_RACER_DROPPED);
	tc_live_races_changed(f->dir);
	assert_true(run_until(f, ann_racing_again));
}

/* A racer who joins after the feed started is shown once the store says so. */
static void test_racer_who_joins(void **state)
{
	struct fixture *f = *state;
	int64_t now = tc_race_now_ms();
	int64_t race = tc_store_race_open(f->st, "2048", GAME_ID, "cat", 0, now);
	f->race = race;
	f->feed = feed_of(f, NULL);
	assert_null(shown(f, "dan", NULL));
	assert_int_equal(tc_store_race_join(f->st, race, "dan", now), TC_RACE_JOINED);
	tc_live_races_changed(f->dir);
	int64_t give_up = mono_ms() + PATIENCE_MS;
	while (!shown(f, "dan", NULL) && mono_ms() < give_up)
		pump(f, 50);
	assert_non_null(shown(f, "dan", NULL));
}

static bool ann_refused(struct fixture *f)
{
	int i = -1;
	return shown(f, "ann", &i) && !tc_race_feed_session(f->feed, i);
}

/* Another player's game on the socket the store gives for ann (a shared folder is open to
 * every user) is not taken for hers. */
static void test_stream_of_another_refused(void **state)
{
	struct fixture *f = *state;
	racer_start(f, &f->ann, "eve");
	f->feed = feed_of(f, NULL);
	racer_move(&f->ann);
	for (int i = 0; i < 20; i++)
		pump(f, 20);
	assert_true(ann_refused(f));
	const struct tc_racer *r = shown(f, "ann", NULL);
	assert_int_equal(r->outcome, TC_RACER_RACING); /* not dropped either: not hers */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_progress_follows_the_racer, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_own_game_not_followed, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_racer_who_comes_later, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_dropped_racer_told_to_the_store, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_turned_away_is_not_dropped, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_own_drop_does_not_stick, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_racer_who_joins, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_stream_of_another_refused, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
