/* The kitty keyboard protocol (issue 8): N's play screen asks for key releases, every way out
 * of it gives the terminal back without them (leaving, Ctrl-Z, Ctrl-C, SIGTERM, SIGHUP,
 * SIGINT), and keys sent in the protocol's encoding mean what their legacy bytes mean. The
 * harness's terminal does not speak the protocol: it records the pushes and pops, and the test
 * sends the protocol's key sequences itself, as kitty would (flags 11: every key as CSI ... u,
 * with :2 for a repeat and :3 for a release). TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 8000
#define QUIET_MS 300

/* Keys as a terminal with the protocol sends them. */
#define K_ESC "\033[27u"
#define K_ESC_UP "\033[27;1:3u"
#define K_HELP "\033[47;2u" /* '?' is shift and '/' */
#define K_HELP_UP "\033[47;2:3u"
#define K_ENTER "\033[13u"
#define K_ENTER_UP "\033[13;1:3u"
#define K_CTRL_C "\033[99;5u"
#define K_CTRL_C_NUMLOCK "\033[99;133u" /* with num lock on, as flag 8 reports it */
#define K_CTRL_Z "\033[122;5u"
#define K_Q "\033[113u"

static int teardown(void **state)
{
	e2e_term_teardown(state);
	e2e_sandbox_forget();
	return 0;
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fail_msg("'%s' not on the screen:\n%s", text, e2e_screen(t));
}

static bool on_screen(struct e2e_term *t, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col);
}

static void settle(struct e2e_term *t)
{
	e2e_wait_quiet(t, QUIET_MS, WAIT_MS);
}

static bool status_has(struct e2e_term *t, void *text)
{
	return strstr(e2e_row(t, e2e_rows(t) - 1), text) != NULL;
}

static bool log_is(struct e2e_term *t, void *log)
{
	return strcmp(e2e_key_reports_log(t), log) == 0;
}

/* Until the pushes and pops so far are log ('+' a push, '-' a pop). */
static void wait_log(struct e2e_term *t, const char *log)
{
	if (!e2e_wait(t, log_is, (void *)log, WAIT_MS))
		fail_msg("key reports pushed and popped \"%s\", not \"%s\"", e2e_key_reports_log(t),
		         log);
}

/* An empty room with the ninja on its floor: N's browser opens it, Enter plays it. */
static struct e2e_term *start_play(void **state)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/keys.txt", e2e_sandbox);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 713; i++)
		fputc('0', f);
	fputs("|5^300,560\n", f);
	assert_int_equal(fclose(f), 0);

	const char *argv[] = {e2e_bin, "ninja", NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	wait_text(t, "Enter play");
	assert_int_equal(e2e_key_reports(t), 0); /* only the play screen asks */
	e2e_send_str(t, "o");
	wait_text(t, "Open level file");
	e2e_send_str(t, "\025"); /* Ctrl-U */
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "opened");
	e2e_send_str(t, E2E_KEY_ENTER);
	if (!e2e_wait(t, status_has, "time ", WAIT_MS))
		fail_msg("no play screen:\n%s", e2e_screen(t));
	wait_log(t, "+");
	assert_int_equal(e2e_key_reports(t), 1);
	return t;
}

static void assert_exits_given_back(struct e2e_term *t)
{
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_int_not_equal(status, -1);
	assert_int_equal(e2e_key_reports(t), 0);
	assert_false(e2e_altscreen(t));
}

/* Leaving the play screen stops the releases; a key let go after that (its release sent
 * before the terminal read the pop) does nothing in the browser. */
static void test_leaving_play_stops_releases(void **state)
{
	struct e2e_term *t = start_play(state);
	e2e_send_str(t, K_ESC);
	wait_text(t, "Enter play");
	wait_log(t, "+-");
	assert_int_equal(e2e_key_reports(t), 0);
	e2e_send_str(t, K_ESC_UP); /* an Esc would leave the browser */
	settle(t);
	assert_true(on_screen(t, "Enter play"));
	e2e_send_str(t, K_ENTER); /* the protocol's Enter plays again */
	if (!e2e_wait(t, status_has, "time ", WAIT_MS))
		fail_msg("Enter as CSI 13u did not play:\n%s", e2e_screen(t));
	wait_log(t, "+-+");
	e2e_send_str(t, K_ENTER_UP);
	e2e_send_str(t, K_Q);
	wait_text(t, "Enter play");
	wait_log(t, "+-+-");
	assert_int_equal(e2e_key_reports(t), 0);
}

/* A release is not a press: letting go of '?' leaves the help open; the next press closes it. */
static void test_release_is_not_a_press(void **state)
{
	struct e2e_term *t = start_play(state);
	e2e_send_str(t, K_HELP);
	wait_text(t, "Terminals send");
	e2e_send_str(t, K_HELP_UP);
	settle(t);
	assert_true(on_screen(t, "Terminals send"));
	e2e_send_str(t, K_ESC);
	settle(t);
	assert_false(on_screen(t, "Terminals send"));
	assert_true(status_has(t, "time "));
	e2e_send_str(t, K_ESC_UP);
	settle(t);
	assert_true(status_has(t, "time ")); /* still playing */
}

/* Ctrl-Z in the protocol's encoding suspends: the protocol is popped before the terminal is
 * handed back and pushed again on resuming (the harness has no shell: it resumes at once). */
static void test_ctrl_z_pops_and_pushes_again(void **state)
{
	struct e2e_term *t = start_play(state);
	e2e_send_str(t, K_CTRL_Z);
	wait_log(t, "+-+");
	assert_int_equal(e2e_key_reports(t), 1);
	assert_true(status_has(t, "time "));
}

static void test_ctrl_c_quits_and_pops(void **state)
{
	struct e2e_term *t = start_play(state);
	e2e_send_str(t, K_CTRL_C);
	assert_exits_given_back(t);
}

static void test_ctrl_c_with_num_lock_quits_and_pops(void **state)
{
	struct e2e_term *t = start_play(state);
	e2e_send_str(t, K_CTRL_C_NUMLOCK);
	assert_exits_given_back(t);
}

static void signal_pops(void **state, int sig)
{
	struct e2e_term *t = start_play(state);
	assert_int_equal(kill(e2e_pid(t), sig), 0);
	assert_exits_given_back(t);
	assert_string_equal(e2e_key_reports_log(t), "+-");
}

static void test_sigterm_pops(void **state)
{
	signal_pops(state, SIGTERM);
}

static void test_sighup_pops(void **state)
{
	signal_pops(state, SIGHUP);
}

static void test_sigint_pops(void **state)
{
	signal_pops(state, SIGINT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_leaving_play_stops_releases, teardown),
	        cmocka_unit_test_teardown(test_release_is_not_a_press, teardown),
	        cmocka_unit_test_teardown(test_ctrl_z_pops_and_pushes_again, teardown),
	        cmocka_unit_test_teardown(test_ctrl_c_quits_and_pops, teardown),
	        cmocka_unit_test_teardown(test_ctrl_c_with_num_lock_quits_and_pops, teardown),
	        cmocka_unit_test_teardown(test_sigterm_pops, teardown),
	        cmocka_unit_test_teardown(test_sighup_pops, teardown),
	        cmocka_unit_test_teardown(test_sigint_pops, teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
