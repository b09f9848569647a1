/* N replays: the text form (round trips, run-length encoding, wrapping, every kind of malformed
 * input refused with its line and column) and playback (a searched win wins again, the same
 * replay gives the same run). */
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
#include "tilecade/ninja.h"

#define TEXT_MAX (NL_LINE_MAX + 4 * NJ_MAX_STEPS)

/* The replay text of rp, in a buffer the caller frees. */
static char *printed(const struct nj_replay *rp)
{
	char *text = malloc(TEXT_MAX);
	assert_non_null(text);
	int n = nj_replay_print(rp, text, TEXT_MAX);
	assert_true(n > 0 && n < TEXT_MAX);
	assert_int_equal((int)strlen(text), n);
	return text;
}

static void print_parse_round_trip(void **unused)
{
	struct nj_replay *rp = corridor(), *back = malloc(sizeof *back);
	assert_non_null(back);
	/* Inputs of every kind, runs and single steps. */
	for (int i = 0; i < 500; i++)
		rp->input[rp->steps++] = (uint8_t)((i / 7 + i * i) % 8);
	char *text = printed(rp), err[256];
	assert_memory_equal(text, "tilecade ninja replay 1\n", 24);
	assert_int_equal(nj_replay_parse(text, back, err, sizeof err), 0);
	assert_int_equal(back->steps, rp->steps);
	assert_memory_equal(back->input, rp->input, (size_t)rp->steps);
	char *again = printed(back);
	assert_string_equal(again, text);
	/* Printing says how much it needs, and a short buffer gets a NUL-terminated prefix. */
	char small[40];
	assert_int_equal(nj_replay_print(rp, small, sizeof small), (int)strlen(text));
	assert_int_equal(strlen(small), sizeof small - 1);
	assert_memory_equal(small, text, sizeof small - 1);
	free(text);
	free(again);
	free(rp);
	free(back);
}

static void inputs_are_run_length_encoded(void **unused)
{
	struct nj_replay *rp = corridor();
	static const struct {
		uint8_t input;
		int count;
	} runs[] = {{0, 40}, {2, 25}, {6, 12}, {2, 1}, {7, 1}};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
		for (int k = 0; k < runs[i].count; k++)
			rp->input[rp->steps++] = runs[i].input;
	char *text = printed(rp);
	const char *inputs = strchr(strchr(text, '\n') + 1, '\n') + 1;
	assert_string_equal(inputs, "0*40 2*25 6*12 2 7\n");

	/* Long runs of alternating inputs wrap, no line longer than 72 characters. */
	rp->steps = 0;
	for (int i = 0; i < 2000; i++)
		rp->input[rp->steps++] = (uint8_t)(i % 2 ? 2 : 6);
	free(text);
	text = printed(rp);
	inputs = strchr(strchr(text, '\n') + 1, '\n') + 1;
	int lines = 0;
	for (const char *p = inputs; *p; lines++) {
		size_t n = strcspn(p, "\n");
		assert_true(n <= 72 && n > 0);
		p += n + 1;
	}
	assert_true(lines > 20);
	/* No inputs at all: the header and the level alone. */
	rp->steps = 0;
	free(text);
	text = printed(rp);
	const char *after_level = strchr(strchr(text, '\n') + 1, '\n') + 1;
	assert_string_equal(after_level, "");
	free(text);
	free(rp);
}

/* The text of the corridor's level, for writing replays by hand. */
static char *corridor_level(void)
{
	struct nj_replay *rp = corridor();
	char *line = malloc(NL_LINE_MAX);
	assert_non_null(line);
	nl_print(&rp->level, line, NL_LINE_MAX);
	free(rp);
	return line;
}

static void hand_written_replays_parse(void **unused)
{
	char *level = corridor_level(), err[256];
	char *text = malloc(TEXT_MAX);
	struct nj_replay *rp = malloc(sizeof *rp);
	assert_non_null(text);
	assert_non_null(rp);
	/* Comments, blank lines, CRLF line ends, tabs and tokens over several lines. */
	snprintf(text, TEXT_MAX,
	         "# my run\r\ntilecade ninja replay 1\r\n\n# the level:\n%s\r\n0*3\t2\n\n  6*2 "
	         "1*1\n# done\n",
	         level);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), 0);
	assert_int_equal(rp->steps, 7);
	static const uint8_t want[] = {0, 0, 0, 2, 6, 6, 1};
	assert_memory_equal(rp->input, want, sizeof want);
	/* The most steps a replay may hold, in one token. */
	snprintf(text, TEXT_MAX, "tilecade ninja replay 1\n%s\n5*%d", level, NJ_MAX_STEPS);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), 0);
	assert_int_equal(rp->steps, NJ_MAX_STEPS);
	free(level);
	free(text);
	free(rp);
}

