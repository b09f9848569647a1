/* The N level browser. The map (nlevel_map.c) is 31 × 23 tiles of two columns each; objects sit
 * on it at half a tile's resolution. Beside it, when the window is wide enough, the level's
 * numbers and a legend; the bottom line holds messages and the path prompts. */
#include "nlevel_view.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "tilecade/file_open.h"
#include "arcade_policy.h"
#include "file_save.h"
#include "help.h"
#include "keymap.h"
#include "nlevel_ignored.h"
#include "nlevel_map.h"
#include "overlay.h"
#include "prompt.h"
#include "term.h"
#include "text_wrap.h"
#include "theme.h"
#include "tilecade/gameid.h"

#define MIN_W TC_NLV_MAP_W
#define MIN_H TC_NLMAP_MIN_H
#define DEFAULT_PATH "./level.txt"

/* The check plays the physics over the level (a search): it may take a second. The level is
 * drawn first, with "checking", and checked at the next frame. */
static void check(struct tc_nlevel_view *v)
{
	nj_ignored(&v->level, &v->ignored);
	v->checked = false;
	v->check_state = TC_NLV_CHECK_DRAW;
}

static void check_now(struct tc_nlevel_view *v)
{
	if (v->check_state == TC_NLV_CHECK_NONE)
		return;
	v->checked = nl_check(&v->level, &v->reach) == 0;
	v->check_state = TC_NLV_CHECK_NONE;
}

int tc_nlevel_next_frame(const struct tc_nlevel_view *v)
{
	return v->check_state == TC_NLV_CHECK_RUN || v->generate_state == TC_NLV_CHECK_RUN ? 0 : -1;
}

static void generate(struct tc_nlevel_view *v, uint64_t seed)
{
	struct tc_rng rng;
	v->seed = seed ? seed : tc_fresh_seed();
	v->has_seed = true;
	v->seed_any = !v->playable;
	v->source[0] = '\0';
	tc_rng_seed(&rng, v->seed, NL_RNG_STREAM); /* as --generate --seed */
	if (v->playable)
		nl_generate_playable(&rng, &v->level);
	else
		nl_generate(&rng, &v->level);
	check(v);
}

void tc_nlevel_open(struct tc_nlevel_view *v, uint64_t seed, bool playable)
{
	v->generate_state = TC_NLV_CHECK_NONE;
	v->prompt.kind = TC_NLV_NO_PROMPT;
	v->help_open = false;
	v->ignored_open = false;
	v->message[0] = '\0';
	v->playable = playable;
	generate(v, seed);
}

/* A message that ends in a path: a line too narrow for it shortens the path, not the words
 * (the reason), in the middle, keeping the file's name. */
static void say_path(struct tc_nlevel_view *v, bool bad, const char *words, const char *path)
{
	snprintf(v->message, sizeof v->message, "%.250s%s", words, path); /* fits */
	v->message_path = strlen(words) < 250 ? strlen(words) : 250;
	v->message_bad = bad;
}

/* ---- drawing ---- */

static int percent(int n)
{
	return (n * 100 + NL_TILES / 2) / NL_TILES;
}

