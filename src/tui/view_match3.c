/* Match-3 in the terminal: tiles of a type share a colour and a glyph (so the game plays in
 * monochrome and for colour-blind players), a cursor and the mouse pick a tile and then a
 * neighbour to swap it with, and each step of a cascade stays on screen for a moment.
 *
 * The animation replays the backend's own resolution: the view runs m3_play_swap on a copy of
 * the position before the move, with a copy of its random generator, so the steps shown are
 * exactly the ones the session's move went through. */
#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "grid.h"
#include "term.h"
#include "theme.h"
#include "tilecade/match3.h"

#define TILE_MIN_W 4 /* a glyph and a special's mark with a blank either side */
#define TILE_MIN_H 1
#define CLEAR_MS 160 /* the cleared tiles marked */
#define FALL_MS 160  /* the field after the fall, before the next step */
#define IDLE_HINT_MS 10000

struct view_m3 {
	bool animations;
	int cursor, picked; /* cell indices; picked is -1 when no tile is picked */
	char info[80];      /* the line under the board */
	struct tc_grid_layout layout;
	bool has_layout;

	bool hinting;
	int hint_a, hint_b;
	uint64_t last_input; /* for the idle hint of the endless mode; 0 before the first draw */
	bool idle_hints;     /* an endless game being played, as last drawn */

	bool animating;
	uint64_t anim_start;
	struct m3_field swapped; /* the field right after the swap, before anything cleared */
	struct m3_resolution res;
};

/* One glyph per type, one column wide in common terminals (no emoji: they take two). */
static const char *const glyph_unicode[M3_MAX_TYPES] = {"●", "▲", "■", "◆", "★", "♥", "♣", "♠"};
static const char *const glyph_ascii[M3_MAX_TYPES] = {"a", "b", "c", "d", "e", "f", "g", "h"};

static const struct match3 *state_of(const struct tc_session *s)
{
	return tc_session_state(s);
}

static const char *glyph(int type)
{
	if (type < 1 || type > M3_MAX_TYPES)
		return tc_term_unicode() ? "·" : ".";
	return tc_term_unicode() ? glyph_unicode[type - 1] : glyph_ascii[type - 1];
}

static const char *special_mark(int special)
{
	bool u = tc_term_unicode();
	switch (special) {
	case M3_LINE_ROW:
		return u ? "═" : "-";
	case M3_LINE_COLUMN:
		return u ? "║" : "|";
	case M3_BOMB:
		return u ? "✚" : "#";
	case M3_RAINBOW:
		return u ? "✱" : "*";
	default:
		return "";
	}
}

#define HELP_SPECIALS 5 /* the first of help_m3's lines about specials */
#define HELP_LINES 10
static struct tc_help_line help_m3[HELP_LINES];

static void *create(bool animations)
{
	bool u = tc_term_unicode();
	help_m3[HELP_SPECIALS].keys = u ? "═ ║" : "- |";
	help_m3[HELP_SPECIALS + 1].keys = u ? "✚" : "#";
	help_m3[HELP_SPECIALS + 2].keys = u ? "✱" : "*";
	struct view_m3 *v = calloc(1, sizeof *v);
	if (v) {
		v->animations = animations;
		v->picked = -1;
	}
	return v;
}

static void destroy(void *view)
{
	free(view);
}

static void min_size(const struct tc_session *s, int *w, int *h)
{
	int n = state_of(s)->field.size;
	tc_grid_min_size(n, n, TILE_MIN_W, TILE_MIN_H, w, h);
	*h += 1; /* the info line */
}

/* Milliseconds left on the timed mode's clock. The budget is the state's (bonuses add to it);
 * the time spent is the session's, which stops while paused. */
static int64_t time_left(const struct tc_session *s)
{
	int64_t left = (int64_t)state_of(s)->time_left_ms - (int64_t)tc_session_elapsed_ms(s);
	return left > 0 ? left : 0;
}

static bool time_up(const struct tc_session *s)
{
	return state_of(s)->mode == M3_TIMED && tc_session_status(s) == TC_PLAYING &&
	       time_left(s) == 0;
}

/* Where the animation is: the frame index (two per step: cleared, then fallen), or -1 when
 * it is over. */
static int anim_frame(struct view_m3 *v, uint64_t now)
{
	if (!v->animating)
		return -1;
	uint64_t t = now - v->anim_start;
	for (int i = 0; i < 2 * v->res.steps; i++) {
		uint64_t d = i % 2 == 0 ? CLEAR_MS : FALL_MS;
		if (t < d)
			return i;
		t -= d;
	}
	v->animating = false;
	return -1;
}

