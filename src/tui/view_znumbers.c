/* zNumbers in the terminal: a cursor and the mouse pick a tile, its landing cells light up, and
 * a second choice moves it. Column letters and row numbers frame the board so that the solution
 * pane can name cells as A1 ... J10. The pane follows the player: it keeps its solution while
 * the player plays any of its moves, and asks the solver again after any other change. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "grid.h"
#include "pane.h"
#include "term.h"
#include "theme.h"
#include "tilecade/znumbers.h"

#define TILE_MIN_W 3 /* a digit with a blank either side */
#define TILE_MIN_H 1
#define LABEL_W 3 /* row numbers up to "10" and a space */
/* Positions that take the solver longer than this (about a tenth of a second) are rare; the
 * pane then says it cannot tell rather than freeze the screen. */
#define SOLVER_NODES 200000
/* What > and < say while the pane is hidden. */
#define PANE_FIRST "> and < play the solution: s shows it first"

struct plan {
	bool valid;
	struct zn_board board; /* the position the plan is for */
	enum zn_verdict verdict;
	struct zn_move move[ZN_MAX_MOVES];
	int count, done; /* moves in the plan; how many of them the player has played */
	int undos;       /* when there is no solution: undos back to one, or -1 */
};

struct view_zn {
	int cursor, picked; /* cell indices; picked is -1 when no tile is picked */
	bool pane_open, hinting;
	bool pane_shown; /* open and big enough to see, as last drawn */
	char info[80];   /* the line under the board */
	bool watched;    /* a watcher's or a replay's (tc_view.show): no keys to tell of */
	struct tc_grid_layout layout;
	bool has_layout;
	struct plan plan;
	struct zn_board rated; /* the start position whose rating is cached */
	enum zn_rating rating;
};

static const struct zn_board *board_of(const struct tc_session *s)
{
	return &((const struct znumbers *)tc_session_state(s))->board;
}

static bool same_board(const struct zn_board *a, const struct zn_board *b)
{
	return a->rows == b->rows && a->cols == b->cols &&
	       memcmp(a->cell, b->cell, (size_t)(a->rows * a->cols)) == 0;
}

static void *create(bool animations)
{
	(void)animations; /* nothing moves on its own: the seed's pulse would cost bytes */
	struct view_zn *v = calloc(1, sizeof *v);
	if (v)
		v->picked = -1;
	return v;
}

static void destroy(void *view)
{
	free(view);
}

static void board_min_size(const struct zn_board *b, int *w, int *h)
{
	tc_grid_min_size(b->rows, b->cols, TILE_MIN_W, TILE_MIN_H, w, h);
	*w += 2 * LABEL_W; /* row numbers on the left, and the same on the right to centre */
	*h += 2;           /* column letters above, the info line below */
}

static void min_size(const struct tc_session *s, int *w, int *h)
{
	board_min_size(board_of(s), w, h);
}

/* Whether a player's move turned the plan's position into b: then the plan still holds. */
static bool follow_plan(struct plan *p, const struct zn_board *b)
{
	for (int i = p->done; i < p->count; i++) {
		struct zn_board after = p->board;
		if (!zn_move(&after, p->move[i]) || !same_board(&after, b))
			continue;
		/* Any move of the plan may go first: each landing cell is the plan's only use of
		 * it, and an earlier move only frees a cell sooner. */
		struct zn_move m = p->move[i];
		memmove(&p->move[p->done + 1], &p->move[p->done], (size_t)(i - p->done) * sizeof m);
		p->move[p->done++] = m;
		p->board = *b;
		return true;
	}
	if (p->done > 0) { /* the last of its moves taken back */
		struct zn_board redo = *b;
		if (zn_move(&redo, p->move[p->done - 1]) && same_board(&redo, &p->board)) {
			p->done--;
			p->board = *b;
			return true;
		}
	}
	return false;
}

static void update_plan(struct view_zn *v, const struct tc_session *s)
{
	struct plan *p = &v->plan;
	const struct zn_board *b = board_of(s);
	if (p->valid && same_board(&p->board, b))
		return;
	if (p->valid && p->verdict == ZN_SOLVABLE && follow_plan(p, b))
		return;
	p->valid = true;
	p->board = *b;
	p->done = p->count = 0;
	p->undos = -1;
	p->verdict = zn_solve(b, SOLVER_NODES, p->move, &p->count, NULL);
	if (p->verdict != ZN_UNSOLVABLE)
		return;
	/* Back through the history, within a few solves' worth of search in all. */
	uint64_t budget = 5 * SOLVER_NODES;
	for (unsigned back = 1; tc_session_state_back(s, back) && budget > 0; back++) {
		const struct znumbers *z = tc_session_state_back(s, back);
		struct zn_search_stats stats;
		uint64_t limit = budget < SOLVER_NODES ? budget : SOLVER_NODES;
		if (zn_solve(&z->board, limit, NULL, NULL, &stats) == ZN_SOLVABLE) {
			p->undos = (int)back;
			break;
		}
		budget -= stats.nodes < budget ? stats.nodes : budget;
	}
}

