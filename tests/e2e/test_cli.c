/* The command line without a terminal: options, errors, the 2048 batch mode and zNumbers'
 * --generate and --solve, as a script would use them. TILECADE_BIN, TILECADE_VERSION and
 * ZN_ORIGINAL_LEVELS (the original pack's text file) come from meson. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "board.h"
#include "proc.h"
#include "sandbox.h"
#include "tilecade/ninja.h"
#include "tilecade/races.h"
#include "tilecade/store.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

#define RUN_TIMEOUT_MS 10000
#define RUNS_PER_TEST 32
#define MAX_BOARDS 16
#define MAX_ANSWERS 16
#define MAX_ARGS 24

/* The runs of the current test, freed by teardown even when an assert fails. */
struct runs {
	struct e2e_run run[RUNS_PER_TEST];
	int count;
};

static int setup(void **state)
{
	*state = calloc(1, sizeof(struct runs));
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	struct runs *runs = *state;
	for (int i = 0; i < runs->count; i++)
		e2e_run_free(&runs->run[i]);
	free(runs);
	return 0;
}

/* Runs argv (NULL-terminated); the run is freed by teardown. */
static struct e2e_run *run_argv(void **state, const char *const *argv)
{
	struct runs *runs = *state;
	assert_true(runs->count < RUNS_PER_TEST);
	struct e2e_run *r = &runs->run[runs->count++];
	assert_true(e2e_run(argv, RUN_TIMEOUT_MS, r));
	return r;
}

/* Appends the NULL-terminated arguments of ap to argv[*argc], then a NULL. */
static void add_args(const char **argv, int *argc, va_list ap)
{
	for (const char *arg; (arg = va_arg(ap, const char *));) {
		assert_true(*argc < MAX_ARGS - 1);
		argv[(*argc)++] = arg;
	}
	argv[*argc] = NULL;
}

/* Runs tilecade with the NULL-terminated arguments that follow. */
static struct e2e_run *tilecade(void **state, ...)
{
	const char *argv[MAX_ARGS] = {e2e_bin};
	int argc = 1;
	va_list ap;
	va_start(ap, state);
	add_args(argv, &argc, ap);
	va_end(ap);
	return run_argv(state, argv);
}

/* Runs tilecade with the file at path on standard input, which the harness leaves at
 * /dev/null: the shell redirects it. */
static struct e2e_run *tilecade_vfrom(void **state, const char *path, va_list ap)
{
	const char *argv[MAX_ARGS] = {"/bin/sh", "-c", "f=$1; shift; exec \"$@\" < \"$f\"",
	                              "sh",      path, e2e_bin};
	int argc = 6;
	add_args(argv, &argc, ap);
	return run_argv(state, argv);
}

static struct e2e_run *tilecade_from(void **state, const char *path, ...)
{
	va_list ap;
	va_start(ap, path);
	struct e2e_run *r = tilecade_vfrom(state, path, ap);
	va_end(ap);
	return r;
}

/* Runs tilecade with these len bytes (NUL bytes too) on standard input. */
static struct e2e_run *tilecade_stdin(void **state, const char *input, size_t len, ...)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/stdin.txt", e2e_sandbox);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(input, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	va_list ap;
	va_start(ap, len);
	struct e2e_run *r = tilecade_vfrom(state, path, ap);
	va_end(ap);
	return r;
}

static void assert_exit(const struct e2e_run *r, int code)
{
	if (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != code)
		fprintf(stderr, "expected exit %d, got status %#x\nstdout:\n%s\nstderr:\n%s\n",
		        code, r->status, r->out, r->err);
	assert_true(WIFEXITED(r->status));
	assert_int_equal(WEXITSTATUS(r->status), code);
}

static int count_lines(const char *text)
{
	int n = 0;
	for (const char *p = text; *p; p++)
		n += *p == '\n' || (p[1] == '\0');
	return n;
}

/* An error a user can act on: exit 2, nothing on stdout, one line on stderr. */
static void assert_usage_error(const struct e2e_run *r)
{
	assert_exit(r, 2);
	assert_string_equal(r->out, "");
	assert_int_equal(count_lines(r->err), 1);
}

/* Runs tilecade with args (up to a NULL): a usage error whose line holds says. */
static struct e2e_run *assert_refused(void **state, const char *const *args, const char *says)
{
	const char *argv[MAX_ARGS] = {e2e_bin};
	for (int k = 0; args[k]; k++)
		argv[k + 1] = args[k];
	struct e2e_run *r = run_argv(state, argv);
	if (!strstr(r->err, says))
		fprintf(stderr, "'%s' not in: %s", says, r->err);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, says));
	return r;
}

/* word occurs in text on its own, not inside a longer word or number. */
static bool has_word(const char *text, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		bool starts = p == text || !isalnum((unsigned char)p[-1]);
		if (starts && !isalnum((unsigned char)p[len]))
			return true;
	}
	return false;
}

/* Parses the batch output into boards, all size x size. Returns how many. */
static int boards_of(const struct e2e_run *r, struct e2e_board *boards, int size, uint64_t *score)
{
	int n = e2e_boards_parse(r->out, boards, MAX_BOARDS, score);
	if (n < 0)
		fprintf(stderr, "not boards and a score:\n%s\n", r->out);
	assert_true(n > 0);
	for (int i = 0; i < n; i++)
		assert_int_equal(boards[i].size, size);
	return n;
}

static void test_version(void **state)
{
	struct e2e_run *r = tilecade(state, "--version", NULL);
	assert_exit(r, 0);
	const char *version = getenv("TILECADE_VERSION");
	assert_non_null(version);
	char expected[64];
	snprintf(expected, sizeof expected, "tilecade %s", version);
	assert_true(strncmp(r->out, expected, strlen(expected)) == 0);
	assert_true(isspace((unsigned char)r->out[strlen(expected)]));
	assert_string_equal(r->err, "");
}

static void test_help(void **state)
{
	struct e2e_run *r = tilecade(state, "--help", NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "2048"));
	assert_non_null(strstr(r->out, "--moves"));
	assert_non_null(strstr(r->out, "znumbers"));
	assert_non_null(strstr(r->out, "--generate"));
	assert_non_null(strstr(r->out, "--solve"));
	/* Where watching and replays start in the menu, and every key of a replay. */
	assert_non_null(strstr(r->out, "the menu's Watch, or w there"));
	assert_non_null(strstr(r->out, "Enter on its row of the menu's Scores"));
	assert_non_null(strstr(r->out, "? shows the keys"));
	assert_string_equal(r->err, "");
}

static void test_unknown_option(void **state)
{
	struct e2e_run *r = tilecade(state, "--bogus", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, "--bogus"));
}

/* An unknown game is told the games by the names the usage gives: N's is ninja (issue 27). */
static void test_unknown_game(void **state)
{
	struct e2e_run *r = tilecade(state, "foo", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, "(games: znumbers, match3, sudoku, ninja, 2048)"));
}

static void test_size_out_of_range(void **state)
{
	struct e2e_run *r = tilecade(state, "2048", "--size", "9", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, "--size"));
}

static void test_batch_boards_and_score(void **state)
{
	struct e2e_run *r = tilecade(state, "2048", "--seed", "7", "--moves", "lrud", NULL);
	assert_exit(r, 0);
	struct e2e_board boards[MAX_BOARDS];
	uint64_t score;
	assert_int_equal(boards_of(r, boards, 4, &score), 5);
	/* 5 boards of 4 rows, a blank line between two boards, the score line. */
	assert_int_equal(count_lines(r->out), 5 * 4 + 4 + 1);
	assert_int_equal(e2e_board_tiles(&boards[0]), 2);
	for (int i = 0; i < 16; i++) {
		uint64_t v = boards[0].cell[i];
		assert_true(v == 0 || v == 2 || v == 4);
	}
}

static void test_bad_move_letter(void **state)
{
	struct e2e_run *r = tilecade(state, "2048", "--seed", "7", "--moves", "lxr", NULL);
	assert_exit(r, 2);
	assert_int_equal(count_lines(r->err), 1);
	assert_true(has_word(r->err, "2")); /* the position, counting from 1 */
	assert_true(has_word(r->err, "x"));
}

static void test_batch_board_size(void **state)
{
	struct e2e_run *r =
	        tilecade(state, "2048", "--size", "6", "--seed", "1", "--moves", "l", NULL);
	assert_exit(r, 0);
	struct e2e_board boards[MAX_BOARDS];
	uint64_t score;
	assert_int_equal(boards_of(r, boards, 6, &score), 2);
}

static void test_same_seed_same_game(void **state)
{
	struct e2e_run *a = tilecade(state, "2048", "--seed", "7", "--moves", "ldrdlu", NULL);
	struct e2e_run *b = tilecade(state, "2048", "--seed", "7", "--moves", "ldrdlu", NULL);
	assert_exit(a, 0);
	assert_exit(b, 0);
	assert_string_equal(a->out, b->out);
}

static void test_other_seed_other_game(void **state)
{
	struct e2e_run *a = tilecade(state, "2048", "--seed", "7", "--moves", "ldrdlu", NULL);
	struct e2e_run *b = tilecade(state, "2048", "--seed", "8", "--moves", "ldrdlu", NULL);
	assert_exit(a, 0);
	assert_exit(b, 0);
	assert_string_not_equal(a->out, b->out);
}

static void test_game_id_replays_the_game(void **state)
{
	struct e2e_run *a = tilecade(state, "2048", "--id", "2048:5x5:s9", "--moves", "l", NULL);
	struct e2e_run *b =
	        tilecade(state, "2048", "--size", "5", "--seed", "9", "--moves", "l", NULL);
	assert_exit(a, 0);
	assert_exit(b, 0);
	struct e2e_board boards[MAX_BOARDS];
	uint64_t score;
	assert_int_equal(boards_of(a, boards, 5, &score), 2);
	assert_string_equal(a->out, b->out);
}

static void test_bad_game_id(void **state)
{
	struct e2e_run *r = tilecade(state, "2048", "--id", "nonsense", "--moves", "l", NULL);
	assert_usage_error(r);
}

/* One level's answer as --generate or --solve prints it. */
struct answer {
	char rows[ZN_MAX_SIZE * (ZN_MAX_SIZE + 1) + 1]; /* --generate only: the level */
	bool solvable;
	int count;
	int move[ZN_MAX_MOVES][4]; /* r1, c1, r2, c2 */
};

/* Where answers_of is in a level. */
enum answer_part { LEVEL_START, ROWS, VERDICT, MOVES, UNSOLVABLE };

static int not_answers(const char *text, const char *why, int line)
{
	fprintf(stderr, "output line %d: %s in:\n%s\n", line, why, text);
	return -1;
}

/* Parses the output into answers: per level (with_rows: its rows first) "solution" and one move
 * a line, "r1,c1 r2,c2", or "unsolvable"; one blank line between levels. Returns how many, or
 * -1, saying why, when the output is not exactly of that form. */
static int answers_of(const char *text, bool with_rows, struct answer *answers, int max)
{
	int n = 0, line_no = 0;
	enum answer_part part = LEVEL_START;
	struct answer *a = NULL;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		char line[64];
		line_no++;
		if (!nl || nl - p >= (int)sizeof line)
			return not_answers(text, "no newline, or a line too long", line_no);
		memcpy(line, p, (size_t)(nl - p));
		line[nl - p] = '\0';
		p = nl + 1;
		if (part == LEVEL_START) {
			if (n == max)
				return not_answers(text, "too many levels", line_no);
			a = &answers[n];
			memset(a, 0, sizeof *a);
			part = with_rows ? ROWS : VERDICT;
		}
		if (part == ROWS && line[0] && strspn(line, ".123456789") == strlen(line)) {
			if (strlen(a->rows) + strlen(line) + 2 > sizeof a->rows)
				return not_answers(text, "too many rows", line_no);
			strcat(strcat(a->rows, line), "\n");
		} else if ((part == VERDICT || (part == ROWS && a->rows[0])) &&
		           strcmp(line, "solution") == 0) {
			a->solvable = true;
			part = MOVES;
		} else if (part == VERDICT && strcmp(line, "unsolvable") == 0) {
			part = UNSOLVABLE;
		} else if ((part == MOVES || part == UNSOLVABLE) && line[0] == '\0') {
			n++;
			part = LEVEL_START;
		} else if (part == MOVES && a->count < ZN_MAX_MOVES) {
			int *m = a->move[a->count++];
			char again[64];
			if (sscanf(line, "%d,%d %d,%d", &m[0], &m[1], &m[2], &m[3]) != 4)
				return not_answers(text, "not a move", line_no);
			snprintf(again, sizeof again, "%d,%d %d,%d", m[0], m[1], m[2], m[3]);
			if (strcmp(again, line) != 0)
				return not_answers(text, "a move not written as r1,c1 r2,c2",
				                   line_no);
		} else {
			return not_answers(text, "unexpected line", line_no);
		}
	}
	if (part == MOVES || part == UNSOLVABLE)
		return n + 1;
	return not_answers(text, "no level, or an unfinished one at the end", line_no);
}