/* The field; cleared (may be NULL) marks the tiles a step is removing. */
static void draw_field(struct view_m3 *v, const struct m3_field *f, const bool *cleared, bool marks)
{
	const char *gone = tc_term_unicode() ? "✳" : "x";
	for (int i = 0; i < f->size * f->size; i++) {
		int r = i / f->size, c = i % f->size;
		char label[16];
		snprintf(label, sizeof label, "%s%s", glyph(f->type[i]),
		         f->type[i] ? special_mark(f->special[i]) : "");
		enum tc_role role = f->type[i] ? tc_theme_number(f->type[i]) : TC_ROLE_EMPTY;
		if (cleared && cleared[i]) {
			role = TC_ROLE_TARGET;
			snprintf(label, sizeof label, "%s", gone);
		}
		if (marks && v->hinting && (i == v->hint_a || i == v->hint_b))
			role = TC_ROLE_HINT;
		if (marks && i == v->picked)
			role = TC_ROLE_PICKED;
		attr_t attr = tc_theme_attr(role);
		tc_grid_draw_tile(&v->layout, r, c, attr | A_BOLD, label);
		if (marks && v->hinting && (i == v->hint_a || i == v->hint_b)) {
			/* Not by colour alone: the hint's tiles are underlined too. */
			tc_grid_draw_label(&v->layout, r, c, attr | A_BOLD | A_UNDERLINE, label);
		}
		if (marks && i == v->cursor)
			tc_grid_draw_cursor(&v->layout, r, c, tc_theme_attr(TC_ROLE_BOARD));
	}
}

static void idle_hint(struct view_m3 *v, const struct tc_session *s, uint64_t now);

static void draw(void *view, const struct tc_session *s, struct tc_rect area, uint64_t now)
{
	struct view_m3 *v = view;
	const struct match3 *m = state_of(s);
	const struct m3_field *f = &m->field;
	if (v->last_input == 0)
		v->last_input = now;
	v->idle_hints = m->mode == M3_ENDLESS && tc_session_status(s) == TC_PLAYING;
	if (v->cursor >= f->size * f->size)
		v->cursor = 0;
	if (v->picked >= f->size * f->size)
		v->picked = -1; /* a watcher's, told of another field */
	struct tc_rect grid_area = {area.x, area.y, area.w, area.h - 1};
	v->has_layout =
	        tc_grid_fit(&v->layout, f->size, f->size, grid_area, TILE_MIN_W, TILE_MIN_H);
	if (!v->has_layout)
		return;
	tc_grid_draw_frame(&v->layout, tc_theme_attr(TC_ROLE_BOARD));
	idle_hint(v, s, now);
	int frame = anim_frame(v, now);
	if (frame < 0) {
		draw_field(v, f, NULL, true);
	} else {
		int step = frame / 2;
		const struct m3_field *before =
		        step == 0 ? &v->swapped : &v->res.step[step - 1].after;
		if (frame % 2 == 0)
			draw_field(v, before, v->res.step[step].cleared, false);
		else
			draw_field(v, &v->res.step[step].after, NULL, false);
	}

	const char *info = v->info;
	if (tc_session_status(s) == TC_LOST)
		info = m->stuck              ? "No swap left"
		       : m->mode == M3_TIMED ? "Time is up"
		                             : "Out of moves";
	else if (!info[0] && m->reshuffled && frame < 0)
		info = "No moves left: reshuffled";
	int y = v->layout.frame.y + v->layout.frame.h;
	int w = tc_text_width(info);
	tc_draw_text(area.x + (area.w - w) / 2, y, area.w, tc_theme_attr(TC_ROLE_TEXT), info);
}

/* Shows a swap that matches; false when there is none to show. */
static bool show_hint(struct view_m3 *v, const struct tc_session *s)
{
	static int swaps[2 * M3_CELLS][2];
	int n = m3_valid_swaps(&state_of(s)->field, swaps, 2 * M3_CELLS);
	if (n == 0) {
		snprintf(v->info, sizeof v->info, "No swap left");
		return false;
	}
	v->hinting = true;
	v->hint_a = swaps[0][0];
	v->hint_b = swaps[0][1];
	snprintf(v->info, sizeof v->info, "Hint: swap the two underlined tiles");
	return true;
}