static void draw_panel(const struct tc_nlevel_view *v, int x, int y, int w, int h)
{
	int n_empty = 0, n_full = 0, n_slope = 0, mines = 0, gold = 0;
	for (int i = 0; i < NL_TILES; i++) {
		int id = v->level.tile[i];
		n_empty += id == NL_EMPTY;
		n_full += id == NL_FULL;
		n_slope += (id >= NL_SLOPE45 && id < NL_CONCAVE) ||
		           (id >= NL_SLOPE22_SMALL && id < NL_HALF);
	}
	bool ninja = false;
	for (int i = 0; i < v->level.objects; i++) {
		const struct nl_object *o = &v->level.object[i];
		ninja |= o->type == NL_NINJA;
		if (!nj_placed(o))
			continue; /* left out of the play, as nl_check and the play screen count */
		gold += o->type == NL_GOLD;
		mines += o->type == NL_MINE;
	}
	char lines[24][40];
	int n = 0;
	attr_t role[24];
#define LINE(r, ...)                                                                               \
	do {                                                                                       \
		snprintf(lines[n], sizeof lines[n], __VA_ARGS__);                                  \
		role[n++] = tc_theme_attr(r);                                                      \
	} while (0)
	LINE(TC_ROLE_TITLE, "N level");
	if (v->has_seed)
		LINE(TC_ROLE_TEXT, "seed %llu", (unsigned long long)v->seed);
	else
		LINE(TC_ROLE_TEXT, "from a file");
	LINE(TC_ROLE_DIM, "p: %s", v->playable ? "playable" : "any level");
	LINE(TC_ROLE_TEXT, "empty  %3d%%", percent(n_empty));
	LINE(TC_ROLE_TEXT, "full   %3d%%", percent(n_full));
	LINE(TC_ROLE_TEXT, "slopes %3d%%", percent(n_slope));
	LINE(TC_ROLE_TEXT, "other  %3d%%", percent(NL_TILES - n_empty - n_full - n_slope));
	if (v->checked) {
		LINE(TC_ROLE_TEXT, "gold %d/%d", v->reach.gold_reachable, gold);
		LINE(TC_ROLE_TEXT, "mines %d", mines);
		LINE(TC_ROLE_TEXT, "exit %s",
		     !v->reach.has_exit        ? "none"
		     : v->reach.exit_reachable ? "yes"
		                               : "no");
		LINE(v->reach.boxed ? TC_ROLE_BAD : TC_ROLE_TEXT, "boxed %s",
		     v->reach.boxed ? "yes" : "no");
	} else {
		LINE(TC_ROLE_TEXT, "gold %d", gold);
		LINE(TC_ROLE_TEXT, "mines %d", mines);
		if (v->check_state != TC_NLV_CHECK_NONE)
			LINE(TC_ROLE_DIM, "checking...");
		else
			LINE(TC_ROLE_BAD, ninja ? "ninja nowhere" : "no ninja");
	}
	/* What the level holds that is not played: i lists it. */
	if (v->ignored.inert_objects + v->ignored.unplaced)
		LINE(TC_ROLE_HINT, "not played %d", v->ignored.inert_objects + v->ignored.unplaced);
	if (v->ignored.extra + v->ignored.not_numbers)
		LINE(TC_ROLE_HINT, "odd numbers %d", v->ignored.extra + v->ignored.not_numbers);
	int legend = n;
	LINE(TC_ROLE_TEXT, "@ ninja");
	LINE(TC_ROLE_TEXT, "%s gold", tc_term_unicode() ? "●" : "$");
	LINE(TC_ROLE_TEXT, "* mine");
	LINE(TC_ROLE_TEXT, "E exit s switch");
	LINE(TC_ROLE_TEXT, "D door");
	LINE(TC_ROLE_DIM, "%s new  o open", tc_keymap_key_text(TC_ACT_NEW));
	LINE(TC_ROLE_DIM, "w save %s help", tc_keymap_key_text(TC_ACT_HELP));
#undef LINE
	static const int legend_type[] = {NL_NINJA, NL_GOLD, NL_MINE, NL_EXIT, NL_DOOR};
	int row = 0;
	for (int i = 0; i < n && row < h; i++, row++) {
		if ((i == 3 || i == legend || i == legend + 5) && row + 1 < h)
			row++; /* a blank line between groups */
		if (i >= legend && i < legend + 5) {
			/* The legend's glyph in its colour, the words plain. */
			char glyph[8];
			int len = (int)strcspn(lines[i], " ");
			snprintf(glyph, sizeof glyph, "%.*s", len, lines[i]);
			tc_draw_text(x, y + row, 1, tc_nlmap_object_attr(legend_type[i - legend]),
			             glyph);
			tc_draw_text(x + 1, y + row, w - 2, role[i], lines[i] + len);
			if (i == legend + 3) /* the switch */
				tc_draw_text(x + 7, y + row, 1, tc_theme_attr(TC_ROLE_HINT), "s");
			continue;
		}
		tc_draw_text(x, y + row, w - 1, role[i], lines[i]);
	}
}

