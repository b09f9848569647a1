/* N's play screen drawn: the map, the ninja, the things on the map, the status line and panel,
 * the boxes of a run's end, a pause, a watched player gone, and the help. It comes from the
 * screen's state alone (ninja_play_internal.h); nothing here plays a step.
 *
 * Drawing: the map of nlevel_map.c, bigger on a big screen; the ninja as braille dots (each
 * cell 2 × 4 dots, a tile of 2 cells 4 × 4 dots of 6 px at scale 1, finer when the map grows),
 * the dots whose centre lies in its circle, with the solid dots of the tile it overlaps so
 * that a slope under it still shows; '@' without Unicode. The status line's text changes about
 * once a second (whole seconds, a 10-segment bar), so that a frame sends little more than the
 * cells the ninja left and entered. */
#include "ninja_play_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "help.h"
#include "keymap.h"
#include "ninja_keys.h"
#include "ninja_records.h"
#include "nlevel_map.h"
#include "overlay.h"
#include "race_text.h"
#include "status.h"
#include "term.h"
#include "text_wrap.h"
#include "theme.h"

#define PANEL_W TC_NLMAP_PANEL_W
#define PANEL_MAX_W TC_NLMAP_PANEL_MAX_W
#define DRAW_RADIUS 11.0 /* px: the dots drawn for the ninja (its body is NJ_RADIUS) */
#define BAR_W 10

/* The watched stream has ended: the player left, or went away. */
static bool watch_ended(const struct tc_ninja_play *np)
{
	return np->mode == MODE_WATCH && np->follow->ended;
}

static void put_utf8(char *buf, unsigned cp)
{
	buf[0] = (char)(0xE0 | cp >> 12);
	buf[1] = (char)(0x80 | (cp >> 6 & 0x3F));
	buf[2] = (char)(0x80 | (cp & 0x3F));
	buf[3] = '\0';
}

/* The braille bit of dot (dx 0..1, dy 0..3) of a cell. */
static unsigned braille_bit(int dx, int dy)
{
	static const unsigned bit[2][4] = {{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}};
	return bit[dx][dy];
}

static void draw_ninja(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	attr_t attr = tc_nlmap_object_attr(NL_NINJA) | A_BOLD;
	double nx = np->run.x, ny = np->run.y;
	if (!tc_term_unicode()) {
		tc_nlmap_draw_mark(m, nx, ny, attr, "@");
		return;
	}
	/* A cell is 2 × 4 dots; a tile 2 × scale cells across and scale down. */
	const int k = m->scale, cols = NL_COLS * 2 * k, rows = NL_ROWS * k;
	const double cell_w = NL_TILE_PX / (2.0 * k), cell_h = (double)NL_TILE_PX / k;
	const double dot_w = cell_w / 2, dot_h = cell_h / 4;
	int c0 = (int)((nx - DRAW_RADIUS - NL_TILE_PX) / cell_w) - 1;
	int c1 = (int)((nx + DRAW_RADIUS - NL_TILE_PX) / cell_w) + 1;
	int r0 = (int)((ny - DRAW_RADIUS - NL_TILE_PX) / cell_h) - 1;
	int r1 = (int)((ny + DRAW_RADIUS - NL_TILE_PX) / cell_h) + 1;
	for (int r = r0 < 0 ? 0 : r0; r <= r1 && r < rows; r++)
		for (int c = c0 < 0 ? 0 : c0; c <= c1 && c < cols; c++) {
			unsigned body = 0, ground = 0;
			int tile = np->world.tile[(c / (2 * k)) * NL_ROWS + r / k];
			for (int dx = 0; dx < 2; dx++)
				for (int dy = 0; dy < 4; dy++) {
					/* The dot's centre: on the map, and within its tile. */
					double tx = (c % (2 * k)) * cell_w + dx * dot_w + dot_w / 2;
					double ty = (r % k) * cell_h + dy * dot_h + dot_h / 2;
					double ddx = NL_TILE_PX * (1 + c / (2 * k)) + tx - nx;
					double ddy = NL_TILE_PX * (1 + r / k) + ty - ny;
					if (ddx * ddx + ddy * ddy <= DRAW_RADIUS * DRAW_RADIUS)
						body |= braille_bit(dx, dy);
					else if (nj_tile_covers(tile, tx, ty))
						ground |= braille_bit(dx, dy);
				}
			if (!body)
				continue;
			char glyph[4];
			put_utf8(glyph, 0x2800 + (body | ground));
			tc_draw_text(m->x0 + 1 + c, m->y0 + r, 1, attr, glyph);
		}
}

