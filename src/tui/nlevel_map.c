/* An N level's map: glyph tables and drawing shared by the browser and the play screen. */
#include "nlevel_map.h"

#include <string.h>

#include "grid.h"
#include "term.h"
#include "theme.h"
#include "tilecade/ninja.h"

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

const char *tc_nlmap_tile_glyph(int id, bool unicode)
{
	if (id < 0 || id >= NL_TILE_KINDS)
		id = NL_FULL;
	return unicode ? tile_utf8[id] : tile_ascii[id];
}

attr_t tc_nlmap_tile_attr(int id)
{
	if (id == NL_FULL || id >= NL_HALF)
		return tc_theme_attr(TC_ROLE_TEXT);
	return tc_theme_attr(TC_ROLE_ENTRY);
}

attr_t tc_nlmap_object_attr(int type)
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

const char *tc_nlmap_object_glyph(int type, bool unicode, char letter[2])
{
	if (unicode && type == NL_GOLD)
		return "●";
	letter[0] = type >= 0 && type < NL_OBJECT_TYPES ? object_letter[type] : '?';
	letter[1] = '\0';
	return letter;
}

bool tc_nlmap_place(double x, double y, int *col, int *row)
{
	double c = (x - NL_TILE_PX) / (NL_TILE_PX / 2.0), r = (y - NL_TILE_PX) / NL_TILE_PX;
	if (!(c >= -1 && c <= NL_COLS * 2 && r >= -1 && r <= NL_ROWS))
		return false;
	*col = c < 0 ? 0 : c >= NL_COLS * 2 ? NL_COLS * 2 - 1 : (int)c;
	*row = r < 0 ? 0 : r >= NL_ROWS ? NL_ROWS - 1 : (int)r;
	return true;
}

void tc_nlmap_draw_mark(int x0, int y0, double x, double y, attr_t attr, const char *glyph)
{
	int col, row;
	if (tc_nlmap_place(x, y, &col, &row))
		tc_draw_text(x0 + col, y0 + row, 1, attr, glyph);
}

void tc_nlmap_draw_tiles(const uint8_t *tile, int x0, int y0, bool frame)
{
	bool unicode = tc_term_unicode();
	attr_t border = tc_theme_attr(TC_ROLE_DIM);
	const char *side = unicode ? "│" : "|";
	if (frame) {
		if (unicode) {
			tc_draw_text(x0, y0 - 1, 1, border, "┌");
			tc_draw_text(x0, y0 + NL_ROWS, 1, border, "└");
			for (int c = 1; c < TC_NLMAP_W - 1; c++) {
				tc_draw_text(x0 + c, y0 - 1, 1, border, "─");
				tc_draw_text(x0 + c, y0 + NL_ROWS, 1, border, "─");
			}
			tc_draw_text(x0 + TC_NLMAP_W - 1, y0 - 1, 1, border, "┐");
			tc_draw_text(x0 + TC_NLMAP_W - 1, y0 + NL_ROWS, 1, border, "┘");
		} else {
			char line[TC_NLMAP_W + 1];
			for (int c = 0; c < TC_NLMAP_W; c++)
				line[c] = c == 0 || c == TC_NLMAP_W - 1 ? '+' : '-';
			line[TC_NLMAP_W] = '\0';
			tc_draw_text(x0, y0 - 1, TC_NLMAP_W, border, line);
			tc_draw_text(x0, y0 + NL_ROWS, TC_NLMAP_W, border, line);
		}
	}
	for (int r = 0; r < NL_ROWS; r++) {
		tc_draw_text(x0, y0 + r, 1, border, side);
		tc_draw_text(x0 + TC_NLMAP_W - 1, y0 + r, 1, border, side);
		for (int c = 0; c < NL_COLS; c++) {
			int id = tile[c * NL_ROWS + r];
			tc_draw_text(x0 + 1 + 2 * c, y0 + r, 2, tc_nlmap_tile_attr(id),
			             tc_nlmap_tile_glyph(id, unicode));
		}
	}
}

void tc_nlmap_draw_level(const struct nl_level *l, int x0, int y0, bool frame)
{
	bool unicode = tc_term_unicode();
	tc_nlmap_draw_tiles(l->tile, x0, y0, frame);
	/* Ninja last, so that nothing hides it. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < l->objects; i++) {
			const struct nl_object *o = &l->object[i];
			if (o->type >= NL_OBJECT_TYPES || (o->type == NL_NINJA) != (pass == 1) ||
			    o->count < 2)
				continue;
			char letter[2];
			double x = o->field[0], y = o->field[1];
			/* Where the play starts it: a ninja outside the map is brought inside. */
			if (o->type == NL_NINJA && nj_placed(o))
				nj_start_point(o->field[0], o->field[1], &x, &y);
			tc_nlmap_draw_mark(x0 + 1, y0, x, y, tc_nlmap_object_attr(o->type),
			                   tc_nlmap_object_glyph(o->type, unicode, letter));
			if (o->type == NL_EXIT && o->count >= 4)
				tc_nlmap_draw_mark(x0 + 1, y0, o->field[2], o->field[3],
				                   tc_theme_attr(TC_ROLE_HINT), "s");
		}
}
