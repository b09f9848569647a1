/* N's run as a stream: its START text, a run told frame by frame and followed never past the
 * step the stream confirmed, a recording's stream back to the same replay and outcome, and
 * streams that are not a run's refused with the follower left as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nj_corridor.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/rng.h"

/* Inputs of every kind for `steps` steps, cut where the run they make ends. */
static void some_inputs(struct nj_replay *rp, int32_t steps, unsigned mix)
{
	static struct nj_world w;
	char err[128];
	assert_int_equal(nj_world_from_level(&rp->level, &w, err, sizeof err), 0);
	struct nj_run run;
	nj_run_start(&w, &run);
	rp->steps = 0;
	for (int32_t i = 0; i < steps && run.outcome == NJ_RUNNING; i++) {
		rp->input[i] = (uint8_t)((i / 9 + (i / 5) * mix) % 8);
		nj_step(&w, &run, rp->input[i]);
		rp->steps = i + 1;
	}
}

static struct nj_follow *new_follow(void)
{
	struct nj_follow *f = malloc(sizeof *f);
	assert_non_null(f);
	nj_follow_init(f);
	return f;
}

static void start_text_round_trip(void **unused)
{
	(void)unused;
	struct nj_replay *rp = corridor();
	char text[TC_LIVE_TEXT_MAX + 1], name[NJ_STREAM_NAME_MAX], err[200];
	size_t n = nj_stream_start_text(&rp->level, "seed 42\n(evil)", text, sizeof text);
	assert_true(n > 0);
	assert_int_equal(strlen(text), n);
	assert_memory_equal(text, "tilecade ninja replay 1\n# seed 42?(evil)\n", 41);
	assert_true(nj_stream_is_run(text, n));
	assert_false(nj_stream_is_run("2048:4x4:5", 10));
	assert_false(nj_stream_is_run("tilecade", 8));
	struct nl_level *back = malloc(sizeof *back);
	assert_non_null(back);
	assert_int_equal(nj_stream_read_start(text, n, back, name, sizeof name, err, sizeof err),
	                 0);
	assert_string_equal(name, "seed 42?(evil)");
	char a[NL_LINE_MAX], b[NL_LINE_MAX];
	nl_print(&rp->level, a, sizeof a);
	nl_print(back, b, sizeof b);
	assert_string_equal(a, b);
	/* No name: no comment line, an empty name read back. */
	n = nj_stream_start_text(&rp->level, "", text, sizeof text);
	assert_int_equal(nj_stream_read_start(text, n, back, name, sizeof name, err, sizeof err),
	                 0);
	assert_string_equal(name, "");
	free(back);
	free(rp);
}

/* A level line of `len` bytes: the corridor's, its gold's x written with many zeros. */
static void long_level(struct nl_level *l, size_t len)
{
	static char line[NL_LINE_MAX + 64];
	struct nj_replay *rp = corridor();
	int n = nl_print(&rp->level, line, sizeof line);
	free(rp);
	char *gold = strstr(line, "!0^");
	assert_non_null(gold);
	size_t pad = len - (size_t)n;
	memmove(gold + 3 + pad, gold + 3, strlen(gold + 3) + 1);
	memset(gold + 3, '0', pad);
	assert_int_equal(strlen(line), len);
	char err[200];
	assert_int_equal(nl_parse(line, l, err, sizeof err), 0);
}

static void start_text_of_a_long_level(void **unused)
{
	(void)unused;
	struct nl_level *l = malloc(sizeof *l);
	assert_non_null(l);
	static char text[TC_LIVE_TEXT_MAX + 1];
	/* The name is left out when only that makes it fit. */
	long_level(l, TC_LIVE_TEXT_MAX - 30);
	size_t n = nj_stream_start_text(l, "a name", text, sizeof text);
	assert_true(n > 0 && n <= TC_LIVE_TEXT_MAX);
	assert_null(strstr(text, "a name"));
	/* A level line of almost a whole event's text cannot be carried at all. */
	long_level(l, NL_LINE_MAX - 1);
	assert_int_equal(nj_stream_start_text(l, "", text, sizeof text), 0);
	free(l);
}

