/* Batch commands are bounded. One huge line fed to a --solve, --parse or --check (300 MB,
 * written through a pipe as it is read, never stored) gets one line on stderr and the next line
 * is still answered, with the command's peak memory a few MB (the child's own, from wait4), not
 * the size of the line. And the work one command may ask (autoplay games and depth, playable N
 * levels, N levels searched) is capped, so that none runs for hours: past a cap, one line that
 * names it. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* wait4 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "proc.h"
#include "sandbox.h"

#define HUGE_LINE_BYTES (300L << 20)
#define PEAK_KB_MAX (32L << 10) /* the whole line held would be 300 MB */

struct huge_run {
	int status;
	long peak_kb;
	char out[4096], err[4096];
};

/* The whole of a small file into buf. */
static void slurp(FILE *f, char *buf, size_t len)
{
	rewind(f);
	size_t n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
}

/* Runs tilecade with args on stdin: HUGE_LINE_BYTES of 'x', a LF, then `after`. */
static void run_huge(const char *game, const char *option, const char *after, struct huge_run *r)
{
	int in[2];
	assert_int_equal(pipe(in), 0);
	FILE *out = tmpfile(), *err = tmpfile();
	assert_non_null(out);
	assert_non_null(err);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(fileno(out), 1);
		dup2(fileno(err), 2);
		close(in[0]);
		close(in[1]);
		execl(e2e_bin, e2e_bin, game, option, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	/* A command that stops reading early closes the pipe: the writes then fail with EPIPE. */
	signal(SIGPIPE, SIG_IGN);
	static char chunk[1 << 16];
	memset(chunk, 'x', sizeof chunk);
	bool open = true;
	for (long left = HUGE_LINE_BYTES; open && left > 0; left -= (long)sizeof chunk)
		open = write(in[1], chunk, sizeof chunk) == (ssize_t)sizeof chunk;
	if (open && write(in[1], "\n", 1) == 1)
		open = write(in[1], after, strlen(after)) == (ssize_t)strlen(after);
	close(in[1]);
	struct rusage ru;
	assert_int_equal(wait4(pid, &r->status, 0, &ru), pid);
	r->peak_kb = ru.ru_maxrss;
	slurp(out, r->out, sizeof r->out);
	slurp(err, r->err, sizeof r->err);
	fclose(out);
	fclose(err);
	print_message("# %s %s: peak %ld KB, stderr: %s", game, option, r->peak_kb, r->err);
}

static void assert_one_line(const char *text, const char *expected)
{
	assert_string_equal(text, expected);
}

static void assert_exit(const struct huge_run *r, int code)
{
	assert_true(WIFEXITED(r->status));
	assert_int_equal(WEXITSTATUS(r->status), code);
	assert_true(r->peak_kb < PEAK_KB_MAX);
}

static void test_sudoku_solve_skips_a_huge_line(void **state)
{
	struct huge_run r;
	run_huge("sudoku", "--solve", "1..\n", &r);
	assert_exit(&r, 1);
	assert_one_line(r.err, "tilecade: line 1: longer than 4096 bytes, skipped\n");
	assert_string_equal(r.out, "invalid: line is 3 characters, not 81\n"); /* the next line */
}

/* N levels are at most 16 KiB: --parse, --check and --solve skip the line and answer the
 * next. */
static void test_ninja_commands_skip_a_huge_line(void **state)
{
	const char *options[] = {"--parse", "--check", "--solve"};
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
		struct huge_run r;
		run_huge("ninja", options[i], "0\n", &r);
		assert_exit(&r, 1);
		assert_one_line(r.err, "tilecade: line 1: longer than 16384 bytes, skipped\n");
		assert_non_null(strstr(r.out, "invalid: "));
	}
}

/* zNumbers' --solve reads its whole input before it solves (malformed input prints only its
 * error): a huge line is that error, found after 4 KiB of it. */
static void test_znumbers_solve_refuses_a_huge_line(void **state)
{
	struct huge_run r;
	run_huge("znumbers", "--solve", "12\n", &r);
	assert_exit(&r, 2);
	assert_one_line(r.err, "tilecade: line 1: longer than 4096 bytes\n");
	assert_string_equal(r.out, "");
}

/* Runs tilecade with args (NULL-terminated) and stdin from /dev/null. */
static void run_args(const char *const *args, struct e2e_run *r)
{
	const char *argv[16] = {e2e_bin};
	for (int i = 0; args[i]; i++)
		argv[i + 1] = args[i];
	assert_true(e2e_run(argv, 10000, r));
}