static void malformed_replays_say_where(void **unused)
{
	char *level = corridor_level(), err[256];
	char *text = malloc(2 * TEXT_MAX);
	struct nj_replay *rp = malloc(sizeof *rp);
	assert_non_null(text);
	assert_non_null(rp);
	char over[32];
	snprintf(over, sizeof over, "0*%d 1", NJ_MAX_STEPS);
	static const struct {
		const char *head, *inputs, *want;
	} bad[] = {
	        {"", NULL, "line 1, column 1: "},
	        {"# only a comment\n", NULL, "line 2, column 1: "},
	        {"tilecade ninja replay 2\n", "0", "line 1, column 1: "},
	        {"tilecade ninja replay\n", "0", "line 1, column 1: "},
	        {"\n\ntilecade ninja replay 1\n", NULL, "line 4, column 1: "},
	        {"tilecade ninja replay 1\n", "8", "line 3, column 1: "},
	        {"tilecade ninja replay 1\n", "0 2 x", "line 3, column 5: "},
	        {"tilecade ninja replay 1\n", "0\n  2*", "line 4, column 5: "},
	        {"tilecade ninja replay 1\n", "2*0", "line 3, column 3: "}, /* at the count */
	        {"tilecade ninja replay 1\n", "2*-1", "line 3, column 3: "},
	        {"tilecade ninja replay 1\n", "1 2*99999999999999999999", "line 3, column 5: "},
	        {"tilecade ninja replay 1\n", "22", "line 3, column 2: "},
	        {"tilecade ninja replay 1\n", "2*3x", "line 3, column 4: "},
	        {"tilecade ninja replay 1\n", "2 # no", "line 3, column 3: "},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (bad[i].inputs)
			snprintf(text, 2 * TEXT_MAX, "%s%s\n%s\n", bad[i].head, level,
			         bad[i].inputs);
		else
			snprintf(text, 2 * TEXT_MAX, "%s", bad[i].head);
		err[0] = '\0';
		int got = nj_replay_parse(text, rp, err, sizeof err);
		if (got != -1 || strncmp(err, bad[i].want, strlen(bad[i].want)) != 0)
			fail_msg("case %zu: got %d, '%s', want '%s'", i, got, err, bad[i].want);
		assert_true(strlen(err) > strlen(bad[i].want)); /* and says why */
	}
	/* Over the limit, in all. */
	snprintf(text, 2 * TEXT_MAX, "tilecade ninja replay 1\n%s\n%s\n", level, over);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), -1);
	assert_non_null(strstr(err, "line 3, column "));
	/* A header and no level. */
	assert_int_equal(nj_replay_parse("tilecade ninja replay 1\n# x\n", rp, err, sizeof err),
	                 -1);
	assert_string_equal(err, "line 3, column 1: the replay ends before its level line");
	/* A broken level: nl_parse's reason at the level's line and the offset's column. */
	size_t bar = strcspn(level, "|");
	level[bar] = '!';
	snprintf(text, 2 * TEXT_MAX, "tilecade ninja replay 1\n\n%s\n0\n", level);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), -1);
	assert_string_equal(err, "line 3, column 714: expected '|' after 713 tiles, not '!'");
	/* A ninja placed nowhere: no run can be played, so it is no replay; the column is the
	 * ninja object's. */
	level[bar] = '|';
	snprintf(text, 2 * TEXT_MAX, "tilecade ninja replay 1\n%.*s|5^NaN,NaN\n0\n", (int)bar,
	         level);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), -1);
	assert_string_equal(err, "line 2, column 715: the ninja's position is not a finite number");
	/* A level of nothing but tiles. */
	level[bar] = '\0';
	snprintf(text, 2 * TEXT_MAX, "tilecade ninja replay 1\n%s\n", level);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), -1);
	assert_non_null(strstr(err, "line 2, column "));
	/* A line too long to be anything, and one over the level's limit. */
	memset(text, '0', 2 * TEXT_MAX - 1);
	text[2 * TEXT_MAX - 1] = '\0';
	memcpy(text, "tilecade ninja replay 1\n", 24);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), -1);
	assert_non_null(strstr(err, "line 2, column "));
	assert_non_null(strstr(err, "longer than"));
	snprintf(text, 2 * TEXT_MAX, "tilecade ninja replay 1\n%s\n", level);
	memset(text + 24, '0', 40000);
	text[24 + 40000] = '\0';
	memcpy(text + 24 + 20000, "\n0 ", 3);
	assert_int_equal(nj_replay_parse(text, rp, err, sizeof err), -1);
	assert_non_null(strstr(err, "line 2, column "));
	/* Every prefix of a good replay is refused or accepted, never more. */
	struct nj_replay *good = corridor();
	for (int i = 0; i < 300; i++)
		good->input[good->steps++] = (uint8_t)(i % 5);
	char *whole = printed(good);
	size_t n = strlen(whole);
	for (size_t cut = 0; cut <= n; cut += 7) {
		char saved = whole[cut];
		whole[cut] = '\0';
		int got = nj_replay_parse(whole, rp, err, sizeof err);
		assert_true(got == 0 || (got == -1 && strncmp(err, "line ", 5) == 0));
		whole[cut] = saved;
	}
	free(whole);
	free(good);
	free(level);
	free(text);
	free(rp);
}