static bool taken(const struct nj_run *r, int k)
{
	return (r->taken[k / 64] >> (k % 64)) & 1;
}

static void draw_things(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	bool unicode = tc_term_unicode();
	for (int k = 0; k < np->world.things && k < NL_MAX_OBJECTS; k++) {
		const struct nj_thing *t = &np->world.thing[k];
		if (t->type >= NL_OBJECT_TYPES || (t->type == NL_GOLD && taken(&np->run, k)))
			continue;
		char letter[2];
		const char *glyph = tc_nlmap_object_glyph(t->type, unicode, letter);
		attr_t attr = tc_nlmap_object_attr(t->type);
		if (t->type == NL_EXIT) {
			/* The door shut or open, and its switch up or pressed: glyphs, not colour.
			 * Each exit's door opens by its own switch (taken[] has its bit). */
			bool open = taken(&np->run, k);
			glyph = open ? (unicode ? "▯" : "e") : (unicode ? "▮" : "E");
			tc_nlmap_draw_mark(m, t->x2, t->y2, tc_theme_attr(TC_ROLE_HINT),
			                   open ? (unicode ? "·" : ".") : "s");
			if (open)
				attr |= A_BOLD;
		}
		tc_nlmap_draw_mark(m, t->x, t->y, attr, glyph);
	}
}

static int total_gold(const struct tc_ninja_play *np)
{
	int n = 0;
	for (int k = 0; k < np->world.things; k++)
		n += np->world.thing[k].type == NL_GOLD;
	return n;
}

/* Whole seconds left on the clock, rounded up (0 only when it ran out). */
static int seconds_left(const struct nj_run *r)
{
	int t = r->time_left < 0 ? 0 : r->time_left;
	return (t + NJ_STEPS_PER_SECOND - 1) / NJ_STEPS_PER_SECOND;
}

static void clock_bar(const struct nj_run *r, int width, char *buf, size_t len)
{
	bool unicode = tc_term_unicode();
	int t = r->time_left < 0 ? 0 : r->time_left;
	int full = t > NJ_START_STEPS ? t : NJ_START_STEPS;
	int filled = (int)(((int64_t)t * width + full - 1) / full);
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < width; i++) {
		const char *g = i < filled ? (unicode ? "▰" : "=") : (unicode ? "▱" : "-");
		size_t gl = strlen(g);
		if (n + gl >= len)
			break;
		memcpy(buf + n, g, gl);
		n += gl;
		buf[n] = '\0';
	}
}

/* What became of the watched player's run, in the words of the other games' watch screens:
 * "ann won", "ann lost", "ann left, to continue later" (the run kept), "ann left" (nothing
 * kept), "ann's connection dropped"; "" while it goes on. */
static void gone_text(const struct tc_ninja_play *np, char *buf, size_t len)
{
	if (over(np))
		snprintf(buf, len, "%s %s", np->player, np->run.outcome == NJ_WIN ? "won" : "lost");
	else if (!watch_ended(np))
		buf[0] = '\0';
	else if (np->follow->end == TC_LIVE_END_DROPPED)
		snprintf(buf, len, "%s's connection dropped", np->player);
	else if (np->follow->end == TC_LIVE_END_LEFT)
		snprintf(buf, len, "%s left, to continue later", np->player);
	else
		snprintf(buf, len, "%s left", np->player);
}

/* Whose run is watched: "watching ann, 2 watching" while it goes on (", ready", ", paused"),
 * then what became of it, with no count: nobody watches a player gone. */
static void watch_text(const struct tc_ninja_play *np, char *buf, size_t len)
{
	gone_text(np, buf, len);
	if (*buf)
		return;
	const char *doing = np->waiting ? ", ready" : np->paused ? ", paused" : "";
	snprintf(buf, len, "watching %s%s, %u watching", np->player, doing, np->follow->watchers);
}