/* The endless mode offers a hint once the player has been idle for a while. */
static void idle_hint(struct view_m3 *v, const struct tc_session *s, uint64_t now)
{
	if (state_of(s)->mode != M3_ENDLESS || v->hinting || v->animating ||
	    tc_session_status(s) != TC_PLAYING || now - v->last_input < IDLE_HINT_MS)
		return;
	show_hint(v, s);
}

static void swap(struct view_m3 *v, struct tc_session *s, int a, int b, uint64_t now)
{
	v->picked = -1;
	v->hinting = false;
	v->info[0] = '\0';
	if (time_up(s))
		return;
	/* The resolution on a copy, for the animation: the same field and the same random draws
	 * as the session's move. */
	struct match3 copy = *state_of(s);
	struct m3_field swapped = copy.field;
	bool shown = m3_play_swap(&copy.field, a, b, &copy.rng, &v->res, NULL, NULL);
	struct tc_move move = {.kind = 0, .arg = {a, b}};
	if (!tc_session_apply(s, &move)) {
		snprintf(v->info, sizeof v->info, "No match: swapped back");
		return;
	}
	v->cursor = b;
	uint8_t t = swapped.type[a], sp = swapped.special[a];
	swapped.type[a] = swapped.type[b];
	swapped.special[a] = swapped.special[b];
	swapped.type[b] = t;
	swapped.special[b] = sp;
	v->swapped = swapped;
	v->animating = v->animations && shown && v->res.steps > 0;
	v->anim_start = now;
	if (state_of(s)->reshuffled)
		snprintf(v->info, sizeof v->info, "No moves left: reshuffled");
}

static bool neighbours(int size, int a, int b)
{
	int ra = a / size, ca = a % size, rb = b / size, cb = b % size;
	return (ra == rb && (ca - cb == 1 || cb - ca == 1)) ||
	       (ca == cb && (ra - rb == 1 || rb - ra == 1));
}

/* Enter or a click on a cell: pick it, swap the picked tile with it, or let go. */
static void choose(struct view_m3 *v, struct tc_session *s, int cell, uint64_t now)
{
	int size = state_of(s)->field.size;
	v->cursor = cell;
	if (v->picked >= 0 && neighbours(size, v->picked, cell)) {
		swap(v, s, v->picked, cell, now);
		return;
	}
	v->info[0] = '\0';
	v->picked = cell == v->picked ? -1 : cell;
}

/* An arrow: moves the cursor, or with a tile picked swaps it with that neighbour. */
static void arrow(struct view_m3 *v, struct tc_session *s, int dr, int dc, uint64_t now)
{
	int size = state_of(s)->field.size;
	int from = v->picked >= 0 ? v->picked : v->cursor;
	int r = from / size + dr, c = from % size + dc;
	if (r < 0 || r >= size || c < 0 || c >= size)
		return;
	if (v->picked >= 0)
		swap(v, s, v->picked, r * size + c, now);
	else
		v->cursor = r * size + c;
}

static bool action(void *view, struct tc_session *s, enum tc_action act, const struct tc_event *ev,
                   uint64_t now)
{
	(void)ev;
	struct view_m3 *v = view;
	v->animating = false; /* any key skips the animation */
	v->last_input = now;
	switch (act) {
	case TC_ACT_UP:
		arrow(v, s, -1, 0, now);
		return true;
	case TC_ACT_DOWN:
		arrow(v, s, 1, 0, now);
		return true;
	case TC_ACT_LEFT:
		arrow(v, s, 0, -1, now);
		return true;
	case TC_ACT_RIGHT:
		arrow(v, s, 0, 1, now);
		return true;
	case TC_ACT_SELECT:
		choose(v, s, v->cursor, now);
		return true;
	case TC_ACT_HINT:
		if (show_hint(v, s))
			tc_session_count_hint(s);
		return true;
	default:
		return false;
	}
}

/* Esc with a tile picked lets go of it rather than leave the game. */
static bool cancel(void *view)
{
	struct view_m3 *v = view;
	if (v->picked < 0)
		return false;
	v->picked = -1;
	return true;
}

static bool mouse(void *view, struct tc_session *s, const struct tc_event *ev, uint64_t now)
{
	struct view_m3 *v = view;
	int row, col;
	if (!v->has_layout || ev->mouse != TC_MOUSE_PRESS || ev->button != 1 ||
	    !tc_grid_hit(&v->layout, ev->col, ev->row, &row, &col))
		return false;
	v->animating = false;
	v->last_input = now;
	choose(v, s, row * v->layout.cols + col, now);
	return true;
}

