/* `tilecade sudoku --generate`, `--solve` and `--rate`: puzzles as 81-character lines, for
 * puzzle books, tests and comparisons with other solvers, with no terminal. */
#include "batch.h"

#include <stdlib.h>
#include <string.h>

#include "tilecade/gameid.h"

/* A puzzle is 81 bytes; longer lines are answered "invalid" up to here, and skipped past it so
 * that one huge line cannot take the memory. */
#define SDK_LINE_MAX 4096

int tc_batch_sdk_generate(const struct sdk_params *params, uint64_t seed, int count, FILE *out,
                          char *err, size_t errlen)
{
	for (int i = 0; i < count; i++) {
		uint64_t puzzle_seed = seed + (uint64_t)i; /* unsigned: wraps, as documented */
		struct sudoku s;
		sudoku_game.new_game(&s, params, puzzle_seed);
		/* The solver proves the generator's claim on its own, so that a generator bug
		 * shows here and not as a puzzle with two answers. */
		struct sdk_grid solution;
		if (sdk_solve((enum sdk_stage)s.stage, &s.given, 2, &solution) != 1 ||
		    memcmp(&solution, &s.solution, sizeof solution) != 0) {
			char id[TC_GAMEID_MAX];
			tc_gameid_format(&sudoku_game, params, puzzle_seed, id, sizeof id);
			snprintf(err, errlen,
			         "internal error: %s was generated without a unique solution; "
			         "please report it",
			         id);
			return 1;
		}
		char line[SDK_CELLS + 1];
		sdk_print(&s.given, line);
		fprintf(out, "%s\n", line);
	}
	return tc_batch_flushed(out, err, errlen) ? 0 : 1;
}

/* The answer for one input line (without its newline, len bytes that may hold NULs): writes the
 * text to print to answer and returns whether the puzzle has exactly one solution. */
static bool answer_line(enum sdk_stage stage, bool rate, const char *line, size_t len, char *answer,
                        size_t answer_len)
{
	char why[96];
	struct sdk_grid g, solution;
	const char *nul = memchr(line, '\0', len);
	if (len == 0 || (len == 1 && line[0] == '\r')) {
		snprintf(answer, answer_len, "invalid: empty line");
		return false;
	}
	if (nul) { /* sdk_parse reads a C string, which would end here */
		snprintf(answer, answer_len, "invalid: bad byte 0x00 at column %zu",
		         (size_t)(nul - line) + 1);
		return false;
	}
	if (sdk_parse(line, &g, why, sizeof why) != 0) {
		snprintf(answer, answer_len, "invalid: %s", why);
		return false;
	}
	/* Givens that break the rules have no solution either: only then is it worth looking
	 * for the repeat to name, which costs more than solving an easy puzzle. */
	int n = sdk_solve(stage, &g, 2, &solution);
	if (n == 0 && sdk_explain_conflict(stage, &g, why, sizeof why)) {
		snprintf(answer, answer_len, "invalid: %s", why);
		return false;
	}
	if (n != 1) {
		snprintf(answer, answer_len, "%s", n == 0 ? "unsolvable" : "multiple");
		return false;
	}
	if (rate)
		snprintf(answer, answer_len, "%s", sdk_rating_name(sdk_rate(stage, &g)));
	else
		sdk_print(&solution, answer);
	return true;
}

struct sdk_answer {
	enum sdk_stage stage;
	bool rate;
	FILE *out;
};

static bool answer_each(const char *line, size_t len, void *ctx)
{
	const struct sdk_answer *a = ctx;
	char answer[128];
	bool unique = answer_line(a->stage, a->rate, line, len, answer, sizeof answer);
	fprintf(a->out, "%s\n", answer);
	return unique;
}

int tc_batch_sdk_solve(enum sdk_stage stage, bool rate, FILE *in, FILE *out, char *err,
                       size_t errlen)
{
	struct sdk_answer a = {stage, rate, out};
	return tc_batch_lines(in, out, SDK_LINE_MAX, 0, answer_each, &a, err, errlen);
}
