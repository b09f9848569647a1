/* The N level browser. The map is 31 × 23 tiles of two columns each; objects sit on it at half
 * a tile's resolution. Beside it, when the window is wide enough, the level's numbers and a
 * legend; the bottom line holds messages and the path prompts. */
#include "nlevel_view.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "help.h"
#include "overlay.h"
#include "term.h"
#include "theme.h"
#include "tilecade/gameid.h"

#define MIN_W TC_NLV_MAP_W
#define MIN_H (NL_ROWS + 1) /* the map without its top and bottom border, and a status line */
#define DEFAULT_PATH "./level.txt"

/* Two columns per tile id, Unicode and ASCII. Groups of four run: solid at bottom-left,
 * bottom-right, top-right, top-left; the half tiles: bottom, right, top, left. */
static const char *const tile_utf8[NL_TILE_KINDS] = {
        "  ", "██",             /* empty, full */
        "◣◣", "◢◢", "◥◥", "◤◤", /* 45° slopes */
        "▙▙", "▟▟", "▜▜", "▛▛", /* concave quarter pipes */
        "█╮", "╭█", "╰█", "█╯", /* convex quarter circles */
        "▃▁", "▁▃", "▔▀", "▀▔", /* small 22° */
        "█▄", "▄█", "▀█", "█▀", /* big 22° */
        "▖ ", " ▗", " ▝", "▘ ", /* small 67° */
        "█▖", "▗█", "▝█", "█▘", /* big 67° */
        "▄▄", " █", "▀▀", "█ ", /* half tiles */
};
static const char *const tile_ascii[NL_TILE_KINDS] = {
        "  ",  "##",              /* empty, full */
        "#\\", "/#", "\\#", "#/", /* 45° slopes */
        "#]",  "[#", "[#",  "#]", /* concave quarter pipes */
        "#)",  "(#", "(#",  "#)", /* convex quarter circles */
        "_.",  "._", "^'",  "'^", /* small 22° */
        "#.",  ".#", "'#",  "#'", /* big 22° */
        "|.",  ".|", "'|",  "|'", /* small 67° */
        "#|",  "|#", "|#",  "#|", /* big 67° */
        "__",  " #", "^^",  "# ", /* half tiles */
};

static const char object_letter[NL_OBJECT_TYPES] = {
        [NL_GOLD] = '$',         [NL_BOUNCE_BLOCK] = 'B',    [NL_LAUNCH_PAD] = 'L',
        [NL_GAUSS_TURRET] = 'G', [NL_FLOOR_GUARD] = 'F',     [NL_NINJA] = '@',
        [NL_DRONE] = 'd',        [NL_ONE_WAY] = 'O',         [NL_THWUMP] = 'T',
        [NL_DOOR] = 'D',         [NL_HOMING_LAUNCHER] = 'H', [NL_EXIT] = 'E',
        [NL_MINE] = '*',
};

static void check(struct tc_nlevel_view *v)
{
	v->checked = nl_check(&v->level, &v->reach) == 0;
}

static void generate(struct tc_nlevel_view *v, uint64_t seed)
{
	struct tc_rng rng;
	v->seed = seed ? seed : tc_fresh_seed();
	v->has_seed = true;
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
	v->prompt = TC_NLV_NO_PROMPT;
	v->help_open = false;
	v->message[0] = '\0';
	v->playable = playable;
	generate(v, seed);
}

static void say(struct tc_nlevel_view *v, bool bad, const char *what, const char *detail)
{
	snprintf(v->message, sizeof v->message, "%.40s%.270s", what, detail); /* fits */
	v->message_bad = bad;
}

/* ---- drawing ---- */

static attr_t tile_attr(int id)
{
	if (id == NL_FULL || id >= NL_HALF)
		return tc_theme_attr(TC_ROLE_TEXT);
	return tc_theme_attr(TC_ROLE_ENTRY);
}

static attr_t object_attr(int type)
{
	switch (type) {
	case NL_GOLD:
		return tc_theme_attr(TC_ROLE_TARGET);
	case NL_MINE:
		return tc_theme_attr(TC_ROLE_BAD);
	case NL_NINJA:
		return tc_theme_attr(TC_ROLE_PICKED);
	case NL_EXIT:
		return tc_theme_attr(TC_ROLE_GOOD);
	case NL_DOOR:
		return tc_theme_attr(TC_ROLE_HINT);
	default:
		return tc_theme_attr(TC_ROLE_NUMBER + type % TC_NUMBERS);
	}
}