/* The route of the search over the corridor wins when replayed, and again from its text. */
static void a_searched_win_wins_again(void **unused)
{
	struct nj_replay *rp = corridor(), *back = malloc(sizeof *back);
	struct nj_world *w = malloc(sizeof *w);
	struct nj_search_result *res = malloc(sizeof *res);
	assert_non_null(back);
	assert_non_null(w);
	assert_non_null(res);
	char err[256];
	assert_int_equal(nj_world_from_level(&rp->level, w, err, sizeof err), 0);
	assert_int_equal(nj_search(w, 20000, res), 0);
	assert_true(res->won);
	assert_true(res->reach.switch_reachable);
	assert_true(res->reach.exit_reachable);
	assert_int_equal(res->reach.gold, 1);
	assert_int_equal(res->reach.gold_reachable, 1);
	assert_true(res->route_steps > 0 && res->route_steps < 200);
	rp->steps = res->route_steps;
	memcpy(rp->input, res->route, (size_t)rp->steps);

	struct nj_run end;
	assert_int_equal(nj_replay_run(rp, &end, err, sizeof err), 0);
	assert_int_equal(end.outcome, NJ_WIN);
	assert_int_equal(end.steps, rp->steps);
	char *text = printed(rp);
	assert_int_equal(nj_replay_parse(text, back, err, sizeof err), 0);
	struct nj_run again;
	assert_int_equal(nj_replay_run(back, &again, err, sizeof err), 0);
	assert_int_equal(again.outcome, NJ_WIN);
	assert_int_equal(again.steps, end.steps);
	assert_int_equal(again.gold, end.gold);
	assert_true(again.x == end.x && again.y == end.y);

	/* Stepping by hand gives the same run. */
	struct nj_run r;
	nj_run_start(w, &r);
	for (int32_t i = 0; i < rp->steps; i++)
		nj_step(w, &r, rp->input[i]);
	assert_int_equal(r.outcome, NJ_WIN);
	assert_true(r.x == end.x && r.y == end.y && r.vx == end.vx && r.vy == end.vy);
	free(text);
	free(rp);
	free(back);
	free(w);
	free(res);
}

static void a_replay_always_ends(void **unused)
{
	struct nj_replay *rp = corridor();
	char err[256];
	struct nj_run end;
	/* No input: the ninja stands until the clock runs out. */
	assert_int_equal(nj_replay_run(rp, &end, err, sizeof err), 0);
	assert_int_equal(end.outcome, NJ_TIMEOUT);
	assert_int_equal(end.steps, NJ_START_STEPS);
	/* Inputs after the run ended are ignored: a win stays at its step. */
	for (int i = 0; i < 400; i++)
		rp->input[rp->steps++] = NJ_RIGHT;
	assert_int_equal(nj_replay_run(rp, &end, err, sizeof err), 0);
	assert_int_equal(end.outcome, NJ_WIN);
	assert_true(end.steps < 400);
	assert_int_equal(end.gold, 1);
	/* A level without a ninja has no run. */
	rp->level.objects = 0;
	assert_int_equal(nj_replay_run(rp, &end, err, sizeof err), -1);
	assert_true(strlen(err) > 0);
	free(rp);
}