static void draw_status(struct tc_nlevel_view *v, int x, int y, int w)
{
	char line[TC_NLV_PATH_MAX * 2];
	v->play_x0 = v->play_x1 = -1;
	if (v->prompt.kind != TC_NLV_NO_PROMPT) {
		tc_prompt_draw(&v->prompt, x, y, w);
		return;
	}
	/* The play hint first and bold, so that it is seen and can be clicked; then a message or
	 * the other keys. An error is a line of its own, not read as the hint's. */
	int used = 0;
	bool error = *v->message && v->message_bad;
	if (!error && (v->checked || v->check_state != TC_NLV_CHECK_NONE)) { /* a ninja, maybe */
		char hint[32];
		snprintf(hint, sizeof hint, "%s play", tc_keymap_key_text(TC_ACT_SELECT));
		used = tc_draw_text(x, y, w, tc_theme_attr(TC_ROLE_TEXT) | A_BOLD, hint);
		v->play_x0 = x;
		v->play_x1 = x + used;
		v->play_y = y;
		used += 2;
	}
	if (used >= w)
		return;
	if (*v->message) {
		/* A message too long for the rest of the line has it all, and the screen's whole
		 * width if it needs that: the hint comes back at the next key, which clears the
		 * message. */
		int need = tc_text_width(v->message);
		if (used + need > w) {
			v->play_x0 = v->play_x1 = -1;
			used = 0;
			int wide = need < COLS ? need : COLS;
			if (wide > w) {
				x = (COLS - wide) / 2;
				w = wide;
			}
		}
		/* Wider than the screen, its path gives way in the middle. */
		char shown[sizeof v->message + 8];
		tc_text_fit_path(v->message, v->message_path, w - used,
		                 tc_term_unicode() ? "…" : "~", shown, sizeof shown);
		tc_draw_text(x + used, y, w - used,
		             tc_theme_attr(v->message_bad ? TC_ROLE_BAD : TC_ROLE_TEXT), shown);
		return;
	}
	snprintf(line, sizeof line, "%s new  p playable  o open  w save  %s%s help  %s back%s%s",
	         tc_keymap_key_text(TC_ACT_NEW), tc_nlv_ignores(&v->ignored) ? "i ignored  " : "",
	         tc_keymap_key_text(TC_ACT_HELP), tc_keymap_key_text(TC_ACT_BACK),
	         *v->source ? "   " : "", v->source);
	tc_draw_text(x + used, y, w - used, tc_theme_attr(TC_ROLE_DIM), line);
}

void tc_nlevel_draw(struct tc_nlevel_view *v)
{
	if (v->generate_state == TC_NLV_CHECK_RUN) {
		generate(v, 0);
		v->message[0] = '\0';
		v->generate_state = TC_NLV_CHECK_NONE;
	} else if (v->generate_state == TC_NLV_CHECK_DRAW) {
		v->generate_state = TC_NLV_CHECK_RUN; /* this frame says so; the next makes it */
	}
	if (v->check_state == TC_NLV_CHECK_RUN)
		check_now(v);
	else if (v->check_state == TC_NLV_CHECK_DRAW)
		v->check_state = TC_NLV_CHECK_RUN; /* this frame shows the level; the next checks */
	if (COLS < MIN_W || LINES < MIN_H) {
		tc_draw_too_small(MIN_W, MIN_H);
		return;
	}
	erase();
	struct tc_nlmap m;
	tc_nlmap_layout(&m);
	tc_nlmap_draw_level(&m, &v->level);
	if (m.panel_w)
		draw_panel(v, m.x0 + tc_nlmap_width(m.scale) + 1, m.y0, m.panel_w,
		           NL_ROWS * m.scale);
	draw_status(v, m.x0, m.top + m.h - 1, m.w);
	struct tc_tiles tiles = tc_nlmap_tiles(&m);
	if (v->help_open) {
		static const struct tc_help_line keys[] = {
		        {"{select}", "play this level (N's real-time screen)"},
		        {"{new}", "a new level (a fresh seed)"},
		        {"p", "new levels: playable only, or any"},
		        {"o", "open a level file (its first line)"},
		        {"w", "save the level to a file"},
		        {"i", "what the level holds that is not played"},
		        {"{back}", "back to the menu"},
		        {NULL, NULL},
		};
		tc_help_draw_in(tc_nlmap_inside(&m), &tiles, "N levels: keys", keys, false);
	} else if (v->ignored_open) {
		tc_nlv_ignored_draw(&v->ignored, tc_nlmap_inside(&m), &tiles);
	}
}

/* ---- files ---- */

/* Whether the level's ninja is not placed (nj_placed), so that nothing can be played; where
 * its object starts in *at. */
static bool ninja_nowhere(const struct nl_level *l, size_t *at)
{
	for (int k = 0; k < l->objects; k++)
		if (l->object[k].type == NL_NINJA && !nj_placed(&l->object[k])) {
			*at = nl_object_offset(l, k);
			return true;
		}
	return false;
}

/* Reads the first line of f as nlevel.h says level files are read (to a LF or the end, one CR
 * before that end left out; every other byte kept); its length in *len. Returns false when the
 * file has no byte at all. */