/* A replay's line, as the other games' replays say it: which recording and whether it plays
 * first, then whose, where and how fast ("replay #5  paused  ann  0:03 of 0:06  1x"), as much
 * as fits in width; a replay file's has no number nor player. */
static void replay_text(const struct tc_ninja_play *np, int width, char *buf, size_t len)
{
	unsigned speed = speeds[np->speed];
	char at[32], total[32], times[16], which[32] = "";
	tc_format_time((uint64_t)np->run.steps * NJ_STEP_MS, at, sizeof at);
	tc_format_time((uint64_t)np->rec.steps * NJ_STEP_MS, total, sizeof total);
	if (speed % 1000 == 0)
		snprintf(times, sizeof times, "%ux", speed / 1000);
	else
		snprintf(times, sizeof times, "%u.%02ux", speed / 1000, speed % 1000 / 10);
	if (np->recording > 0)
		snprintf(which, sizeof which, " #%" PRId64, np->recording);
	const char *state = ended(np) ? "finished" : np->paused ? "paused" : "playing";
	const char *player = np->recording > 0 ? np->player : "";
	for (int form = 0; form < 3; form++) {
		if (form == 0)
			snprintf(buf, len, "replay%s  %s  %s%s%s of %s  %s", which, state, player,
			         *player ? "  " : "", at, total, times);
		else if (form == 1)
			snprintf(buf, len, "replay%s  %s  %s of %s  %s", which, state, at, total,
			         times);
		else
			snprintf(buf, len, "replay%s  %s", which, state);
		if (tc_text_width(buf) <= width)
			return;
	}
}

/* The status line's state (width columns at most, for a replay's): a replay's line, whose run
 * is watched, or the player's state. */
static void state_text(const struct tc_ninja_play *np, int width, char *buf, size_t len)
{
	if (np->mode == MODE_WATCH)
		watch_text(np, buf, len);
	else if (np->mode == MODE_REPLAY)
		replay_text(np, width, buf, len);
	else if (np->paused)
		snprintf(buf, len, "Paused");
	else if (np->waiting)
		snprintf(buf, len, "Ready: a run, jump or stop key starts");
	else if (np->watchers > 0)
		snprintf(buf, len, "%u watching   %s help", np->watchers,
		         tc_keymap_key_text(TC_ACT_HELP));
	else
		snprintf(buf, len, "%s help", tc_keymap_key_text(TC_ACT_HELP));
}

/* The status line: a message alone, with the whole line (a path in it shortened in the
 * middle), else the level's name, the numbers and the state, each field whole or left out:
 * the best time first, then the clock's bar, then the name. */
static void draw_status(const struct tc_ninja_play *np, int x, int y, int w)
{
	attr_t attr = tc_theme_attr(TC_ROLE_STATUS);
	tc_fill_rect((struct tc_rect){x, y, w, 1}, attr);
	if (np->prompt.kind != PROMPT_NONE) {
		tc_prompt_draw(&np->prompt, x, y, w);
		return;
	}
	const char *mark = tc_term_unicode() ? "…" : "~";
	if (np->asking_leave) {
		tc_draw_text(x + 1, y, w - 2, attr | A_BOLD, tc_race_leave_question);
		return;
	}
	if (*np->message && np->mode == MODE_PLAY) {
		char shown[sizeof np->message + 8];
		tc_text_fit_path(np->message, np->message_path, w - 2, mark, shown, sizeof shown);
		tc_draw_text(x + 1, y, w - 2,
		             np->message_bad ? tc_theme_attr(TC_ROLE_BAD) | A_BOLD : attr | A_BOLD,
		             shown);
		return;
	}
	char bar[BAR_W * 3 + 4], best[40] = "", numbers[160];
	clock_bar(&np->run, BAR_W, bar, sizeof bar);
	if (np->has_best) {
		char t[24];
		tc_nj_format_time(np->best_ms, t, sizeof t);
		snprintf(best, sizeof best, "  best %s", t);
	}
	char right[200];
	state_text(np, w - 2, right, sizeof right);
	int rw = tc_text_width(right);
	/* The numbers as full as the line allows, with the state and a column's margin each end
	 * and two columns between. */
	for (int drop = 0; drop < 3; drop++) {
		snprintf(numbers, sizeof numbers, "gold %d/%d  time %d%s%s%s", np->run.gold,
		         total_gold(np), seconds_left(&np->run), drop < 2 ? " " : "",
		         drop < 2 ? bar : "", drop < 1 ? best : "");
		if (tc_text_width(numbers) + 2 + rw + 2 <= w)
			break;
	}
	int nw = tc_text_width(numbers), used = 1;
	/* Whose replay or watched run first, then a message ("ann is back") or the numbers. */
	if (np->mode != MODE_PLAY) {
		used += tc_draw_text(x + used, y, w - 2, attr | A_BOLD, right) + 2;
		if (*np->message)
			tc_draw_text(x + used, y, w - used - 1, attr | A_BOLD, np->message);
		else if (used + nw + 1 <= w)
			tc_draw_text(x + used, y, w - used - 1, attr, numbers);
		return;
	}
	if (tc_text_width(np->name) + 3 + nw + 2 + rw + 2 <= w)
		used += tc_draw_text(x + used, y, w - used, attr | A_BOLD, np->name) + 3;
	used += tc_draw_text(x + used, y, w - used, attr, numbers) + 2;
	if (used + rw + 1 <= w)
		tc_draw_text(x + w - rw - 1, y, rw, attr | A_BOLD, right);
}