/* Screen cell of pixel position (x, y), at half a tile across; false off the map. */
static bool place(double x, double y, int *col, int *row)
{
	double c = (x - NL_TILE_PX) / (NL_TILE_PX / 2.0), r = (y - NL_TILE_PX) / NL_TILE_PX;
	if (!(c >= -1 && c <= NL_COLS * 2 && r >= -1 && r <= NL_ROWS))
		return false;
	*col = c < 0 ? 0 : c >= NL_COLS * 2 ? NL_COLS * 2 - 1 : (int)c;
	*row = r < 0 ? 0 : r >= NL_ROWS ? NL_ROWS - 1 : (int)r;
	return true;
}

static void draw_mark(int x0, int y0, double x, double y, attr_t attr, const char *glyph)
{
	int col, row;
	if (place(x, y, &col, &row))
		tc_draw_text(x0 + col, y0 + row, 1, attr, glyph);
}

static const char *object_glyph(int type, bool unicode, char letter[2])
{
	if (unicode && type == NL_GOLD)
		return "●";
	letter[0] = object_letter[type];
	letter[1] = '\0';
	return letter;
}

static void draw_objects(const struct tc_nlevel_view *v, int x0, int y0, bool unicode)
{
	/* Ninja last, so that nothing hides it. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < v->level.objects; i++) {
			const struct nl_object *o = &v->level.object[i];
			if (o->type >= NL_OBJECT_TYPES || (o->type == NL_NINJA) != (pass == 1) ||
			    o->count < 2)
				continue;
			char letter[2];
			draw_mark(x0, y0, o->field[0], o->field[1], object_attr(o->type),
			          object_glyph(o->type, unicode, letter));
			if (o->type == NL_EXIT && o->count >= 4)
				draw_mark(x0, y0, o->field[2], o->field[3],
				          tc_theme_attr(TC_ROLE_HINT), "s");
		}
}

static void draw_map(const struct tc_nlevel_view *v, int x0, int y0, bool frame)
{
	bool unicode = tc_term_unicode();
	const char *const *glyph = unicode ? tile_utf8 : tile_ascii;
	attr_t border = tc_theme_attr(TC_ROLE_DIM);
	const char *side = unicode ? "│" : "|";
	if (frame) {
		char line[TC_NLV_MAP_W * 3 + 1] = "";
		for (int c = 0; c < TC_NLV_MAP_W; c++)
			strcat(line, c == 0 || c == TC_NLV_MAP_W - 1 ? "+" : "-");
		if (unicode) {
			tc_draw_text(x0, y0 - 1, 1, border, "┌");
			tc_draw_text(x0, y0 + NL_ROWS, 1, border, "└");
			for (int c = 1; c < TC_NLV_MAP_W - 1; c++) {
				tc_draw_text(x0 + c, y0 - 1, 1, border, "─");
				tc_draw_text(x0 + c, y0 + NL_ROWS, 1, border, "─");
			}
			tc_draw_text(x0 + TC_NLV_MAP_W - 1, y0 - 1, 1, border, "┐");
			tc_draw_text(x0 + TC_NLV_MAP_W - 1, y0 + NL_ROWS, 1, border, "┘");
		} else {
			tc_draw_text(x0, y0 - 1, TC_NLV_MAP_W, border, line);
			tc_draw_text(x0, y0 + NL_ROWS, TC_NLV_MAP_W, border, line);
		}
	}
	for (int r = 0; r < NL_ROWS; r++) {
		tc_draw_text(x0, y0 + r, 1, border, side);
		tc_draw_text(x0 + TC_NLV_MAP_W - 1, y0 + r, 1, border, side);
		for (int c = 0; c < NL_COLS; c++) {
			int id = v->level.tile[c * NL_ROWS + r];
			if (id >= NL_TILE_KINDS)
				id = NL_FULL;
			tc_draw_text(x0 + 1 + 2 * c, y0 + r, 2, tile_attr(id), glyph[id]);
		}
	}
	draw_objects(v, x0 + 1, y0, unicode);
}

static int percent(int n)
{
	return (n * 100 + NL_TILES / 2) / NL_TILES;
}

static void draw_panel(const struct tc_nlevel_view *v, int x, int y, int h)
{
	int n_empty = 0, n_full = 0, n_slope = 0, mines = 0, gold = 0;
	for (int i = 0; i < NL_TILES; i++) {
		int id = v->level.tile[i];
		n_empty += id == NL_EMPTY;
		n_full += id == NL_FULL;
		n_slope += (id >= NL_SLOPE45 && id < NL_CONCAVE) ||
		           (id >= NL_SLOPE22_SMALL && id < NL_HALF);
	}
	for (int i = 0; i < v->level.objects; i++) {
		gold += v->level.object[i].type == NL_GOLD;
		mines += v->level.object[i].type == NL_MINE;
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
		LINE(TC_ROLE_BAD, "no ninja");
	}
	int legend = n;
	LINE(TC_ROLE_TEXT, "@ ninja");
	LINE(TC_ROLE_TEXT, "%s gold", tc_term_unicode() ? "●" : "$");
	LINE(TC_ROLE_TEXT, "* mine");
	LINE(TC_ROLE_TEXT, "E exit s switch");
	LINE(TC_ROLE_TEXT, "D door");
	LINE(TC_ROLE_DIM, "n new  o open");
	LINE(TC_ROLE_DIM, "w save ? help");
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
			tc_draw_text(x, y + row, 1, object_attr(legend_type[i - legend]), glyph);
			tc_draw_text(x + 1, y + row, TC_NLV_PANEL_W - 2, role[i], lines[i] + len);
			if (i == legend + 3) /* the switch */
				tc_draw_text(x + 7, y + row, 1, tc_theme_attr(TC_ROLE_HINT), "s");
			continue;
		}
		tc_draw_text(x, y + row, TC_NLV_PANEL_W - 1, role[i], lines[i]);
	}
}