/* The next move of the plan, if there is one. */
static const struct zn_move *next_move(const struct view_zn *v)
{
	const struct plan *p = &v->plan;
	if (!p->valid || p->verdict != ZN_SOLVABLE || p->done >= p->count)
		return NULL;
	return &p->move[p->done];
}

static void move_name(const struct zn_board *b, struct zn_move m, char *buf, size_t len)
{
	char from[4], to[4];
	zn_cell_name(b, m.from, from);
	zn_cell_name(b, m.to, to);
	snprintf(buf, len, "%s%s%s", from, tc_term_unicode() ? "→" : "-", to);
}

static void draw_labels(const struct tc_grid_layout *l)
{
	attr_t attr = tc_theme_attr(TC_ROLE_DIM);
	for (int c = 0; c < l->cols; c++) {
		char label[2] = {(char)('A' + c), '\0'};
		tc_draw_text(tc_grid_cell_x(l, c) + l->tile_w / 2, l->frame.y - 1, 1, attr, label);
	}
	for (int r = 0; r < l->rows; r++) {
		char label[12];
		snprintf(label, sizeof label, "%2d", r + 1);
		tc_draw_text(l->frame.x - LABEL_W, tc_grid_cell_y(l, r) + (l->tile_h - 1) / 2, 2,
		             attr, label);
	}
}

static void draw_board(struct view_zn *v, const struct zn_board *b)
{
	uint8_t targets[8];
	int target_count = v->picked >= 0 ? zn_destinations(b, v->picked, targets) : 0;
	const struct zn_move *hint = v->pane_shown || v->hinting ? next_move(v) : NULL;
	const char *dot = tc_term_unicode() ? "·" : ".";
	const char *landing = tc_term_unicode() ? "◆" : "+";
	const char *hint_mark = tc_term_unicode() ? "○" : "o";
	for (int i = 0; i < b->rows * b->cols; i++) {
		int r = i / b->cols, c = i % b->cols;
		char label[4] = {(char)('0' + zn_value(b->cell[i])), '\0'};
		enum tc_role role = b->cell[i] == 0          ? TC_ROLE_EMPTY
		                    : zn_is_tile(b->cell[i]) ? tc_theme_number(zn_value(b->cell[i]))
		                                             : TC_ROLE_USED;
		const char *text = b->cell[i] == 0 ? dot : label;
		bool hinted = hint && (i == hint->from || i == hint->to);
		if (hinted) {
			role = TC_ROLE_HINT;
			if (i == hint->to)
				text = hint_mark;
		}
		/* A picked tile's landing cells, but H's: that one stands out among them. */
		for (int t = 0; t < target_count; t++)
			if (targets[t] == i && !(hinted && v->hinting)) {
				role = TC_ROLE_TARGET;
				text = landing;
			}
		if (i == v->picked)
			role = TC_ROLE_PICKED;
		attr_t attr = tc_theme_attr(role);
		tc_grid_draw_tile(&v->layout, r, c, attr | (zn_is_tile(b->cell[i]) ? A_BOLD : 0),
		                  text);
		if (i == v->cursor) /* brackets show in any theme and on any tile */
			tc_grid_draw_cursor(&v->layout, r, c, tc_theme_attr(TC_ROLE_BOARD));
	}
}

static void draw_pane(struct view_zn *v, const struct tc_session *s, struct tc_rect r)
{
	update_plan(v, s);
	const struct plan *p = &v->plan;
	const struct zn_board *b = board_of(s);
	static char names[ZN_MAX_MOVES][16];
	const char *steps[ZN_MAX_MOVES];
	for (int i = 0; i < p->count; i++) {
		move_name(b, p->move[i], names[i], sizeof names[i]);
		steps[i] = names[i];
	}
	char note[96];
	const char *text = NULL;
	if (p->verdict == ZN_GAVE_UP) {
		text = "Too hard to tell quickly whether this position can be won.";
	} else if (p->verdict == ZN_UNSOLVABLE) {
		if (p->undos > 0)
			snprintf(note, sizeof note,
			         "No solution from here. %d undo%s%s reach%s a "
			         "solvable position.",
			         p->undos, p->undos == 1 ? "" : "s", v->watched ? "" : " (u)",
			         p->undos == 1 ? "es" : "");
		else
			snprintf(note, sizeof note, "No solution from here.");
		text = note;
	} else if (p->done < p->count && !v->watched) {
		text = "> plays the next, < takes it back";
	}
	tc_pane_draw(r, v->watched ? "Solution" : "Solution (s hides)", steps, p->count, p->done,
	             text);
}

