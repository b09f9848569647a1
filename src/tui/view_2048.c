/* 2048 in the terminal: the board as coloured tiles, slides by key or mouse drag, a short
 * merge animation that any new input cuts short, and the computer's player (g2048_ai.h) for a
 * hint (H) and for autoplay (a; + and - set its speed; any other key stops it).
 *
 * The animation marks the merged tiles for a moment and lets the new tile appear after them. Tiles
 * gliding across the board were tried and cost about three times the bytes of a plain move
 * (bench/bytes_per_move), too much for a slow SSH link. */
#include <curses.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "autoplay.h"
#include "catalog.h"
#include "grid.h"
#include "term.h"
#include "theme.h"
#include "tilecade/g2048.h"
#include "tilecade/g2048_ai.h"

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

	struct g2048_ai *ai; /* NULL when there was no memory for it: no hints, no autoplay */
	struct tc_autoplay autoplay;
	int hint_dir;  /* the slide the hint marks on the board, or -1 */
	char note[64]; /* a line for the status bar, until the next key */
	char line[64]; /* what autoplay does, for the status bar */
};

static void *create(bool animations)
{
	struct view_2048 *v = calloc(1, sizeof *v);
	if (!v)
		return NULL;
	v->animations = animations;
	v->ai = g2048_ai_new();
	tc_autoplay_init(&v->autoplay);
	v->hint_dir = -1;
	return v;
}

static void destroy(void *view)
{
	struct view_2048 *v = view;
	g2048_ai_free(v->ai);
	free(v);
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
		                   tc_theme_flash(tc_theme_tile(g->cell[to])),
		                   label);
	}
}

/* The slides' names and arrows, ASCII and Unicode. */
static const char *const dir_names[4] = {"left", "right", "up", "down"};
static const char *const arrows[2][4] = {{"<", ">", "^", "v"}, {"←", "→", "↑", "↓"}};

/* The hint: an arrow on each row (or column) of the board's edge the slide goes toward. The
 * frame cells are there anyway, so the mark costs a few bytes to show and to take away. */