/* Inside the board's frame: the won and lost boxes stay within it, the frame whole. */
static bool board_inside(void *view, struct tc_rect *inside)
{
	const struct view_m3 *v = view;
	*inside = tc_grid_inside(&v->layout);
	return v->has_layout;
}

static bool board_tiles(void *view, struct tc_tiles *tiles)
{
	const struct view_m3 *v = view;
	*tiles = tc_tiles_of(&v->layout);
	return v->has_layout;
}

static int next_frame(void *view, uint64_t now)
{
	struct view_m3 *v = view;
	int frame = anim_frame(v, now);
	if (frame >= 0) {
		uint64_t t = now - v->anim_start, end = 0;
		for (int i = 0; i <= frame; i++)
			end += i % 2 == 0 ? CLEAR_MS : FALL_MS;
		return (int)(end - t);
	}
	/* The idle hint of the endless mode. Only there: a frame pending holds back the play
	 * screen's result box. */
	if (v->idle_hints && !v->hinting && v->last_input > 0 && now - v->last_input < IDLE_HINT_MS)
		return (int)(IDLE_HINT_MS - (now - v->last_input));
	return -1;
}

static void reset(void *view)
{
	struct view_m3 *v = view;
	v->animating = false;
	v->picked = -1;
	v->hinting = false;
	v->info[0] = '\0';
}

/* The goals and how much of each is collected: "● 6/25  ■ 3/25", closer when narrow. */
static void goals_text(const struct match3 *m, bool narrow, char *buf, size_t len)
{
	int n = 0;
	buf[0] = '\0';
	for (int i = 0; i < m->goals && n >= 0 && (size_t)n < len; i++) {
		unsigned got = m->collected[i] < m->goal[i].count ? m->collected[i]
		                                                  : m->goal[i].count;
		n += snprintf(buf + n, len - (size_t)n, "%s%s%s%u/%u",
		              i == 0   ? ""
		              : narrow ? " "
		                       : "  ",
		              glyph(m->goal[i].type), narrow ? "" : " ", got,
		              (unsigned)m->goal[i].count);
	}
}

static void describe(void *view, const struct tc_session *s, bool narrow, char *buf, size_t len)
{
	(void)view;
	const struct match3 *m = state_of(s);
	const char *gap = narrow ? "  " : "   ";
	/* Short, the moves left are "Left": "Moves" is what the moves made are called. */
	const char *moves_left = narrow ? "Left" : "Moves left";
	if (m->mode == M3_GOALS) {
		/* Narrow, the goals go closer: "●0/25 ■0/25" (four goals fit in 60 columns). */
		int n = snprintf(buf, len, "Level %d%s%s: %u%s", m->level, gap, moves_left,
		                 (unsigned)m->moves_left, gap);
		if (n > 0 && (size_t)n < len)
			goals_text(m, narrow, buf + n, len - (size_t)n);
	} else if (m->mode == M3_MOVES) {
		snprintf(buf, len, "%s: %u%sScore: %" PRId64, moves_left, (unsigned)m->moves_left,
		         gap, m->score);
	} else if (m->mode == M3_TIMED) {
		int64_t secs = (time_left(s) + 999) / 1000;
		snprintf(buf, len, "%s: %d:%02d%sScore: %" PRId64, narrow ? "Time" : "Time left",
		         (int)(secs / 60), (int)(secs % 60), gap, m->score);
	} else {
		snprintf(buf, len, "Score: %" PRId64, m->score);
	}
}

/* Which way the game ended: out of moves (short of the goals), out of swaps, or out of time. */
static void why_lost(const struct tc_session *s, char *buf, size_t len)
{
	const struct match3 *m = state_of(s);
	char goals[96];
	goals_text(m, true, goals, sizeof goals);
	if (m->mode == M3_TIMED && !m->stuck)
		snprintf(buf, len, "Out of time");
	else if (m->mode == M3_MOVES && !m->stuck)
		snprintf(buf, len, "Out of moves");
	else if (m->mode == M3_GOALS)
		snprintf(buf, len, "%s: goals %s", m->stuck ? "No swap left" : "Out of moves", goals);
	else
		snprintf(buf, len, "No swap left");
}

/* The menu's list: the goals pack's levels, then the endless and the timed mode at the player's
 * size and tile types. */