static void draw(void *view, const struct tc_session *s, struct tc_rect area, uint64_t now)
{
	(void)now;
	struct view_zn *v = view;
	const struct zn_board *b = board_of(s);
	if (v->cursor >= b->rows * b->cols)
		v->cursor = 0;
	if (v->picked >= b->rows * b->cols || (v->picked >= 0 && !zn_is_tile(b->cell[v->picked])))
		v->picked = -1; /* a watcher's, told of a tile since moved */
	int need_w, need_h;
	board_min_size(b, &need_w, &need_h);
	struct tc_rect board_area = area, pane_area;
	if (!tc_session_assisted(s))
		v->pane_open = false; /* left open from another game: showing it would unrank this one */
	v->pane_shown =
	        v->pane_open && tc_pane_place(area, need_w, need_h, &board_area, &pane_area);
	/* Room for the letters above, the numbers left (and as much right, to centre the board)
	 * and the info line below. */
	struct tc_rect grid_area = {board_area.x + LABEL_W, board_area.y + 1,
	                            board_area.w - 2 * LABEL_W, board_area.h - 2};
	v->has_layout =
	        tc_grid_fit(&v->layout, b->rows, b->cols, grid_area, TILE_MIN_W, TILE_MIN_H);
	if (!v->has_layout)
		return;
	if (v->pane_shown || v->hinting)
		update_plan(v, s);
	tc_grid_draw_frame(&v->layout, tc_theme_attr(TC_ROLE_BOARD));
	draw_labels(&v->layout);
	draw_board(v, b);
	if (v->pane_shown)
		draw_pane(v, s, pane_area);
	const char *info = v->info;
	if (v->pane_open && !v->pane_shown)
		info = "Too small for the solution pane";
	int y = v->layout.frame.y + v->layout.frame.h;
	int w = tc_text_width(info);
	tc_draw_text(board_area.x + (board_area.w - w) / 2, y, board_area.w,
	             tc_theme_attr(TC_ROLE_TEXT), info);
}

/* Whether area holds the board and, when open, the solution pane (for a race's pane beside). */
static bool fits(void *view, const struct tc_session *s, struct tc_rect area)
{
	const struct view_zn *v = view;
	if (!v->pane_open || !tc_session_assisted(s))
		return true;
	int need_w, need_h;
	board_min_size(board_of(s), &need_w, &need_h);
	struct tc_rect board, pane;
	return tc_pane_place(area, need_w, need_h, &board, &pane);
}

static void pick(struct view_zn *v, const struct zn_board *b, int cell)
{
	char name[4];
	zn_cell_name(b, cell, name);
	uint8_t to[8];
	int n = zn_destinations(b, cell, to);
	v->picked = cell;
	if (n == 0)
		snprintf(v->info, sizeof v->info, "The %d at %s cannot move now.",
		         zn_value(b->cell[cell]), name);
	else
		snprintf(v->info, sizeof v->info, "The %d at %s can land on %d cell%s.",
		         zn_value(b->cell[cell]), name, n, n == 1 ? "" : "s");
}

/* A move of the player's (by 0) or of the solution pane's. */
static void play(struct view_zn *v, struct tc_session *s, struct zn_move m, enum tc_assist by)
{
	struct tc_move move = {.kind = 0, .arg = {m.from, m.to}};
	if (by)
		tc_session_apply_assisted(s, &move, by);
	else
		tc_session_apply(s, &move);
	v->picked = -1;
	v->cursor = m.to;
	v->hinting = false;
	v->info[0] = '\0'; /* what it said was of the position before */
}

