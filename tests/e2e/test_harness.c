/* The harness tested on its own, with shell one-liners whose output is known exactly, so that a
 * failing game test points at the game and not at the harness. */
#define _POSIX_C_SOURCE 200809L /* kill, setenv, clock_gettime */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include <cmocka.h>
#include <vterm.h>

#include "harness.h"

#define TIMEOUT_MS 5000

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The terminal of the running test, so that teardown frees it even after a failed assert. */
static struct e2e_term *sh_at(void **state, int rows, int cols, const char *script,
                              const char *const env[])
{
	e2e_free(*state);
	const char *argv[] = {"/bin/sh", "-c", script, NULL};
	*state = e2e_start(rows, cols, argv, env);
	assert_non_null(*state);
	return *state;
}

static struct e2e_term *sh(void **state, const char *script)
{
	return sh_at(state, 24, 80, script, NULL);
}

static void assert_exit_code(struct e2e_term *t, int code)
{
	int status = e2e_wait_exit(t, TIMEOUT_MS);
	assert_true(status != -1);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), code);
}

static void test_text_exit_code_and_bytes(void **state)
{
	struct e2e_term *t = sh(state, "printf 'hello\\nworld\\n'; exit 3");
	assert_true(e2e_wait_text(t, "world", TIMEOUT_MS));
	assert_string_equal(e2e_row(t, 0), "hello");
	assert_string_equal(e2e_row(t, 1), "world");
	assert_string_equal(e2e_row(t, 2), "");
	int row, col;
	assert_true(e2e_find(t, "o", &row, &col));
	assert_true(row == 0 && col == 4);
	assert_true(e2e_find_from(t, "o", 1, &row, &col));
	assert_true(row == 1 && col == 1);
	assert_exit_code(t, 3);
	/* The line discipline turns each "\n" into "\r\n". */
	assert_int_equal(e2e_bytes(t), 14);
	assert_true(strncmp(e2e_screen(t), "hello\nworld\n\n", 13) == 0);
}

static void test_colours_and_attributes(void **state)
{
	static const char script[] = "printf '\\033[1;31mR\\033[0m\\033[7mV\\033[0m"
	                             "\\033[38;2;10;20;30mT\\033[0m\\033[48;5;200mB\\033[0mD\\n'";
	struct e2e_term *t = sh(state, script);
	assert_true(e2e_wait_text(t, "RVTBD", TIMEOUT_MS));
	struct e2e_cell c;
	assert_true(e2e_cell(t, 0, 0, &c));
	assert_string_equal(c.text, "R");
	assert_true(c.bold);
	assert_int_equal(c.fg.kind, E2E_COLOR_INDEXED);
	assert_int_equal(c.fg.index, 1);
	assert_true(e2e_cell(t, 0, 1, &c));
	assert_true(c.reverse);
	assert_false(c.bold);
	assert_true(e2e_cell(t, 0, 2, &c));
	assert_int_equal(c.fg.kind, E2E_COLOR_RGB);
	assert_int_equal(c.fg.r, 10);
	assert_int_equal(c.fg.g, 20);
	assert_int_equal(c.fg.b, 30);
	assert_true(e2e_cell(t, 0, 3, &c));
	assert_int_equal(c.bg.kind, E2E_COLOR_INDEXED);
	assert_int_equal(c.bg.index, 200);
	assert_int_equal(c.fg.kind, E2E_COLOR_DEFAULT);
	assert_true(e2e_cell(t, 0, 4, &c));
	assert_int_equal(c.fg.kind, E2E_COLOR_DEFAULT);
	assert_int_equal(c.bg.kind, E2E_COLOR_DEFAULT);
	assert_false(c.bold || c.reverse);
	assert_false(e2e_cell(t, 24, 0, &c));
	assert_false(e2e_cell(t, 0, 80, &c));
}

static void test_utf8_and_wide_characters(void **state)
{
	struct e2e_term *t = sh(state, "printf '\xc3\xa9\xe2\x86\x92\xe2\x96\x88\xe6\xbc\xa2x\\n'");
	assert_true(e2e_wait_text(t, "x", TIMEOUT_MS));
	assert_string_equal(e2e_row(t, 0), "\xc3\xa9\xe2\x86\x92\xe2\x96\x88\xe6\xbc\xa2x");
	int row, col;
	assert_true(e2e_find(t, "x", &row, &col));
	assert_int_equal(row, 0);
	assert_int_equal(col, 5); /* é → █ take one column each, 漢 two */
	struct e2e_cell c;
	assert_true(e2e_cell(t, 0, 3, &c));
	assert_string_equal(c.text, "\xe6\xbc\xa2");
	assert_int_equal(c.width, 2);
	assert_false(e2e_find(t, "absent", &row, &col));
}