/* Plays the answer's moves on b: true when all are legal and the level is won. */
static bool wins(struct zn_board b, const struct answer *a)
{
	for (int i = 0; i < a->count; i++) {
		const int *m = a->move[i];
		for (int k = 0; k < 4; k++)
			if (m[k] < 0 || m[k] >= (k % 2 ? b.cols : b.rows))
				return false;
		struct zn_move move = {(uint8_t)(m[0] * b.cols + m[1]),
		                       (uint8_t)(m[2] * b.cols + m[3])};
		if (!zn_move(&b, move))
			return false;
	}
	return zn_status(&b) == TC_WON;
}

static struct zn_board level_of(const struct answer *a)
{
	struct zn_board b;
	char why[128];
	if (zn_parse(a->rows, 1, &b, why, sizeof why) != 0)
		fprintf(stderr, "%s in:\n%s", why, a->rows);
	assert_true(zn_parse(a->rows, 1, &b, why, sizeof why) == 0);
	return b;
}

/* The level is the one the game ID znumbers:PARAMS:sSEED names. */
static void assert_level_of_id(const struct zn_board *b, const char *params, uint64_t seed)
{
	struct zn_params p;
	char why[256];
	assert_int_equal(znumbers_game.parse_params(params, &p, why, sizeof why), 0);
	struct zn_board expected;
	struct zn_move solution[ZN_MAX_MOVES];
	zn_new_level(&expected, &p, seed, solution);
	assert_int_equal(b->rows, expected.rows);
	assert_int_equal(b->cols, expected.cols);
	assert_memory_equal(b->cell, expected.cell, (size_t)b->rows * b->cols);
}

static void test_zn_generate_level_and_solution(void **state)
{
	struct e2e_run *r = tilecade(state, "znumbers", "--generate", "--seed", "7", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->err, "");
	struct answer a[MAX_ANSWERS];
	assert_int_equal(answers_of(r->out, true, a, MAX_ANSWERS), 1);
	struct zn_board b = level_of(&a[0]);
	assert_int_equal(b.rows, ZN_DEFAULT_SIZE);
	assert_int_equal(b.cols, ZN_DEFAULT_SIZE);
	assert_true(zn_tiles_left(&b) > 0);
	assert_int_equal(a[0].count, zn_tiles_left(&b)); /* every tile moves once */
	assert_true(wins(b, &a[0]));
	assert_level_of_id(&b, "6x6a60", 7);
}

static void test_zn_generate_size_and_attempts(void **state)
{
	struct e2e_run *r = tilecade(state, "znumbers", "--generate", "--size", "4x7", "--attempts",
	                             "5", "--seed", "3", "--count", "2", NULL);
	assert_exit(r, 0);
	struct answer a[MAX_ANSWERS];
	assert_int_equal(answers_of(r->out, true, a, MAX_ANSWERS), 2);
	for (int i = 0; i < 2; i++) {
		struct zn_board b = level_of(&a[i]);
		assert_true(wins(b, &a[i]));
		assert_level_of_id(&b, "4x7a5", 3 + (uint64_t)i);
	}
	r = tilecade(state, "znumbers", "--generate", "--size", "5", "--seed", "3", NULL);
	assert_exit(r, 0);
	assert_int_equal(answers_of(r->out, true, a, MAX_ANSWERS), 1);
	struct zn_board square = level_of(&a[0]);
	assert_level_of_id(&square, "5x5a60", 3);
}

/* Level i of --count uses seed S+i: it is what --seed S+i alone prints. */
static void test_zn_generate_count_follows_the_seed(void **state)
{
	const char *args[] = {"znumbers", "--generate", "--count", "3", "--seed", "7"};
	struct e2e_run *a =
	        tilecade(state, args[0], args[1], args[2], args[3], args[4], args[5], NULL);
	struct e2e_run *b =
	        tilecade(state, args[0], args[1], args[2], args[3], args[4], args[5], NULL);
	assert_exit(a, 0);
	assert_exit(b, 0);
	assert_string_equal(a->out, b->out);
	struct answer answers[MAX_ANSWERS];
	assert_int_equal(answers_of(a->out, true, answers, MAX_ANSWERS), 3);
	char joined[16384] = "";
	for (int i = 0; i < 3; i++) {
		char seed[8];
		snprintf(seed, sizeof seed, "%d", 7 + i);
		struct e2e_run *one =
		        tilecade(state, "znumbers", "--generate", "--seed", seed, NULL);
		assert_exit(one, 0);
		assert_true(strlen(joined) + strlen(one->out) + 2 < sizeof joined);
		if (i > 0)
			strcat(joined, "\n");
		strcat(joined, one->out);
	}
	assert_string_equal(a->out, joined);
	assert_string_not_equal(answers[0].rows, answers[1].rows);
}

static void test_zn_generate_seed_wraps(void **state)
{
	struct e2e_run *a = tilecade(state, "znumbers", "--generate", "--seed",
	                             "18446744073709551615", "--count", "2", NULL);
	struct e2e_run *b = tilecade(state, "znumbers", "--generate", "--seed", "0", NULL);
	assert_exit(a, 0);
	assert_exit(b, 0);
	const char *second = strstr(a->out, "\n\n");
	assert_non_null(second);
	assert_string_equal(second + 2, b->out);
}

/* The whole text of a file. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fprintf(stderr, "cannot open %s\n", path);
	assert_non_null(f);
	size_t cap = 1 << 16;
	char *text = malloc(cap);
	assert_non_null(text);
	size_t n = fread(text, 1, cap - 1, f);
	assert_true(n < cap - 1);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void test_zn_solve_the_original_pack(void **state)
{
	const char *path = getenv("ZN_ORIGINAL_LEVELS");
	assert_non_null(path);
	struct e2e_run *r = tilecade_from(state, path, "znumbers", "--solve", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->err, "");
	struct answer a[MAX_ANSWERS];
	assert_int_equal(answers_of(r->out, false, a, MAX_ANSWERS), ZN_PACK_SIZE);
	char *text = slurp(path);
	const char *p = text;
	int line = 1;
	char why[128];
	struct zn_board b;
	for (int i = 0; i < ZN_PACK_SIZE; i++) {
		assert_int_equal(zn_parse_next(&p, &line, &b, why, sizeof why), 1);
		assert_true(a[i].solvable);
		assert_true(wins(b, &a[i]));
	}
	free(text);
}

static void test_zn_solve_unsolvable_and_done(void **state)
{
	static const char input[] = "# a tile of 1 in a corner\r\n"
	                            "1...\r\n"
	                            "....\r\n"
	                            "....\r\n"
	                            "....\r\n"
	                            "\n"
	                            "# full: no tile can move\n"
	                            "1111\n1111\n1111\n1111\n"
	                            "\n\n"
	                            "# every tile has moved\n"
	                            "#...\n....\n...#\n....\n";
	struct e2e_run *r =
	        tilecade_stdin(state, input, sizeof input - 1, "znumbers", "--solve", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->err, "");
	struct answer a[MAX_ANSWERS];
	assert_int_equal(answers_of(r->out, false, a, MAX_ANSWERS), 3);
	struct zn_board b;
	char why[128];
	assert_int_equal(zn_parse("1...\n....\n....\n....\n", 1, &b, why, sizeof why), 0);
	assert_true(a[0].solvable);
	assert_int_equal(a[0].count, 1);
	assert_true(wins(b, &a[0]));
	assert_false(a[1].solvable);
	assert_true(a[2].solvable);
	assert_int_equal(a[2].count, 0);
	assert_string_equal(r->out, "solution\n0,0 0,1\n\nunsolvable\n\nsolution\n");
}

static void test_zn_solve_malformed_input(void **state)
{
	/* A good level first: nothing is solved before all the input has parsed. */
	static const char input[] = "1...\n....\n....\n....\n"
	                            "\n"
	                            "# comment\n"
	                            "....\n"
	                            "..x.\n";
	struct e2e_run *r =
	        tilecade_stdin(state, input, sizeof input - 1, "znumbers", "--solve", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, "line 8, column 3"));

	static const char nul[] = "....\n.1\0.\n....\n....\n";
	r = tilecade_stdin(state, nul, sizeof nul - 1, "znumbers", "--solve", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, "line 2, column 3"));
}

static void test_zn_solve_no_level(void **state)
{
	static const char input[] = "# only a comment\n\n";
	struct e2e_run *r =
	        tilecade_stdin(state, input, sizeof input - 1, "znumbers", "--solve", NULL);
	assert_usage_error(r);
	r = tilecade_stdin(state, "", 0, "znumbers", "--solve", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, "no level"));
}

/* Each is a usage error whose one line names what to fix. */
static const struct {
	const char *args[8];
	const char *names;
} bad_command_lines[] = {
        {{"znumbers", "--size", "11"}, "4 to 10"},
        {{"znumbers", "--size", "3x6"}, "4 to 10"},
        {{"znumbers", "--size", "6x6a5"}, "--size"},
        {{"2048", "--size", "9"}, "3 to 8"},
        {{"znumbers", "--attempts", "1"}, "--attempts"},
        {{"znumbers", "--attempts", "1001"}, "--attempts"},
        {{"znumbers", "--level", "0"}, "--level"},
        {{"znumbers", "--level", "10"}, "--level"},
        {{"znumbers", "--generate", "--count", "0"}, "--count"},
        {{"znumbers", "--generate", "--count", "100001"}, "--count"},
        {{"znumbers", "--level", "3", "--seed", "1"}, "--seed"},
        {{"znumbers", "--level", "3", "--size", "6"}, "--size"},
        {{"znumbers", "--count", "3"}, "--generate"},
        {{"znumbers", "--generate", "--solve"}, "--solve"},
        {{"znumbers", "--generate", "--level", "2"}, "--level"},
        {{"znumbers", "--solve", "--seed", "2"}, "--seed"},
        {{"--id", "znumbers:6x6a60:s1", "--generate"}, "--id"},
        {{"--id", "znumbers:6x6a60:s1", "--attempts", "9"}, "--attempts"},
        {{"2048", "--attempts", "5"}, "--attempts"},
        {{"2048", "--solve"}, "--solve"},
        {{"--generate"}, "znumbers"},
        {{"znumbers", "--moves", "l"}, "--moves"},
};

static void test_zn_bad_command_lines(void **state)
{
	for (size_t i = 0; i < sizeof bad_command_lines / sizeof bad_command_lines[0]; i++)
		assert_refused(state, bad_command_lines[i].args, bad_command_lines[i].names);
}

/* ---- Sudoku's --generate, --solve and --rate (issue 5): one 81-character line a puzzle. ---- */

#define SDK_ESCARGOT                                                                               \
	"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
#define SDK_ESCARGOT_SOLUTION                                                                      \
	"162857493534129678789643521475312986913586742628794135356478219241935867897261354"
/* A Latin-stage puzzle: unique without boxes, and its givens repeat a 3 in the top-right box. */
#define SDK_LATIN_PUZZLE                                                                           \
	"59.7.2.3..2..8.31.6...351..2..4...69......2....6.4....8.4.17...1.79.84...13......"
#define SDK_LATIN_SOLUTION                                                                         \
	"591762834729684315642835197238451769375196248986243571854317926167928453413579682"
/* AI Escargot with '0' blanks. */
#define SDK_ESCARGOT_ZEROS                                                                         \
	"100007090030020008009600500005300900010080002600004000300000010040000007007000300"
/* Givens that keep the rules, but leave nothing for row 1, column 9. */
#define SDK_NO_ROOM                                                                                \
	"12345678.........9..............................................................."
#define SDK_EMPTY                                                                                  \
	"................................................................................."
/* AI Escargot's solution without its 3 at row 9, column 7. */
#define SDK_ONE_BLANK                                                                              \
	"162857493534129678789643521475312986913586742628794135356478219241935867897261.54"
/* AI Escargot with its last blank an 'x', and with a second 1 in row 1. */
#define SDK_TYPO "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.x"
#define SDK_TWO_ONES                                                                               \
	"11...7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."

/* The output's lines, each without its newline; the output must end in one. */
static int lines_of(const char *text, char lines[][128], int max)
{
	int n = 0;
	for (const char *p = text; *p; n++) {
		const char *nl = strchr(p, '\n');
		assert_non_null(nl);
		assert_true(n < max && nl - p < 128);
		memcpy(lines[n], p, (size_t)(nl - p));
		lines[n][nl - p] = '\0';
		p = nl + 1;
	}
	return n;
}

