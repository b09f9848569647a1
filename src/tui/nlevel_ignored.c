/* The browser's account of what a level holds that the play leaves out: N plays every object,
 * tilecade's physics only the ninja, gold, mines and exits, so a level N's editor made (floor
 * guards, drones, doors...) loads and is drawn, and the player is told what will not move or
 * hurt, and which numbers were not read. */
#include "nlevel_ignored.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "nlevel_map.h"
#include "overlay.h"
#include "term.h"

static const char *const names[NL_OBJECT_TYPES][2] = {
        [NL_GOLD] = {"gold", "gold"},
        [NL_BOUNCE_BLOCK] = {"bounce block", "bounce blocks"},
        [NL_LAUNCH_PAD] = {"launch pad", "launch pads"},
        [NL_GAUSS_TURRET] = {"gauss turret", "gauss turrets"},
        [NL_FLOOR_GUARD] = {"floor guard", "floor guards"},
        [NL_NINJA] = {"ninja", "ninjas"},
        [NL_DRONE] = {"drone", "drones"},
        [NL_ONE_WAY] = {"one-way platform", "one-way platforms"},
        [NL_THWUMP] = {"thwump", "thwumps"},
        [NL_DOOR] = {"door", "doors"},
        [NL_HOMING_LAUNCHER] = {"homing launcher", "homing launchers"},
        [NL_EXIT] = {"exit", "exits"},
        [NL_MINE] = {"mine", "mines"},
};

static const char *name(int type, int n)
{
	return names[type][n != 1];
}

bool tc_nlv_ignores(const struct nj_ignored *ig)
{
	return ig->inert_objects || ig->unplaced || ig->extra || ig->not_numbers;
}

/* Appends to buf (len bytes, already a string) as snprintf would, never past its end. */
__attribute__((format(printf, 3, 4))) static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	if (used + 1 >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

void tc_nlv_ignored_line(const struct nj_ignored *ig, char *buf, size_t len)
{
	if (!len)
		return;
	buf[0] = '\0';
	const char *sep = "";
	for (int t = 0; t < NL_OBJECT_TYPES; t++)
		if (ig->inert[t]) {
			add(buf, len, "%s%d %s", sep, ig->inert[t], name(t, ig->inert[t]));
			sep = ", ";
		}
	if (ig->unplaced) {
		add(buf, len, "%s%d placed nowhere", sep, ig->unplaced);
		sep = ", ";
	}
	if (*sep)
		add(buf, len, " not played");
	const char *then = *sep ? "; " : "";
	sep = "";
	if (ig->extra) {
		add(buf, len, "%s%s%d extra %s", then, sep, ig->extra,
		    ig->extra == 1 ? "number" : "numbers");
		then = "";
		sep = ", ";
	}
	if (ig->not_numbers) {
		add(buf, len, "%s%s%d %s", then, sep, ig->not_numbers,
		    ig->not_numbers == 1 ? "not a number" : "not numbers");
		sep = ", ";
	}
	if (*sep)
		add(buf, len, " ignored");
}

#define LINES_MAX (NL_OBJECT_TYPES + 8)

void tc_nlv_ignored_draw(const struct nj_ignored *ig, struct tc_rect area,
                         const struct tc_tiles *tiles)
{
	static char text[LINES_MAX][96];
	const char *lines[LINES_MAX];
	bool unicode = tc_term_unicode();
	int n = 0;
	lines[n++] = "Not played, or ignored";
	for (int t = 0; t < NL_OBJECT_TYPES && n < LINES_MAX - 6; t++)
		if (ig->inert[t]) {
			char letter[2];
			snprintf(text[n], sizeof text[n], "%3d %-19s drawn as %s, not played",
			         ig->inert[t], name(t, ig->inert[t]),
			         tc_nlmap_object_glyph(t, unicode, letter));
			lines[n] = text[n];
			n++;
		}
	if (ig->unplaced) {
		snprintf(text[n], sizeof text[n], "%3d %-19s x or y not finite: drawn nowhere",
		         ig->unplaced, ig->unplaced == 1 ? "object" : "objects");
		lines[n] = text[n];
		n++;
	}
	if (ig->extra) {
		snprintf(text[n], sizeof text[n], "%3d %-19s ignored, as N ignores them", ig->extra,
		         ig->extra == 1 ? "extra number" : "extra numbers");
		lines[n] = text[n];
		n++;
	}
	if (ig->not_numbers) {
		snprintf(text[n], sizeof text[n], "%3d %-19s read as NaN, as N reads them",
		         ig->not_numbers, ig->not_numbers == 1 ? "parameter" : "parameters");
		lines[n] = text[n];
		n++;
	}
	if (n == 1)
		lines[n++] = "nothing: every object is played";
	lines[n++] = "";
	lines[n++] = "Played: the ninja, gold, mines and exits.";
	lines[n++] = "Saving writes the level back as it was read.";
	lines[n++] = "(any key closes this list)";
	tc_overlay_box_over(area, tiles, lines, n, TC_ROLE_OVERLAY);
}