static void draw_status(const struct tc_nlevel_view *v, int x, int y, int w)
{
	char line[TC_NLV_PATH_MAX * 2];
	if (v->prompt != TC_NLV_NO_PROMPT) {
		snprintf(line, sizeof line, "%s (Enter, Esc cancels): %s_",
		         v->prompt == TC_NLV_OPEN ? "Open level file" : "Save to", v->input);
		tc_draw_text(x, y, w, tc_theme_attr(TC_ROLE_STATUS), line);
		return;
	}
	if (*v->message) {
		tc_draw_text(x, y, w, tc_theme_attr(v->message_bad ? TC_ROLE_BAD : TC_ROLE_TEXT),
		             v->message);
		return;
	}
	if (*v->source)
		snprintf(line, sizeof line,
		         "%s   n new  p playable  o open  w save  ? help  q back", v->source);
	else
		snprintf(line, sizeof line, "n new  p playable  o open  w save  ? help  q back");
	tc_draw_text(x, y, w, tc_theme_attr(TC_ROLE_DIM), line);
}

void tc_nlevel_draw(struct tc_nlevel_view *v)
{
	if (COLS < MIN_W || LINES < MIN_H) {
		tc_draw_too_small(MIN_W, MIN_H);
		return;
	}
	erase();
	bool panel = COLS >= MIN_W + TC_NLV_PANEL_W;
	bool frame = LINES >= NL_ROWS + 3;
	int w = MIN_W + (panel ? TC_NLV_PANEL_W : 0);
	int h = NL_ROWS + (frame ? 3 : 1);
	int x0 = (COLS - w) / 2, top = (LINES - h) / 2;
	int y0 = top + (frame ? 1 : 0);
	draw_map(v, x0, y0, frame);
	if (panel)
		draw_panel(v, x0 + MIN_W + 1, y0, NL_ROWS);
	draw_status(v, x0, top + h - 1, w);
	if (v->help_open) {
		static const struct tc_help_line keys[] = {
		        {"n", "a new level (a fresh seed)"},
		        {"p", "new levels: playable only, or any"},
		        {"o", "open a level file (its first line)"},
		        {"w", "save the level to a file"},
		        {"q, Esc", "back to the menu"},
		        {NULL, NULL},
		};
		tc_help_draw("N levels: keys", keys, false);
	}
}

/* ---- files ---- */

static void open_file(struct tc_nlevel_view *v, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		char why[TC_NLV_PATH_MAX + 64];
		snprintf(why, sizeof why, "%s: %s", path, strerror(errno));
		say(v, true, "cannot open ", why);
		return;
	}
	static char line[NL_LINE_MAX + NL_TILES + 8];
	bool got = fgets(line, sizeof line, f) != NULL;
	fclose(f);
	if (!got) {
		say(v, true, "empty file: ", path);
		return;
	}
	line[strcspn(line, "\r\n")] = '\0';
	char err[160];
	if (nl_parse(line, &v->scratch, err, sizeof err) != 0) {
		char why[TC_NLV_PATH_MAX + 180];
		snprintf(why, sizeof why, "%s: %s", path, err);
		say(v, true, "invalid level in ", why);
		return;
	}
	v->level = v->scratch;
	v->has_seed = false;
	snprintf(v->source, sizeof v->source, "%s", path);
	check(v);
	say(v, false, "opened ", path);
}