/* Each line is a puzzle of the game sudoku:PARAMS:s(seed+i), with exactly one solution. */
static void assert_sdk_puzzles(const struct e2e_run *r, int count, const char *params,
                               uint64_t seed)
{
	char lines[MAX_ANSWERS][128];
	assert_exit(r, 0);
	assert_string_equal(r->err, "");
	assert_int_equal(lines_of(r->out, lines, MAX_ANSWERS), count);
	struct sdk_params p;
	char why[256];
	assert_int_equal(sudoku_game.parse_params(params, &p, why, sizeof why), 0);
	for (int i = 0; i < count; i++) {
		assert_int_equal(strlen(lines[i]), SDK_CELLS);
		assert_int_equal(strspn(lines[i], ".123456789"), SDK_CELLS);
		struct sdk_grid g;
		assert_int_equal(sdk_parse(lines[i], &g, why, sizeof why), 0);
		struct sudoku expected;
		sudoku_game.new_game(&expected, &p, seed + (uint64_t)i);
		assert_memory_equal(&g, &expected.given, sizeof g);
		assert_int_equal(sdk_solve((enum sdk_stage)p.stage, &g, 2, NULL), 1);
	}
}

static void test_sdk_generate_puzzles_of_the_game_id(void **state)
{
	struct e2e_run *r = tilecade(state, "sudoku", "--generate", "--seed", "11", "--count", "3",
	                             "--difficulty", "intermediate", NULL);
	assert_sdk_puzzles(r, 3, "classic-intermediate", 11);
	r = tilecade(state, "sudoku", "--generate", "--seed", "5", "--stage", "latin", NULL);
	assert_sdk_puzzles(r, 1, "latin-easy", 5); /* easy: the default difficulty */
	r = tilecade(state, "sudoku", "--generate", "--seed", "5", NULL);
	assert_sdk_puzzles(r, 1, "classic-easy", 5);
	struct e2e_run *again = tilecade(state, "sudoku", "--generate", "--seed", "5", NULL);
	assert_string_equal(r->out, again->out);
	/* Past the last seed, counting wraps to 0. */
	struct e2e_run *wrap = tilecade(state, "sudoku", "--generate", "--seed",
	                                "18446744073709551615", "--count", "2", NULL);
	struct e2e_run *zero = tilecade(state, "sudoku", "--generate", "--seed", "0", NULL);
	assert_exit(wrap, 0);
	assert_exit(zero, 0);
	assert_string_equal(wrap->out + SDK_CELLS + 1, zero->out);
}

static void test_sdk_solve_prints_a_line_per_line(void **state)
{
	/* A Windows line end on the second line, none on the last. */
	static const char input[] =
	        SDK_ESCARGOT "\n" SDK_ESCARGOT_ZEROS "\r\n" SDK_NO_ROOM "\n" SDK_EMPTY
	                     "\n\n" SDK_ESCARGOT ".\n" SDK_TYPO "\n" SDK_TWO_ONES "\n" SDK_ESCARGOT;
	struct e2e_run *r =
	        tilecade_stdin(state, input, sizeof input - 1, "sudoku", "--solve", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->err, "");
	assert_string_equal(r->out, SDK_ESCARGOT_SOLUTION
	                    "\n" SDK_ESCARGOT_SOLUTION "\n"
	                    "unsolvable\n"
	                    "multiple\n"
	                    "invalid: empty line\n"
	                    "invalid: line is 82 characters, not 81\n"
	                    "invalid: bad character 'x' at column 81\n"
	                    "invalid: digit 1 twice in row 1\n" SDK_ESCARGOT_SOLUTION "\n");

	static const char good[] = SDK_ESCARGOT "\n" SDK_ESCARGOT "\n";
	r = tilecade_stdin(state, good, sizeof good - 1, "sudoku", "--solve", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, SDK_ESCARGOT_SOLUTION "\n" SDK_ESCARGOT_SOLUTION "\n");
	r = tilecade_stdin(state, "", 0, "sudoku", "--solve", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "");

	static const char nul[] =
	        "1....7.9..3\0.2...8..96..5....53..9...1..8...26....4...3......1..4."
	        ".....7..7...3..\n";
	r = tilecade_stdin(state, nul, sizeof nul - 1, "sudoku", "--solve", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "invalid: bad byte 0x00 at column 12\n");
}

static void test_sdk_solve_in_the_latin_stage(void **state)
{
	static const char input[] = SDK_LATIN_PUZZLE "\n" SDK_ESCARGOT "\n";
	struct e2e_run *r = tilecade_stdin(state, input, sizeof input - 1, "sudoku", "--solve",
	                                   "--stage", "latin", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, SDK_LATIN_SOLUTION "\nmultiple\n");
	r = tilecade_stdin(state, input, sizeof input - 1, "sudoku", "--solve", "--stage",
	                   "classic", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "invalid: digit 3 twice in the top-right box\n" SDK_ESCARGOT_SOLUTION "\n");
}

static void test_sdk_rate_names_the_difficulty(void **state)
{
	/* A generated puzzle is rated what it was made to be. */
	static const char *const ratings[] = {"simple", "easy", "intermediate", "expert"};
	for (int i = 0; i < 4; i++) {
		struct e2e_run *g = tilecade(state, "sudoku", "--generate", "--seed", "3",
		                             "--difficulty", ratings[i], NULL);
		assert_exit(g, 0);
		struct e2e_run *r =
		        tilecade_stdin(state, g->out, strlen(g->out), "sudoku", "--rate", NULL);
		assert_exit(r, 0);
		char expected[32];
		snprintf(expected, sizeof expected, "%s\n", ratings[i]);
		assert_string_equal(r->out, expected);
	}
	/* One blank: a naked single. Then lines that are no puzzle, and a very hard one. */
	static const char input[] = SDK_ONE_BLANK "\n" SDK_EMPTY "\nbad\n" SDK_ESCARGOT "\n";
	struct e2e_run *r =
	        tilecade_stdin(state, input, sizeof input - 1, "sudoku", "--rate", NULL);
	assert_exit(r, 1);
	char lines[8][128];
	assert_int_equal(lines_of(r->out, lines, 8), 4);
	assert_string_equal(lines[0], "simple");
	assert_string_equal(lines[1], "multiple");
	assert_string_equal(lines[2], "invalid: bad character 'b' at column 1");
	assert_string_equal(lines[3], "expert");
}

static const struct {
	const char *args[8];
	const char *names;
} sdk_bad_command_lines[] = {
        {{"sudoku", "--difficulty", "hard"}, "--difficulty"},
        {{"sudoku", "--level", "7"}, "1 to 6"},
        {{"sudoku", "--level", "2", "--seed", "4"}, "drop --seed"},
        {{"sudoku", "--level", "2", "--stage", "latin"}, "drop --stage"},
        {{"sudoku", "--level", "2", "--generate"}, "--level"},
        {{"sudoku", "--puzzle", "123"}, "--puzzle"},
        {{"sudoku", "--puzzle", "1234567891"}, "--puzzle"},
        {{"2048", "--puzzle", "123"}, "--puzzle"},
        {{"sudoku", "--stage", "boxes"}, "--stage"},
        {{"sudoku", "--difficulty"}, "--difficulty"},
        {{"znumbers", "--difficulty", "easy"}, "sudoku"},
        {{"2048", "--stage", "latin"}, "sudoku"},
        {{"--rate"}, "sudoku"},
        {{"znumbers", "--rate"}, "--rate"},
        {{"2048", "--generate"}, "--generate"},
        {{"sudoku", "--solve", "--rate"}, "--rate"},
        {{"sudoku", "--generate", "--rate"}, "--rate"},
        {{"sudoku", "--solve", "--difficulty", "easy"}, "--difficulty"},
        {{"sudoku", "--rate", "--seed", "3"}, "--seed"},
        {{"sudoku", "--rate", "--count", "3"}, "--count"},
        {{"sudoku", "--count", "3"}, "--generate"},
        {{"sudoku", "--size", "9"}, "--size"},
        {{"sudoku", "--attempts", "5"}, "--attempts"},
        {{"sudoku", "--generate", "--id", "sudoku:classic-easy:s1"}, "--id"},
        {{"--id", "sudoku:classic-easy:s1", "--stage", "latin"}, "--stage"},
        {{"sudoku", "--daily", "--difficulty", "expert"}, "--difficulty"},
        {{"sudoku", "--id", "sudoku:classic-hard:s1"}, "classic-hard"},
};

static void test_sdk_bad_command_lines(void **state)
{
	for (size_t i = 0; i < sizeof sdk_bad_command_lines / sizeof sdk_bad_command_lines[0]; i++)
		assert_refused(state, sdk_bad_command_lines[i].args,
		               sdk_bad_command_lines[i].names);
}

/* ---- `tilecade scores` (issue 4): scores written with the store's API into a database in the
 * sandbox, then read back by the program as a user would. Dates print in the local time zone,
 * set to UTC here; names print in UTF-8. ---- */

#define NOV_21 1795262400 /* 2026-11-21 12:00 UTC */
#define DAY (24 * 60 * 60)

static void scores_environment(void)
{
	setenv("TZ", "UTC", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
}

/* A database in the sandbox; path gets its name. */
static struct tc_store *scores_db(const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", e2e_sandbox, name);
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	assert_non_null(st);
	if (!tc_store_ok(st))
		fprintf(stderr, "%s\n", notice);
	assert_true(tc_store_ok(st));
	return st;
}

/* A score, with how its game ended and the hints it took. */
static void add_ended(struct tc_store *st, const char *game, const char *mode, const char *level,
                      const char *player, int64_t points, int64_t time_ms, unsigned moves,
                      int64_t date, bool lost, unsigned hints)
{
	struct tc_score s = {.points = points,
	                     .time_ms = time_ms,
	                     .moves = moves,
	                     .date = date,
	                     .lost = lost,
	                     .hints = hints};
	snprintf(s.board.game, sizeof s.board.game, "%s", game);
	snprintf(s.board.mode, sizeof s.board.mode, "%s", mode);
	snprintf(s.board.level, sizeof s.board.level, "%s", level);
	snprintf(s.player, sizeof s.player, "%s", player);
	assert_true(tc_store_add_score(st, &s, tc_rank_of(game)) >= 1);
}

/* A won game without hints. */
static void add_score(struct tc_store *st, const char *game, const char *mode, const char *level,
                      const char *player, int64_t points, int64_t time_ms, unsigned moves,
                      int64_t date)
{
	add_ended(st, game, mode, level, player, points, time_ms, moves, date, false, 0);
}

/* Two 2048 boards and two zNumbers boards, one ranked by points and one by time each; a loss of
 * more points than a win ranks below it, and hints show. */
static void fill_scores(struct tc_store *st)
{
	add_score(st, "2048", "random", "4x4", "bob", 1024, 60000, 97, NOV_21 - DAY);
	add_ended(st, "2048", "random", "4x4", "eve", 9000, 60000, 500, NOV_21, true, 12);
	add_score(st, "2048", "random", "4x4", "alice", 20480, 900000, 812, NOV_21);
	add_score(st, "2048", "random", "4x4", "日本", 3000, 100000, 150, NOV_21);
	add_score(st, "2048", "random", "5x5", "alice", 512, 30000, 60, NOV_21);
	add_score(st, "znumbers", "pack", "level3", "carol", 0, 62345, 14, NOV_21);
	add_ended(st, "znumbers", "pack", "level3", "dave", 0, 59999, 20, NOV_21 - DAY, false, 3);
	add_score(st, "znumbers", "daily", "2026-11-21", "carol", 0, 125000, 30, NOV_21);
}

static const char board_4x4[] = "2048 · 4x4\n"
                                " #  Player  Score  Moves  Hints  Result  Date\n"
                                " 1  alice   20480    812      0  won     2026-11-21\n"
                                " 2  日本     3000    150      0  won     2026-11-21\n"
                                " 3  bob      1024     97      0  won     2026-11-20\n"
                                " 4  eve      9000    500     12  lost    2026-11-21\n";
static const char board_5x5[] = "2048 · 5x5\n"
                                " #  Player  Score  Moves  Hints  Result  Date\n"
                                " 1  alice     512     60      0  won     2026-11-21\n";
static const char board_daily[] = "zNumbers · daily 2026-11-21\n"
                                  " #  Player    Time  Moves  Hints  Result  Date\n"
                                  " 1  carol   2:05.0     30      0  won     2026-11-21\n";
static const char board_level3[] = "zNumbers · level 3\n"
                                   " #  Player    Time  Moves  Hints  Result  Date\n"
                                   " 1  dave    0:59.9     20      3  won     2026-11-20\n"
                                   " 2  carol   1:02.3     14      0  won     2026-11-21\n";

static void test_scores_every_board(void **state)
{
	scores_environment();
	char path[4200], expected[1024];
	tc_store_close(scores_db("every.db", path, sizeof path)); /* made, empty */
	struct e2e_run *r = tilecade(state, "scores", "--db", path, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "no scores yet\n");

	struct tc_store *st = scores_db("every.db", path, sizeof path);
	fill_scores(st);
	tc_store_close(st);
	r = tilecade(state, "scores", "--db", path, NULL);
	assert_exit(r, 0);
	snprintf(expected, sizeof expected, "%s\n%s\n%s\n%s", board_4x4, board_5x5, board_daily,
	         board_level3);
	assert_string_equal(r->out, expected);
	assert_string_equal(r->err, "");
}

static void test_scores_of_one_game_or_level(void **state)
{
	scores_environment();
	char path[4200], expected[1024];
	struct tc_store *st = scores_db("one.db", path, sizeof path);
	fill_scores(st);
	tc_store_close(st);

	struct e2e_run *r = tilecade(state, "scores", "ZNUMBERS", "--db", path, NULL);
	assert_exit(r, 0);
	snprintf(expected, sizeof expected, "%s\n%s", board_daily, board_level3);
	assert_string_equal(r->out, expected);

	r = tilecade(state, "scores", "--db=", NULL);
	assert_usage_error(r);
	r = tilecade(state, "--db", path, "scores", "znumbers", "--level=3", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, board_level3);
	r = tilecade(state, "scores", "znumbers", "--level", "4", "--db", path, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "no scores yet\n");
	r = tilecade(state, "scores", "sudoku", "--db", path, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "no scores yet\n");

	/* Every game with levels: Sudoku's campaign, Match-3's goals levels (issue 17: "--level
	 * is only for znumbers"). */
	st = scores_db("one.db", path, sizeof path);
	add_score(st, "sudoku", "pack", "level5", "ann", 0, 300000, 51, NOV_21);
	add_score(st, "sudoku", "pack", "level4", "bob", 0, 200000, 50, NOV_21);
	add_score(st, "match3", "pack", "goals-level2", "cid", 900, 60000, 20, NOV_21);
	add_score(st, "match3", "pack", "goals-level3", "dan", 800, 60000, 20, NOV_21);
	tc_store_close(st);
	r = tilecade(state, "scores", "sudoku", "--level", "5", "--db", path, NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "level 5"));
	assert_non_null(strstr(r->out, "ann"));
	assert_null(strstr(r->out, "bob"));
	r = tilecade(state, "scores", "match3", "--level", "2", "--db", path, NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "cid"));
	assert_null(strstr(r->out, "dan"));
	assert_null(strstr(r->out, "ann"));
}