static void draw_panel(const struct tc_ninja_play *np, int x, int y, int w, int h)
{
	bool unicode = tc_term_unicode();
	char lines[24][PANEL_MAX_W * 3 + 4]; /* a line of the clock bar: 3 bytes a segment */
	attr_t role[24];
	int n = 0;
#define LINE(r, ...)                                                                               \
	do {                                                                                       \
		snprintf(lines[n], sizeof lines[n], __VA_ARGS__);                                  \
		role[n++] = tc_theme_attr(r);                                                      \
	} while (0)
	LINE(TC_ROLE_TITLE, "%s",
	     np->mode == MODE_REPLAY  ? "N replay"
	     : np->mode == MODE_WATCH ? "N, watching"
	                              : "N");
	char name[sizeof np->name + 8]; /* shortened in the middle to the panel's width */
	tc_text_shorten(np->name, w - 1, tc_term_unicode() ? "…" : "~", name, sizeof name);
	LINE(TC_ROLE_TEXT, "%s", name);
	LINE(TC_ROLE_TEXT, "%s", "");
	LINE(TC_ROLE_TEXT, "gold %d/%d", np->run.gold, total_gold(np));
	LINE(TC_ROLE_TEXT, "time %d s", seconds_left(&np->run));
	char bar[PANEL_W * 3 + 4];
	clock_bar(&np->run, PANEL_W - 2, bar, sizeof bar);
	LINE(TC_ROLE_TEXT, "%s", bar);
	if (np->has_best) {
		char t[24];
		tc_nj_format_time(np->best_ms, t, sizeof t);
		LINE(TC_ROLE_TEXT, "best %s", t);
	} else {
		LINE(TC_ROLE_DIM, "no best yet");
	}
	LINE(np->run.exit_open ? TC_ROLE_GOOD : TC_ROLE_TEXT, "%s",
	     np->world.exit < 0  ? "no exit"
	     : np->run.exit_open ? "exit open"
	                         : "exit shut");
	LINE(TC_ROLE_TEXT, "%s", "");
	if (np->race && n < h) { /* the race takes the legend's and the keys' place */
		tc_race_pane_draw((struct tc_rect){x, y + n, w - 1, h - n}, false, np->race, 0);
		h = n;
	}
	LINE(TC_ROLE_TEXT, "%s gold  * mine", unicode ? "●" : "$");
	LINE(TC_ROLE_TEXT, "%s exit %s open", unicode ? "▮" : "E", unicode ? "▯" : "e");
	LINE(TC_ROLE_TEXT, "s switch");
	LINE(TC_ROLE_TEXT, "%s", "");
	if (np->mode == MODE_PLAY && np->watchers > 0)
		LINE(TC_ROLE_TEXT, "%u watching", np->watchers);
	/* The first key in force of each action (ninja_keys.h). */
	char left[16], right[16], jump[16], stop[16];
	tc_nj_key_text(TC_ACT_LEFT, left, sizeof left);
	tc_nj_key_text(TC_ACT_RIGHT, right, sizeof right);
	tc_nj_key_text(TC_ACT_UP, jump, sizeof jump);
	tc_nj_key_text(TC_ACT_DOWN, stop, sizeof stop);
	const char *pause = tc_keymap_key_text(TC_ACT_PAUSE),
	           *restart = tc_keymap_key_text(TC_ACT_RESTART);
	if (np->mode == MODE_PLAY) {
		LINE(TC_ROLE_DIM, "%s%s run", left, right);
		LINE(TC_ROLE_DIM, "%s jump %s stop", jump, stop);
		LINE(TC_ROLE_DIM, "%s pause", pause);
		LINE(TC_ROLE_DIM, "%s restart", restart);
	} else if (np->mode == MODE_REPLAY) {
		LINE(TC_ROLE_DIM, "%s pause", pause);
		LINE(TC_ROLE_DIM, "+ - speed");
		LINE(TC_ROLE_DIM, "%s step", unicode ? "←→" : "<>");
		LINE(TC_ROLE_DIM, "%s replay again", restart);
	} else {
		char player[sizeof np->player + 8];
		tc_text_shorten(np->player, w - 1, tc_term_unicode() ? "…" : "~", player,
		                sizeof player);
		LINE(TC_ROLE_TEXT, "%s", player);
		if (!watch_ended(np)) /* nobody watches a player gone */
			LINE(TC_ROLE_DIM, "%u watching", np->follow->watchers);
	}
	LINE(TC_ROLE_DIM, "%s help  %s %s", tc_keymap_key_text(TC_ACT_HELP),
	     tc_keymap_key_text(TC_ACT_BACK), np->mode == MODE_REPLAY ? "quit" : "back");
#undef LINE
	for (int i = 0; i < n && i < h; i++)
		tc_draw_text(x, y + i, w - 1, role[i], lines[i]);
}