/* What the player's screen does: a frame plays a few steps and tells them; the follower is
 * compared with the player's run after each event. */
struct player {
	struct nj_world w;
	struct nj_run run;
	struct nj_replay *rp;
	struct nj_follow *f;
	int32_t confirmed;
	unsigned events;
};

static void follow_each(void *ctx, const struct tc_live_event *ev)
{
	struct player *p = ctx;
	char err[200];
	assert_int_equal(nj_follow(p->f, ev, err, sizeof err), 0);
	p->events++;
	if (ev->kind == TC_LIVE_STEPS)
		p->confirmed = (int32_t)ev->step;
	/* Never past the step confirmed: a NINJA for a step ahead changes nothing shown. */
	assert_int_equal(p->f->run.steps, p->confirmed);
	assert_int_equal(p->f->rp.steps, p->confirmed);
}

static void a_run_followed_frame_by_frame(void **unused)
{
	(void)unused;
	static struct player p;
	p.rp = corridor();
	p.f = new_follow();
	p.confirmed = 0;
	some_inputs(p.rp, 3000, 3);
	char err[200], text[TC_LIVE_TEXT_MAX + 1];
	size_t n = nj_stream_start_text(&p.rp->level, "corridor", text, sizeof text);
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = text, .text_len = n};
	follow_each(&p, &start);
	assert_true(p.f->paused); /* waiting for the first key */
	assert_string_equal(p.f->name, "corridor");
	struct tc_live_event resume = {.kind = TC_LIVE_RESUME};
	follow_each(&p, &resume);
	assert_false(p.f->paused);
	assert_int_equal(nj_world_from_level(&p.rp->level, &p.w, err, sizeof err), 0);
	nj_run_start(&p.w, &p.run);
	for (int32_t k = 0, frame = 1; k < p.rp->steps; frame = frame % 8 + 1) {
		int32_t to = k + frame < p.rp->steps ? k + frame : p.rp->steps;
		for (int32_t i = k; i < to; i++)
			nj_step(&p.w, &p.run, p.rp->input[i]);
		nj_stream_tell_steps(p.rp->input, k, to, follow_each, &p);
		k = to;
		assert_int_equal(p.f->run.steps, p.run.steps);
		assert_true(p.f->run.x == p.run.x && p.f->run.y == p.run.y);
		assert_int_equal(p.f->run.gold, p.run.gold);
		assert_int_equal(p.f->run.outcome, p.run.outcome);
	}
	assert_memory_equal(p.f->rp.input, p.rp->input, (size_t)p.rp->steps);
	struct tc_live_event end = {.kind = TC_LIVE_END, .value = TC_LIVE_END_FINISHED};
	follow_each(&p, &end);
	assert_true(p.f->ended);
	free(p.f);
	free(p.rp);
}

/* A recording's stream gives back the replay, which plays to the same outcome; one left
 * before its end plays back to where it was left. */