/* N's boards are stored under "ninja" though the catalog calls the game "n": either name, in
 * any case, finds them (they once found nothing). */
static void test_scores_of_n(void **state)
{
	scores_environment();
	char path[4200];
	struct tc_store *st = scores_db("n.db", path, sizeof path);
	add_score(st, "ninja", "level", "98bf0123456789ab", "erin", 0, 1225, 0, NOV_21);
	add_score(st, "2048", "random", "5x5", "alice", 512, 30000, 60, NOV_21);
	tc_store_close(st);
	static const char board_n[] = "N · level 98bf0123456789ab\n"
	                              " #  Player    Time  Moves  Hints  Result  Date\n"
	                              " 1  erin    0:01.2      0      0  won     2026-11-21\n";
	static const char *const names[] = {"n", "ninja", "N", "Ninja"};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		struct e2e_run *r = tilecade(state, "scores", names[i], "--db", path, NULL);
		assert_exit(r, 0);
		assert_string_equal(r->out, board_n);
	}
}

/* Only the ten best of a board, best first. */
static void test_scores_top_ten(void **state)
{
	scores_environment();
	char path[4200];
	struct tc_store *st = scores_db("top.db", path, sizeof path);
	for (int i = 1; i <= 12; i++) {
		char player[16];
		snprintf(player, sizeof player, "p%02d", i);
		add_score(st, "2048", "random", "4x4", player, 100 * i, 1000, (unsigned)i, NOV_21);
	}
	tc_store_close(st);
	struct e2e_run *r = tilecade(state, "scores", "2048", "--db", path, NULL);
	assert_exit(r, 0);
	assert_int_equal(count_lines(r->out), 12); /* heading, column names, ten rows */
	assert_true(has_word(r->out, "p12"));
	assert_true(has_word(r->out, "p03"));
	assert_false(has_word(r->out, "p02"));
	assert_false(has_word(r->out, "p01"));
	assert_true(strstr(r->out, "p12") < strstr(r->out, "p11"));
	assert_non_null(strstr(r->out, "\n10  p03 "));
}

/* What other players typed reaches the terminal harmless, and the columns stay aligned. */
static void test_scores_are_sanitised(void **state)
{
	scores_environment();
	char path[4200];
	struct tc_store *st = scores_db("hostile.db", path, sizeof path);
	add_score(st, "2048", "random", "4x4", "\x1B]0;pwned\x07\x1B[2Jeve", 900, 1, 9, NOV_21);
	add_score(st, "2048", "random", "4x4", "\xE2\x80\xAEmallory", 800, 1, 8, NOV_21);
	add_score(st, "2048", "random", "4x4", "bad\xC3", 700, 1, 7, NOV_21);
	add_score(st, "2048\x1B[31m", "random\x07", "4x4\x1B", "x", 1, 1, 1, NOV_21);
	tc_store_close(st);
	struct e2e_run *r = tilecade(state, "scores", "--db", path, NULL);
	assert_exit(r, 0);
	assert_null(strchr(r->out, '\x1B'));
	assert_null(strchr(r->out, '\x07'));
	assert_null(strstr(r->out, "\xE2\x80\xAE"));
	assert_null(strstr(r->out, "pwned"));
	assert_string_equal(r->out, "2048 · 4x4\n"
	                            " #  Player    Score  Moves  Hints  Result  Date\n"
	                            " 1  ??eve       900      9      0  won     2026-11-21\n"
	                            " 2  ?mallory    800      8      0  won     2026-11-21\n"
	                            " 3  bad?        700      7      0  won     2026-11-21\n"
	                            "\n"
	                            "2048? · random? 4x4?\n"
	                            " #  Player  Score  Moves  Hints  Result  Date\n"
	                            " 1  x           1      1      0  won     2026-11-21\n");
}

/* A database that cannot be read is one line on stderr and exit 1, nothing on stdout. */
static void test_scores_without_a_database(void **state)
{
	scores_environment();
	char path[4200];
	snprintf(path, sizeof path, "%s/not-a-database.db", e2e_sandbox);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("this is not an SQLite database, though its name says so\n", f);
	for (int i = 0; i < 200; i++)
		fputs("padding padding padding padding padding padding padding padding\n", f);
	assert_int_equal(fclose(f), 0);
	struct e2e_run *r = tilecade(state, "scores", "--db", path, NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "");
	assert_int_equal(count_lines(r->err), 1);
	assert_true(strncmp(r->err, "tilecade: ", strlen("tilecade: ")) == 0);

	r = tilecade(state, "scores", "--db", "/proc/no-such-dir/tilecade.db", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "");
	assert_int_equal(count_lines(r->err), 1);
}

/* The file's bytes, malloc'd, or NULL when it cannot be read. */
static char *file_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *bytes = malloc(1 << 16);
	*len = bytes ? fread(bytes, 1, 1 << 16, f) : 0;
	fclose(f);
	return bytes;
}

/* `tilecade scores` only reads: where there is no database it says "no scores yet" and makes
 * none; what is not a regular file, or not tilecade's, is refused with one line and left as it
 * was (as root, --db /dev/null made a world-writable /dev/null-journal; another program's
 * SQLite file with user_version 2 was switched to WAL). */