/* A box over the map in the half the ninja is not in, so that where it stands stays in sight
 * (where it died, say), over whole tiles. */
static void box_beside_ninja(const struct tc_ninja_play *np, const struct tc_nlmap *m,
                             const char *const *lines, int count, enum tc_role role)
{
	struct tc_tiles tiles = tc_nlmap_tiles(m);
	struct tc_rect area = tc_nlmap_inside(m);
	int sx, sy;
	if (tc_nlmap_place(m, np->run.x, np->run.y, &sx, &sy)) {
		struct tc_rect half = tc_nlmap_half_away(m, sy);
		if (tc_overlay_fits(half, lines, count))
			area = half;
	}
	tc_overlay_box_over(area, &tiles, lines, count, role);
}

/* Whether the run on screen is another player's (watched, or a recording of theirs): its end
 * box names them, as the other games' do ("ann won", "ann lost: ..."). */
static bool whose_run(const struct tc_ninja_play *np)
{
	return np->mode == MODE_WATCH || (np->mode == MODE_REPLAY && np->recording > 0);
}

/* A box's "q: back" with the back key in force. */
static const char *back_text(void)
{
	static char text[32];
	snprintf(text, sizeof text, "%s: back", tc_keymap_key_text(TC_ACT_BACK));
	return text;
}

/* "w: save replay   " while w is N's key to save (not bound to an action), else "". */
static const char *save_text(void)
{
	return tc_keymap_lookup('w') == TC_ACT_NONE ? "w: save replay   " : "";
}

