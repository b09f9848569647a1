/* An N level's map: glyph tables and drawing shared by the browser and the play screen. */
#include "nlevel_map.h"

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

int tc_nlmap_width(int scale)
{
	return NL_COLS * 2 * scale + 2;
}

void tc_nlmap_layout(struct tc_nlmap *m)
{
	const int min_panel_w = TC_NLMAP_PANEL_W, max_panel_w = TC_NLMAP_PANEL_MAX_W;
	/* Bigger than 1 only with the borders and the panel. */
	m->scale = 1;
	while (tc_nlmap_width(m->scale + 1) + min_panel_w <= COLS &&
	       NL_ROWS * (m->scale + 1) + 3 <= LINES)
		m->scale++;
	int map_w = tc_nlmap_width(m->scale);
	m->frame = LINES >= NL_ROWS * m->scale + 3;
	m->panel_w = COLS - map_w >= min_panel_w ? COLS - map_w : 0;
	if (m->panel_w > max_panel_w)
		m->panel_w = max_panel_w;
	m->w = map_w + m->panel_w;
	m->h = NL_ROWS * m->scale + (m->frame ? 3 : 1);
	m->x0 = (COLS - m->w) / 2;
	m->top = (LINES - m->h) / 2;
	m->y0 = m->top + (m->frame ? 1 : 0);
}

struct tc_rect tc_nlmap_inside(const struct tc_nlmap *m)
{
	return (struct tc_rect){m->x0 + 1, m->y0, NL_COLS * 2 * m->scale, NL_ROWS * m->scale};
}

struct tc_tiles tc_nlmap_tiles(const struct tc_nlmap *m)
{
	struct tc_rect in = tc_nlmap_inside(m);
	return (struct tc_tiles){in.x, in.y, 2 * m->scale, m->scale, 2 * m->scale, m->scale};
}

struct tc_rect tc_nlmap_half_away(const struct tc_nlmap *m, int y)
{
	struct tc_rect in = tc_nlmap_inside(m);
	int top_h = NL_ROWS / 2 * m->scale; /* whole tile rows: 11 of 23 */
	if (y < in.y + in.h / 2)
		return (struct tc_rect){in.x, in.y + top_h, in.w, in.h - top_h};
	return (struct tc_rect){in.x, in.y, in.w, top_h};
}

bool tc_nlmap_place(const struct tc_nlmap *m, double x, double y, int *sx, int *sy)
{
	int cols = NL_COLS * 2 * m->scale, rows = NL_ROWS * m->scale;
	double c = (x - NL_TILE_PX) * cols / (NL_COLS * NL_TILE_PX);
	double r = (y - NL_TILE_PX) * rows / (NL_ROWS * NL_TILE_PX);
	if (!(c >= -1 && c <= cols && r >= -1 && r <= rows))
		return false;
	*sx = m->x0 + 1 + (c < 0 ? 0 : c >= cols ? cols - 1 : (int)c);
	*sy = m->y0 + (r < 0 ? 0 : r >= rows ? rows - 1 : (int)r);
	return true;
}

void tc_nlmap_draw_mark(const struct tc_nlmap *m, double x, double y, attr_t attr,
                        const char *glyph)
{
	int sx, sy;
	if (tc_nlmap_place(m, x, y, &sx, &sy))
		tc_draw_text(sx, sy, 1, attr, glyph);
}

/* The top or bottom border at row y. */
static void draw_edge(const struct tc_nlmap *m, int y, bool top, attr_t attr)
{
	int w = tc_nlmap_width(m->scale);
	bool unicode = tc_term_unicode();
	for (int c = 0; c < w; c++) {
		const char *g = c > 0 && c < w - 1 ? (unicode ? "─" : "-")
		                : !unicode         ? "+"
		                : c == 0           ? (top ? "┌" : "└")
		                                   : (top ? "┐" : "┘");
		tc_draw_text(m->x0 + c, y, 1, attr, g);
	}
}

void tc_nlmap_draw_tiles(const struct tc_nlmap *m, const uint8_t *tile)
{
	bool unicode = tc_term_unicode();
	attr_t border = tc_theme_attr(TC_ROLE_DIM);
	const char *side = unicode ? "│" : "|";
	int k = m->scale, rows = NL_ROWS * k, right = m->x0 + tc_nlmap_width(k) - 1;
	if (m->frame) {
		draw_edge(m, m->y0 - 1, true, border);
		draw_edge(m, m->y0 + rows, false, border);
	}
	for (int r = 0; r < rows; r++) {
		tc_draw_text(m->x0, m->y0 + r, 1, border, side);
		tc_draw_text(right, m->y0 + r, 1, border, side);
		for (int c = 0; c < NL_COLS; c++) {
			int id = tile[c * NL_ROWS + r / k];
			const char *glyph = tc_nlmap_tile_glyph(id, unicode);
			/* A bigger tile repeats each of its glyphs: scale columns, scale rows. */
			unsigned char lead = (unsigned char)glyph[0];
			size_t first = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : 3;
			for (int i = 0; i < 2 * k; i++)
				tc_draw_text(m->x0 + 1 + 2 * k * c + i, m->y0 + r, 1,
				             tc_nlmap_tile_attr(id), glyph + (i < k ? 0 : first));
		}
	}
}

void tc_nlmap_draw_level(const struct tc_nlmap *m, const struct nl_level *l)
{
	bool unicode = tc_term_unicode();
	tc_nlmap_draw_tiles(m, l->tile);
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
			tc_nlmap_draw_mark(m, x, y, tc_nlmap_object_attr(o->type),
			                   tc_nlmap_object_glyph(o->type, unicode, letter));
			if (o->type == NL_EXIT && o->count >= 4)
				tc_nlmap_draw_mark(m, o->field[2], o->field[3],
				                   tc_theme_attr(TC_ROLE_HINT), "s");
		}
}
