/* tilecade on the terminals its players have (issue 10, "Terminals"): every screen on vt100,
 * xterm, xterm-256color, screen, tmux and their 256-colour kinds, drawing only the colours the
 * terminal has (none on a vt100); only ASCII with LC_ALL=C; sizes from 1x1 to 400x150 and
 * resizes at any moment, after which the screen is exactly what it was; and a clear error,
 * with the terminal left alone, where it cannot run (TERM dumb, unknown or unset).
 * TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 10000
#define QUIET_MS 80

/* A screen of tilecade: how to open it, and text it shows once drawn at 80x24. */
struct screen {
	const char *name;
	const char *args[4];
	const char *drawn;
};

static const struct screen screens[] = {
        {"menu", {NULL}, "tile games for the terminal"},
        {"znumbers", {"znumbers", "--seed", "1", NULL}, "? help"},
        {"match3", {"match3", "--seed", "1", NULL}, "? help"},
        {"sudoku", {"sudoku", "--seed", "1", NULL}, "? help"},
        /* N's level browser takes no seed; "boxed" says its check is done. */
        {"ninja", {"ninja", NULL}, "boxed"},
        {"2048", {"2048", "--seed", "1", NULL}, "? help"},
};
#define SCREENS (sizeof screens / sizeof screens[0])

/* Starts a screen on a rows x cols terminal with env (NULL-terminated, may be NULL) added to a
 * player's usual environment with colours on; kept in *state for teardown. */
static struct e2e_term *start(void **state, const struct screen *s, int rows, int cols,
                              const char *const extra[])
{
	const char *argv[8] = {e2e_bin};
	for (int i = 0; s->args[i]; i++)
		argv[i + 1] = s->args[i];
	const char *env[8] = {"NO_COLOR"};
	for (int i = 0; extra && extra[i] && i < 6; i++)
		env[i + 1] = extra[i];
	e2e_free(*state);
	e2e_sandbox_forget();
	*state = e2e_start(rows, cols, argv, env);
	assert_non_null(*state);
	return *state;
}

static void wait_text(struct e2e_term *t, const char *what, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "%s: waited for '%s' on the screen:\n%s\n", what, text,
		        e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

static void assert_running(struct e2e_term *t, const char *what)
{
	int status = e2e_wait_exit(t, 0);
	if (status != -1)
		fprintf(stderr, "%s: ended (status 0x%x); screen:\n%s\n", what, status,
		        e2e_screen(t));
	assert_int_equal(status, -1);
}

/* q until it ends (a game goes back to the menu first, and asks before leaving a game in
 * play), with status 0 and the terminal as it was. */
static void quit(struct e2e_term *t, const char *what)
{
	int status = -1;
	for (int i = 0; i < 6 && status == -1; i++) {
		settle(t);
		assert_true(e2e_send_str(t, strstr(e2e_screen(t), "(y/n)") ? "y" : "q"));
		status = e2e_wait_exit(t, 500);
	}
	if (status != 0)
		fprintf(stderr, "%s: q gave status 0x%x; screen:\n%s\n", what, status,
		        e2e_screen(t));
	assert_int_equal(status, 0);
	assert_true(e2e_terminal_given_back(t));
}

/* ---- colours and glyphs ---- */

/* Every cell uses only colours the terminal has (colours 0: none at all) and, without UTF-8,
 * only ASCII; the first offending cell is printed. */
static void assert_cells_fit(struct e2e_term *t, const char *what, int colours, bool ascii)
{
	for (int row = 0; row < e2e_rows(t); row++)
		for (int col = 0; col < e2e_cols(t); col++) {
			struct e2e_cell c;
			assert_true(e2e_cell(t, row, col, &c));
			const struct e2e_color *both[] = {&c.fg, &c.bg};
			for (int k = 0; k < 2; k++) {
				bool ok = both[k]->kind == E2E_COLOR_DEFAULT ||
				          (both[k]->kind == E2E_COLOR_INDEXED &&
				           both[k]->index < colours);
				if (!ok)
					fprintf(stderr,
					        "%s: cell %d,%d '%s' has %s colour %d on a "
					        "terminal "
					        "of %d colours:\n%s\n",
					        what, row, col, c.text, k ? "background" : "text",
					        both[k]->index, colours, e2e_screen(t));
				assert_true(ok);
			}
			for (const char *p = c.text; ascii && *p; p++) {
				if ((unsigned char)*p >= 0x80)
					fprintf(stderr, "%s: cell %d,%d is '%s', not ASCII:\n%s\n",
					        what, row, col, c.text, e2e_screen(t));
				assert_true((unsigned char)*p < 0x80);
			}
		}
}

/* Opens every screen under env, checks it is drawn and fits, plays a key, opens the help, and
 * quits. */
static void tour(void **state, const char *const env[], int colours, bool ascii)
{
	for (size_t i = 0; i < SCREENS; i++) {
		const struct screen *s = &screens[i];
		char what[96];
		snprintf(what, sizeof what, "%s with %s%s%s", s->name, env[0], env[1] ? " " : "",
		         env[1] ? env[1] : "");
		struct e2e_term *t = start(state, s, 24, 80, env);
		wait_text(t, what, s->drawn);
		settle(t);
		assert_cells_fit(t, what, colours, ascii);
		assert_true(e2e_send_str(t, E2E_KEY_DOWN E2E_KEY_RIGHT));
		settle(t);
		assert_true(e2e_send_str(t, "?"));
		settle(t);
		assert_running(t, what);
		assert_cells_fit(t, what, colours, ascii);
		assert_true(e2e_send_str(t, " "));
		settle(t);
		quit(t, what);
	}
}

#define TOUR_TEST(fn, term, colours)                                                               \
	static void fn(void **state)                                                               \
	{                                                                                          \
		const char *env[] = {"TERM=" term, NULL};                                          \
		tour(state, env, colours, false);                                                  \
	}
TOUR_TEST(test_vt100_has_no_colours, "vt100", 0)
TOUR_TEST(test_xterm_eight_colours, "xterm", 8)
TOUR_TEST(test_xterm_256color, "xterm-256color", 256)
TOUR_TEST(test_screen_eight_colours, "screen", 8)
TOUR_TEST(test_screen_256color, "screen-256color", 256)
TOUR_TEST(test_tmux_eight_colours, "tmux", 8)
TOUR_TEST(test_tmux_256color, "tmux-256color", 256)

static void test_lang_c_draws_ascii(void **state)
{
	const char *env[] = {"LC_ALL=C", NULL};
	tour(state, env, 256, true);
}

/* The Linux console's fonts lack most glyphs beyond ASCII, though it takes UTF-8 (issue 27). */
static void test_linux_console_draws_ascii(void **state)
{
	const char *env[] = {"TERM=linux", NULL};
	tour(state, env, 8, true);
}

static void test_posix_locale_on_vt100_draws_ascii(void **state)
{
	const char *env[] = {"LC_ALL=POSIX", "TERM=vt100", NULL};
	tour(state, env, 0, true);
}

/* ---- where it cannot run ---- */

/* The program ends at once with status 1, says why in one line that names a way out, and
 * leaves the terminal as it was. */
static void assert_refuses(void **state, const char *const env[], const char *why)
{
	struct e2e_term *t = start(state, &screens[0], 24, 200, env);
	int status = e2e_wait_exit(t, WAIT_MS);
	if (!strstr(e2e_screen(t), why) || !strstr(e2e_screen(t), "TERM=xterm-256color"))
		fprintf(stderr, "expected '%s' and a way out:\n%s\n", why, e2e_screen(t));
	assert_non_null(strstr(e2e_screen(t), why));
	assert_non_null(strstr(e2e_screen(t), "TERM=xterm-256color"));
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);
	assert_true(e2e_terminal_given_back(t));
}