static void draw_outcome(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	char numbers[64], time[24], best[48] = "", keys[160], next[48] = "";
	tc_nj_format_time((int64_t)np->run.steps * NJ_STEP_MS, time, sizeof time);
	snprintf(numbers, sizeof numbers, "%s, %d gold", time, np->run.gold);
	const char *restart = tc_keymap_key_text(TC_ACT_RESTART);
	if (np->offer_next)
		snprintf(next, sizeof next, "%s: next level   ", tc_keymap_key_text(TC_ACT_NEW));
	if (np->mode == MODE_REPLAY)
		snprintf(keys, sizeof keys, "%s: replay again   %s: quit", restart,
		         tc_keymap_key_text(TC_ACT_BACK));
	else if (np->mode == MODE_WATCH || np->racing) /* a race is one run */
		snprintf(keys, sizeof keys, "%s", back_text());
	else
		snprintf(keys, sizeof keys, "%s: %s   %s%s%s", restart,
		         np->run.outcome == NJ_WIN ? "play again" : "try again", save_text(), next,
		         back_text());
	if (replay_stopped(np)) {
		const char *lines[] = {"The run stops here, unfinished", numbers, keys};
		box_beside_ninja(np, m, lines, 3, TC_ROLE_OVERLAY);
		return;
	}
	if (np->run.outcome == NJ_WIN) {
		if (np->mode == MODE_PLAY && np->records && np->new_best) {
			snprintf(best, sizeof best, "New best!");
		} else if (np->has_best) {
			char t[24];
			tc_nj_format_time(np->best_ms, t, sizeof t);
			snprintf(best, sizeof best, "best %s", t);
		}
		char title[96] = "Level complete!";
		if (whose_run(np)) /* the player's result, not the watcher's */
			snprintf(title, sizeof title, "%s won", np->player);
		const char *lines[4] = {title, numbers, best, keys};
		if (*best)
			box_beside_ninja(np, m, lines, 4, TC_ROLE_GOOD);
		else
			box_beside_ninja(np, m, (const char *[]){lines[0], numbers, keys}, 3,
			                 TC_ROLE_GOOD);
		return;
	}
	const char *why = np->run.outcome == NJ_TIMEOUT        ? "Out of time"
	                  : np->run.death == NJ_KILLED_BY_MINE ? "Killed by a mine"
	                  : np->run.death == NJ_KILLED_BY_FALL ? "Landed too hard"
	                                                       : "Dead";
	char title[128];
	snprintf(title, sizeof title, "%s", why);
	if (whose_run(np))
		snprintf(title, sizeof title, "%s lost: %s", np->player, why);
	const char *lines[] = {title, numbers, keys};
	box_beside_ninja(np, m, lines, 3, TC_ROLE_BAD);
}

/* The run's help; the keys of the moves and of w are filled in by draw_help (help.h fills in
 * the others'). */
static const struct tc_help_line play_help[] = {
        {"", "run left, right"},
        {"", "jump (hold it to jump higher)"},
        {"", "stop: let go of every key"},
        {"{pause}", "pause (the clock stops)"},
        {"{restart}", "restart the level at once"},
        {"", "save the replay (paused, at the end)"},
        {"{new}", "next level, at the end (browser only)"},
        {"{back}", "back (the run is kept: Continue)"},
        {"", "in a race: leave it (asks first)"},
        {"Ctrl-Z, Ctrl-C", "suspend, quit"},
        {"", ""},
        {"Holding keys", "Terminals send no key releases: a"},
        {"", "tap runs or jumps briefly, holding"},
        {"", "keeps going while the key repeats;"},
        {"", "↓ stops. In terminals with the kitty"},
        {"", "keyboard protocol keys are held"},
        {"", "exactly until released."},
        {NULL, NULL},
};

static const struct tc_help_line replay_help[] = {
        {"{pause}, Space", "pause or play on"},
        {"+ >, - <", "faster, slower (0.25x to 16x)"},
        {"→, ←", "a step on, a step back (pauses)"},
        {"Home, End", "the start, the end"},
        {"{restart}", "replay again from the start"},
        {"{back}", "quit"},
        {"", ""},
        {"A replay", "plays its recorded inputs at 40"},
        {"", "steps a second, then holds no key"},
        {"", "until the run ends; a run saved"},
        {"", "unfinished stops where it was saved."},
        {NULL, NULL},
};

static const struct tc_help_line watch_help[] = {
        {"{back}", "back"},
        {"", ""},
        {"Watching", "another player's run as it is"},
        {"", "played, at your own size: it shows"},
        {"", "what they have played so far."},
        {NULL, NULL},
};

