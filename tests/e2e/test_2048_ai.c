/* 2048's computer player on the screen (issue 9): H shows the best slide with an arrow on the
 * board's edge, a starts autoplay once the player says yes (it unranks the game), + and - set
 * its speed, any other key stops it, and a game the computer played in goes on no scoreboard,
 * even after a save and --continue. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "harness.h"
#include "play_2048.h"
#include "proc.h"
#include "sandbox.h"
#include "screen_2048.h"

#define WAIT_MS 5000
#define GAME_OVER_MS 60000 /* a whole 3x3 game at full speed, with room for a slow sanitizer */
#define QUIET_MS 60

/* Starts tilecade with the NULL-terminated arguments that follow on an 80x24 terminal kept in
 * *state; forget: from a player with no saves and scores. */
static struct e2e_term *start(void **state, bool forget, ...)
{
	const char *argv[16] = {e2e_bin};
	int argc = 1;
	va_list ap;
	va_start(ap, forget);
	for (const char *arg; (arg = va_arg(ap, const char *)) && argc < 15;)
		argv[argc++] = arg;
	va_end(ap);
	const char *env[] = {"NO_COLOR", NULL};
	e2e_free(*state);
	if (forget)
		e2e_sandbox_forget();
	*state = e2e_start(24, 80, argv, env);
	assert_non_null(*state);
	return *state;
}

static void type_keys(struct e2e_term *t, const char *keys)
{
	assert_true(e2e_send_str(t, keys));
}

static void wait_text_for(struct e2e_term *t, const char *text, int timeout_ms)
{
	if (!e2e_wait_text(t, text, timeout_ms))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

static void wait_text(struct e2e_term *t, const char *text)
{
	wait_text_for(t, text, WAIT_MS);
}

static void wait_gone(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_gone(t, text, WAIT_MS))
		fail_msg("'%s' stays on the screen:\n%s", text, e2e_screen(t));
}

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

static struct e2e_2048_status status_of(struct e2e_term *t)
{
	struct e2e_2048_status s;
	if (!e2e_2048_status(t, &s))
		fprintf(stderr, "no 2048 status line:\n%s\n", e2e_screen(t));
	assert_true(e2e_2048_status(t, &s));
	return s;
}

static bool moves_at_least(struct e2e_term *t, void *moves)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.moves >= *(int *)moves;
}

/* Waits until the move counter reaches moves, with no key sent: the computer plays. */
static void wait_moves(struct e2e_term *t, int moves)
{
	if (!e2e_wait(t, moves_at_least, &moves, WAIT_MS))
		fprintf(stderr, "waited for %d moves:\n%s\n", moves, e2e_screen(t));
	assert_true(moves_at_least(t, &moves));
}

static bool clock_at_least(struct e2e_term *t, void *seconds)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.minutes * 60 + s.seconds >= *(int *)seconds;
}

/* Autoplay has stopped: while the game's clock goes on for two more seconds (at the slowest
 * speed autoplay would have moved twice), the move counter stays where it is. */
static void assert_stays_stopped(struct e2e_term *t)
{
	struct e2e_2048_status before = status_of(t);
	int later = before.minutes * 60 + before.seconds + 2;
	assert_true(e2e_wait(t, clock_at_least, &later, WAIT_MS));
	struct e2e_2048_status after = status_of(t);
	if (after.moves != before.moves)
		fprintf(stderr, "moves went from %d to %d after autoplay stopped:\n%s\n",
		        before.moves, after.moves, e2e_screen(t));
	assert_int_equal(after.moves, before.moves);
}

static const char *const arrows[4] = {"←", "→", "↑", "↓"};
static const char *const names[4] = {"left", "right", "up", "down"};
static const char letters[4] = {'l', 'r', 'u', 'd'};
static const char *const keys[4] = {E2E_KEY_LEFT, E2E_KEY_RIGHT, E2E_KEY_UP, E2E_KEY_DOWN};

/* Whether why (the hint's words after the slide, its ')' included) is one a player reads: the
 * only slide, clearly best, or how it compares with the next best, another slide named with its
 * arrow; never the search's raw value. */
static bool readable_reason(const char *why, int best)
{
	if (strncmp(why, "the only slide)", 15) == 0 || strncmp(why, "clearly best)", 13) == 0)
		return true;
	for (int d = 0; d < 4; d++) {
		if (d == best)
			continue;
		char slide[24], text[48];
		snprintf(slide, sizeof slide, "%s %s", arrows[d], names[d]);
		snprintf(text, sizeof text, "better than %s)", slide);
		if (strncmp(why, text, strlen(text)) == 0)
			return true;
		for (int f = 0; f < 2; f++) {
			snprintf(text, sizeof text, "%s is %s)", slide, f ? "as good" : "close");
			if (strncmp(why, text, strlen(text)) == 0)
				return true;
		}
	}
	return false;
}