static bool first_line(FILE *f, char *line, size_t cap, size_t *len)
{
	size_t n = 0;
	int c = EOF;
	while (n + 1 < cap && (c = getc(f)) != EOF && c != '\n')
		line[n++] = (char)c;
	if (n == 0 && c == EOF)
		return false;
	if (n > 0 && line[n - 1] == '\r')
		n--;
	line[n] = '\0';
	*len = n;
	return true;
}

static void open_file(struct tc_nlevel_view *v, const char *typed)
{
	char path[TC_NLV_PATH_MAX], why[96];
	FILE *f = NULL;
	if (!tc_prompt_path(typed, path, sizeof path))
		snprintf(why, sizeof why, "the path is too long");
	else
		f = tc_file_open_regular(path, why, sizeof why);
	if (!f) { /* the reason first: a long path must not push it off the line */
		char words[128];
		snprintf(words, sizeof words, "cannot open, %s: ", why);
		say_path(v, true, words, path);
		return;
	}
	/* Longer than a level can be, so nl_parse tells a line too long. */
	static char line[NL_LINE_MAX + 8];
	size_t len = 0;
	bool got = first_line(f, line, sizeof line, &len);
	int read_errno = ferror(f) ? errno : 0; /* /proc/self/mem: EIO, not an empty file */
	fclose(f);
	if (read_errno) {
		char words[128];
		snprintf(words, sizeof words, "cannot open, %s: ", strerror(read_errno));
		say_path(v, true, words, path);
		return;
	}
	if (!got) {
		say_path(v, true, "empty file: ", path);
		return;
	}
	/* The reason first: a long path must not push it off the line. */
	char err[160];
	const char *nul = memchr(line, '\0', len);
	if (nul) /* nl_parse reads a C string, which would end here: the level would be cut */
		snprintf(err, sizeof err, "offset %zu: a NUL byte; levels are text",
		         (size_t)(nul - line));
	if (nul || nl_parse(line, &v->scratch, err, sizeof err) != 0) {
		char words[200];
		snprintf(words, sizeof words, "invalid level, %s: ", err);
		say_path(v, true, words, path);
		return;
	}
	v->level = v->scratch;
	v->has_seed = false;
	snprintf(v->source, sizeof v->source, "%s", path);
	check(v);
	size_t at;
	if (ninja_nowhere(&v->level, &at)) {
		char words[160];
		snprintf(words, sizeof words,
		         "cannot be played, offset %zu: the ninja's position is not a finite "
		         "number; opened ",
		         at);
		say_path(v, true, words, path);
		return;
	}
	if (!tc_nlv_ignores(&v->ignored)) {
		say_path(v, false, "opened ", path);
		return;
	}
	/* The key first, then what is not played: a long list must not push it off the line. */
	char what[200], words[220];
	tc_nlv_ignored_line(&v->ignored, what, sizeof what);
	snprintf(words, sizeof words, "i: %s; opened ", what);
	say_path(v, false, words, path);
}

/* Saves the level at path; a file there is replaced only when the player said so. */
static void save_file(struct tc_nlevel_view *v, const char *path, bool replace)
{
	static char line[NL_LINE_MAX + NL_TILES + 8];
	/* A CR at the level's end is written with CRLF after it, so that it reads back. */
	size_t n = (size_t)nl_print(&v->level, line, sizeof line);
	n += (size_t)snprintf(line + n, sizeof line - n, "%s", nl_line_end(&v->level));
	char why[96];
	switch (tc_file_save(path, line, n, replace, why, sizeof why)) {
	case TC_SAVE_DONE:
		say_path(v, false, "saved to ", path);
		break;
	case TC_SAVE_EXISTS:
		tc_prompt_ask(&v->prompt, TC_NLV_REPLACE, "Replace the file there?", path);
		break;
	case TC_SAVE_REFUSED: {
		char words[128];
		snprintf(words, sizeof words, "cannot save, %s: ", why);
		say_path(v, true, words, path);
		break;
	}
	}
}

/* ---- keys ---- */

static void prompt_event(struct tc_nlevel_view *v, const struct tc_event *ev)
{
	int kind = v->prompt.kind;
	switch (tc_prompt_event(&v->prompt, ev)) {
	case TC_PROMPT_CANCEL:
		if (kind == TC_NLV_REPLACE)
			say_path(v, false, "not saved; the file there is kept: ", v->prompt.input);
		else
			say_path(v, false, "cancelled", "");
		break;
	case TC_PROMPT_DONE:
		if (kind == TC_NLV_REPLACE) {
			save_file(v, v->prompt.input, true);
		} else if (!*v->prompt.input) {
			say_path(v, true, "no path given", "");
		} else if (kind == TC_NLV_OPEN) {
			open_file(v, v->prompt.input);
		} else {
			char path[TC_NLV_PATH_MAX];
			if (tc_prompt_path(v->prompt.input, path, sizeof path))
				save_file(v, path, false);
			else
				say_path(v, true,
				         "cannot save, the path is too long: ", v->prompt.input);
		}
		break;
	case TC_PROMPT_EDITING:
		break;
	}
}

