/* 2048 in the terminal: the board as coloured tiles, slides by key or mouse drag, and a short
 * merge animation that any new input cuts short.
 *
 * The animation marks the merged tiles for a moment and lets the new tile appear after them. Tiles
 * gliding across the board were tried and cost about three times the bytes of a plain move
 * (bench/bytes_per_move), too much for a slow SSH link. */
#include <curses.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "catalog.h"
#include "grid.h"
#include "term.h"
#include "theme.h"
#include "tilecade/g2048.h"

#define TILE_MIN_W 7 /* "131072" and a space of margin */
#define TILE_MIN_H 1
#define MERGE_MS 90

struct view_2048 {
	bool animations;
	bool animating;
	uint64_t anim_start;
	struct g2048_motion motion; /* what the last slide moved */

	struct tc_grid_layout layout; /* as last drawn, for mouse hits */
	bool has_layout;
	bool dragging;
	int drag_row, drag_col; /* screen position of the press */
};

static void *create(bool animations)
{
	struct view_2048 *v = calloc(1, sizeof *v);
	if (v)
		v->animations = animations;
	return v;
}

static void destroy(void *view)
{
	free(view);
}

static void min_size(const struct tc_session *s, int *w, int *h)
{
	const struct g2048 *g = tc_session_state(s);
	tc_grid_min_size(g->size, g->size, TILE_MIN_W, TILE_MIN_H, w, h);
}

/* The number on a tile, shortened (256k, 1M) when it would not fit with a margin. */
static void tile_label(uint8_t exponent, int width, char *buf, size_t len)
{
	uint64_t value = g2048_tile_value(exponent);
	int n = snprintf(buf, len, "%" PRIu64, value);
	if (n < width || exponent == 0)
		return;
	static const char units[] = "kMGTPE";
	int unit = exponent / 10 - 1;
	if (unit > 5)
		unit = 5;
	snprintf(buf, len, "%" PRIu64 "%c", value >> (10 * (unit + 1)), units[unit]);
}

static void draw_board(const struct view_2048 *v, const struct g2048 *g)
{
	char label[24];
	for (int i = 0; i < g->size * g->size; i++) {
		if (!g->cell[i])
			continue;
		tile_label(g->cell[i], v->layout.tile_w, label, sizeof label);
		tc_grid_draw_tile(&v->layout, i / g->size, i % g->size,
		                  tc_theme_attr(tc_theme_tile(g->cell[i])), label);
	}
}

/* Merged tiles show their new number highlighted; only the label's cells change, so the
 * effect costs a few bytes. */
static void draw_merges(const struct view_2048 *v, const struct g2048 *g)
{
	for (int i = 0; i < v->motion.count; i++) {
		if (!v->motion.tile[i].merged)
			continue;
		int to = v->motion.tile[i].to;
		char label[24];
		tile_label(g->cell[to], v->layout.tile_w, label, sizeof label);
		tc_grid_draw_label(&v->layout, to / g->size, to % g->size,
		                   tc_theme_attr(tc_theme_tile(g->cell[to])) | A_BOLD | A_UNDERLINE,
		                   label);
	}
}

static void draw(void *view, const struct tc_session *s, struct tc_rect area, uint64_t now)
{
	struct view_2048 *v = view;
	const struct g2048 *g = tc_session_state(s);
	v->has_layout = tc_grid_fit(&v->layout, g->size, g->size, area, TILE_MIN_W, TILE_MIN_H);
	if (!v->has_layout)
		return;
	tc_grid_draw_frame(&v->layout, tc_theme_attr(TC_ROLE_BOARD));
	const char *dot = tc_term_unicode() ? "·" : ".";
	for (int r = 0; r < g->size; r++)
		for (int c = 0; c < g->size; c++)
			tc_grid_draw_tile(&v->layout, r, c, tc_theme_attr(TC_ROLE_EMPTY), dot);

	if (v->animating && now - v->anim_start >= MERGE_MS)
		v->animating = false;
	draw_board(v, g);
	if (v->animating) {
		/* The new tile is not there yet. */
		int spawn = v->motion.spawn_cell;
		if (spawn >= 0)
			tc_grid_draw_tile(&v->layout, spawn / g->size, spawn % g->size,
			                  tc_theme_attr(TC_ROLE_EMPTY), dot);
		draw_merges(v, g);
	}
}

