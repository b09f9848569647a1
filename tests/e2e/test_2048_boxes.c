/* 2048's won and lost boxes sit inside the board's frame (issue 17): at 80x24, 60x20 and the
 * smallest size each board plays at, the frame's four sides stay whole and every line of the
 * box is there to read (a line too wide is broken between its keys, not cut; on the smallest
 * screens the score line gives way, the status line showing it).
 *
 * The games are played to their end by the core's own player (g2048_ai), whose slides the test
 * sends as keys: a win on 4x4 to 8x8, a loss on 3x3 (a 2048 on nine cells is out of reach).
 * Each end is then looked at in several window sizes, resized while the box shows. Nothing
 * waits a fixed time. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frame.h"
#include "harness.h"
#include "key_bytes.h"
#include "sandbox.h"
#include "tilecade/g2048.h"
#include "tilecade/g2048_ai.h"

#define WAIT_MS 20000 /* a thousand slides drawn, with room for a slow sanitizer */
#define MAX_SLIDES 4000
#define WIN_EXPONENT 11 /* 2048 */

static const char *const slide_keys[4] = {E2E_KEY_LEFT, E2E_KEY_RIGHT, E2E_KEY_UP, E2E_KEY_DOWN};

/* The keys of the computer's slides in the game size:seed, from its start until it wins
 * (win) or has no move left; false when the game ended otherwise. */
static bool play_out(int size, uint64_t seed, bool win, char *keys, size_t len)
{
	struct g2048_ai *ai = g2048_ai_new();
	assert_non_null(ai);
	struct g2048 g;
	g2048_new(&g, &(struct g2048_params){.size = size}, seed);
	size_t used = 0;
	keys[0] = '\0';
	bool reached = false;
	for (int n = 0; n < MAX_SLIDES; n++) {
		struct g2048_ai_choice c;
		/* Depth 1 loses a small board soon; depth 2 wins a big one. */
		g2048_ai_choose(ai, &g, win ? 2 : 1, &c);
		if (c.dir < 0) {
			reached = !win;
			break;
		}
		assert_true(g2048_slide(&g, (enum g2048_dir)c.dir, NULL));
		size_t k = strlen(slide_keys[c.dir]);
		assert_true(used + k < len);
		memcpy(keys + used, slide_keys[c.dir], k + 1);
		used += k;
		if (win && g2048_max_exponent(&g) >= WIN_EXPONENT) {
			reached = true;
			break;
		}
	}
	g2048_ai_free(ai);
	return reached;
}

/* The box's lines, each whole on one row inside the frame. */
struct box {
	const char *lines[8];
};

struct look {
	const struct box *box;
	struct e2e_frame frame;
};

static bool same_bg(const struct e2e_cell *a, const struct e2e_cell *b)
{
	return a->bg.kind == b->bg.kind && a->bg.r == b->bg.r && a->bg.g == b->bg.g &&
	       a->bg.b == b->bg.b;
}

/* Whether the box (the background of its first line, on every row it covers) cuts no tile:
 * beside it, left and right, is the board's background (a gap between tiles, the frame's
 * padding), never part of a tile ("│    3  You won!" showed half of a 32). */
static bool box_cuts_no_tile(struct e2e_term *t, const struct look *l)
{
	int row, col;
	struct e2e_cell box, board, cell;
	if (!e2e_find(t, l->box->lines[0], &row, &col) || !e2e_cell(t, row, col, &box) ||
	    !e2e_cell(t, l->frame.top, l->frame.left, &board))
		return false;
	int top = row, bottom = row;
	while (top - 1 > l->frame.top && e2e_cell(t, top - 1, col, &cell) && same_bg(&cell, &box))
		top--;
	while (bottom + 1 < l->frame.bottom && e2e_cell(t, bottom + 1, col, &cell) &&
	       same_bg(&cell, &box))
		bottom++;
	for (int r = top; r <= bottom; r++) {
		int left = col, right = col;
		while (left - 1 > l->frame.left && e2e_cell(t, r, left - 1, &cell) &&
		       same_bg(&cell, &box))
			left--;
		while (right + 1 < l->frame.right && e2e_cell(t, r, right + 1, &cell) &&
		       same_bg(&cell, &box))
			right++;
		if (!e2e_cell(t, r, left - 1, &cell) || !same_bg(&cell, &board) ||
		    !e2e_cell(t, r, right + 1, &cell) || !same_bg(&cell, &board))
			return false;
	}
	return true;
}