static void replay_stream_replay(void **unused)
{
	(void)unused;
	struct nj_replay *rp = corridor(), *back = malloc(sizeof *back);
	assert_non_null(back);
	char err[200];
	for (unsigned mix = 0; mix < 4; mix++) {
		for (int32_t steps = 1; steps <= 2000; steps *= 7) {
			some_inputs(rp, steps, mix);
			struct nj_run want, got;
			assert_int_equal(nj_replay_run(rp, &want, err, sizeof err), 0);
			struct tc_live_log log = {0};
			assert_true(
			        nj_stream_of_replay(rp, "corridor", TC_LIVE_END_FINISHED, &log));
			struct nj_follow *f = new_follow();
			assert_int_equal(nj_follow_log(f, log.bytes, log.len, err, sizeof err), 0);
			assert_true(f->ended);
			assert_int_equal(f->runs, 1);
			nj_follow_replay(f, back);
			assert_int_equal(back->steps, rp->steps);
			assert_memory_equal(back->input, rp->input, (size_t)rp->steps);
			/* The run cut short stops there, as the player left it. */
			assert_int_equal(back->unfinished, f->run.outcome == NJ_RUNNING);
			assert_int_equal(nj_replay_run(back, &got, err, sizeof err), 0);
			if (!back->unfinished) {
				assert_int_equal(got.outcome, want.outcome);
				assert_int_equal(got.steps, want.steps);
			} else {
				assert_int_equal(got.steps, rp->steps);
			}
			assert_int_equal(got.gold, f->run.gold);
			/* The same in one call, with the run's name. */
			char name[NJ_STREAM_NAME_MAX];
			memset(back, 0, sizeof *back);
			assert_int_equal(nj_replay_of_stream(log.bytes, log.len, back, name,
			                                     sizeof name, err, sizeof err),
			                 0);
			assert_string_equal(name, "corridor");
			assert_int_equal(back->steps, rp->steps);
			assert_memory_equal(back->input, rp->input, (size_t)rp->steps);
			tc_live_log_free(&log);
			free(f);
		}
	}
	char name[8];
	assert_int_equal(nj_replay_of_stream(NULL, 0, back, name, sizeof name, err, sizeof err),
	                 -1);
	assert_string_equal(err, "the stream is empty");
	/* Holding right wins: the whole run's stream is a few bytes a change of keys. */
	for (rp->steps = 0; rp->steps < 400; rp->steps++)
		rp->input[rp->steps] = NJ_RIGHT;
	struct nj_run end;
	nj_replay_run(rp, &end, err, sizeof err);
	assert_int_equal(end.outcome, NJ_WIN);
	rp->steps = end.steps;
	struct tc_live_log log = {0};
	assert_true(nj_stream_of_replay(rp, "", TC_LIVE_END_FINISHED, &log));
	char text[TC_LIVE_TEXT_MAX + 1];
	size_t start = nj_stream_start_text(&rp->level, "", text, sizeof text);
	assert_true(log.len <= start + 4 + 20); /* its START, then 20 bytes */
	assert_int_equal(log.events, 4);        /* START, NINJA right at step 0, STEPS, END */
	tc_live_log_free(&log);
	free(back);
	free(rp);
}

/* A restarted run or the next level: NEW_GAME starts the run again from its text. */
static void new_game_starts_again(void **unused)
{
	(void)unused;
	struct nj_replay *rp = corridor();
	some_inputs(rp, 50, 1);
	struct tc_live_log log = {0};
	assert_true(nj_stream_of_replay(rp, "one", TC_LIVE_END_LEFT, &log));
	struct nj_follow *f = new_follow();
	char err[200], text[TC_LIVE_TEXT_MAX + 1];
	/* All but the END, then another run. */
	struct tc_live_event ev;
	size_t pos = 0;
	while (tc_live_log_next(log.bytes, log.len, &pos, &ev) == 1 && ev.kind != TC_LIVE_END)
		assert_int_equal(nj_follow(f, &ev, err, sizeof err), 0);
	assert_int_equal(f->run.steps, 50);
	size_t n = nj_stream_start_text(&rp->level, "two", text, sizeof text);
	struct tc_live_event again = {.kind = TC_LIVE_NEW_GAME, .text = text, .text_len = n};
	assert_int_equal(nj_follow(f, &again, err, sizeof err), 0);
	assert_int_equal(f->runs, 2);
	assert_int_equal(f->run.steps, 0);
	assert_int_equal(f->rp.steps, 0);
	assert_true(f->paused);
	assert_string_equal(f->name, "two");
	/* Its inputs start afresh: step 0 may be told again. */
	struct tc_live_event held = {.kind = TC_LIVE_NINJA, .value = NJ_LEFT, .step = 0};
	assert_int_equal(nj_follow(f, &held, err, sizeof err), 0);
	tc_live_log_free(&log);
	free(f);
	free(rp);
}

/* Follows ev where f is, expecting a refusal that names `why` and leaves f as it was. */
static void refused(struct nj_follow *f, const struct tc_live_event *ev, const char *why)
{
	static struct nj_follow before;
	before = *f;
	char err[200] = "";
	assert_int_equal(nj_follow(f, ev, err, sizeof err), -1);
	if (!strstr(err, why))
		fail_msg("\"%s\" does not say \"%s\"", err, why);
	assert_memory_equal(f, &before, sizeof before);
}