static void test_reads_a_line(void **state)
{
	struct e2e_term *t = sh(state, "echo ready; read line; echo \"got:$line\"");
	assert_true(e2e_wait_text(t, "ready", TIMEOUT_MS));
	assert_true(e2e_send_str(t, "hello" E2E_KEY_ENTER));
	assert_true(e2e_wait_text(t, "got:hello", TIMEOUT_MS));
	assert_string_equal(e2e_row(t, 1), "hello"); /* echoed by the line discipline */
	assert_exit_code(t, 0);
}

static void test_modes_follow_escape_sequences(void **state)
{
	static const char script[] = "tput smcup; tput civis; printf '\\033[?1000h\\033[?1002h"
	                             "\\033[?1006h'; echo ready; read x; printf '\\033[?1006l"
	                             "\\033[?1002l\\033[?1000l'; tput cnorm; tput rmcup; echo done";
	struct e2e_term *t = sh(state, script);
	assert_false(e2e_altscreen(t));
	assert_true(e2e_cursor_visible(t));
	assert_int_equal(e2e_mouse_mode(t), VTERM_PROP_MOUSE_NONE);
	assert_true(e2e_wait_text(t, "ready", TIMEOUT_MS));
	assert_true(e2e_altscreen(t));
	assert_false(e2e_cursor_visible(t));
	assert_int_equal(e2e_mouse_mode(t), VTERM_PROP_MOUSE_DRAG);
	assert_true(e2e_send_str(t, E2E_KEY_ENTER));
	assert_exit_code(t, 0);
	assert_false(e2e_altscreen(t));
	assert_true(e2e_cursor_visible(t));
	assert_int_equal(e2e_mouse_mode(t), VTERM_PROP_MOUSE_NONE);
	/* "ready" was written on the alternate screen, which is gone. */
	assert_non_null(strstr(e2e_screen(t), "done"));
	assert_null(strstr(e2e_screen(t), "ready"));
}

/* As in xterm, saving and restoring the cursor (which ncurses does when it scrolls) and leaving
 * the alternate screen do not bring back a cursor hidden meanwhile. */
static void test_cursor_visibility_is_not_saved(void **state)
{
	static const char script[] = "tput smcup; tput civis; printf '\\0337\\0338'; tput cnorm; "
	                             "tput rmcup; echo done";
	struct e2e_term *t = sh(state, script);
	assert_exit_code(t, 0);
	assert_non_null(strstr(e2e_screen(t), "done"));
	assert_false(e2e_altscreen(t));
	assert_true(e2e_cursor_visible(t));
}

static void test_environment(void **state)
{
	const char *script = "echo \"[$TERM|$LC_ALL|${LINES-no}|${COLUMNS-no}|${E2E_SET-no}"
	                     "|${E2E_GONE-no}]\"";
	setenv("LINES", "5", 1);
	setenv("COLUMNS", "7", 1);
	setenv("E2E_GONE", "1", 1);
	const char *env[] = {"E2E_SET=yes", "E2E_GONE", NULL};
	struct e2e_term *t = sh_at(state, 24, 80, script, env);
	unsetenv("LINES");
	unsetenv("COLUMNS");
	unsetenv("E2E_GONE");
	assert_true(e2e_wait_text(t, "[xterm-256color|C.UTF-8|no|no|yes|no]", TIMEOUT_MS));
	const char *vt100[] = {"TERM=vt100", NULL};
	t = sh_at(state, 24, 80, script, vt100);
	assert_true(e2e_wait_text(t, "[vt100|", TIMEOUT_MS));
}

static void test_size_and_resize(void **state)
{
	struct e2e_term *t = sh_at(state, 30, 100,
	                           "stty size; trap 'stty size' WINCH; "
	                           "echo ready; while :; do read x; done",
	                           NULL);
	assert_true(e2e_wait_text(t, "ready", TIMEOUT_MS));
	assert_string_equal(e2e_row(t, 0), "30 100");
	assert_true(e2e_resize(t, 10, 40));
	assert_int_equal(e2e_rows(t), 10);
	assert_int_equal(e2e_cols(t), 40);
	/* Printed by the trap: the program got SIGWINCH and sees the new size. */
	assert_true(e2e_wait_text(t, "10 40", TIMEOUT_MS));
	assert_string_equal(e2e_row(t, 10), ""); /* off the smaller screen */
}