/* Enter or a click on a cell: pick a tile, move the picked one there, or let go. */
static void choose(struct view_zn *v, struct tc_session *s, int cell)
{
	const struct zn_board *b = board_of(s);
	v->cursor = cell;
	v->info[0] = '\0';
	v->hinting = false;
	if (v->picked >= 0 && cell != v->picked) {
		uint8_t to[8];
		int n = zn_destinations(b, v->picked, to);
		for (int i = 0; i < n; i++)
			if (to[i] == cell) {
				play(v, s, (struct zn_move){(uint8_t)v->picked, (uint8_t)cell}, 0);
				return;
			}
	}
	if (zn_is_tile(b->cell[cell]) && cell != v->picked) {
		pick(v, b, cell);
		return;
	}
	if (v->picked < 0 && b->cell[cell] != 0) { /* a moved tile: say why nothing happens */
		char name[4];
		zn_cell_name(b, cell, name);
		snprintf(v->info, sizeof v->info, "The %d at %s has moved: a tile moves once.",
		         zn_value(b->cell[cell]), name);
	}
	v->picked = -1;
}

/* Shows the next move of a solution, both its cells, until the player acts: its tile picked,
 * the cursor on where it lands, so that Enter plays it; false when there is none to show. */
static bool hint(struct view_zn *v, const struct tc_session *s)
{
	update_plan(v, s);
	const struct zn_move *m = next_move(v);
	if (!m) {
		snprintf(v->info, sizeof v->info, "%s",
		         v->plan.verdict == ZN_GAVE_UP ? "No hint: this position is too hard to "
		                                         "judge quickly."
		         : v->plan.undos > 0           ? "No solution from here: undo (u) first."
		                                       : "No solution from here.");
		return false;
	}
	char name[24];
	move_name(board_of(s), *m, name, sizeof name);
	v->hinting = true;
	pick(v, board_of(s), m->from);
	v->cursor = m->to;
	snprintf(v->info, sizeof v->info, "Hint: %s", name);
	return true;
}

static void reset(void *view);

static void move_cursor(struct view_zn *v, const struct zn_board *b, int dr, int dc)
{
	int r = v->cursor / b->cols + dr, c = v->cursor % b->cols + dc;
	if (r >= 0 && r < b->rows && c >= 0 && c < b->cols)
		v->cursor = r * b->cols + c;
}

static bool action(void *view, struct tc_session *s, enum tc_action act, const struct tc_event *ev,
                   uint64_t now)
{
	(void)now;
	struct view_zn *v = view;
	const struct zn_board *b = board_of(s);
	switch (act) {
	case TC_ACT_UP:
		move_cursor(v, b, -1, 0);
		return true;
	case TC_ACT_DOWN:
		move_cursor(v, b, 1, 0);
		return true;
	case TC_ACT_LEFT:
		move_cursor(v, b, 0, -1);
		return true;
	case TC_ACT_RIGHT:
		move_cursor(v, b, 0, 1);
		return true;
	case TC_ACT_SELECT:
		choose(v, s, v->cursor);
		return true;
	case TC_ACT_SOLUTION:
		v->pane_open = !v->pane_open;
		if (strcmp(v->info, PANE_FIRST) == 0)
			v->info[0] = '\0'; /* done as it said */
		return true;
	case TC_ACT_HINT:
		if (hint(v, s))
			tc_session_count_hint(s);
		return true;
	default:
		break;
	}
	if (ev->type != TC_EV_KEY)
		return false;
	bool forward = ev->key == '>' || ev->key == '.', back = ev->key == '<' || ev->key == ',';
	if ((forward || back) && !v->pane_shown) {
		/* An open pane too big for the window says so under the board for as long as it
		 * is: kept in info, the line would outlive a window grown big enough. */
		if (!v->pane_open)
			snprintf(v->info, sizeof v->info, "%s", PANE_FIRST);
		return true;
	}
	if (forward) {
		update_plan(v, s);
		const struct zn_move *m = next_move(v);
		if (m)
			play(v, s, *m, TC_ASSIST_SOLUTION);
		return true;
	}
	if (back) {
		reset(v); /* a message or hint was of the position taken back */
		if (!tc_session_undo(s))
			snprintf(v->info, sizeof v->info, "Nothing to take back");
		return true;
	}
	return false;
}

/* Esc with a tile picked lets go of it rather than leave the game. */
static bool cancel(void *view)
{
	struct view_zn *v = view;
	if (v->picked < 0)
		return false;
	reset(v);
	return true;
}

static bool mouse(void *view, struct tc_session *s, const struct tc_event *ev, uint64_t now)
{
	(void)now;
	struct view_zn *v = view;
	int row, col;
	if (!v->has_layout || ev->mouse != TC_MOUSE_PRESS || ev->button != 1 ||
	    !tc_grid_hit(&v->layout, ev->col, ev->row, &row, &col))
		return false;
	choose(v, s, row * v->layout.cols + col);
	return true;
}

