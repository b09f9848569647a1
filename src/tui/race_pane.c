/* The race pane drawn: its words come from race_text.c. */
#include "race_pane.h"

#include <string.h>

#include "grid.h"
#include "race_text.h"
#include "score_text.h"
#include "term.h"
#include "theme.h"

/* The ticker, centred on its line, the player's own entry highlighted. */
static void draw_ticker(struct tc_rect r, const struct tc_race_standing *st)
{
	char text[TC_RACE_TEXT_MAX];
	size_t from, to;
	tc_race_ticker(st, tc_term_unicode(), r.w, text, sizeof text, &from, &to);
	int x = r.x + (r.w - tc_text_columns(text)) / 2;
	attr_t plain = tc_theme_attr(TC_ROLE_TEXT), you = tc_theme_attr(TC_ROLE_SELECTED);
	char part[TC_RACE_TEXT_MAX];
	size_t cut[] = {0, from, to, strlen(text)};
	for (int i = 0; i < 3; i++) {
		memcpy(part, text + cut[i], cut[i + 1] - cut[i]);
		part[cut[i + 1] - cut[i]] = '\0';
		x += tc_draw_text(x, r.y, r.x + r.w - x, i == 1 ? you : plain, part);
	}
}

void tc_race_pane_draw(struct tc_rect r, bool ticker, const struct tc_race_standing *st,
                       uint64_t now)
{
	(void)now; /* the standing's line is the caller's, written for now */
	if (ticker) {
		draw_ticker(r, st);
		return;
	}
	bool unicode = tc_term_unicode();
	int y = r.y;
	tc_draw_text(r.x, y++, r.w, tc_theme_attr(TC_ROLE_TITLE), st->title ? st->title : "Race");
	if (st->line && y < r.y + r.h)
		tc_draw_text(r.x, y++, r.w, tc_theme_attr(TC_ROLE_DIM), st->line);
	if (r.y + r.h - y > 3)
		y++; /* a blank line before the racers, when there is room for some */
	/* A pane too narrow for a racer's line gives each two. */
	bool two = r.w < TC_RACE_TWO_LINES_W;
	int slots = (r.y + r.h - y) / (two ? 2 : 1);
	int idx[TC_RACE_RACERS_MAX], more;
	int n = tc_race_shown(st, slots < TC_RACE_RACERS_MAX ? slots : TC_RACE_RACERS_MAX, idx,
	                      &more);
	char text[TC_RACE_TEXT_MAX], second[TC_RACE_TEXT_MAX];
	for (int k = 0; k < n; k++) {
		const struct tc_racer *racer = &st->racers[idx[k]];
		bool you = tc_race_is_you(st, idx[k]);
		enum tc_role role =
		        you ? TC_ROLE_SELECTED
		        : racer->outcome == TC_RACER_LEFT || racer->outcome == TC_RACER_DROPPED
		                ? TC_ROLE_DIM
		                : TC_ROLE_TEXT;
		attr_t attr = tc_theme_attr(role);
		int h = two ? 2 : 1;
		if (you)
			tc_fill_rect((struct tc_rect){r.x, y, r.w, h}, attr);
		if (two) {
			tc_race_two_lines(racer, you, unicode, r.w, text, second, sizeof text);
			tc_draw_text(r.x, y + 1, r.w, attr, second);
		} else {
			tc_race_line(racer, you, unicode, r.w, text, sizeof text);
		}
		tc_draw_text(r.x, y, r.w, attr, text);
		y += h;
	}
	if (more > 0) {
		tc_race_more(more, unicode, r.w, text, sizeof text);
		tc_draw_text(r.x, y, r.w, tc_theme_attr(TC_ROLE_DIM), text);
	}
}