static void test_scores_only_read(void **state)
{
	scores_environment();
	char data[4200], typed[4200], pipe[4200], other[4200];
	snprintf(data, sizeof data, "%s/no-data-yet", e2e_sandbox);
	char *xdg = strdup(getenv("XDG_DATA_HOME"));
	setenv("XDG_DATA_HOME", data, 1);
	struct e2e_run *r = tilecade(state, "scores", NULL);
	setenv("XDG_DATA_HOME", xdg, 1);
	free(xdg);
	assert_exit(r, 0);
	assert_string_equal(r->out, "no scores yet\n");
	assert_string_equal(r->err, "");
	struct stat sb;
	assert_int_not_equal(stat(data, &sb), 0);
	snprintf(typed, sizeof typed, "%s/typed.db", e2e_sandbox);
	r = tilecade(state, "scores", "2048", "--db", typed, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "no scores yet\n");
	assert_int_not_equal(stat(typed, &sb), 0);

	bool journal_before = stat("/dev/null-journal", &sb) == 0;
	r = tilecade(state, "scores", "--db", "/dev/null", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "");
	assert_non_null(strstr(r->err, "/dev/null: not a regular file\n"));
	assert_int_equal(stat("/dev/null-journal", &sb) == 0, journal_before);
	snprintf(pipe, sizeof pipe, "%s/scores.fifo", e2e_sandbox);
	assert_int_equal(mkfifo(pipe, 0600), 0);
	r = tilecade(state, "scores", "--db", pipe, NULL);
	assert_exit(r, 1);
	assert_non_null(strstr(r->err, "scores.fifo: not a regular file\n"));
	r = tilecade(state, "scores", "--db", e2e_sandbox, NULL);
	assert_exit(r, 1);
	assert_non_null(strstr(r->err, ": not a regular file\n"));

	snprintf(other, sizeof other, "%s/other-program.db", e2e_sandbox);
	sqlite3 *db;
	assert_int_equal(sqlite3_open(other, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
	                              "CREATE TABLE t (x); INSERT INTO t VALUES (1);"
	                              "PRAGMA user_version = 2;",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(db);
	size_t len_before, len_after;
	char *before = file_bytes(other, &len_before);
	r = tilecade(state, "scores", "--db", other, NULL);
	assert_exit(r, 1);
	assert_non_null(strstr(r->err, "other-program.db: not a tilecade database\n"));
	char *after = file_bytes(other, &len_after);
	assert_non_null(before);
	assert_non_null(after);
	assert_int_equal(len_after, len_before);
	assert_memory_equal(after, before, len_before);
	free(before);
	free(after);
}

/* Rows no tilecade writes, from a damaged or hostile database: impossible values are not shown
 * (negative moves read 4294967291), and a board whose key is too long for a board key is not
 * listed (a 3000-byte level read "no scores yet" under its title). */
static void test_scores_skip_impossible_rows(void **state)
{
	scores_environment();
	char path[4200];
	struct tc_store *st = scores_db("impossible.db", path, sizeof path);
	add_score(st, "2048", "random", "5x5", "alice", 512, 30000, 60, NOV_21);
	tc_store_close(st);
	sqlite3 *db;
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
	                              "INSERT INTO scores (game, mode, level, player, points,"
	                              " time_ms, moves, date, game_id) VALUES"
	                              " ('2048', 'random', '5x5', 'mallory', 9999, 1, -5, 1, 'x'),"
	                              " ('2048', 'random', printf('%.3000c', 'L'), 'long', 1, 1,"
	                              "  1, 1, 'x');",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(db);
	struct e2e_run *r = tilecade(state, "scores", "--db", path, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, board_5x5);
	assert_null(strstr(r->out, "4294967291"));
}

/* Without --db the scores are those of the default database, in XDG_DATA_HOME. */
static void test_scores_default_database(void **state)
{
	scores_environment();
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice);
	assert_non_null(st);
	assert_true(tc_store_ok(st));
	add_score(st, "2048", "random", "5x5", "alice", 512, 30000, 60, NOV_21);
	tc_store_close(st);
	char path[4200];
	snprintf(path, sizeof path, "%s/.local/share/tilecade/tilecade.db", e2e_sandbox);
	FILE *f = fopen(path, "rb"); /* where the design says it is */
	assert_non_null(f);
	fclose(f);
	struct e2e_run *r = tilecade(state, "scores", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, board_5x5);
}

static void test_scores_bad_command_lines(void **state)
{
	static const struct {
		const char *args[6];
		const char *names;
	} bad[] = {
	        {{"scores", "chess"}, "chess"},
	        {{"scores", "2048", "--level", "3"}, "--level"},
	        {{"scores", "sudoku", "--level", "7"}, "--level"},
	        {{"scores", "match3", "--level", "99"}, "--level"},
	        /* N named as its command is, not by its catalog letter (issue 27: "not n") */
	        {{"scores", "ninja", "--level", "2"}, "--level is only for znumbers, match3 and "
	                                             "sudoku, not ninja\n"},
	        {{"scores", "--seed", "1"}, "--seed"},
	        {{"scores", "2048", "--size", "4"}, "--size"},
	        {{"scores", "2048", "znumbers"}, "znumbers"},
	        {{"2048", "scores"}, "scores"},
	        {{"scores", "--db"}, "--db"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_refused(state, bad[i].args, bad[i].names);
}

/* ---- end of `tilecade scores` ---- */

/* ninja takes --id: an ID that is not N's is told as other games tell it (issue 27: "--id is
 * not for ninja"), another game's by its game, anything else by N's forms. */
static void test_ninja_tells_what_is_wrong_with_an_id(void **state)
{
	static const struct {
		const char *args[6];
		const char *names;
	} bad[] = {
	        {{"ninja", "--id", "znumbers:6x6a60:s1"},
	         "--id 'znumbers:6x6a60:s1' is a znumbers game, not ninja"},
	        {{"ninja", "--id", "2048:4x4:s1", "--generate"},
	         "--id '2048:4x4:s1' is a 2048 game, not ninja"},
	        {{"ninja", "--id", "N seed 5"},
	         "game ID 'N seed 5' is not N's ninja:seed:sS, ninja:any:sS or ninja:HASH"},
	        {{"n", "--id", "bogus"}, "game ID 'bogus' is not N's"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_refused(state, bad[i].args, bad[i].names);
}

/* ---- `tilecade ninja --generate | --parse | --check` (issue 7) ---- */

#define NL_TILE_CHARS 713

/* Each line of out is a level of the seed's generator: 713 tiles from '0'-'5', '|', the ninja
 * at 396,300 and 63 gold or mines. Returns the number of lines. */
static int assert_generated_levels(const char *out)
{
	int lines = 0;
	for (const char *p = out; *p; lines++) {
		const char *end = strchr(p, '\n');
		assert_non_null(end);
		assert_true(end - p > NL_TILE_CHARS);
		assert_int_equal((int)strspn(p, "012345"), NL_TILE_CHARS);
		assert_int_equal(p[356], '0');
		assert_memory_equal(p + NL_TILE_CHARS, "|5^396,300!", 11);
		int objects = 0;
		for (const char *q = p + NL_TILE_CHARS; q < end; q++)
			objects += *q == '!';
		assert_int_equal(objects, 63);
		p = end + 1;
	}
	return lines;
}

static void test_nl_generate_levels(void **state)
{
	struct e2e_run *a =
	        tilecade(state, "ninja", "--generate", "--seed", "7", "--count", "3", NULL);
	assert_exit(a, 0);
	assert_string_equal(a->err, "");
	assert_int_equal(assert_generated_levels(a->out), 3);
	/* Level i uses seed S+i; "n" is the same game. */
	struct e2e_run *b = tilecade(state, "n", "--generate", "--seed", "8", NULL);
	assert_exit(b, 0);
	assert_memory_equal(strchr(a->out, '\n') + 1, b->out, strlen(b->out));
	struct e2e_run *c = tilecade(state, "ninja", "--generate", NULL);
	assert_exit(c, 0);
	assert_int_equal(assert_generated_levels(c->out), 1);
}

static void test_nl_parse_prints_levels_back(void **state)
{
	struct e2e_run *g =
	        tilecade(state, "ninja", "--generate", "--seed", "1", "--count", "2", NULL);
	assert_exit(g, 0);
	struct e2e_run *r = tilecade_stdin(state, g->out, strlen(g->out), "ninja", "--parse", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, g->out);
	assert_string_equal(r->err, "");

	/* Every object type and decimal numbers, then broken lines. */
	static char input[4096];
	char tiles[NL_TILE_CHARS + 1];
	memset(tiles, '1', NL_TILE_CHARS);
	tiles[NL_TILE_CHARS] = '\0';
	tiles[5] = 'Q';
	snprintf(input, sizeof input,
	         "%s|5^396,300!2^1,2,0,-1.5!9^1,2,3,4,5,6,7,8,9!6^1,2,3,4,5,6\n"
	         "%s!5^396,300\n"
	         "%s|5^396,300!13^1,2\n"
	         "\n",
	         tiles, tiles, tiles);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--parse", NULL);
	assert_exit(r, 1);
	char want[4096];
	snprintf(want, sizeof want,
	         "%s|5^396,300!2^1,2,0,-1.5!9^1,2,3,4,5,6,7,8,9!6^1,2,3,4,5,6\n"
	         "invalid: offset 713: expected '|' after 713 tiles, not '!'\n"
	         "invalid: offset 724: unknown object type '13' (0 to 12)\n"
	         "invalid: offset 0: the level ends after 0 tiles; it needs 713\n",
	         tiles);
	assert_string_equal(r->out, want);

	/* A NUL byte, and a Windows line end (dropped). */
	static char nul[NL_TILE_CHARS + 32];
	memcpy(nul, tiles, NL_TILE_CHARS);
	memcpy(nul + NL_TILE_CHARS, "|5^3\0,300\n", 10);
	r = tilecade_stdin(state, nul, NL_TILE_CHARS + 10, "ninja", "--parse", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "invalid: offset 717: a NUL byte; levels are text\n");
	snprintf(input, sizeof input, "%s|5^396,300\r\n", tiles);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--parse", NULL);
	assert_exit(r, 0);
	snprintf(want, sizeof want, "%s|5^396,300\n", tiles);
	assert_string_equal(r->out, want);
}

static void test_nl_check_reports_each_level(void **state)
{
	struct e2e_run *g =
	        tilecade(state, "ninja", "--generate", "--seed", "3", "--count", "4", NULL);
	assert_exit(g, 0);
	static char input[8 * 4096];
	snprintf(input, sizeof input, "%s123\n", g->out);
	struct e2e_run *r = tilecade_stdin(state, input, strlen(input), "ninja", "--check", NULL);
	assert_exit(r, 1);
	const char *p = r->out;
	for (int i = 0; i < 4; i++) {
		int gold, reachable, mines, used = 0;
		char exit_word[4], boxed[4];
		assert_int_equal(
		        sscanf(p, "ok gold=%d reachable=%d mines=%d exit=%3[a-z] boxed=%3[a-z]%n",
		               &gold, &reachable, &mines, exit_word, boxed, &used),
		        5);
		assert_true(used > 0 && p[used] == '\n');
		assert_true(gold + mines <= 63 && reachable >= 0 && reachable <= gold);
		assert_true(strcmp(exit_word, "no") == 0); /* the seed's levels have no exit */
		assert_true(strcmp(boxed, "yes") == 0 || strcmp(boxed, "no") == 0);
		p += used + 1;
	}
	assert_string_equal(p, "invalid: offset 3: the level ends after 3 tiles; it needs 713\n");
	r = tilecade_stdin(state, g->out, strlen(g->out), "n", "--check", NULL);
	assert_exit(r, 0);
}

/* Levels as N and its editor write them (a floor guard's third number, a launch pad's
 * decimals, numbers after an object's own, a parameter that is not a number) load: --parse
 * prints them back byte for byte, --check and --solve play what tilecade plays. */
static void test_nl_levels_as_n_writes_them(void **state)
{
	char tiles[NL_TILE_CHARS + 1];
	memset(tiles, '0', NL_TILE_CHARS);
	for (int col = 0; col < 31; col++)
		tiles[col * 23 + 22] = '1'; /* a floor along the bottom row */
	tiles[NL_TILE_CHARS] = '\0';
	static char input[4096], want[4096];
	snprintf(input, sizeof input,
	         "%s|5^100,540!11^300,540,200,540!4^444,540,1!6^300,108,2,0,1,2"
	         "!2^396,540,-0.7071067811865475,-0.7071067811865475!7^500,100,3!8^300,108,2"
	         "!9^120,134,0,0,8,4,1,0,0!1^420,348!3^300,108!10^300,108!0^252,540!12^700,540\n"
	         "%s|5^100,540,0!0^252,540,1,2!12^x,540!4^444,540,\n",
	         tiles, tiles);
	struct e2e_run *r = tilecade_stdin(state, input, strlen(input), "ninja", "--parse", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, input);
	assert_string_equal(r->err, "");

	r = tilecade_stdin(state, input, strlen(input), "ninja", "--check", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "ok gold=1 reachable=1 mines=1 exit=yes boxed=no\n"
	                            "ok gold=1 reachable=1 mines=0 exit=no boxed=no\n");

	/* The first level is won past the floor guard and the drone, which do not move. */
	*strchr(input, '\n') = '\0';
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--solve", NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "# a win in "));
	assert_non_null(strstr(r->out, "!4^444,540,1!"));

	/* A ninja that stands nowhere loads too, and cannot be played. */
	snprintf(input, sizeof input, "%s|0^24,48!5^NaN,540\n", tiles);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--parse", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, input);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--check", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out,
	                    "invalid: offset 722: the ninja's position is not a finite number\n");
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--solve", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out,
	                    "invalid: offset 722: the ninja's position is not a finite number\n");
	/* Infinity is a number, not a finite one; an exit placed nowhere is not "no exit". */
	snprintf(input, sizeof input, "%s|5^1e999,540\n", tiles);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--check", NULL);
	assert_string_equal(r->out,
	                    "invalid: offset 714: the ninja's position is not a finite number\n");
	snprintf(input, sizeof input, "%s|5^100,540!11^nan,nan,nan,nan\n", tiles);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--solve", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "unsolved: the level's exit is placed nowhere: its door's or "
	                            "switch's position is not a finite number\n");
	/* Gold and a mine placed nowhere are left out of the counts. */
	snprintf(input, sizeof input, "%s|5^100,540!0^nan,nan!12^x,y\n", tiles);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--check", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "ok gold=0 reachable=0 mines=0 exit=no boxed=no\n");
	/* What N could not load either is refused with its offset, as before. */
	snprintf(input, sizeof input, "%s|5^100,540!4^444,540\n", tiles);
	r = tilecade_stdin(state, input, strlen(input), "ninja", "--parse", NULL);
	assert_exit(r, 1);
	snprintf(want, sizeof want, "invalid: offset 733: object type 4 needs 3 numbers, not 2\n");
	assert_string_equal(r->out, want);
}

/* A ninja written far outside the map starts in its corner, and is judged there: 1e38 once
 * overflowed the search's tile number and read as not boxed in. */
static void test_nl_check_a_far_ninja(void **state)
{
	static char input[4 * 4096];
	size_t n = 0;
	for (int i = 0; i < 3; i++) {
		static const char *const x[] = {"758", "1e10", "1e38"};
		for (int c = 0; c < 31; c++) /* open only in the bottom-right corner */
			for (int row = 0; row < 23; row++)
				input[n++] = c >= 27 && row >= 18 ? '0' : '1';
		n += (size_t)snprintf(input + n, sizeof input - n, "|5^%s,500\n", x[i]);
	}
	struct e2e_run *r = tilecade_stdin(state, input, n, "ninja", "--check", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "ok gold=0 reachable=0 mines=0 exit=no boxed=yes\n"
	                            "ok gold=0 reachable=0 mines=0 exit=no boxed=yes\n"
	                            "ok gold=0 reachable=0 mines=0 exit=no boxed=yes\n");
}

/* A line ends at a LF (or the input's end), one CR before it being part of the line end; any
 * other CR is the level's, and --parse writes it so that it reads back the same. */
static void test_nl_parse_reads_back_what_it_writes(void **state)
{
	char tiles[NL_TILE_CHARS + 1];
	memset(tiles, '0', NL_TILE_CHARS);
	tiles[NL_TILE_CHARS] = '\0';
	static char input[4 * 4096], want[4 * 4096];
	snprintf(input, sizeof input, "%s|5^1,2\r\r\n%s|5^1,2\r!0^3,4\r\n%s|5^3,4\r", tiles, tiles,
	         tiles);
	struct e2e_run *r = tilecade_stdin(state, input, strlen(input), "ninja", "--parse", NULL);
	assert_exit(r, 0);
	snprintf(want, sizeof want, "%s|5^1,2\r\r\n%s|5^1,2\r!0^3,4\n%s|5^3,4\n", tiles, tiles,
	         tiles);
	assert_string_equal(r->out, want);
	static char first[4 * 4096];
	snprintf(first, sizeof first, "%s", r->out);
	r = tilecade_stdin(state, first, strlen(first), "ninja", "--parse", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, first);
}

static void test_nl_bad_command_lines(void **state)
{
	static const struct {
		const char *args[4];
		const char *names;
	} bad[] = {
	        {{"ninja", "--parse", "--check"}, "--check"},
	        {{"ninja", "--generate", "--parse"}, "--parse"},
	        {{"ninja", "--parse", "--seed", "1"}, "--seed"},
	        {{"ninja", "--check", "--count", "2"}, "--count"},
	        {{"ninja", "--playable"}, "--playable"},
	        {{"ninja", "--generate", "--size", "4"}, "--size"},
	        {{"ninja", "--parse", "--solve"}, "--solve"},
	        {{"sudoku", "--parse"}, "--parse"},
	        {{"--check"}, "--check"},
	        {{"znumbers", "--generate", "--playable"}, "--playable"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct e2e_run *r = tilecade(state, bad[i].args[0], bad[i].args[1], bad[i].args[2],
		                             bad[i].args[3], NULL);
		if (!strstr(r->err, bad[i].names))
			fprintf(stderr, "case %zu: '%s' not in: %s", i, bad[i].names, r->err);
		assert_usage_error(r);
		assert_non_null(strstr(r->err, bad[i].names));
	}
}

/* ---- end of the ninja commands ---- */

/* ---- `tilecade races [ID]` (issue 19) ---- */

static int64_t wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* player's end of race (progress: what their pane last showed) at now_ms. */
static void race_finish_at(struct tc_store *st, int64_t race, const char *player,
                           enum tc_racer_outcome outcome, const char *progress, int64_t time_ms,
                           int64_t points, int64_t recording, int64_t now_ms)
{
	struct tc_racer r = {.outcome = outcome, .time_ms = time_ms, .points = points,
	                     .recording = recording};
	snprintf(r.progress.text, sizeof r.progress.text, "%s", progress);
	assert_int_equal(tc_store_race_finish(st, race, player, &r, now_ms), 0);
}

static void race_finish(struct tc_store *st, int64_t race, const char *player,
                        enum tc_racer_outcome outcome, const char *progress, int64_t time_ms,
                        int64_t points, int64_t recording)
{
	race_finish_at(st, race, player, outcome, progress, time_ms, points, recording,
	               NOV_21 * 1000LL + time_ms);
}

/* races lists the races not over, newest first, one a line; races ID prints one's board, over
 * or not, with each racer's progress as it ended; a race over is no longer listed. A running
 * race ranks those who finished; those still in it (their progress lives in their programs)
 * follow unranked, in the order they joined. A lobby says when it starts by itself. */
static void test_races_list_and_board(void **state)
{
	scores_environment();
	char path[4200];
	tc_store_close(scores_db("races.db", path, sizeof path)); /* made, empty */
	struct e2e_run *r = tilecade(state, "races", "--db", path, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "no races\n");

	struct tc_store *st = scores_db("races.db", path, sizeof path);
	const int64_t opened = NOV_21 * 1000LL, now = wall_ms();
	int64_t over = tc_store_race_open(st, "2048", "2048:4x4:s5", "ann", 5 * 60000, opened);
	assert_int_equal(tc_store_race_join(st, over, "bob", opened + 500), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, over, "ann", opened + 1000), 0);
	race_finish(st, over, "bob", TC_RACER_WON, "2048 pts 2048", 90000, 2048, 12);
	race_finish(st, over, "ann", TC_RACER_LOST, "300 pts 32", 60000, 300, 0);
	int64_t running = tc_store_race_open(st, "znumbers", "znumbers:6x6a60:s1", "dee", 0,
	                                     now - 10000);
	assert_int_equal(tc_store_race_join(st, running, "cy", now - 9500), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, running, "al", now - 9400), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, running, "dee", now - 9000), 0);
	/* al finished; dee races and cy dropped, where they stand the store does not know */
	race_finish_at(st, running, "cy", TC_RACER_DROPPED, "3 left", 0, 0, 0, now - 2000);
	race_finish_at(st, running, "al", TC_RACER_LOST, "20 left", 5000, 0, 7, now - 1000);
	int64_t lobby = tc_store_race_open(st, "2048", "2048:4x4:s7", "eve", 0, now);
	assert_true(over == 1 && running == 2 && lobby == 3);
	tc_store_close(st);

	r = tilecade(state, "races", "--db", path, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, "#3  2048:4x4:s7  eve  1 racer  lobby\n"
	                            "#2  znumbers:6x6a60:s1  dee  3 racers  running\n");
	assert_string_equal(r->err, "");

	r = tilecade(state, "races", "#1", "--db", path, NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out,
	                    "race #1  2048:4x4:s5  over\n"
	                    "start 2026-11-21 12:00:04  limit 5:00.0\n"
	                    "Rank  Player            Result   Progress              Time     Score"
	                    "  Recording\n"
	                    "1     bob               won      2048 pts 2048       1:30.0      2048"
	                    "  #12\n"
	                    "2     ann               lost     300 pts 32          1:00.0       300"
	                    "  -\n");
	r = tilecade(state, "--db", path, "races", "2", NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "race #2  znumbers:6x6a60:s1  running\nstart 2"));
	assert_non_null(strstr(r->out,
	                       "limit none\n"
	                       "Rank  Player            Result   Progress              Time     Score"
	                       "  Recording\n"
	                       "1     al                lost     20 left             0:05.0         -"
	                       "  #7\n"
	                       "-     dee               racing   -                        -         -"
	                       "  -\n"
	                       "-     cy                dropped  -                        -         -"
	                       "  -\n"));
	r = tilecade(state, "races", "3", "--db", path, NULL);
	assert_exit(r, 0);
	char lobby_start[128], clock[16];
	time_t at = (time_t)((now + TC_RACE_AUTOSTART_MS) / 1000);
	struct tm tm;
	gmtime_r(&at, &tm); /* TZ=UTC */
	strftime(clock, sizeof clock, "%H:%M:%S", &tm);
	snprintf(lobby_start, sizeof lobby_start,
	         "lobby\nstart by itself at %s unless its opener starts it sooner  limit none\n",
	         clock);
	assert_non_null(strstr(r->out, lobby_start));

	r = tilecade(state, "races", "4", "--db", path, NULL);
	assert_exit(r, 1);
	assert_string_equal(r->out, "");
	assert_non_null(strstr(r->err, "there is no race #4 (tilecade races lists them)\n"));
}