/* A run saved before it ended ("unfinished") stops at its last input; the same inputs without
 * that line, as every replay written before it, play on to an outcome as before. */
static void an_unfinished_replay_stops_where_it_was_saved(void **unused)
{
	struct nj_replay *rp = corridor(), *back = malloc(sizeof *back);
	assert_non_null(back);
	for (int i = 0; i < 30; i++)
		rp->input[rp->steps++] = NJ_RIGHT;
	char err[256];
	struct nj_run end;
	assert_int_equal(nj_replay_run(rp, &end, err, sizeof err), 0);
	assert_int_equal(end.outcome, NJ_TIMEOUT);
	rp->unfinished = true;
	assert_int_equal(nj_replay_run(rp, &end, err, sizeof err), 0);
	assert_int_equal(end.outcome, NJ_RUNNING);
	assert_int_equal(end.steps, 30);
	/* The line round trips, last. */
	char *text = printed(rp);
	size_t n = strlen(text);
	assert_true(n > 11 && strcmp(text + n - 11, "unfinished\n") == 0);
	assert_int_equal(nj_replay_parse(text, back, err, sizeof err), 0);
	assert_true(back->unfinished);
	assert_int_equal(back->steps, 30);
	/* Without it, the same text is an old replay: it plays on. */
	text[n - 11] = '\0';
	assert_int_equal(nj_replay_parse(text, back, err, sizeof err), 0);
	assert_false(back->unfinished);
	/* Nothing but comments and blank lines may follow it. */
	char *more = malloc(n + 16);
	assert_non_null(more);
	snprintf(more, n + 16, "%sunfinished\n# c\n\n2\n", text);
	assert_int_equal(nj_replay_parse(more, back, err, sizeof err), -1);
	assert_non_null(strstr(err, "after \"unfinished\""));
	free(more);
	free(text);
	free(rp);
	free(back);
}

static void replays_are_deterministic(void **unused)
{
	struct nj_replay *rp = calloc(1, sizeof *rp);
	assert_non_null(rp);
	struct tc_rng rng;
	tc_rng_seed(&rng, 11, NL_RNG_STREAM);
	nl_generate(&rng, &rp->level);
	uint32_t x = 12345;
	for (int i = 0; i < 3000; i++) {
		x = x * 1103515245u + 12345u;
		rp->input[rp->steps++] = (uint8_t)(x >> 16 & NJ_INPUT_BITS);
	}
	struct nj_run a, b;
	char err[256];
	assert_int_equal(nj_replay_run(rp, &a, err, sizeof err), 0);
	assert_int_equal(nj_replay_run(rp, &b, err, sizeof err), 0);
	assert_int_not_equal(a.outcome, NJ_RUNNING);
	assert_int_equal(a.outcome, b.outcome);
	assert_int_equal(a.steps, b.steps);
	assert_int_equal(a.gold, b.gold);
	assert_true(a.x == b.x && a.y == b.y && a.vx == b.vx && a.vy == b.vy);
	free(rp);
}

/* A replay nj_replay_parse refuses is a newer tilecade's when its first line names another
 * version of the format (kept for it), else damaged (removed). */
static void a_newer_replay_is_told_from_a_damaged_one(void **unused)
{
	assert_true(nj_replay_is_newer("tilecade ninja replay 2\nlevel\n"));
	assert_true(nj_replay_is_newer("# a comment\n\ntilecade ninja replay 10\n"));
	assert_false(nj_replay_is_newer("tilecade ninja replay 1\nnot a level\n"));
	assert_false(nj_replay_is_newer("tilecade ninja replay \n"));
	assert_false(nj_replay_is_newer("player,points\n"));
	assert_false(nj_replay_is_newer(""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(print_parse_round_trip),
	        cmocka_unit_test(inputs_are_run_length_encoded),
	        cmocka_unit_test(hand_written_replays_parse),
	        cmocka_unit_test(malformed_replays_say_where),
	        cmocka_unit_test(a_newer_replay_is_told_from_a_damaged_one),
	        cmocka_unit_test(a_searched_win_wins_again),
	        cmocka_unit_test(a_replay_always_ends),
	        cmocka_unit_test(an_unfinished_replay_stops_where_it_was_saved),
	        cmocka_unit_test(replays_are_deterministic),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