static void draw_hint(const struct view_2048 *v, int n)
{
	const char *arrow = arrows[tc_term_unicode()][v->hint_dir];
	attr_t attr = tc_theme_attr(TC_ROLE_HINT) | A_BOLD;
	const struct tc_rect f = v->layout.frame;
	bool across = v->hint_dir == G2048_LEFT || v->hint_dir == G2048_RIGHT;
	for (int i = 0; i < n; i++) {
		if (across) {
			int y = tc_grid_cell_y(&v->layout, i) + (v->layout.tile_h - 1) / 2;
			tc_draw_text(v->hint_dir == G2048_LEFT ? f.x : f.x + f.w - 1, y, 1, attr,
			             arrow);
		} else {
			int x = tc_grid_cell_x(&v->layout, i) + (v->layout.tile_w - 1) / 2;
			tc_draw_text(x, v->hint_dir == G2048_UP ? f.y : f.y + f.h - 1, 1, attr,
			             arrow);
		}
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
	if (v->hint_dir >= 0)
		draw_hint(v, g->size);
}

static bool board_inside(void *view, struct tc_rect *inside)
{
	const struct view_2048 *v = view;
	*inside = tc_grid_inside(&v->layout);
	return v->has_layout;
}

static bool board_tiles(void *view, struct tc_tiles *tiles)
{
	const struct view_2048 *v = view;
	*tiles = tc_tiles_of(&v->layout);
	return v->has_layout;
}

static void slide(struct view_2048 *v, struct tc_session *s, enum g2048_dir dir, uint64_t now,
                  bool animate)
{
	struct g2048 after = *(const struct g2048 *)tc_session_state(s);
	struct g2048_motion motion;
	if (!g2048_slide(&after, dir, &motion))
		return;
	struct tc_move move = {.kind = (uint8_t)dir};
	if (!tc_session_apply(s, &move))
		return;
	v->animating = animate;
	v->motion = motion;
	v->anim_start = now;
}

static const char no_player[] = "No memory for the computer's player";

/* The computer's choice for this position, at the default depth; false (with a note) when
 * there is none. */
static bool choose(struct view_2048 *v, const struct tc_session *s, struct g2048_ai_choice *c)
{
	if (!v->ai) {
		snprintf(v->note, sizeof v->note, "%s", no_player);
		return false;
	}
	g2048_ai_choose(v->ai, tc_session_state(s), G2048_AI_DEFAULT_DEPTH, c);
	if (c->dir < 0 || c->dir > G2048_DOWN) {
		snprintf(v->note, sizeof v->note, "No slide moves anything");
		return false;
	}
	return true;
}

/* Shows the slide the AI would make; false when there is none to show. */
static bool hint(struct view_2048 *v, const struct tc_session *s)
{
	struct g2048_ai_choice c;
	if (!choose(v, s, &c))
		return false;
	v->hint_dir = c.dir;
	int next;
	enum g2048_ai_margin margin = g2048_ai_margin(&c, &next);
	const char *const *arrow = arrows[tc_term_unicode()];
	char why[40];
	switch (margin) {
	case G2048_AI_ONLY:
		snprintf(why, sizeof why, "the only slide");
		break;
	case G2048_AI_TIE:
		snprintf(why, sizeof why, "%s %s is as good", arrow[next], dir_names[next]);
		break;
	case G2048_AI_CLOSE:
		snprintf(why, sizeof why, "%s %s is close", arrow[next], dir_names[next]);
		break;
	case G2048_AI_BETTER:
		snprintf(why, sizeof why, "better than %s %s", arrow[next], dir_names[next]);
		break;
	case G2048_AI_CLEAR:
		snprintf(why, sizeof why, "clearly best");
		break;
	}
	snprintf(v->note, sizeof v->note, "Hint: slide %s %s (%s)", arrow[c.dir], dir_names[c.dir],
	         why);
	return true;
}

/* At fast speeds a slide comes before the last one's animation would end: then there is none,
 * rather than one cut short every time, which would hide every new tile until the next slide. */
static bool autoplay_animates(const struct view_2048 *v)
{
	return v->animations && tc_autoplay_interval(&v->autoplay) >= MERGE_MS;
}

static void autoplay_line(struct view_2048 *v)
{
	snprintf(v->line, sizeof v->line, "Autoplay %d ms/move%s%s",
	         tc_autoplay_interval(&v->autoplay),
	         tc_autoplay_fastest(&v->autoplay) ? "" : "  + faster",
	         tc_autoplay_slowest(&v->autoplay) ? "" : "  - slower");
}

/* The keys autoplay keeps for itself: a, + (and = beside it, unshifted) and -, unless the
 * player bound them to something else. */
static bool autoplay_key(const struct tc_event *ev)
{
	return ev->type == TC_EV_KEY && tc_event_action(ev, false) == TC_ACT_NONE &&
	       (ev->key == 'a' || ev->key == '+' || ev->key == '=' || ev->key == '-');
}

static void autoplay_keys(struct view_2048 *v, int key, uint64_t now)
{
	struct tc_autoplay *a = &v->autoplay;
	if (key == 'a' && a->on) {
		tc_autoplay_stop(a);
		snprintf(v->note, sizeof v->note, "Autoplay off");
	} else if (key == 'a' && !v->ai) {
		snprintf(v->note, sizeof v->note, "%s", no_player);
	} else if (key == 'a') {
		tc_autoplay_start(a, now); /* the first move in the next frame */
	} else {
		bool changed = key == '-' ? tc_autoplay_slower(a) : tc_autoplay_faster(a);
		/* While it plays, its own line shows the speed. */
		if (!a->on && changed)
			snprintf(v->note, sizeof v->note, "Autoplay speed %d ms/move (a starts it)",
			         tc_autoplay_interval(a));
		else if (!a->on)
			snprintf(v->note, sizeof v->note, "Autoplay: %s speed",
			         key == '-' ? "lowest" : "top");
	}
	autoplay_line(v);
}

static bool action(void *view, struct tc_session *s, enum tc_action act, const struct tc_event *ev,
                   uint64_t now)
{
	struct view_2048 *v = view;
	v->animating = false; /* input never waits for an animation */
	switch (act) {
	case TC_ACT_LEFT:
		slide(v, s, G2048_LEFT, now, v->animations);
		return true;
	case TC_ACT_RIGHT:
		slide(v, s, G2048_RIGHT, now, v->animations);
		return true;
	case TC_ACT_UP:
		slide(v, s, G2048_UP, now, v->animations);
		return true;
	case TC_ACT_DOWN:
		slide(v, s, G2048_DOWN, now, v->animations);
		return true;
	case TC_ACT_HINT:
		if (hint(v, s))
			tc_session_count_hint(s);
		return true;
	default:
		break;
	}
	if (autoplay_key(ev)) {
		autoplay_keys(v, ev->key, now);
		return true;
	}
	/* w a s d slid before a became autoplay: say what slides now. */
	if (ev->type == TC_EV_KEY && (ev->key == 'w' || ev->key == 's' || ev->key == 'd')) {
		snprintf(v->note, sizeof v->note, "Slide with the arrows or h j k l (a: autoplay)");
		return true;
	}
	return false;
}

/* Any key but autoplay's own, and any click, stops autoplay; any at all ends the hint. The key
 * is then acted on as usual (an arrow slides, H shows a hint). */
static void input(void *view, const struct tc_event *ev)
{
	struct view_2048 *v = view;
	v->hint_dir = -1;
	v->note[0] = '\0';
	if (v->autoplay.on && !autoplay_key(ev)) {
		tc_autoplay_stop(&v->autoplay);
		snprintf(v->note, sizeof v->note, "Autoplay stopped");
	}
}

/* Autoplay's move, when one is due. The computer's moves go through the session like the
 * player's (undo, saves, the score and the clock see them), and mark the game as not the
 * player's: it goes on no scoreboard. */
static void tick(void *view, struct tc_session *s, uint64_t now)
{
	struct view_2048 *v = view;
	if (!tc_autoplay_due(&v->autoplay, now))
		return;
	struct g2048_ai_choice c;
	if (tc_session_status(s) != TC_PLAYING || !choose(v, s, &c)) {
		tc_autoplay_stop(&v->autoplay);
		return;
	}
	tc_session_mark_assisted(s, TC_ASSIST_AUTOPLAY);
	slide(v, s, (enum g2048_dir)c.dir, now, autoplay_animates(v));
	tc_autoplay_moved(&v->autoplay, now);
	if (tc_session_status(s) == TC_WON) {
		tc_autoplay_stop(&v->autoplay);
		snprintf(v->note, sizeof v->note, "Autoplay stopped at 2048");
	} else if (tc_session_status(s) != TC_PLAYING) {
		tc_autoplay_stop(&v->autoplay);
	}
}

static const char *message(void *view)
{
	struct view_2048 *v = view;
	if (v->autoplay.on)
		return v->line;
	return v->note[0] ? v->note : NULL;
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
		slide(v, s, dx > 0 ? G2048_RIGHT : G2048_LEFT, now, v->animations);
	else
		slide(v, s, dy > 0 ? G2048_DOWN : G2048_UP, now, v->animations);
	return true;
}

/* The end of the animation or autoplay's next move, whichever comes first. */
static int next_frame(void *view, uint64_t now)
{
	struct view_2048 *v = view;
	int frame = -1;
	if (v->animating && now - v->anim_start >= MERGE_MS)
		v->animating = false; /* over, even if no frame was drawn (a too-small window) */
	else if (v->animating)
		frame = (int)(MERGE_MS - (now - v->anim_start));
	int move = tc_autoplay_wait(&v->autoplay, now);
	return move >= 0 && (frame < 0 || move < frame) ? move : frame;
}

static void reset(void *view)
{
	struct view_2048 *v = view;
	v->animating = false;
	v->dragging = false;
	v->hint_dir = -1;
	tc_autoplay_stop(&v->autoplay);
}

static const struct tc_help_line help_2048[] = {
        {"{moves}", "slide all tiles"},
        {"{mouse:mouse drag}", "slide in the drag's direction"},
        {"{hint}", "hint: the computer's best slide"},
        {"a", "autoplay on / off (any other key stops it)"},
        {"+, -", "autoplay faster / slower"},
        {"", "a starts at the speed last set: 100 ms at first"},
        {"", "a game autoplay played in is not scored: a asks first"},
        {"{select}", "keep going after 2048"},
        {NULL, NULL},
};

/* The board sizes, chosen on the menu's row. */
static void level_entry(int i, char *name, size_t name_len, char *detail, size_t detail_len,
                        void *params)
{
	struct g2048_params *p = params;
	p->size = G2048_MIN_SIZE + i;
	snprintf(name, name_len, "%dx%d", p->size, p->size);
	snprintf(detail, detail_len, "%s", "");
}

const struct tc_view tc_view_2048 = {
        .game = &g2048_game,
        .daily_detail = "4x4 board",
        .help = help_2048,
        .wasd_moves = false,   /* a is autoplay */
        .assist_keys = "a+=-", /* autoplay */
        .computer_player_key = 'a',
        .keep_going = true,
        .keep_going_key = 'a',
        .keep_going_key_text = "a: autoplay on",
        .lost_text = "Game over: no moves left",
        .create = create,
        .destroy = destroy,
        .min_size = min_size,
        .draw = draw,
        .action = action,
        .mouse = mouse,
        .next_frame = next_frame,
        .reset = reset,
        .tick = tick,
        .input = input,
        .message = message,
        .board_inside = board_inside,
        .board_tiles = board_tiles,
        .level_count = G2048_MAX_SIZE - G2048_MIN_SIZE + 1,
        .level_on_row = true,
        .level_word = "board size",
        .level_entry = level_entry,
};