static void level_entry(int i, char *name, size_t name_len, char *detail, size_t detail_len,
                        void *params)
{
	struct m3_params *p = params;
	if (i < m3_pack_size()) {
		p->mode = M3_GOALS;
		p->level = i + 1;
		struct m3_level l;
		m3_pack_level(p->level, &l);
		snprintf(name, name_len, "Level %d", p->level);
		snprintf(detail, detail_len, "%dx%d, %u moves, %d goal%s", l.size, l.size,
		         (unsigned)l.moves, l.goals, l.goals == 1 ? "" : "s");
		return;
	}
	if (i > m3_pack_size() + 1) {
		name[0] = '\0'; /* past the end of the list */
		return;
	}
	p->level = 0;
	p->mode = i == m3_pack_size() ? M3_ENDLESS : M3_TIMED;
	snprintf(name, name_len, "%s", p->mode == M3_ENDLESS ? "Endless" : "Timed");
	if (p->mode == M3_ENDLESS)
		snprintf(detail, detail_len, "%dx%d, %d kinds, no end", p->size, p->size, p->types);
	else
		snprintf(detail, detail_len, "%dx%d, %d:%02d, matches add time", p->size, p->size,
		         M3_TIMED_START_MS / 60000, M3_TIMED_START_MS / 1000 % 60);
}

/* The goals pack is played in order: level K opens once level K - 1 is won. */
static bool opens_after_previous(int i)
{
	return i > 0 && i < m3_pack_size();
}

/* The goals and moves modes count the moves left, in place of the moves played. */
static bool counts_moves(const struct tc_session *s)
{
	return state_of(s)->mode == M3_GOALS || state_of(s)->mode == M3_MOVES;
}

/* The timed mode's time left is its clock: the time played would be a second one. */
static bool keeps_time(const struct tc_session *s)
{
	return state_of(s)->mode == M3_TIMED;
}

/* Not const: create() writes the specials' marks in the glyphs this terminal shows. */
static struct tc_help_line help_m3[HELP_LINES] = {
        {"{moves}", "move the cursor"},
        {"{select}, {mouse:click}", "pick a tile"},
        {"then a move, {mouse:click}", "swap it with that neighbour"},
        {"Esc", "let go of the picked tile"},
        {"{hint}", "hint: one swap that matches"},
        {"═ ║", "4 in a line: clears its row / column"},
        {"✚", "L or T: clears the 3x3 around it"},
        {"✱", "5 in a line: removes every tile of the type"},
        {"", "it is swapped with"},
        {NULL, NULL},
};

/* The timed mode's clock is the session's: when it runs out, the game ends, so that the result
 * box shows and the score counts. */
static void tick(void *view, struct tc_session *s, uint64_t now)
{
	(void)view;
	(void)now;
	if (time_up(s))
		tc_session_apply_timeout(s, &(struct tc_move){.kind = M3_MOVE_TIME_UP});
}

/* What a watcher is shown beyond the position: the player's cursor and picked tile. */
static uint32_t live_shown(void *view)
{
	const struct view_m3 *v = view;
	return TC_SHOWN_CURSOR(v->cursor) | TC_SHOWN_PICKED(v->picked);
}

static void live_show(void *view, uint32_t what)
{
	struct view_m3 *v = view;
	if (tc_shown_cursor(what) >= 0) /* checked against the field when drawn */
		v->cursor = tc_shown_cursor(what);
	v->picked = tc_shown_picked(what);
}

const struct tc_view tc_view_match3 = {
        .game = &match3_game,
        .daily_detail = "8x8, " TC_TEXT(M3_MOVES_BUDGET) " moves for points",
        .help = help_m3,
        .wasd_moves = false,
        .keep_going = false,
        .why_lost = why_lost,
        .create = create,
        .destroy = destroy,
        .min_size = min_size,
        .draw = draw,
        .action = action,
        .mouse = mouse,
        .next_frame = next_frame,
        .board_inside = board_inside,
        .board_tiles = board_tiles,
        .reset = reset,
        .cancel = cancel,
        .describe = describe,
        .counts_moves = counts_moves,
        .keeps_time = keeps_time,
        .shown = live_shown,
        .show = live_show,
        .tick = tick,
        .level_count = M3_PACK_MAX + 2, /* at most: the pack's size is the data's */
        .level_word = "level or mode",
        .level_entry = level_entry,
        .opens_after_previous = opens_after_previous,
};
