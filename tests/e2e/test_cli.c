/* The command line without a terminal: options, errors and the 2048 batch mode, as a script
 * would use them. TILECADE_BIN and TILECADE_VERSION come from meson. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "board.h"
#include "proc.h"
#include "sandbox.h"

#define RUN_TIMEOUT_MS 10000
#define RUNS_PER_TEST 2
#define MAX_BOARDS 16

static const char *bin;
static char *sandbox;

/* The runs of the current test, freed by teardown even when an assert fails. */
struct runs {
	struct e2e_run run[RUNS_PER_TEST];
	int count;
};

static int group_setup(void **state)
{
	return e2e_game_setup(&bin, &sandbox);
}

static int group_teardown(void **state)
{
	e2e_sandbox_leave(sandbox);
	return 0;
}

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

/* Runs tilecade with the NULL-terminated arguments that follow. */
static struct e2e_run *tilecade(void **state, ...)
{
	const char *argv[16] = {bin};
	int argc = 1;
	va_list ap;
	va_start(ap, state);
	for (const char *arg; (arg = va_arg(ap, const char *)) && argc < 15;)
		argv[argc++] = arg;
	va_end(ap);
	struct runs *runs = *state;
	assert_true(runs->count < RUNS_PER_TEST);
	struct e2e_run *r = &runs->run[runs->count++];
	assert_true(e2e_run(argv, RUN_TIMEOUT_MS, r));
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
	assert_string_equal(r->err, "");
}

static void test_unknown_option(void **state)
{
	struct e2e_run *r = tilecade(state, "--bogus", NULL);
	assert_usage_error(r);
	assert_non_null(strstr(r->err, "--bogus"));
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

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_version, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_help, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_unknown_option, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_size_out_of_range, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_batch_boards_and_score, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bad_move_letter, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_batch_board_size, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_same_seed_same_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_other_seed_other_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_game_id_replays_the_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_bad_game_id, setup, teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