static void save_file(struct tc_nlevel_view *v, const char *path)
{
	static char line[NL_LINE_MAX + NL_TILES + 8];
	nl_print(&v->level, line, sizeof line);
	FILE *f = fopen(path, "w");
	bool ok = f && fprintf(f, "%s\n", line) >= 0;
	int saved_errno = errno;
	if (f && fclose(f) != 0)
		ok = false;
	if (!ok) {
		char why[TC_NLV_PATH_MAX + 64];
		snprintf(why, sizeof why, "%s: %s", path, strerror(saved_errno));
		say(v, true, "cannot save to ", why);
		return;
	}
	say(v, false, "saved to ", path);
}

/* ---- keys ---- */

static void type_key(struct tc_nlevel_view *v, int key)
{
	size_t len = strlen(v->input);
	char utf8[4];
	size_t n = 0;
	if (key < 0x80) {
		utf8[n++] = (char)key;
	} else if (key < 0x800) {
		utf8[n++] = (char)(0xC0 | key >> 6);
		utf8[n++] = (char)(0x80 | (key & 0x3F));
	} else if (key < 0x10000) {
		utf8[n++] = (char)(0xE0 | key >> 12);
		utf8[n++] = (char)(0x80 | (key >> 6 & 0x3F));
		utf8[n++] = (char)(0x80 | (key & 0x3F));
	} else {
		utf8[n++] = (char)(0xF0 | key >> 18);
		utf8[n++] = (char)(0x80 | (key >> 12 & 0x3F));
		utf8[n++] = (char)(0x80 | (key >> 6 & 0x3F));
		utf8[n++] = (char)(0x80 | (key & 0x3F));
	}
	if (len + n < sizeof v->input) {
		memcpy(v->input + len, utf8, n);
		v->input[len + n] = '\0';
	}
}

static void prompt_event(struct tc_nlevel_view *v, const struct tc_event *ev)
{
	if (ev->type != TC_EV_KEY)
		return;
	if (ev->key == TC_KEY_ESCAPE) {
		v->prompt = TC_NLV_NO_PROMPT;
		say(v, false, "cancelled", "");
	} else if (ev->key == TC_KEY_ENTER) {
		enum tc_nlv_prompt p = v->prompt;
		v->prompt = TC_NLV_NO_PROMPT;
		if (!*v->input)
			say(v, true, "no path given", "");
		else if (p == TC_NLV_OPEN)
			open_file(v, v->input);
		else
			save_file(v, v->input);
	} else if (ev->key == TC_KEY_BACKSPACE) {
		size_t len = strlen(v->input);
		while (len > 0 && (v->input[len - 1] & 0xC0) == 0x80)
			len--; /* a whole UTF-8 character */
		if (len > 0)
			len--;
		v->input[len] = '\0';
	} else if (ev->ctrl && ev->key == 'u') {
		v->input[0] = '\0';
	} else if (!ev->ctrl && ev->key >= ' ' && ev->key < TC_KEY_UP && ev->key != 0x7F) {
		type_key(v, ev->key);
	}
}

static void start_prompt(struct tc_nlevel_view *v, enum tc_nlv_prompt p)
{
	v->prompt = p;
	v->message[0] = '\0';
	const char *start = p == TC_NLV_SAVE ? (*v->source ? v->source : DEFAULT_PATH) : "";
	snprintf(v->input, sizeof v->input, "%s", start);
}

bool tc_nlevel_event(struct tc_nlevel_view *v, const struct tc_event *ev)
{
	if (v->prompt != TC_NLV_NO_PROMPT) {
		prompt_event(v, ev);
		return true;
	}
	if (ev->type == TC_EV_KEY)
		v->message[0] = '\0';
	if (v->help_open) {
		if (ev->type == TC_EV_KEY ||
		    (ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS))
			v->help_open = false;
		return true;
	}
	if (ev->type != TC_EV_KEY)
		return true;
	if (!ev->ctrl) {
		switch (ev->key) {
		case 'n':
			generate(v, 0);
			return true;
		case 'p':
			v->playable = !v->playable;
			say(v, false,
			    v->playable ? "n now makes playable levels" : "n now makes any level",
			    "");
			return true;
		case 'o':
			start_prompt(v, TC_NLV_OPEN);
			return true;
		case 'w':
			start_prompt(v, TC_NLV_SAVE);
			return true;
		default:
			break;
		}
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_HELP:
		v->help_open = true;
		break;
	case TC_ACT_BACK:
		return false;
	default:
		break;
	}
	return true;
}