/* What races ID says of a race not started yet and of a game without points: a racer in the
 * lobby waits (not "racing"), a race that never started has no start date (not 1970), a
 * zNumbers game has no score (not 0). */
static void test_races_board_words(void **state)
{
	scores_environment();
	char path[4200];
	struct tc_store *st = scores_db("race-words.db", path, sizeof path);
	const int64_t now = wall_ms();
	int64_t lobby = tc_store_race_open(st, "2048", "2048:4x4:s7", "eve", 0, now);
	int64_t zn = tc_store_race_open(st, "znumbers", "znumbers:6x6a60:s1", "cy", 0, now - 9000);
	assert_int_equal(tc_store_race_start(st, zn, "cy", now - 8000), 0);
	struct tc_racer lost = {.outcome = TC_RACER_LOST, .time_ms = 4000, .points = 0};
	assert_int_equal(tc_store_race_finish(st, zn, "cy", &lost, now - 1000), 0);
	tc_store_close(st);
	sqlite3 *db; /* an old race, over without a start */
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db,
	                              "INSERT INTO races VALUES (9, '2048', '2048:4x4:s1', 'al', 5,"
	                              " 0, 0); INSERT INTO racers VALUES (9, 'al', 'left', 0, '',"
	                              " 0, 0, 0, 5, 0, '');",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	sqlite3_close(db);

	char id[24];
	snprintf(id, sizeof id, "%lld", (long long)lobby);
	struct e2e_run *r = tilecade(state, "races", id, "--db", path, NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "\n-     eve               waiting  -                        -"
	                               "         -  -\n"));
	snprintf(id, sizeof id, "%lld", (long long)zn);
	r = tilecade(state, "races", id, "--db", path, NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "\n1     cy                lost     -                   0:04.0"
	                               "         -  -\n"));
	r = tilecade(state, "races", "9", "--db", path, NULL);
	assert_exit(r, 0);
	assert_non_null(strstr(r->out, "\nstart never: it did not start  limit none\n"));
}

/* A bad number, a second one, an option races has no use for: one line, exit 2. Names and IDs
 * others typed reach the terminal harmless. */
static void test_races_bad_requests(void **state)
{
	scores_environment();
	static const char *const bad[][3] = {
	        {"x", NULL},   {"0", NULL},          {"01", NULL},      {"-5", NULL},
	        {"1", "2"},    {"--level", "3"},     {"--seed", "5"},   {"#", NULL},
	        {"99999999999999999999", NULL},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct e2e_run *r = tilecade(state, "races", bad[i][0], bad[i][1], NULL);
		assert_usage_error(r);
		assert_int_equal(count_lines(r->err), 1);
	}
	char path[4200];
	struct tc_store *st = scores_db("hostile-races.db", path, sizeof path);
	assert_true(tc_store_race_open(st, "2048", "2048:4x4:s5\x1B[2J", "\x1B]0;pwned\x07mal", 0,
	                               wall_ms()) > 0);
	tc_store_close(st);
	struct e2e_run *r = tilecade(state, "races", "--db", path, NULL);
	assert_exit(r, 0);
	assert_null(strchr(r->out, '\x1B'));
	assert_null(strchr(r->out, '\x07'));
	r = tilecade(state, "races", "1", "--db", path, NULL);
	assert_exit(r, 0);
	assert_null(strchr(r->out, '\x1B'));
	assert_null(strchr(r->out, '\x07'));
}

/* ---- `tilecade ninja --solve` and `--replay FILE --headless` (issue 8) ---- */

/* data/ninja-demo.replay, found next to the zNumbers pack meson names. */
static void demo_replay_path(char *path, size_t len)
{
	const char *pack = getenv("ZN_ORIGINAL_LEVELS");
	assert_non_null(pack);
	const char *slash = strrchr(pack, '/');
	assert_non_null(slash);
	snprintf(path, len, "%.*s/ninja-demo.replay", (int)(slash - pack), pack);
}

/* out is one line "win|death|timeout steps=N gold=G"; returns the outcome word's first letter. */
static char headless_outcome(const char *out, int *steps, int *gold)
{
	char word[8];
	int used = 0;
	assert_int_equal(sscanf(out, "%7[a-z] steps=%d gold=%d%n", word, steps, gold, &used), 3);
	assert_string_equal(out + used, "\n");
	assert_true(strcmp(word, "win") == 0 || strcmp(word, "death") == 0 ||
	            strcmp(word, "timeout") == 0);
	return word[0];
}

static void test_nj_demo_replay_wins(void **state)
{
	char path[4096];
	demo_replay_path(path, sizeof path);
	struct e2e_run *r = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->err, "");
	int steps, gold;
	assert_int_equal(headless_outcome(r->out, &steps, &gold), 'w');
	assert_true(steps > 0 && steps < NJ_START_STEPS);
	assert_true(gold > 0);
	/* The same again, by the game's short name and with --replay=FILE. */
	char option[4200];
	snprintf(option, sizeof option, "--replay=%s", path);
	struct e2e_run *again = tilecade(state, "--headless", "n", option, NULL);
	assert_exit(again, 0);
	assert_string_equal(again->out, r->out);
}

/* Writes text to a file of the sandbox; the path goes to path. */
static void sandbox_file(const char *name, const char *text, size_t len, char *path, size_t pathlen)
{
	snprintf(path, pathlen, "%s/%s", e2e_sandbox, name);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void test_nj_bad_replays(void **state)
{
	struct e2e_run *g = tilecade(state, "ninja", "--generate", "--seed", "1", NULL);
	assert_exit(g, 0);
	static char text[4 * 4096];
	char path[4200], want[4400];
	/* A bad token on line 4 (after a comment), column 5. */
	snprintf(text, sizeof text, "tilecade ninja replay 1\n# hand made\n%s0*3 2*x\n", g->out);
	sandbox_file("bad.replay", text, strlen(text), path, sizeof path);
	struct e2e_run *r = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_usage_error(r);
	snprintf(want, sizeof want, "tilecade: %s: line 4, column 7: ", path);
	assert_memory_equal(r->err, want, strlen(want));
	/* The same file on screen is refused before any terminal is used. */
	r = tilecade(state, "ninja", "--replay", path, NULL);
	assert_usage_error(r);
	assert_memory_equal(r->err, want, strlen(want));
	/* A broken level, a NUL byte, an empty file, no file. */
	snprintf(text, sizeof text, "tilecade ninja replay 1\n123\n");
	sandbox_file("short.replay", text, strlen(text), path, sizeof path);
	r = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, ": line 2, column "));
	sandbox_file("nul.replay", "tilecade ninja replay 1\n12\0", 27, path, sizeof path);
	r = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, ": line 2, column 3: a NUL byte"));
	/* A ninja placed nowhere: on screen as without one, refused with the file's name. */
	snprintf(text, sizeof text, "tilecade ninja replay 1\n%.713s|5^NaN,NaN\n0*10\n", g->out);
	sandbox_file("nan.replay", text, strlen(text), path, sizeof path);
	snprintf(want, sizeof want,
	         "tilecade: %s: line 2, column 715: the ninja's position is not a finite number\n",
	         path);
	r = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_usage_error(r);
	assert_memory_equal(r->err, want, strlen(want));
	r = tilecade(state, "ninja", "--replay", path, NULL);
	assert_usage_error(r);
	assert_memory_equal(r->err, want, strlen(want));
	sandbox_file("empty.replay", "", 0, path, sizeof path);
	r = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, ": line 1, column 1: "));
	snprintf(path, sizeof path, "%s/no-such.replay", e2e_sandbox);
	r = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, path));
}