static void test_unknown_term_is_a_clear_error(void **state)
{
	const char *env[] = {"TERM=no-such-terminal", NULL};
	assert_refuses(state, env, "unknown terminal type 'no-such-terminal'");
}

/* A TERM no terminal is named (issue 27: 5000 characters were echoed in full): the line shows
 * its start, cut to 64 columns, its escape sequence as one '?'. */
static void test_a_huge_term_is_cut_in_the_error_line(void **state)
{
	static char term[5 + 5 + 5000 + 1] = "TERM=\033[31m";
	memset(term + strlen(term), 'x', 5000);
	const char *env[] = {term, NULL};
	assert_refuses(state, env, "unknown terminal type '?xxx");
	const char *name = strstr(e2e_screen(state[0]), "type '?") + strlen("type '?");
	size_t shown = strspn(name, "x");
	if (1 + shown + 1 > 64)
		fprintf(stderr, "TERM not cut:\n%s\n", e2e_screen(state[0]));
	assert_int_equal(1 + shown + 1, 64); /* the '?', the x's and the mark */
	const char *mark = strncmp(name + shown, "~", 1) == 0 ? "~" : "…";
	assert_true(strncmp(name + shown, mark, strlen(mark)) == 0);
	assert_int_equal(name[shown + strlen(mark)], '\'');
}

static void test_dumb_term_is_a_clear_error(void **state)
{
	const char *env[] = {"TERM=dumb", NULL};
	assert_refuses(state, env, "'dumb' cannot move the cursor");
}

static void test_unset_term_is_a_clear_error(void **state)
{
	const char *env[] = {"TERM", NULL};
	assert_refuses(state, env, "TERM is not set");
}

/* ---- sizes and resizes ---- */

/* The screen's text with clocks ("0:07") masked, which run on while the test resizes. */
static void screen_without_clocks(struct e2e_term *t, char *out, size_t size)
{
	snprintf(out, size, "%s", e2e_screen(t));
	for (char *p = out; *p; p++)
		if (isdigit((unsigned char)p[0]) && p[1] == ':' && isdigit((unsigned char)p[2]) &&
		    isdigit((unsigned char)p[3]))
			p[0] = p[2] = p[3] = '#';
}