/* The slide a hint names ("Hint: slide ← left (clearly best)"), as an index into the tables
 * above; the arrow must be the name's, and the reason readable. */
static int hinted(struct e2e_term *t)
{
	int row, col;
	assert_true(e2e_find(t, "Hint: ", &row, &col));
	const char *p = strstr(e2e_row(t, row), "Hint: ") + strlen("Hint: ");
	for (int d = 0; d < 4; d++) {
		char text[48];
		snprintf(text, sizeof text, "slide %s %s (", arrows[d], names[d]);
		if (strncmp(p, text, strlen(text)) == 0) {
			if (!readable_reason(p + strlen(text), d))
				fail_msg("a hint a player cannot read:\n%s", e2e_screen(t));
			return d;
		}
	}
	fprintf(stderr, "a hint without a slide:\n%s\n", e2e_screen(t));
	fail();
	return -1;
}

/* Cells of the board area (not the status lines) that show text. */
static int cells_showing(struct e2e_term *t, const char *text)
{
	int n = 0;
	for (int r = 1; r < e2e_rows(t) - 1; r++)
		for (int c = 0; c < e2e_cols(t); c++) {
			struct e2e_cell cell;
			n += e2e_cell(t, r, c, &cell) && strcmp(cell.text, text) == 0;
		}
	return n;
}

struct marks {
	const char *arrow;
	int count;
};

static bool marks_shown(struct e2e_term *t, void *ctx)
{
	struct marks *m = ctx;
	return cells_showing(t, m->arrow) == m->count;
}

/* The board's edge shows the hint's arrow once a row (or column) of the board: count of them. */
static void wait_marks(struct e2e_term *t, int dir, int count)
{
	struct marks m = {arrows[dir], count};
	if (!e2e_wait(t, marks_shown, &m, WAIT_MS))
		fprintf(stderr, "expected %d %s on the board:\n%s\n", count, arrows[dir],
		        e2e_screen(t));
	assert_true(marks_shown(t, &m));
	for (int d = 0; d < 4; d++)
		if (d != dir)
			assert_int_equal(cells_showing(t, arrows[d]), 0);
}

/* H names a slide that moves something and marks the board's edge on that side; the slide clears
 * both and plays as the batch mode says. Help lists the new keys, and w a s d no longer slide. */
/* On the smallest 4x4 screen (40 columns) the hint is whole: it takes the game ID's place on
 * the status line rather than be cut after it. */
static void test_hint_whole_on_a_narrow_screen(void **state)
{
	const char *argv[] = {e2e_bin, "--id", "2048:4x4:s5", "--no-anim", NULL};
	struct e2e_term *t = e2e_start(8, 40, argv, NULL);
	assert_non_null(t);
	*state = t;
	wait_text(t, "Score: 0");
	for (int i = 0; i < 8; i++) /* a few slides: two slides' values now differ */
		type_keys(t, i % 2 ? E2E_KEY_UP : E2E_KEY_LEFT);
	type_keys(t, "H");
	wait_text(t, "Hint: ");
	hinted(t);
}

static void test_hint_names_a_slide_and_marks_the_board(void **state)
{
	struct e2e_term *t = start(state, true, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);

	type_keys(t, "w");
	wait_text(t, "Slide with the arrows or h j k l (a: autoplay)");
	e2e_play_check(&p);

	type_keys(t, "H");
	wait_text(t, "Hint: ");
	int dir = hinted(t);
	assert_true(e2e_play_would_move(&p, letters[dir]));
	wait_marks(t, dir, 4);

	type_keys(t, keys[dir]);
	e2e_play_slide(&p, letters[dir]);
	e2e_play_check(&p);
	wait_gone(t, "Hint: ");
	wait_marks(t, dir, 0);

	/* A second hint, and a key that does nothing else takes it away. */
	type_keys(t, "H");
	wait_text(t, "Hint: ");
	dir = hinted(t);
	wait_marks(t, dir, 4);
	type_keys(t, "x");
	wait_gone(t, "Hint: ");
	wait_marks(t, dir, 0);
	e2e_play_check(&p);

	type_keys(t, "?");
	wait_text(t, "hint: the computer's best slide");
	wait_text(t, "autoplay on / off (any other key stops it)");
	wait_text(t, "autoplay faster / slower");
	/* As it is: again at the speed last set (the README said 100 ms to start). */
	wait_text(t, "a starts at the speed last set: 100 ms at first");
	type_keys(t, " ");
	wait_gone(t, "autoplay faster / slower");
}