static void test_keys_and_mouse_bytes(void **state)
{
	/* In raw mode the program gets exactly the bytes sent; od shows them in hex. */
	struct e2e_term *t = sh_at(state, 10, 200,
	                           "stty raw -echo; echo ready; head -c 41 | "
	                           "od -An -tx1 -v | tr -d ' \\n'; echo .",
	                           NULL);
	assert_true(e2e_wait_text(t, "ready", TIMEOUT_MS));
	assert_true(e2e_send_str(t, E2E_KEY_UP E2E_KEY_DOWN E2E_KEY_RIGHT E2E_KEY_LEFT));
	assert_true(e2e_mouse_press(t, 5, 3));
	assert_true(e2e_mouse_drag(t, 7, 3));
	assert_true(e2e_mouse_release(t, 7, 3));
	assert_true(e2e_send_str(t, E2E_KEY_CTRL_C));
	const char *sent = "\033[A\033[B\033[C\033[D\033[<0;5;3M\033[<32;7;3M\033[<0;7;3m\003";
	char hex[128] = "";
	for (size_t i = 0; sent[i]; i++)
		snprintf(hex + 2 * i, sizeof hex - 2 * i, "%02x", (unsigned char)sent[i]);
	strcat(hex, ".");
	assert_true(e2e_wait_text(t, hex, TIMEOUT_MS));
}

static void test_answers_terminal_queries(void **state)
{
	/* A cursor position report, asked for the way curses programs do. */
	struct e2e_term *t = sh(state, "stty raw -echo; printf '\\033[3;5H\\033[6n'; "
	                               "head -c 6 | od -An -tx1 | tr -d ' \\n'; echo .");
	assert_true(e2e_wait_text(t, "1b5b333b3552.", TIMEOUT_MS)); /* ESC [ 3 ; 5 R */
}

static void test_tty_modes_are_visible_after_exit(void **state)
{
	struct termios tio;
	struct e2e_term *t = sh(state, "stty -echo -icanon");
	assert_exit_code(t, 0);
	assert_int_equal(e2e_tty_attr(t, &tio), 0);
	assert_false(tio.c_lflag & ECHO);
	assert_false(tio.c_lflag & ICANON);
	t = sh(state, "stty -echo -icanon; stty echo icanon");
	assert_exit_code(t, 0);
	assert_int_equal(e2e_tty_attr(t, &tio), 0);
	assert_true(tio.c_lflag & ECHO);
	assert_true(tio.c_lflag & ICANON);
}

static void test_waits_time_out(void **state)
{
	struct e2e_term *t = sh(state, "echo hi; exec sleep 30");
	assert_true(e2e_wait_text(t, "hi", TIMEOUT_MS));
	int64_t start = now_ms();
	assert_false(e2e_wait_text(t, "never", 200));
	assert_int_equal(e2e_wait_exit(t, 100), -1);
	assert_true(e2e_wait_quiet(t, 50, TIMEOUT_MS));
	assert_in_range(now_ms() - start, 300, 2000);
	assert_int_equal(kill(e2e_pid(t), SIGTERM), 0);
	int status = e2e_wait_exit(t, TIMEOUT_MS);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGTERM);
}

static void test_never_quiet(void **state)
{
	struct e2e_term *t = sh(state, "while :; do echo x; done");
	int64_t start = now_ms();
	assert_false(e2e_wait_quiet(t, 50, 300));
	assert_in_range(now_ms() - start, 300, 2000);
	assert_true(e2e_bytes(t) > 0);
}

static void test_waits_end_when_the_program_exits(void **state)
{
	struct e2e_term *t = sh(state, "echo bye");
	int64_t start = now_ms();
	assert_false(e2e_wait_text(t, "never", TIMEOUT_MS));
	assert_true(now_ms() - start < TIMEOUT_MS / 2);
	assert_non_null(strstr(e2e_screen(t), "bye"));
}

static void test_program_that_cannot_run(void **state)
{
	e2e_free(*state);
	const char *argv[] = {"/nonexistent/e2e-program", NULL};
	*state = e2e_start(24, 80, argv, NULL);
	assert_non_null(*state);
	assert_exit_code(*state, 127);
	assert_non_null(strstr(e2e_screen(*state), "cannot run"));
}

int main(void)
{
	/* These tests time the harness's own limits; they run no program that a wrapper slows. */
	unsetenv("E2E_SLOWDOWN");
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_text_exit_code_and_bytes, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_colours_and_attributes, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_utf8_and_wide_characters, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_reads_a_line, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_modes_follow_escape_sequences, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_cursor_visibility_is_not_saved, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_environment, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_size_and_resize, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_keys_and_mouse_bytes, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_answers_terminal_queries, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_tty_modes_are_visible_after_exit, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_waits_time_out, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_never_quiet, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_waits_end_when_the_program_exits, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_program_that_cannot_run, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