static void slide(struct view_2048 *v, struct tc_session *s, enum g2048_dir dir, uint64_t now)
{
	struct g2048 after = *(const struct g2048 *)tc_session_state(s);
	struct g2048_motion motion;
	if (!g2048_slide(&after, dir, &motion))
		return;
	struct tc_move move = {.kind = (uint8_t)dir};
	if (!tc_session_apply(s, &move))
		return;
	v->animating = v->animations;
	v->motion = motion;
	v->anim_start = now;
}

static bool action(void *view, struct tc_session *s, enum tc_action act, const struct tc_event *ev,
                   uint64_t now)
{
	struct view_2048 *v = view;
	v->animating = false; /* input never waits for an animation */
	switch (act) {
	case TC_ACT_LEFT:
		slide(v, s, G2048_LEFT, now);
		return true;
	case TC_ACT_RIGHT:
		slide(v, s, G2048_RIGHT, now);
		return true;
	case TC_ACT_UP:
		slide(v, s, G2048_UP, now);
		return true;
	case TC_ACT_DOWN:
		slide(v, s, G2048_DOWN, now);
		return true;
	default:
		return false;
	}
}

/* A drag is a swipe: press on the board, release elsewhere; the longer axis, measured in
 * tiles, gives the direction. A release within half a tile is a plain click and does nothing. */
static bool mouse(void *view, struct tc_session *s, const struct tc_event *ev, uint64_t now)
{
	struct view_2048 *v = view;
	if (!v->has_layout)
		return false;
	if (ev->mouse == TC_MOUSE_PRESS && ev->button == 1) {
		struct tc_rect f = v->layout.frame;
		v->dragging = ev->col >= f.x && ev->col < f.x + f.w && ev->row >= f.y &&
		              ev->row < f.y + f.h;
		v->drag_col = ev->col;
		v->drag_row = ev->row;
		return v->dragging;
	}
	if (ev->mouse != TC_MOUSE_RELEASE || !v->dragging)
		return false;
	v->dragging = false;
	double dx = (double)(ev->col - v->drag_col) / (v->layout.tile_w + v->layout.gap_x);
	double dy = (double)(ev->row - v->drag_row) / (v->layout.tile_h + v->layout.gap_y);
	if (fabs(dx) < 0.5 && fabs(dy) < 0.5)
		return false;
	v->animating = false;
	if (fabs(dx) >= fabs(dy))
		slide(v, s, dx > 0 ? G2048_RIGHT : G2048_LEFT, now);
	else
		slide(v, s, dy > 0 ? G2048_DOWN : G2048_UP, now);
	return true;
}

static int next_frame(void *view, uint64_t now)
{
	struct view_2048 *v = view;
	if (!v->animating)
		return -1;
	if (now - v->anim_start >= MERGE_MS) {
		v->animating = false; /* over, even if no frame was drawn (a too-small window) */
		return -1;
	}
	return (int)(MERGE_MS - (now - v->anim_start));
}

static void reset(void *view)
{
	struct view_2048 *v = view;
	v->animating = false;
	v->dragging = false;
}

static const struct tc_help_line help_2048[] = {
        {"arrows hjkl wasd", "slide all tiles"},
        {"mouse drag", "slide in the drag's direction"},
        {"Enter", "keep going after 2048"},
        {NULL, NULL},
};

const struct tc_view tc_view_2048 = {
        .game = &g2048_game,
        .help = help_2048,
        .wasd_moves = true,
        .keep_going = true,
        .lost_text = "Game over: no moves left",
        .create = create,
        .destroy = destroy,
        .min_size = min_size,
        .draw = draw,
        .action = action,
        .mouse = mouse,
        .next_frame = next_frame,
        .reset = reset,
};