static void bad_streams_refused(void **unused)
{
	(void)unused;
	/* No key for 20 steps, then right to the door. */
	struct nj_replay *rp = corridor();
	for (rp->steps = 0; rp->steps < 420; rp->steps++)
		rp->input[rp->steps] = rp->steps < 20 ? 0 : NJ_RIGHT;
	struct nj_run end;
	char err[200], text[TC_LIVE_TEXT_MAX + 1];
	nj_replay_run(rp, &end, err, sizeof err);
	rp->steps = 0;
	struct nj_follow *f = new_follow();
	struct tc_live_event steps = {.kind = TC_LIVE_STEPS, .step = 10};
	refused(f, &steps, "before the stream's start");
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = "2048:4x4:5", .text_len = 10};
	refused(f, &start, "expected \"tilecade ninja replay 1\"");
	start.text = "tilecade ninja replay 1\nnot a level\n";
	start.text_len = strlen(start.text);
	refused(f, &start, "the run's level: line 2");
	size_t n = nj_stream_start_text(&rp->level, "x", text, sizeof text);
	memcpy(text + n, "2*5\n", 5);
	start.text = text;
	start.text_len = n + 4;
	refused(f, &start, "holds inputs");
	start.text_len = n;
	assert_int_equal(nj_follow(f, &start, err, sizeof err), 0);
	refused(f, &start, "a second start");
	struct tc_live_event held = {.kind = TC_LIVE_NINJA, .value = 8, .step = 0};
	refused(f, &held, "not one of N's");
	held.value = NJ_RIGHT;
	held.step = 20;
	assert_int_equal(nj_follow(f, &held, err, sizeof err), 0);
	assert_int_equal(f->run.steps, 0); /* known, not yet played */
	held.step = 19;
	refused(f, &held, "an input from step 19");
	held.step = NJ_MAX_STEPS;
	refused(f, &held, "an input from step");
	assert_int_equal(nj_follow(f, &steps, err, sizeof err), 0);
	steps.step = 9;
	refused(f, &steps, "played to step 9 after step 10");
	steps.step = NJ_MAX_STEPS + 1;
	refused(f, &steps, "played to step");
	/* Past the run's end. */
	steps.step = (uint32_t)end.steps + 5;
	refused(f, &steps, "the run ended at step");
	steps.step = (uint32_t)end.steps;
	assert_int_equal(nj_follow(f, &steps, err, sizeof err), 0);
	assert_int_equal(f->run.outcome, NJ_WIN);
	held.step = steps.step;
	refused(f, &held, "after the run's end");
	struct tc_live_event move = {.kind = TC_LIVE_MOVE};
	refused(f, &move, "a session game's event");
	struct tc_live_event undo = {.kind = TC_LIVE_UNDO};
	refused(f, &undo, "a session game's event");
	struct tc_live_event stop = {.kind = TC_LIVE_END, .value = 7};
	refused(f, &stop, "unknown way");
	stop.value = TC_LIVE_END_DROPPED;
	assert_int_equal(nj_follow(f, &stop, err, sizeof err), 0);
	assert_int_equal(f->end, TC_LIVE_END_DROPPED);
	refused(f, &steps, "after the stream's end");
	/* Broken bytes in a log are told, not followed. */
	nj_follow_init(f);
	unsigned char broken[] = {TC_LIVE_KIND_LAST + 1, 0};
	assert_int_equal(nj_follow_log(f, broken, sizeof broken, err, sizeof err), -1);
	free(f);
	free(rp);
}

/* One game ID wherever a player sees it: a generated level's seed, else the level's hash (the
 * key of its board), whatever the file was called; GAME:PARAMS:sSEED without spaces, which an
 * arcade's request line carries (issue 27). */