static bool shows_text(struct e2e_term *t, void *text)
{
	return strstr(e2e_screen(t), text) != NULL;
}

/* After a resize to 24x80 the screen comes back exactly as it was before (clocks aside). */
static void assert_screen_back(struct e2e_term *t, const char *what, const char *before)
{
	static char now[24 * 81 * 4 + 1];
	assert_true(e2e_resize(t, 24, 80));
	for (int i = 0; i < WAIT_MS / 100; i++) {
		settle(t);
		screen_without_clocks(t, now, sizeof now);
		if (strcmp(now, before) == 0)
			return;
	}
	fprintf(stderr, "%s: the screen after the resizes:\n%s\nbefore them:\n%s\n", what, now,
	        before);
	assert_string_equal(now, before);
}

/* Sizes a player can make, from a sliver to a wall of screens. */
static const int sizes[][2] = {{1, 1},  {1, 80},  {24, 1},  {2, 2},     {3, 20},   {7, 39},
                               {8, 40}, {150, 1}, {1, 400}, {150, 400}, {50, 200}, {24, 80}};
#define SIZES (sizeof sizes / sizeof sizes[0])

/* Every screen started at every size draws what fits (the game, or how big the window must be)
 * and, resized to 80x24, the whole screen. */
static void test_every_screen_starts_at_any_size(void **state)
{
	for (size_t i = 0; i < SCREENS; i++)
		for (size_t k = 0; k < SIZES; k++) {
			char what[64];
			snprintf(what, sizeof what, "%s started at %dx%d", screens[i].name,
			         sizes[k][1], sizes[k][0]);
			struct e2e_term *t =
			        start(state, &screens[i], sizes[k][0], sizes[k][1], NULL);
			settle(t);
			assert_running(t, what);
			assert_true(e2e_resize(t, 24, 80));
			wait_text(t, what, screens[i].drawn);
			settle(t);
			assert_running(t, what);
			quit(t, what);
		}
}

/* xorshift: the sizes need only be varied and repeatable. */
static unsigned next_size(unsigned *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* 100 resizes in a row to sizes from 1x1 to 400x150, some while a key's animation runs, none
 * waited for; back at 80x24 the screen is exactly what it was. */
static void test_resize_storms_leave_the_screen_as_it_was(void **state)
{
	static char before[24 * 81 * 4 + 1];
	unsigned seed = 20261122;
	for (size_t i = 0; i < SCREENS; i++) {
		struct e2e_term *t = start(state, &screens[i], 24, 80, NULL);
		char what[64];
		snprintf(what, sizeof what, "%s in a resize storm", screens[i].name);
		wait_text(t, what, screens[i].drawn);
		settle(t);
		screen_without_clocks(t, before, sizeof before);
		for (int r = 0; r < 100; r++)
			assert_true(e2e_resize(t, 1 + (int)(next_size(&seed) % 150),
			                       1 + (int)(next_size(&seed) % 400)));
		assert_running(t, what);
		assert_screen_back(t, what, before);
		/* shrunk to nothing and grown back before the program looks: the terminal lost
		 * what it showed though the size is the same */
		assert_true(e2e_resize(t, 1, 1));
		assert_screen_back(t, what, before);
		/* and again with a key in between: the storm lands mid-animation */
		assert_true(e2e_send_str(t, E2E_KEY_LEFT));
		for (int r = 0; r < 100; r++)
			assert_true(e2e_resize(t, 1 + (int)(next_size(&seed) % 150),
			                       1 + (int)(next_size(&seed) % 400)));
		assert_true(e2e_resize(t, 24, 80));
		/* the key's animation (a slide, then the new tile) is over: half a second quiet */
		assert_true(e2e_wait_quiet(t, 500, WAIT_MS));
		screen_without_clocks(t, before, sizeof before);
		assert_true(e2e_resize(t, 4, 60));
		assert_true(e2e_wait(t, shows_text, "(now 60x4)", WAIT_MS));
		assert_screen_back(t, what, before);
		quit(t, what);
	}
}

int main(void)
{
	/* TILECADE_TEST_ONLY=test_tmux* (a cmocka pattern) runs only those tests. */
	if (getenv("TILECADE_TEST_ONLY"))
		cmocka_set_test_filter(getenv("TILECADE_TEST_ONLY"));
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_vt100_has_no_colours, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_xterm_eight_colours, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_xterm_256color, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_screen_eight_colours, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_screen_256color, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_tmux_eight_colours, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_tmux_256color, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_lang_c_draws_ascii, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_posix_locale_on_vt100_draws_ascii,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_linux_console_draws_ascii, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_unknown_term_is_a_clear_error, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_a_huge_term_is_cut_in_the_error_line,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_dumb_term_is_a_clear_error, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_unset_term_is_a_clear_error, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_every_screen_starts_at_any_size, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_resize_storms_leave_the_screen_as_it_was,
	                                  e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