/* Inside the board's frame: the won and lost boxes stay within it, the frame whole. */
static bool board_inside(void *view, struct tc_rect *inside)
{
	const struct view_zn *v = view;
	*inside = tc_grid_inside(&v->layout);
	return v->has_layout;
}

static bool board_tiles(void *view, struct tc_tiles *tiles)
{
	const struct view_zn *v = view;
	*tiles = tc_tiles_of(&v->layout);
	return v->has_layout;
}

static int next_frame(void *view, uint64_t now)
{
	(void)view;
	(void)now;
	return -1;
}

static void reset(void *view)
{
	struct view_zn *v = view;
	v->picked = -1;
	v->hinting = false;
	v->info[0] = '\0';
}

static void describe(void *view, const struct tc_session *s, bool narrow, char *buf, size_t len)
{
	struct view_zn *v = view;
	const struct znumbers *z = tc_session_state(s);
	int left = zn_tiles_left(&z->board);
	const char *tiles = narrow ? "Left" : "Tiles left";
	if (z->level > 0) {
		snprintf(buf, len, "Level %d%s%s: %d", z->level, narrow ? "  " : "   ", tiles,
		         left);
		return;
	}
	const struct zn_board *start =
	        &((const struct znumbers *)tc_session_state_back(s, tc_session_moves(s)))->board;
	if (!same_board(start, &v->rated)) {
		v->rated = *start;
		v->rating = zn_rate(start);
	}
	snprintf(buf, len, "%s%s%s%s: %d", narrow ? "" : "Generated, ", zn_rating_name(v->rating),
	         narrow ? "  " : "   ", tiles, left);
}

static void level_entry(int i, char *name, size_t name_len, char *detail, size_t detail_len,
                        void *params)
{
	struct zn_params *p = params;
	if (i < ZN_PACK_SIZE) {
		p->level = i + 1;
		struct zn_board b;
		zn_pack_level(p->level, &b);
		snprintf(name, name_len, "Level %d", p->level);
		snprintf(detail, detail_len, "%d tiles, %s", zn_tiles_left(&b),
		         zn_rating_name(zn_rate(&b)));
	} else {
		snprintf(name, name_len, "Endless");
		snprintf(detail, detail_len, "generated %dx%d levels, rated", p->rows, p->cols);
	}
}

static const struct tc_help_line help_zn[] = {
        {"{moves}", "move the cursor"},
        {"{select}, {mouse:click}", "pick a tile, then where it lands"},
        {"{solution}", "show/hide the solution (unranks)"},
        /* Keys apart, so that one bound to an action ([keys]) is left out and told. */
        {">, .", "play the solution's next move"},
        {"<, ,", "take back its move"},
        {"{hint}", "hint: the next move of a solution"},
        {"Esc", "let go of the picked tile"},
        {"{new}", "next level (asks first)"},
        {NULL, NULL},
};

/* What a watcher is shown beyond the position: whether the solution pane is open. */
#define SHOWN_PANE 1u

static uint32_t shown(void *view)
{
	const struct view_zn *v = view;
	return (v->pane_open ? SHOWN_PANE : 0) | TC_SHOWN_CURSOR(v->cursor) |
	       TC_SHOWN_PICKED(v->picked);
}

static void show(void *view, uint32_t what)
{
	struct view_zn *v = view;
	v->watched = true;
	v->pane_open = (what & SHOWN_PANE) != 0;
	if (tc_shown_cursor(what) >= 0) /* checked against the board when drawn */
		v->cursor = tc_shown_cursor(what);
	v->picked = tc_shown_picked(what);
}

const struct tc_view tc_view_znumbers = {
        .game = &znumbers_game,
        .daily_detail = "6x6 board, generated",
        .help = help_zn,
        .wasd_moves = false,
        .assist_keys = ">.", /* the solution's next move */
        .keep_going = false,
        .asks_to_skip = true,
        .solution_unranks = true,
        .lost_text = "Stuck: no tile can move",
        .create = create,
        .destroy = destroy,
        .min_size = min_size,
        .draw = draw,
        .action = action,
        .mouse = mouse,
        .next_frame = next_frame,
        .board_inside = board_inside,
        .board_tiles = board_tiles,
        .fits = fits,
        .reset = reset,
        .cancel = cancel,
        .describe = describe,
        .shown = shown,
        .show = show,
        .level_count = ZN_PACK_SIZE + 1,
        .level_entry = level_entry,
};