/* With the merge animation on, a hint right after a slide still shows, and undo takes it away. */
static void test_hint_with_the_animation(void **state)
{
	struct e2e_term *t = start(state, true, "2048", "--seed", "7", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	char dir = e2e_play_would_move(&p, 'l') ? 'l' : 'r';
	type_keys(t, dir == 'l' ? E2E_KEY_LEFT "H" : E2E_KEY_RIGHT "H");
	e2e_play_slide(&p, dir);
	wait_text(t, "Hint: ");
	int d = hinted(t);
	wait_marks(t, d, 4);
	e2e_play_check(&p);
	type_keys(t, "u");
	e2e_play_undo(&p);
	e2e_play_check(&p);
	wait_gone(t, "Hint: ");
	wait_marks(t, d, 0);
}

/* a plays without keys; + and - change the speed shown; another key stops it for good, and so
 * do an arrow (which also slides) and a click; a again starts it at the speed it had. */
static void test_autoplay_plays_until_another_key(void **state)
{
	struct e2e_term *t = start(state, true, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);

	/* a asks first, since autoplay unranks the game: a WASD player's a, answered no, leaves
	 * the game the player's, to play on. */
	type_keys(t, "a");
	wait_text(t, "Let the computer play? This game will not be ranked (y/n)");
	type_keys(t, "n");
	wait_gone(t, "(y/n)");
	char dir = e2e_play_would_move(&p, 'l') ? 'l' : 'r';
	type_keys(t, dir == 'l' ? E2E_KEY_LEFT : E2E_KEY_RIGHT);
	e2e_play_slide(&p, dir);
	e2e_play_check(&p);
	assert_null(strstr(e2e_screen(t), "not ranked"));
	assert_null(strstr(e2e_screen(t), "Autoplay"));

	type_keys(t, "ay");
	wait_text(t, "Autoplay 100 ms/move  + faster  - slower");
	wait_moves(t, 5);
	type_keys(t, "+");
	wait_text(t, "Autoplay 50 ms/move  + faster  - slower");
	type_keys(t, "--");
	wait_text(t, "Autoplay 250 ms/move  + faster  - slower");
	int moves = status_of(t).moves;
	wait_moves(t, moves + 2);

	type_keys(t, "x");
	wait_text(t, "Autoplay stopped");
	assert_stays_stopped(t);

	type_keys(t, "a");
	wait_text(t, "Autoplay 250 ms/move");
	moves = status_of(t).moves;
	wait_moves(t, moves + 1);
	type_keys(t, E2E_KEY_LEFT);
	wait_text(t, "Autoplay stopped");
	assert_stays_stopped(t);

	/* A click on the board stops it too. */
	type_keys(t, "a");
	wait_text(t, "Autoplay 250 ms/move");
	moves = status_of(t).moves;
	wait_moves(t, moves + 1);
	assert_true(e2e_mouse_press(t, 40, 12));
	assert_true(e2e_mouse_release(t, 40, 12));
	wait_text(t, "Autoplay stopped");

	/* The ends of the range say so. */
	type_keys(t, "------");
	wait_text(t, "Autoplay: lowest speed");
	type_keys(t, "a");
	wait_text(t, "Autoplay 1000 ms/move  + faster");
	assert_null(strstr(e2e_screen(t), "- slower"));
	type_keys(t, "a");
	wait_text(t, "Autoplay off");
}

/* A click on the question's y starts autoplay as the y key does, and it plays on: the click's
 * release, let go after the first move, is no key that stops it. */
static void test_autoplay_asked_by_a_click_plays_on(void **state)
{
	struct e2e_term *t = start(state, true, "2048", "--seed", "7", "--no-anim", NULL);
	type_keys(t, "a");
	wait_text(t, "Let the computer play? This game will not be ranked (y/n)");
	int row, col;
	assert_true(e2e_find(t, "(y/n)", &row, &col));
	assert_true(e2e_mouse_press(t, col + 2, row + 1)); /* its y */
	wait_text(t, "Autoplay 100 ms/move  + faster  - slower");
	wait_moves(t, 1);
	assert_true(e2e_mouse_release(t, col + 2, row + 1));
	wait_moves(t, 5);
	assert_null(strstr(e2e_screen(t), "Autoplay stopped"));
}

/* Presses +++ for full speed and waits for the end of a 3x3 game played by the computer. */
static void autoplay_to_the_end(struct e2e_term *t)
{
	type_keys(t, "ay+++"); /* yes: let the computer play */
	wait_text(t, "Autoplay 0 ms/move  - slower");
	wait_text_for(t, "Game over: no moves left", GAME_OVER_MS);
	wait_text(t, "Not ranked: autoplay played in this game");
}

/* Back to the menu (answering yes when the game is in progress), and out. */
static void quit_from_game(struct e2e_term *t, bool in_progress)
{
	type_keys(t, "q");
	if (in_progress) {
		wait_text(t, "Leave this game? (y/n)");
		type_keys(t, "y");
	}
	wait_text(t, "Scores");
	settle(t);
	type_keys(t, "q");
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(status != -1 && WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* `tilecade scores 2048` lists a score of this many points, or (points -1) none at all. */
static void assert_scores(long long points)
{
	const char *argv[] = {e2e_bin, "scores", "2048", NULL};
	struct e2e_run r;
	assert_true(e2e_run(argv, WAIT_MS, &r));
	assert_true(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0);
	bool ok;
	if (points < 0) {
		ok = strstr(r.out, "no scores yet") != NULL;
	} else {
		char text[32];
		snprintf(text, sizeof text, " %lld ", points);
		ok = strstr(r.out, text) != NULL;
	}
	if (!ok)
		fprintf(stderr, "expected %s; tilecade scores 2048 printed:\n%s%s\n",
		        points < 0 ? "no scores" : "the score", r.out, r.err);
	e2e_run_free(&r);
	assert_true(ok);
}

/* With the animation on and at full speed, autoplay plays a 3x3 game to its end: the game over
 * box, the word that it is not scored, no best score raised, and no score in `tilecade scores`. */
static void test_autoplay_to_game_over_is_not_scored(void **state)
{
	struct e2e_term *t = start(state, true, "2048", "--size", "3", "--seed", "5", NULL);
	wait_text(t, "2048:3x3:s5");
	autoplay_to_the_end(t);
	struct e2e_2048_status s = status_of(t);
	assert_true(s.moves > 10);
	assert_true(s.score > 0);
	assert_int_equal(s.best, 0);
	quit_from_game(t, false);
	assert_scores(-1);
}

struct progress {
	int moves;
};

static bool moved_or_over(struct e2e_term *t, void *ctx)
{
	struct e2e_2048_status s;
	return strstr(e2e_screen(t), "Game over: no moves left") ||
	       (e2e_2048_status(t, &s) && s.moves != ((struct progress *)ctx)->moves);
}

/* The player plays to the end: left, up, right, down and again until no slide is left, one key
 * at a time (a key after the end would take its message away). */
static void play_to_the_end(struct e2e_term *t)
{
	static const int cycle[4] = {0, 2, 1, 3};
	for (int i = 0; i < 4000 && !strstr(e2e_screen(t), "Game over: no moves left"); i++) {
		struct progress before = {status_of(t).moves};
		type_keys(t, keys[cycle[i % 4]]);
		/* A slide that moves nothing shows nothing; one that does may show its frame in
		 * parts, and the end's box must be seen before the next key. */
		if (e2e_wait(t, moved_or_over, &before, 100))
			e2e_wait_quiet(t, 50, WAIT_MS);
	}
	wait_text(t, "Game over: no moves left");
}

/* Autoplay for a few moves, leave (the game is saved), continue it and finish it by hand: the
 * game is still the computer's, not on the scoreboard. */
static void test_autoplay_mark_survives_continue(void **state)
{
	struct e2e_term *t =
	        start(state, true, "2048", "--size", "3", "--seed", "5", "--no-anim", NULL);
	wait_text(t, "2048:3x3:s5");
	type_keys(t, "ay");
	wait_moves(t, 3);
	type_keys(t, "x");
	wait_text(t, "Autoplay stopped");
	quit_from_game(t, true);

	t = start(state, false, "--continue", "--no-anim", NULL); /* the end's box at once */
	wait_text(t, "2048:3x3:s5");
	assert_true(status_of(t).moves >= 3);
	play_to_the_end(t);
	wait_text(t, "Not ranked: autoplay played in this game");
	quit_from_game(t, false);
	assert_scores(-1);
}

/* Hints alone leave the game the player's: it ends on the scoreboard. */
static void test_hints_alone_keep_the_score(void **state)
{
	struct e2e_term *t =
	        start(state, true, "2048", "--size", "3", "--seed", "5", "--no-anim", NULL);
	wait_text(t, "2048:3x3:s5");
	type_keys(t, "H");
	wait_text(t, "Hint: ");
	play_to_the_end(t);
	wait_text(t, "Rank 1 on this scoreboard");
	long long score = status_of(t).score;
	quit_from_game(t, false);
	assert_scores(score);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_hint_whole_on_a_narrow_screen, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_hint_names_a_slide_and_marks_the_board,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_hint_with_the_animation, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_autoplay_plays_until_another_key, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_autoplay_asked_by_a_click_plays_on, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_autoplay_to_game_over_is_not_scored,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_autoplay_mark_survives_continue, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_hints_alone_keep_the_score, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