/* The issue's six bindings in [keys]: the line at the start tells every clash whole (it was cut
 * at "x is back", before what x was). */
static void test_every_key_clash_is_told_whole(void **state)
{
	char cfg[4200];
	snprintf(cfg, sizeof cfg, "%s/keys.ini", e2e_sandbox);
	FILE *f = fopen(cfg, "w");
	assert_non_null(f);
	fputs("[keys]\nhelp = h\nundo = z\nhint = i\nback = x\npause = 5\nrestart = j\n", f);
	assert_int_equal(fclose(f), 0);
	struct e2e_run *r = tilecade(state, "--config", cfg, "sudoku", NULL);
	assert_non_null(strstr(r->err, "tilecade: keys: h is help now, not left (left: Left); "
	                                "j is restart now, not down (down: Down); "
	                                "5 is pause now, not Sudoku's write a digit (marks mode: "
	                                "mark); x is back now, not Sudoku's clear the cell\n"));
}

/* A named pipe named as a replay or a settings file is refused at once, with one line: opening
 * one waited for a writer forever. */
static void test_named_pipes_are_refused(void **state)
{
	char fifo[4200], xdg[4200], xdg_config[4300];
	snprintf(fifo, sizeof fifo, "%s/pipe", e2e_sandbox);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	struct e2e_run *r = tilecade(state, "ninja", "--replay", fifo, "--headless", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, ": a named pipe, not a file"));
	r = tilecade(state, "--config", fifo, "scores", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, ": a named pipe, not a file"));
	/* The settings found without an option: told, and the command goes on without them. */
	setenv("TILECADE_SYSTEM_CONFIG", fifo, 1);
	r = tilecade(state, "2048", "--moves", "l", NULL);
	unsetenv("TILECADE_SYSTEM_CONFIG");
	assert_exit(r, 0);
	assert_non_null(strstr(r->err, ": a named pipe, not a file"));
	snprintf(xdg, sizeof xdg, "%s/xdg", e2e_sandbox);
	snprintf(xdg_config, sizeof xdg_config, "%s/tilecade", xdg);
	assert_int_equal(mkdir(xdg, 0700), 0);
	assert_int_equal(mkdir(xdg_config, 0700), 0);
	strcat(xdg_config, "/config.ini");
	assert_int_equal(mkfifo(xdg_config, 0600), 0);
	char *saved = getenv("XDG_CONFIG_HOME") ? strdup(getenv("XDG_CONFIG_HOME")) : NULL;
	setenv("XDG_CONFIG_HOME", xdg, 1);
	r = tilecade(state, "2048", "--moves", "l", NULL);
	if (saved)
		setenv("XDG_CONFIG_HOME", saved, 1);
	else
		unsetenv("XDG_CONFIG_HOME");
	free(saved);
	assert_exit(r, 0);
	assert_non_null(strstr(r->err, ": a named pipe, not a file"));
}

/* What the command line names (a game, a file, an ID) is echoed in an error line with its
 * escape sequences and controls shown as '?': the terminal never gets them. */
static void test_error_lines_show_no_escape_sequences(void **state)
{
	const char *evil = "x\033[2Jy\033]0;title\007z";
	char missing[4200]; /* a file in no folder: refused, never made */
	snprintf(missing, sizeof missing, "%s/no-such/%s", e2e_sandbox, evil);
	static const char *const options[] = {"--replay", "--db", "--config", "--id"};
	struct e2e_run *r = tilecade(state, evil, NULL);
	assert_usage_error(r);
	assert_null(strchr(r->err, '\033'));
	assert_non_null(strstr(r->err, "x?y?z"));
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
		const char *game = strcmp(options[i], "--replay") == 0 ? "ninja"
		                   : strcmp(options[i], "--db") == 0   ? "scores"
		                                                        : "2048";
		r = tilecade(state, game, options[i], i < 3 ? missing : evil, NULL);
		assert_true(r->status != 0);
		if (strchr(r->err, '\033') || strchr(r->err, '\007') || !strstr(r->err, "x?y?z"))
			fail_msg("%s echoed unsafe: %s", options[i], r->err);
	}
}