/* The help of the screen's mode, the run's with its keys as they are now. */
static void draw_help(const struct tc_ninja_play *np, struct tc_rect map, const struct tc_nlmap *m)
{
	struct tc_tiles tiles = tc_nlmap_tiles(m);
	if (np->mode != MODE_PLAY) {
		tc_help_draw_in(map, &tiles,
		                np->mode == MODE_REPLAY ? "N replay: keys" : "N, watching: keys",
		                np->mode == MODE_REPLAY ? replay_help : watch_help, false);
		return;
	}
	char left[24], right[24], run[48], jump[48], stop[48];
	tc_nj_keys_text(TC_ACT_LEFT, left, sizeof left);
	tc_nj_keys_text(TC_ACT_RIGHT, right, sizeof right);
	snprintf(run, sizeof run, "%s%s%s", left, *left && *right ? " " : "", right);
	tc_nj_keys_text(TC_ACT_UP, jump, sizeof jump);
	tc_nj_keys_text(TC_ACT_DOWN, stop, sizeof stop);
	const char *keys[] = {run,  jump, stop,
	                      NULL, NULL, tc_keymap_lookup('w') == TC_ACT_NONE ? "w" : ""};
	struct tc_help_line lines[sizeof play_help / sizeof play_help[0]];
	int n = 0;
	for (size_t i = 0; i < sizeof play_help / sizeof play_help[0]; i++) {
		lines[n] = play_help[i];
		if (i < sizeof keys / sizeof keys[0] && keys[i])
			lines[n].keys = keys[i];
		n += lines[n].keys == NULL || *lines[n].keys || i >= sizeof keys / sizeof keys[0];
	} /* an entry left with no key is left out, not taken for a line carrying on another */
	tc_help_draw_in(map, &tiles, "N: keys", lines, false);
}

/* The watched stream ended before its run did (or the run was left): who went, and how. */
static void draw_watch_end(const struct tc_ninja_play *np, const struct tc_nlmap *m)
{
	char why[96];
	gone_text(np, why, sizeof why);
	box_beside_ninja(np, m, (const char *[]){why, back_text()}, 2, TC_ROLE_OVERLAY);
}

void tc_nj_screen_draw(const struct tc_ninja_play *np)
{
	if (too_small()) {
		tc_draw_too_small(MIN_W, MIN_H);
		return;
	}
	erase();
	struct tc_nlmap m;
	tc_nlmap_layout(&m);
	struct tc_rect map = tc_nlmap_inside(&m);
	tc_nlmap_draw_tiles(&m, np->world.tile);
	draw_things(np, &m);
	draw_ninja(np, &m);
	if (m.panel_w)
		draw_panel(np, m.x0 + tc_nlmap_width(m.scale) + 1, m.y0, m.panel_w, map.h);
	draw_status(np, m.x0, m.top + m.h - 1, m.w);
	/* Without a panel, the race is a ticker on a line to spare under the status line. */
	if (np->race && !m.panel_w && m.top + m.h < LINES)
		tc_race_pane_draw((struct tc_rect){m.x0, m.top + m.h, m.w, 1}, true, np->race, 0);
	if (watch_ended(np) && (!over(np) || np->follow->end != TC_LIVE_END_FINISHED)) {
		draw_watch_end(np, &m);
	} else if (np->ended_here && !over(np)) { /* the race ended it where it stood */
		box_beside_ninja(np, &m, (const char *[]){np->race_over, back_text()}, 2,
		                 TC_ROLE_OVERLAY);
	} else if (ended(np)) {
		draw_outcome(np, &m);
	} else if (np->paused && np->mode == MODE_WATCH) {
		char who[64];
		snprintf(who, sizeof who, "%s paused", np->player);
		box_beside_ninja(np, &m, (const char *[]){who, back_text()}, 2, TC_ROLE_OVERLAY);
	} else if (np->paused && np->mode == MODE_PLAY) { /* a replay's line says it paused */
		char keys[160];
		snprintf(keys, sizeof keys, "%s: resume   %s: restart   %s%s",
		         tc_keymap_key_text(TC_ACT_PAUSE), tc_keymap_key_text(TC_ACT_RESTART),
		         save_text(), back_text());
		const char *lines[] = {"Paused", keys};
		box_beside_ninja(np, &m, lines, 2, TC_ROLE_OVERLAY);
	}
	if (np->help_open)
		draw_help(np, map, &m);
}
