/* A zNumbers game on the screen and its model by the core: see zn_model.h. */
#include "zn_model.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/gameid.h"

#define WAIT_MS 15000
#define QUIET_MS 60
#define SOLVER_NODES 2000000

void e2e_zn_model_reset(struct e2e_zn_model *g, struct e2e_term *t, const char *id)
{
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed;
	char err[256];
	if (tc_gameid_parse(id, &game, &params, &seed, err, sizeof err) != 0)
		fail_msg("%s: %s", id, err);
	assert_ptr_equal(game, &znumbers_game);
	g->t = t;
	snprintf(g->id, sizeof g->id, "%s", id);
	g->plan_len =
	        zn_new_level(&g->board, (const struct zn_params *)params.bytes, seed, g->plan);
	if (g->plan_len == 0)
		assert_int_equal(zn_solve(&g->board, SOLVER_NODES, g->plan, &g->plan_len, NULL),
		                 ZN_SOLVABLE);
	g->moves = 0;
}

bool e2e_zn_model_shown(struct e2e_term *t, void *model)
{
	struct e2e_zn_model *g = model;
	struct e2e_zn_status st;
	struct e2e_zn_board sb;
	if (!e2e_zn_status(t, &st) || st.moves != g->moves || st.left != zn_tiles_left(&g->board) ||
	    strcmp(st.id, g->id) != 0 || !e2e_zn_board(t, g->board.rows, g->board.cols, &sb))
		return false;
	for (int i = 0; i < g->board.rows * g->board.cols; i++) {
		int v = zn_value(g->board.cell[i]);
		const char *s = sb.cell[i];
		bool digit = s[0] >= '1' && s[0] <= '9' && !s[1];
		if (v ? !digit || s[0] - '0' != v : digit)
			return false;
	}
	return true;
}

void e2e_zn_model_wait_shown(struct e2e_zn_model *g)
{
	bool ok = e2e_wait(g->t, e2e_zn_model_shown, g, WAIT_MS) &&
	          e2e_wait_quiet(g->t, QUIET_MS, WAIT_MS) && e2e_zn_model_shown(g->t, g);
	if (!ok) {
		char board[512];
		zn_print(&g->board, board, sizeof board);
		fprintf(stderr, "expected %s after %d moves:\n%sthe screen:\n%s\n", g->id, g->moves,
		        board, e2e_screen(g->t));
	}
	assert_true(ok);
	assert_true(e2e_zn_board(g->t, g->board.rows, g->board.cols, &g->at));
}

static bool shows_status(struct e2e_term *t, void *status)
{
	return e2e_zn_status(t, status);
}

void e2e_zn_model_attach(struct e2e_zn_model *g, struct e2e_term *t)
{
	struct e2e_zn_status st;
	if (!e2e_wait(t, shows_status, &st, WAIT_MS))
		fprintf(stderr, "no zNumbers game on the screen:\n%s\n", e2e_screen(t));
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS)); /* the ID is drawn last */
	assert_true(e2e_zn_status(t, &st));
	e2e_zn_model_reset(g, t, st.id);
	e2e_zn_model_wait_shown(g);
}

struct landing {
	struct e2e_zn_model *g;
	int cell;
};

static bool landing_marked(struct e2e_term *t, void *ctx)
{
	struct landing *l = ctx;
	struct e2e_zn_board sb;
	return e2e_zn_board(t, l->g->board.rows, l->g->board.cols, &sb) &&
	       strcmp(sb.cell[l->cell], "◆") == 0;
}

static void click_cell(struct e2e_zn_model *g, int cell)
{
	int x = g->at.x[cell % g->board.cols] + 1, y = g->at.y[cell / g->board.cols] + 1;
	assert_true(e2e_mouse_press(g->t, x, y));
	assert_true(e2e_mouse_release(g->t, x, y));
}

/* The win's box after the last move: only the top line tells the moves, as the end's message
 * may take the ID's place on the bottom line (a daily's keeps its day there instead). */
static bool won_shown(struct e2e_term *t, void *model)
{
	struct e2e_zn_model *g = model;
	char moves[24];
	snprintf(moves, sizeof moves, "Moves: %d ", g->moves);
	return strstr(e2e_row(t, 0), moves) && strstr(e2e_screen(t), "You won!");
}

void e2e_zn_model_play_next(struct e2e_zn_model *g)
{
	assert_true(g->moves < g->plan_len);
	struct zn_move m = g->plan[g->moves];
	click_cell(g, m.from);
	struct landing l = {g, m.to};
	if (!e2e_wait(g->t, landing_marked, &l, WAIT_MS))
		fprintf(stderr, "no landing mark after a click on the tile:\n%s\n",
		        e2e_screen(g->t));
	assert_true(landing_marked(g->t, &l));
	click_cell(g, m.to);
	assert_true(zn_move(&g->board, m));
	g->moves++;
	if (zn_status(&g->board) != TC_WON) {
		e2e_zn_model_wait_shown(g);
		return;
	}
	if (!e2e_wait(g->t, won_shown, g, WAIT_MS))
		fprintf(stderr, "no 'You won!' after %d moves:\n%s\n", g->moves, e2e_screen(g->t));
	assert_true(won_shown(g->t, g));
	assert_true(e2e_wait_quiet(g->t, QUIET_MS, WAIT_MS));
}