static void test_nj_replay_command_lines(void **state)
{
	static const struct {
		const char *args[5];
		const char *names;
	} bad[] = {
	        {{"ninja", "--headless"}, "--headless"},
	        {{"ninja", "--replay", "x.replay", "--generate"}, "--replay"},
	        {{"ninja", "--replay", "x.replay", "--seed", "1"}, "--seed"},
	        {{"ninja", "--replay", "x.replay", "--check"}, "--check"},
	        {{"ninja", "--solve", "--generate"}, "--solve"},
	        {{"ninja", "--solve", "--count", "2"}, "--count"},
	        {{"ninja", "--replay"}, "--replay"},
	        {{"ninja", "--replay="}, "--replay"},
	        {{"sudoku", "--replay", "x.replay"}, "--replay"},
	        {{"--headless"}, "--headless"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct e2e_run *r = tilecade(state, bad[i].args[0], bad[i].args[1], bad[i].args[2],
		                             bad[i].args[3], bad[i].args[4], NULL);
		if (!strstr(r->err, bad[i].names))
			fprintf(stderr, "case %zu: '%s' not in: %s", i, bad[i].names, r->err);
		assert_usage_error(r);
		assert_non_null(strstr(r->err, bad[i].names));
	}
}

/* --solve prints replays that win when played back: by the core, and by --headless. */
/* A locale whose decimal mark is a comma (de_DE, compiled into the sandbox) changes no number
 * the program reads or writes: N levels and replays are the same text on every machine. */
static void test_numbers_ignore_the_locale(void **state)
{
	/* cmocka's skip() reads as a failure in meson's TAP, and ./quickstart test installs the
	 * locales package: a missing source is a set-up fault, said as such. */
	if (access("/usr/share/i18n/locales/de_DE", R_OK) != 0)
		fail_msg("no de_DE locale source: install Debian's locales package");
	char locales[4200], command[8600];
	snprintf(locales, sizeof locales, "%s/locales", e2e_sandbox);
	assert_int_equal(mkdir(locales, 0700), 0);
	snprintf(command, sizeof command, "localedef -i de_DE -f UTF-8 '%s/de_DE.UTF-8' 2>&1",
	         locales);
	assert_int_equal(system(command), 0);
	struct e2e_run *level =
	        tilecade(state, "ninja", "--generate", "--playable", "--seed", "3", NULL);
	assert_exit(level, 0);
	struct e2e_run *here = tilecade_stdin(state, level->out, strlen(level->out), "ninja",
	                                      "--solve", NULL);
	assert_exit(here, 0);
	setenv("LOCPATH", locales, 1);
	setenv("LC_ALL", "de_DE.UTF-8", 1);
	struct e2e_run *german = tilecade_stdin(state, level->out, strlen(level->out), "ninja",
	                                        "--solve", NULL);
	unsetenv("LOCPATH");
	setenv("LC_ALL", "C.UTF-8", 1);
	assert_exit(german, 0);
	assert_non_null(strstr(here->out, " s) with ")); /* "(6.58 s)": a number with a point */
	assert_string_equal(german->out, here->out);
}

static void test_nj_solve_prints_winning_replays(void **state)
{
	struct e2e_run *p =
	        tilecade(state, "ninja", "--generate", "--playable", "--seed", "5", NULL);
	assert_exit(p, 0);
	struct e2e_run *g = tilecade(state, "ninja", "--generate", "--seed", "5", NULL);
	assert_exit(g, 0);
	static char input[4 * 4096];
	snprintf(input, sizeof input, "%s%sjunk\n", p->out, g->out);
	struct e2e_run *r = tilecade_stdin(state, input, strlen(input), "ninja", "--solve", NULL);
	assert_exit(r, 1);
	assert_string_equal(r->err, "");
	/* Three answers, a blank line between them. */
	const char *second = strstr(r->out, "\n\n");
	assert_non_null(second);
	const char *third = strstr(second + 2, "\n\n");
	assert_non_null(third);
	assert_string_equal(third + 2, "invalid: offset 0: bad tile character 'j' ('0' to 'Q')\n");
	assert_memory_equal(second + 2, "unsolved: the level has no exit\n",
	                    strlen("unsolved: the level has no exit\n"));

	/* The first answer is a replay of the playable level that wins. */
	static char replay[4 * 4096];
	snprintf(replay, sizeof replay, "%.*s", (int)(second + 1 - r->out), r->out);
	static struct nj_replay rp;
	char why[256];
	assert_int_equal(nj_replay_parse(replay, &rp, why, sizeof why), 0);
	static char level[4096 * 4];
	nl_print(&rp.level, level, sizeof level);
	assert_memory_equal(level, p->out, strlen(p->out) - 1);
	struct nj_run end;
	assert_int_equal(nj_replay_run(&rp, &end, why, sizeof why), 0);
	assert_int_equal(end.outcome, NJ_WIN);
	char path[4200], want[64];
	sandbox_file("solved.replay", replay, strlen(replay), path, sizeof path);
	struct e2e_run *h = tilecade(state, "ninja", "--replay", path, "--headless", NULL);
	assert_exit(h, 0);
	snprintf(want, sizeof want, "win steps=%d gold=%d\n", (int)end.steps, end.gold);
	assert_string_equal(h->out, want);

	/* Only winnable levels: exit 0. */
	r = tilecade_stdin(state, p->out, strlen(p->out), "n", "--solve", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->out, replay);
}

/* ---- end of the ninja replays ---- */

/* ---- 2048's --autoplay (issue 9): the expectimax player without a terminal ---- */

struct autoplay_game {
	int index;
	unsigned long long score, max, moves;
	double ms;
};

/* Parses --autoplay's output: `games` game lines, then the summary. Returns the game lines'
 * text with their ms_per_move cut off, for comparing runs (timings differ). */
static void autoplay_output(const char *out, int games, struct autoplay_game *g, char *timeless,
                            size_t len)
{
	const char *p = out;
	size_t used = 0;
	for (int i = 0; i < games; i++) {
		int n = 0;
		assert_int_equal(
		        sscanf(p, "game %d score %llu max %llu moves %llu ms_per_move %lf%n",
		               &g[i].index, &g[i].score, &g[i].max, &g[i].moves, &g[i].ms, &n),
		        5);
		assert_int_equal(g[i].index, i);
		assert_true(g[i].max >= 4 && (g[i].max & (g[i].max - 1)) == 0);
		assert_true(g[i].moves > 0);
		const char *ms = strstr(p, "ms_per_move ");
		assert_true(ms && ms < p + n);
		assert_true(used + (size_t)(ms - p) + 2 < len);
		memcpy(timeless + used, p, (size_t)(ms - p));
		used += (size_t)(ms - p);
		timeless[used++] = '\n';
		const char *dot = strchr(ms, '.');
		assert_true(dot && dot < p + n && p + n - dot == 4); /* three decimals */
		assert_int_equal(p[n], '\n');
		p += n + 1;
	}
	timeless[used] = '\0';
	static const unsigned long long goals[] = {2048, 4096, 8192, 16384};
	for (int k = 0; k < 4; k++) {
		unsigned long long tile;
		int count, of, n = 0;
		double percent;
		assert_int_equal(sscanf(p, "reached %llu in %d of %d games (%lf%%)%n", &tile,
		                        &count, &of, &percent, &n),
		                 4);
		assert_int_equal(tile, goals[k]);
		assert_int_equal(of, games);
		int expected = 0;
		for (int i = 0; i < games; i++)
			expected += g[i].max >= goals[k];
		assert_int_equal(count, expected);
		p += n + 1;
	}
	unsigned long long median;
	double median_ms;
	int n = 0;
	assert_int_equal(
	        sscanf(p, "median score %llu\nmedian ms_per_move %lf\n%n", &median, &median_ms, &n),
	        2);
	assert_string_equal(p + n, "");
	/* The median is one of the games' scores, with as many below it as above (or one more
	 * above, for an even number). */
	int below = 0, above = 0, equal = 0;
	for (int i = 0; i < games; i++) {
		below += g[i].score < median;
		above += g[i].score > median;
		equal += g[i].score == median;
	}
	assert_true(equal > 0);
	assert_true(below <= (games - 1) / 2 && above <= games / 2);
}

static void test_autoplay_prints_games_and_summary(void **state)
{
	struct e2e_run *r = tilecade(state, "2048", "--autoplay", "--games", "3", "--seed", "5",
	                             "--depth", "1", NULL);
	assert_exit(r, 0);
	assert_string_equal(r->err, "");
	assert_int_equal(count_lines(r->out), 3 + 4 + 2);
	struct autoplay_game g[3];
	char timeless[512];
	autoplay_output(r->out, 3, g, timeless, sizeof timeless);
	for (int i = 0; i < 3; i++)
		assert_true(g[i].max >= 128); /* a search one slide deep still gets somewhere */
}

/* The same seed and depth give the same games; game i is the game of seed S+i. */
static void test_autoplay_same_seed_same_games(void **state)
{
	struct e2e_run *a = tilecade(state, "2048", "--autoplay", "--size", "3", "--games", "2",
	                             "--seed", "9", "--depth", "2", NULL);
	struct e2e_run *b = tilecade(state, "2048", "--autoplay", "--size", "3", "--games", "2",
	                             "--seed", "9", "--depth", "2", NULL);
	struct e2e_run *c = tilecade(state, "2048", "--autoplay", "--size", "3", "--seed", "10",
	                             "--depth", "2", NULL);
	assert_exit(a, 0);
	assert_exit(b, 0);
	assert_exit(c, 0);
	struct autoplay_game ga[2], gb[2], gc[1];
	char ta[512], tb[512], tc[512];
	autoplay_output(a->out, 2, ga, ta, sizeof ta);
	autoplay_output(b->out, 2, gb, tb, sizeof tb);
	autoplay_output(c->out, 1, gc, tc, sizeof tc);
	assert_string_equal(ta, tb);
	assert_int_equal(gc[0].score, ga[1].score);
	assert_int_equal(gc[0].moves, ga[1].moves);
	assert_int_equal(gc[0].max, ga[1].max);
}

static void test_autoplay_bad_command_lines(void **state)
{
	static const struct {
		const char *args[8];
		const char *names;
	} cases[] = {
	        {{"2048", "--autoplay", "--moves", "l"}, "--moves"},
	        {{"2048", "--depth", "2"}, "--autoplay"},
	        {{"2048", "--games", "2"}, "--autoplay"},
	        {{"2048", "--autoplay", "--depth", "0"}, "--depth"},
	        {{"2048", "--autoplay", "--depth", "9"}, "--depth"},
	        {{"2048", "--autoplay", "--games", "0"}, "--games"},
	        {{"2048", "--autoplay", "--games", "100001"}, "--games"},
	        {{"2048", "--autoplay", "--size", "9"}, "3 to 8"},
	        {{"2048", "--autoplay", "--daily"}, "--daily"},
	        {{"znumbers", "--autoplay"}, "2048"},
	        {{"match3", "--autoplay"}, "2048"},
	        {{"ninja", "--generate", "--autoplay"}, "--autoplay"},
	        {{"--autoplay"}, "2048"},
	        {{"scores", "--autoplay"}, "--autoplay"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_refused(state, cases[i].args, cases[i].names);
}

/* ---- end of --autoplay ---- */

/* An option a game or command would ignore is refused, naming it (issue 17: N's level browser
 * took --seed, --size and --daily; tilecade scores took --daily, --theme, --mode and more; and
 * match3 --swaps took --level), while what they use still works. */
static void test_options_that_would_be_ignored_are_refused(void **state)
{
	static const struct {
		const char *args[5];
		const char *names;
	} cases[] = {
	        {{"ninja", "--seed", "5"}, "--seed"},
	        {{"ninja", "--size", "6x6"}, "--size"},
	        {{"ninja", "--daily"}, "--daily"},
	        {{"n", "--count", "2"}, "--count"},
	        {{"n", "--playable"}, "--playable"},
	        {{"ninja", "--continue"}, "--continue"},
	        {{"scores", "--daily"}, "--daily"},
	        {{"scores", "--continue"}, "--continue"},
	        {{"scores", "--theme", "mono"}, "--theme"},
	        {{"scores", "--no-anim"}, "--no-anim"},
	        {{"scores", "match3", "--mode", "timed"}, "--mode"},
	        {{"scores", "--types", "5"}, "--types"},
	        {{"scores", "--attempts", "5"}, "--attempts"},
	        {{"scores", "ninja", "--replay", "x"}, "--replay"},
	        {{"scores", "--check"}, "--check"},
	        {{"match3", "--swaps", "--level", "2"}, "--level"},
	        {{"match3", "--swaps", "--daily"}, "--daily"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_refused(state, cases[i].args, cases[i].names);
	struct e2e_run *r = tilecade(state, "scores", "znumbers", "--level", "2", NULL);
	assert_exit(r, 0);
	r = tilecade(state, "ninja", "--generate", "--seed", "3", NULL);
	assert_exit(r, 0);
}

/* Command lines an attacker tried (issue 27): each a usage error of one line that says what
 * is wrong of this command line, not of another game's or another command's. */
static void test_usage_errors_name_what_is_wrong(void **state)
{
	static const struct {
		const char *args[6];
		const char *says;
		const char *not_said;
	} cases[] = {
	        /* Each game's own range (not "1 to 99 (zNumbers has 9)"). */
	        {{"sudoku", "--level", "100"}, "1 to 6, not '100'", "99"},
	        {{"match3", "--level", "100"}, "1 to 13, not '100'", "99"},
	        {{"scores", "match3", "--level", "100"}, "1 to 13, not '100'", "99"},
	        {{"--level", "100", "sudoku"}, "1 to 6, not '100'", "99"},
	        {{"znumbers", "--level", "x"}, "1 to 9, not 'x'", "99"},
	        /* A level of which game is not guessed. */
	        {{"scores", "--level", "5"}, "--level needs a game", NULL},
	        /* An empty name is no player's ("tilecade:  has no game in progress", exit 1). */
	        {{"watch", ""}, "watch needs a player", NULL},
	        /* What --help and --version would have ignored. */
	        {{"--version", "extra"}, "unknown game 'extra'", NULL},
	        {{"-V", "--seed", "1"}, "--version takes no other option, not --seed", NULL},
	        {{"--help", "extra"}, "unknown game 'extra'", NULL},
	        {{"2048", "--size", "5", "--help"}, "--help takes no other option, not --size", NULL},
	        {{"2048", "--help", "--seed", "1"}, "--help takes no other option, not --seed", NULL},
	        /* A known option given a value it does not take, a negative number where a number
	         * is wanted: not "unknown option". */
	        {{"--no-anim=yes"}, "--no-anim takes no value, not 'yes'", "unknown"},
	        {{"replay", "-1"}, "'-1' is not a recording's number", "unknown"},
	        {{"races", "-1"}, "'-1' is not a race's number", "unknown"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct e2e_run *r = assert_refused(state, cases[i].args, cases[i].says);
		if (cases[i].not_said)
			assert_null(strstr(r->err, cases[i].not_said));
	}
}

/* --daily plays the same game for everyone: every option that would set another game's
 * parameters or seed is refused, naming it, whatever the game (issue 27: match3 --daily took
 * --mode timed and --types 4 and played the daily all the same). */
static void test_daily_refuses_what_it_overrides(void **state)
{
	static const struct {
		const char *game, *option, *value;
	} cases[] = {
	        {"znumbers", "--size", "6"},     {"znumbers", "--seed", "1"},
	        {"znumbers", "--attempts", "5"}, {"znumbers", "--level", "2"},
	        {"match3", "--mode", "timed"},   {"match3", "--mode", "goals"},
	        {"match3", "--mode", "endless"}, {"match3", "--types", "4"},
	        {"match3", "--size", "8"},       {"match3", "--seed", "1"},
	        {"match3", "--level", "2"},      {"sudoku", "--difficulty", "easy"},
	        {"sudoku", "--stage", "latin"},  {"sudoku", "--seed", "1"},
	        {"sudoku", "--level", "2"},      {"sudoku", "--puzzle", "123"},
	        {"2048", "--size", "5"},         {"2048", "--seed", "1"},
	        {"2048", "--id", "2048:4x4:s5"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct e2e_run *r = tilecade(state, cases[i].game, "--daily", cases[i].option,
		                             cases[i].value, NULL);
		if (!strstr(r->err, cases[i].option))
			fprintf(stderr, "%s --daily %s: %s", cases[i].game, cases[i].option,
			        r->err);
		assert_usage_error(r);
		assert_non_null(strstr(r->err, "--daily"));
		assert_non_null(strstr(r->err, cases[i].option));
	}
}

/* Without a terminal, only 2048 is told of --moves, the one game that plays without one (issue
 * 27: match3 and N were told of it too). */
static void test_without_a_terminal_only_2048_is_told_of_moves(void **state)
{
	struct e2e_run *runs[] = {
	        tilecade(state, "match3", NULL),
	        tilecade(state, "--id", "ninja seed 5", NULL),
	        tilecade(state, NULL),
	        tilecade(state, "2048", NULL),
	};
	for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
		assert_exit(runs[i], 1);
		assert_int_equal(count_lines(runs[i]->err), 1);
		assert_non_null(strstr(runs[i]->err, "needs a terminal"));
		bool is_2048 = i == sizeof runs / sizeof *runs - 1;
		assert_true(!strstr(runs[i]->err, "--moves") == !is_2048);
	}
}

/* A PostgreSQL database that cannot be reached: live, watch and scores say so in one line and
 * exit 1, never that there is nothing (no games in progress), and never show the password. */
static void test_a_database_out_of_reach_is_said(void **state)
{
	/* A port nothing listens on: connections are refused at once. */
	const char *db = "postgresql://ann:sesame@127.0.0.1:9/arcade";
	struct e2e_run *runs[] = {
	        tilecade(state, "live", "--db", db, NULL),
	        tilecade(state, "watch", "bob", "--db", db, NULL),
	        tilecade(state, "scores", "--db", db, NULL),
	};
	for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
		assert_exit(runs[i], 1);
		assert_string_equal(runs[i]->out, "");
		assert_string_equal(runs[i]->err,
		                    "tilecade: postgresql://ann@127.0.0.1:9/arcade cannot be reached\n");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_version, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_help, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_unknown_option, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_unknown_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_size_out_of_range, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_batch_boards_and_score, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bad_move_letter, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_batch_board_size, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_same_seed_same_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_other_seed_other_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_game_id_replays_the_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bad_game_id, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_zn_generate_level_and_solution, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_zn_generate_size_and_attempts, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_zn_generate_count_follows_the_seed, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_zn_generate_seed_wraps, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_zn_solve_the_original_pack, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_zn_solve_unsolvable_and_done, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_zn_solve_malformed_input, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_zn_solve_no_level, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_zn_bad_command_lines, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_sdk_generate_puzzles_of_the_game_id, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_sdk_solve_prints_a_line_per_line, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_sdk_solve_in_the_latin_stage, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_sdk_rate_names_the_difficulty, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_sdk_bad_command_lines, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_every_board, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_of_one_game_or_level, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_of_n, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_top_ten, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_are_sanitised, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_without_a_database, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_default_database, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_only_read, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_races_list_and_board, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_races_board_words, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_races_bad_requests, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_skip_impossible_rows, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_scores_bad_command_lines, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_ninja_tells_what_is_wrong_with_an_id, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_nl_generate_levels, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nl_parse_prints_levels_back, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nl_check_reports_each_level, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nl_levels_as_n_writes_them, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nl_check_a_far_ninja, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nl_parse_reads_back_what_it_writes, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_nl_bad_command_lines, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nj_demo_replay_wins, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nj_bad_replays, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_nj_replay_command_lines, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_every_key_clash_is_told_whole, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_named_pipes_are_refused, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_error_lines_show_no_escape_sequences, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_nj_solve_prints_winning_replays, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_numbers_ignore_the_locale, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_autoplay_prints_games_and_summary, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_autoplay_same_seed_same_games, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_autoplay_bad_command_lines, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_options_that_would_be_ignored_are_refused, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_usage_errors_name_what_is_wrong, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_daily_refuses_what_it_overrides, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_without_a_terminal_only_2048_is_told_of_moves,
	                                        setup, teardown),
	        cmocka_unit_test_setup_teardown(test_a_database_out_of_reach_is_said, setup,
	                                        teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
