/* A terminal that claims a huge size (issue 27): an ssh client may say 65535x65535, at the start
 * or in a resize mid-game. tilecade draws within a size any screen can show, so the process
 * stays under 64 MB, starts, plays and quits. The screen read back stays 24x80: what is drawn
 * beyond it is lost, and the test looks again once the terminal is back to 24x80.
 * TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 20000
#define MEMORY_LIMIT_KB (64 * 1024)

/* The most memory the process has held so far (VmHWM), in kB; -1 if it cannot be read. */
static long peak_kb(pid_t pid)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	long kb = -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

struct drawn {
	uint64_t bytes_before;
	long peak_kb;
};

/* Done once the program has written since, or has taken more memory than allowed (a program
 * taking the size as it comes grows by gigabytes before it draws anything). */
static bool drawn_or_too_big(struct e2e_term *t, void *ctx)
{
	struct drawn *d = ctx;
	d->peak_kb = peak_kb(e2e_pid(t));
	return e2e_bytes(t) > d->bytes_before || d->peak_kb < 0 || d->peak_kb >= MEMORY_LIMIT_KB;
}

/* The program draws its frame at the size it was given (curses has taken that size by then)
 * and holds less than the limit all along. */
static void assert_small(struct e2e_term *t, uint64_t bytes_before, const char *when)
{
	struct drawn d = {bytes_before, 0};
	assert_true(e2e_wait(t, drawn_or_too_big, &d, WAIT_MS));
	if (d.peak_kb > 0 && d.peak_kb < MEMORY_LIMIT_KB)
		assert_true(e2e_wait_quiet(t, 100, WAIT_MS));
	long kb = peak_kb(e2e_pid(t));
	fprintf(stderr, "# %s: peak memory %ld kB\n", when, kb);
	assert_true(kb > 0);
	assert_true(kb < MEMORY_LIMIT_KB);
}

/* Back at 24x80 the game shows and takes a key: a slide that moves the board. */
static void assert_plays(struct e2e_term *t)
{
	assert_true(e2e_resize(t, 24, 80));
	assert_true(e2e_wait_text(t, "? help", WAIT_MS));
	assert_true(e2e_wait_quiet(t, 100, WAIT_MS));
	char before[4096];
	snprintf(before, sizeof before, "%s", e2e_screen(t));
	const char *arrows[] = {E2E_KEY_LEFT, E2E_KEY_UP, E2E_KEY_RIGHT, E2E_KEY_DOWN};
	for (int i = 0; i < 4 && strcmp(before, e2e_screen(t)) == 0; i++) {
		assert_true(e2e_send_str(t, arrows[i]));
		assert_true(e2e_wait_quiet(t, 100, WAIT_MS));
	}
	assert_string_not_equal(before, e2e_screen(t));
}

static void assert_quits(struct e2e_term *t)
{
	int status = -1;
	for (int i = 0; i < 4 && status == -1; i++) {
		assert_true(e2e_wait_quiet(t, 100, WAIT_MS));
		assert_true(e2e_send_str(t, strstr(e2e_screen(t), "(y/n)") ? "y" : "q"));
		status = e2e_wait_exit(t, 1000);
	}
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(e2e_terminal_given_back(t));
}

/* Started on a terminal of rows x cols, as `stty rows R cols C; ssh -t HOST 2048` does. */
static struct e2e_term *start_claiming(void **state, int rows, int cols)
{
	char script[512];
	snprintf(script, sizeof script, "stty rows %d cols %d && exec \"$0\" 2048 --seed 7", rows,
	         cols);
	const char *argv[] = {"sh", "-c", script, e2e_bin, NULL};
	e2e_sandbox_forget();
	*state = e2e_start(24, 80, argv, NULL);
	assert_non_null(*state);
	return *state;
}

static void test_starts_at_65535x65535(void **state)
{
	struct e2e_term *t = start_claiming(state, 65535, 65535);
	assert_small(t, 0, "started at 65535x65535");
	assert_int_equal(e2e_wait_exit(t, 0), -1);
	assert_plays(t);
	assert_quits(t);
}

static void test_starts_at_8000x8000(void **state)
{
	struct e2e_term *t = start_claiming(state, 8000, 8000);
	assert_small(t, 0, "started at 8000x8000");
	assert_plays(t);
	assert_quits(t);
}

static void test_resized_to_huge_mid_game(void **state)
{
	struct e2e_term *t = start_claiming(state, 24, 80);
	assert_plays(t);
	uint64_t bytes = e2e_bytes(t);
	assert_true(e2e_claim_size(t, 30000, 30000));
	assert_small(t, bytes, "resized to 30000x30000");
	bytes = e2e_bytes(t);
	assert_true(e2e_claim_size(t, 65535, 65535));
	assert_small(t, bytes, "resized to 65535x65535");
	assert_plays(t);
	assert_quits(t);
}

/* LINES and COLUMNS stand in for a size the terminal does not tell; they are capped too. */
static void test_huge_lines_and_columns(void **state)
{
	const char *argv[] = {e2e_bin, "2048", "--seed", "7", NULL};
	const char *env[] = {"LINES=65535", "COLUMNS=65535", NULL};
	e2e_sandbox_forget();
	*state = e2e_start(24, 80, argv, env);
	struct e2e_term *t = *state;
	assert_non_null(t);
	assert_small(t, 0, "LINES and COLUMNS 65535");
	assert_plays(t);
	assert_quits(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_starts_at_65535x65535, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_starts_at_8000x8000, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_resized_to_huge_mid_game, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_huge_lines_and_columns, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