static bool box_fits(struct e2e_term *t, void *ctx)
{
	struct look *l = ctx;
	if (!e2e_find_frame(t, &l->frame) || !e2e_frame_whole(t, &l->frame))
		return false;
	for (int i = 0; l->box->lines[i]; i++)
		if (!e2e_inside_frame(t, &l->frame, l->box->lines[i]))
			return false;
	return box_cuts_no_tile(t, l);
}

/* Resizes to rows x cols and waits until the box shows inside a whole frame. */
static void look_at(struct e2e_term *t, int rows, int cols, const struct box *box)
{
	assert_true(e2e_resize(t, rows, cols));
	struct look l = {box, {0, 0, 0, 0}};
	if (!e2e_wait(t, box_fits, &l, WAIT_MS))
		fail_msg("at %dx%d the box does not fit its frame, or cuts a tile:\n%s", cols, rows,
		         e2e_screen(t));
}

/* The game size:seed played to its end on a terminal. */
static struct e2e_term *play(void **state, int size, uint64_t seed, bool win)
{
	static char keys[MAX_SLIDES * 4];
	assert_true(play_out(size, seed, win, keys, sizeof keys));
	char id[64];
	snprintf(id, sizeof id, "2048:%dx%d:s%llu", size, size, (unsigned long long)seed);
	const char *argv[] = {e2e_bin, "--id", id, "--no-anim", NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	if (!e2e_wait_new_game_text(t, "Score: 0", WAIT_MS))
		fail_msg("no board:\n%s", e2e_screen(t));
	assert_true(e2e_send_str(t, keys));
	if (!e2e_wait_text(t, win ? "You won!" : "no moves left", WAIT_MS))
		fail_msg("the game did not end:\n%s", e2e_screen(t));
	return t;
}

static const struct box won = {{"You won!", " moves, ", "Enter: keep going", "a: autoplay on",
                                "n: new game", "u: undo", "q: menu", NULL}};
static const struct box lost = {
        {"Game over: no moves left", " moves, ", "n: new game", "r: restart", "q: menu", NULL}};
/* On the smallest screens the box leaves out the score and time: the status line shows them. */
static const struct box won_small = {{"You won!", "Enter: keep going", "a: autoplay on",
                                      "n: new game", "u: undo", "q: menu", NULL}};
static const struct box lost_small = {
        {"Game over: no moves left", "n: new game", "r: restart", "q: menu", NULL}};

static void test_4x4_win_box(void **state)
{
	struct e2e_term *t = play(state, 4, 1, true);
	look_at(t, 24, 80, &won);
	look_at(t, 20, 60, &won);
	look_at(t, 8, 40, &won_small); /* the smallest 4x4 screen */
}

/* The sizes between, each at 80x24, 60x20 and its smallest screen (60x20 is too small for
 * 8x8). */
static void test_5x5_to_7x7_win_boxes(void **state)
{
	static const struct {
		int size, rows, cols;
	} smallest[] = {{5, 9, 43}, {6, 10, 51}, {7, 11, 59}};
	for (size_t i = 0; i < sizeof smallest / sizeof smallest[0]; i++) {
		e2e_free(*state);
		*state = NULL;
		struct e2e_term *t = play(state, smallest[i].size, 1, true);
		look_at(t, 24, 80, &won);
		look_at(t, 20, 60, &won);
		look_at(t, smallest[i].rows, smallest[i].cols, &won_small);
	}
}

/* a at the won box, once answered yes, keeps going with autoplay on, as the won box and the man
 * page say (it did nothing). */
static void test_a_at_the_won_box_autoplays_on(void **state)
{
	struct e2e_term *t = play(state, 4, 1, true);
	assert_true(e2e_send_str(t, "a"));
	if (!e2e_wait_text(t, "Let the computer play? This game will not be ranked (y/n)", WAIT_MS))
		fail_msg("a at the won box did not ask first:\n%s", e2e_screen(t));
	assert_true(e2e_send_str(t, "y"));
	if (!e2e_wait_text(t, "Autoplay ", WAIT_MS))
		fail_msg("a at the won box did not start autoplay:\n%s", e2e_screen(t));
	struct e2e_frame f;
	assert_true(e2e_find_frame(t, &f));
	if (e2e_inside_frame(t, &f, "You won!"))
		fail_msg("the won box stays:\n%s", e2e_screen(t));
}

static bool won_box_gone(struct e2e_term *t, void *frame)
{
	return e2e_find_frame(t, frame) && !e2e_inside_frame(t, frame, "You won!");
}

/* A game autoplay won, played on with Enter: the bottom line still says it is not ranked (it
 * said so only while the won box showed). */
static void test_autoplayed_game_kept_going_is_not_ranked(void **state)
{
	const char *argv[] = {e2e_bin, "--id", "2048:4x4:s1", "--no-anim", NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	if (!e2e_wait_text(t, "Score: 0", WAIT_MS))
		fail_msg("no board:\n%s", e2e_screen(t));
	assert_true(e2e_send_str(t, "ay++++++++++++"));
	if (!e2e_wait_text(t, "You won!", 6 * WAIT_MS))
		fail_msg("autoplay did not win:\n%s", e2e_screen(t));
	assert_true(e2e_send_str(t, E2E_KEY_ENTER));
	struct e2e_frame f;
	if (!e2e_wait(t, won_box_gone, &f, WAIT_MS))
		fail_msg("Enter did not keep going:\n%s", e2e_screen(t));
	if (!e2e_wait_text(t, "not ranked", WAIT_MS))
		fail_msg("kept going, the game no longer says it is not ranked:\n%s",
		         e2e_screen(t));
	int row, col;
	assert_true(e2e_find(t, "not ranked", &row, &col));
	assert_int_equal(row, e2e_rows(t) - 1);
}

static void test_8x8_win_box(void **state)
{
	struct e2e_term *t = play(state, 8, 1, true);
	look_at(t, 24, 80, &won);
	look_at(t, 12, 67, &won_small); /* the smallest 8x8 screen */
}

static void test_3x3_lost_box(void **state)
{
	struct e2e_term *t = play(state, 3, 1, false);
	look_at(t, 24, 80, &lost);
	look_at(t, 20, 60, &lost);
	look_at(t, 7, 40, &lost_small); /* the smallest 3x3 screen */
}

static bool restarted(struct e2e_term *t, void *unused)
{
	int row, col;
	(void)unused;
	return e2e_find(t, "Moves: 0", &row, &col) && !e2e_find(t, "no moves left", &row, &col);
}

/* A click on a key of the box is that key: r restarts the lost game. */
static void test_lost_box_answers_clicks(void **state)
{
	struct e2e_term *t = play(state, 3, 1, false);
	int row, col;
	if (!e2e_wait_text(t, "r: restart", WAIT_MS) || !e2e_find(t, "r: restart", &row, &col))
		fail_msg("no r: restart in the box:\n%s", e2e_screen(t));
	assert_true(e2e_mouse_press(t, col + 4, row + 1)); /* on "restart" */
	assert_true(e2e_mouse_release(t, col + 4, row + 1));
	if (!e2e_wait(t, restarted, NULL, WAIT_MS))
		fail_msg("the click did not restart the game:\n%s", e2e_screen(t));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_4x4_win_box, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_5x5_to_7x7_win_boxes, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_8x8_win_box, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_a_at_the_won_box_autoplays_on, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_autoplayed_game_kept_going_is_not_ranked,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_3x3_lost_box, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_lost_box_answers_clicks, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