/* Too much work asked for is a usage error, one line naming the limit. */
static void test_work_asked_for_is_capped(void **state)
{
	static const struct {
		const char *args[10];
		const char *says;
	} over[] = {
	        {{"2048", "--autoplay", "--games", "1001", NULL},
	         "--games is at most 1000 at --depth 3"},
	        {{"2048", "--autoplay", "--depth", "5", "--games", "11", NULL},
	         "--games is at most 10 at --depth 5"},
	        {{"2048", "--autoplay", "--games", "2", "--depth", "6", NULL},
	         "--games is at most 1 at --depth 6"},
	        {{"2048", "--autoplay", "--depth", "7", NULL},
	         "--depth must be a whole number from 1 to 6"},
	        {{"ninja", "--generate", "--playable", "--count", "5001", NULL},
	         "--count is at most 5000 with --playable"},
	        /* A board larger than 4x4: its games stop at 10000 moves, and fewer are played. */
	        {{"2048", "--autoplay", "--size", "8", "--games", "4", NULL},
	         "--games is at most 3 at --depth 3 on a board larger than 4x4 (each game stops "
	         "at 10000 moves), not 4"},
	        {{"2048", "--autoplay", "--size", "5", "--depth", "1", "--games", "1001", NULL},
	         "--games is at most 1000 at --depth 1 on a board larger than 4x4"},
	        {{"2048", "--autoplay", "--size", "6", "--depth", "4", "--games", "3", NULL},
	         "--games is at most 2 at --depth 4 on a board larger than 4x4"},
	        {{"sudoku", "--generate", "--difficulty", "intermediate", "--count", "40001",
	          NULL},
	         "--count is at most 40000 with --difficulty intermediate"},
	        /* The second of an option given twice would silently win. */
	        {{"sudoku", "--generate", "--count", "1", "--count", "2", NULL},
	         "--count is given twice; give it once"},
	        {{"2048", "--autoplay", "--depth=1", "--depth", "2", NULL},
	         "--depth is given twice; give it once"},
	};
	for (size_t i = 0; i < sizeof over / sizeof over[0]; i++) {
		struct e2e_run r;
		run_args(over[i].args, &r);
		assert_true(WIFEXITED(r.status));
		assert_int_equal(WEXITSTATUS(r.status), 2);
		assert_non_null(strstr(r.err, over[i].says));
		assert_int_equal(strchr(r.err, '\n') - r.err + 1, (long)strlen(r.err));
		e2e_run_free(&r);
	}
}

/* A game on a board larger than 4x4 hardly ends (2.8 million moves on 8x8 at depth 1): it
 * stops at 10000 moves, its line saying so. */
static void test_big_board_games_stop(void **state)
{
	static const char *const args[] = {"2048", "--autoplay", "--size", "8", "--depth", "1",
	                                   "--seed", "1", NULL};
	struct e2e_run r;
	run_args(args, &r);
	assert_true(WIFEXITED(r.status));
	assert_int_equal(WEXITSTATUS(r.status), 0);
	const char *line_end = strchr(r.out, '\n');
	assert_non_null(line_end);
	assert_non_null(strstr(r.out, " moves 10000 ms_per_move "));
	assert_memory_equal(line_end - strlen(" stopped"), " stopped", strlen(" stopped"));
	e2e_run_free(&r);
}

/* N's --check and --solve search every level: one run reads at most 2000 lines. */
static void test_ninja_searches_are_capped(void **state)
{
	FILE *in = tmpfile();
	assert_non_null(in);
	for (int i = 0; i < 2001; i++)
		fputs("0\n", in); /* refused at once, but a line all the same */
	fflush(in);
	const char *options[] = {"--check", "--solve"};
	for (size_t k = 0; k < 2; k++) {
		rewind(in);
		FILE *err = tmpfile();
		assert_non_null(err);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			dup2(fileno(in), 0);
			dup2(fileno(err), 2);
			int null = open("/dev/null", O_WRONLY);
			dup2(null, 1);
			execl(e2e_bin, e2e_bin, "ninja", options[k], (char *)NULL);
			_exit(127);
		}
		int status;
		assert_int_equal(waitpid(pid, &status, 0), pid);
		char text[512];
		slurp(err, text, sizeof text);
		fclose(err);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 1);
		assert_string_equal(text, "tilecade: line 2001: more than 2000 lines in one run; "
		                          "the rest is not read\n");
	}
	fclose(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_sudoku_solve_skips_a_huge_line),
	        cmocka_unit_test(test_ninja_commands_skip_a_huge_line),
	        cmocka_unit_test(test_znumbers_solve_refuses_a_huge_line),
	        cmocka_unit_test(test_work_asked_for_is_capped),
	        cmocka_unit_test(test_big_board_games_stop),
	        cmocka_unit_test(test_ninja_searches_are_capped),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