static void start_prompt(struct tc_nlevel_view *v, enum tc_nlv_prompt p)
{
	v->message[0] = '\0';
	char why[sizeof v->message];
	if (!tc_policy_files_allowed(why, sizeof why)) {
		say_path(v, true, why, "");
		return;
	}
	const char *start = p == TC_NLV_SAVE ? (*v->source ? v->source : DEFAULT_PATH) : "";
	tc_prompt_start(&v->prompt, p, p == TC_NLV_OPEN ? "Open level file" : "Save to", start);
}

void tc_nlevel_new_level(struct tc_nlevel_view *v)
{
	v->message[0] = '\0';
	generate(v, 0);
}

void tc_nlevel_name(const struct tc_nlevel_view *v, char *buf, size_t len)
{
	if (!*v->source) {
		snprintf(buf, len, "%sseed %llu", v->seed_any ? "any " : "",
		         (unsigned long long)v->seed);
		return;
	}
	const char *base = strrchr(v->source, '/');
	snprintf(buf, len, "%s", base && base[1] ? base + 1 : v->source);
}

/* Enter, or a click on the hint: play the level if it has a ninja (no need to wait for the
 * check). */
static enum tc_nlv_result play(struct tc_nlevel_view *v)
{
	size_t at;
	if (ninja_nowhere(&v->level, &at)) {
		char words[96];
		snprintf(words, sizeof words,
		         "cannot play: the ninja's position (offset %zu) is not a finite number",
		         at);
		say_path(v, true, words, "");
		return TC_NLV_STAY;
	}
	for (int i = 0; i < v->level.objects; i++)
		if (v->level.object[i].type == NL_NINJA)
			return TC_NLV_PLAY;
	say_path(v, true, "this level has no ninja to play", "");
	return TC_NLV_STAY;
}

enum tc_nlv_result tc_nlevel_event(struct tc_nlevel_view *v, const struct tc_event *ev)
{
	if (ev->type == TC_EV_KEY && ev->release)
		return TC_NLV_STAY; /* key releases (kitty keyboard protocol) mean nothing here */
	if (v->prompt.kind != TC_NLV_NO_PROMPT) {
		prompt_event(v, ev);
		return TC_NLV_STAY;
	}
	if (ev->type == TC_EV_KEY)
		v->message[0] = '\0';
	if (v->help_open || v->ignored_open) {
		if (ev->type == TC_EV_KEY ||
		    (ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS))
			v->help_open = v->ignored_open = false;
		return TC_NLV_STAY;
	}
	if (ev->type == TC_EV_MOUSE) {
		if (ev->mouse == TC_MOUSE_PRESS && ev->button == 1 && ev->row == v->play_y &&
		    ev->col >= v->play_x0 && ev->col < v->play_x1)
			return play(v);
		return TC_NLV_STAY;
	}
	if (ev->type != TC_EV_KEY)
		return TC_NLV_STAY;
	/* The browser's own letters, unless the player bound them to an action. */
	if (!ev->ctrl && tc_keymap_lookup(ev->key) == TC_ACT_NONE) {
		switch (ev->key) {
		case 'p':
			v->playable = !v->playable;
			say_path(v, false,
			         v->playable ? "n now makes playable levels"
			                     : "n now makes any level",
			         "");
			return TC_NLV_STAY;
		case 'o':
			start_prompt(v, TC_NLV_OPEN);
			return TC_NLV_STAY;
		case 'w':
			start_prompt(v, TC_NLV_SAVE);
			return TC_NLV_STAY;
		case 'i':
			v->ignored_open = true;
			return TC_NLV_STAY;
		default:
			break;
		}
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_SELECT:
		return play(v);
	case TC_ACT_NEW: /* a playable level may take the generator seconds: said at once */
		say_path(v, false, "generating a new level...", "");
		v->generate_state = TC_NLV_CHECK_DRAW;
		break;
	case TC_ACT_HELP:
		v->help_open = true;
		break;
	case TC_ACT_BACK:
		return TC_NLV_LEAVE;
	default:
		break;
	}
	return TC_NLV_STAY;
}