static void game_ids(void **state)
{
	(void)state;
	struct nj_replay *rp = corridor();
	char id[64], hash[64];
	nj_game_id(&rp->level, "seed 687550577", id, sizeof id);
	assert_string_equal(id, "ninja:seed:s687550577");
	snprintf(hash, sizeof hash, "ninja:%016llx", (unsigned long long)nj_level_hash(&rp->level));
	nj_game_id(&rp->level, "corridor.txt", id, sizeof id);
	assert_string_equal(id, hash);
	nj_game_id(&rp->level, "seed 12.txt", id, sizeof id); /* a file's name, not a seed */
	assert_string_equal(id, hash);
	nj_game_id(&rp->level, "seed ", id, sizeof id);
	assert_string_equal(id, hash);
	assert_true(nj_game_id_is_run("ninja:seed:s5") && nj_game_id_is_run("ninja seed 5") &&
	            nj_game_id_is_run(hash));
	assert_false(nj_game_id_is_run("2048:4x4:5") || nj_game_id_is_run("ninjas"));
	nj_game_id(&rp->level, "any seed 9", id, sizeof id);
	assert_string_equal(id, "ninja:any:s9");
	assert_null(strchr(id, ' '));
	free(rp);
}

/* The level an ID names: its name, and whether it is the seed's level as the browser made it
 * (made playable, or any level). */
static void assert_id_level(const char *id, const char *name_wanted, uint64_t seed, bool any)
{
	static struct nl_level level, made;
	char name[64], err[256], again[64];
	struct tc_rng rng;
	if (nj_game_id_level(id, &level, name, sizeof name, err, sizeof err) != 0)
		fail_msg("%s: %s", id, err);
	assert_string_equal(name, name_wanted);
	tc_rng_seed(&rng, seed, NL_RNG_STREAM);
	if (any)
		nl_generate(&rng, &made);
	else
		nl_generate_playable(&rng, &made);
	assert_int_equal(nj_level_hash(&level), nj_level_hash(&made));
	/* Given back, it is shown in today's form. */
	nj_game_id(&level, name, again, sizeof again);
	snprintf(name, sizeof name, "ninja:%s:s%llu", any ? "any" : "seed",
	         (unsigned long long)seed);
	assert_string_equal(again, name);
}

static void assert_id_refused(const char *id, const char *why)
{
	static struct nl_level level;
	char name[64], err[256];
	assert_int_equal(nj_game_id_level(id, &level, name, sizeof name, err, sizeof err), -1);
	if (!strstr(err, why))
		fail_msg("%s: '%s' does not say '%s'", id, err, why);
	assert_null(strchr(err, '\n'));
}

/* Every N game ID given back plays its level again (issue 27): a seed's level is generated as
 * the browser made it, from today's ID or from the spaced one of before; a file level's hash
 * says what is needed instead. */
static void game_ids_give_their_level_back(void **state)
{
	(void)state;
	assert_id_level("ninja:any:s9", "any seed 9", 9, true);
	assert_id_level("ninja:seed:s3", "seed 3", 3, false);
	assert_id_level("ninja:seed:s18446744073709551615", "seed 18446744073709551615", UINT64_MAX,
	                false);
	/* The IDs kept before, in scores, recordings and races. */
	assert_id_level("ninja any seed 9", "any seed 9", 9, true);
	assert_id_level("ninja seed 3", "seed 3", 3, false);

	assert_id_refused("ninja:0123456789abcdef", "N's level browser");
	const char *bad[] = {
	        "ninja seed 5x",    "ninja:seed:5",      "ninja:seed:s",
	        "ninja:seed:s5:s6", "ninja:any:s-1",     "ninja:seed:s18446744073709551616",
	        "ninja:SEED:s5",    "ninja:playable:s5", "ninja seed s5",
	        "ninja:seed:s 5",   "ninja:seed",        "ninja"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_id_refused(bad[i], "is not N's ninja:seed:sS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(start_text_round_trip),
	        cmocka_unit_test(game_ids_give_their_level_back),
	        cmocka_unit_test(start_text_of_a_long_level),
	        cmocka_unit_test(a_run_followed_frame_by_frame),
	        cmocka_unit_test(replay_stream_replay),
	        cmocka_unit_test(new_game_starts_again),
	        cmocka_unit_test(bad_streams_refused),
	        cmocka_unit_test(game_ids),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
