/* Status lines, drawn the same way for every game. */
#include "status.h"

#include <inttypes.h>
#include <stdio.h>

#include "grid.h"
#include "theme.h"
#include "tilecade/gameid.h"

void tc_format_time(uint64_t ms, char *buf, size_t len)
{
	uint64_t s = ms / 1000;
	if (s >= 3600)
		snprintf(buf, len, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, s / 3600, s / 60 % 60,
		         s % 60);
	else
		snprintf(buf, len, "%" PRIu64 ":%02" PRIu64, s / 60, s % 60);
}

/* The numbers of the top line, spaced by sep, after the title when there is one. */
static void compose_top(const struct tc_session *s, const char *title, const char *detail,
                        bool moves, const char *sep, char *buf, size_t len)
{
	char time[32], score[128] = "", count[32] = "";
	tc_format_time(tc_session_elapsed_ms(s), time, sizeof time);
	if (detail)
		snprintf(score, sizeof score, "%s%s", detail, sep);
	else if (tc_session_game(s)->score)
		snprintf(score, sizeof score, "Score: %" PRId64 "%sBest: %" PRId64 "%s",
		         tc_session_score(s), sep, tc_session_best_score(s), sep);
	if (moves)
		snprintf(count, sizeof count, "Moves: %u%s", tc_session_moves(s), sep);
	snprintf(buf, len, "%s%s%s%s%sTime: %s%s", title ? " " : "", title ? title : "",
	         title ? sep : "", score, count, time, tc_session_paused(s) ? " (paused)" : "");
}

void tc_status_draw(const struct tc_session *s, const char *title, const char *detail,
                    const char *narrow_detail, bool moves, const char *message)
{
	attr_t attr = tc_theme_attr(TC_ROLE_STATUS);
	char top[256], id[TC_GAMEID_MAX];
	compose_top(s, title, detail, moves, "   ", top, sizeof top);
	if (tc_text_width(top) > COLS) /* a narrow window: no title, less space */
		compose_top(s, NULL, narrow_detail, moves, "  ", top, sizeof top);
	attr_t headline = tc_theme_attr(TC_ROLE_HEADLINE);
	tc_fill_rect((struct tc_rect){0, 0, COLS, 1}, headline);
	tc_draw_text(0, 0, COLS, headline, top);

	tc_session_game_id(s, id, sizeof id);
	int bottom = LINES - 1;
	tc_fill_rect((struct tc_rect){0, bottom, COLS, 1}, attr);
	const char *right = message ? message : "? help   u undo   q menu";
	int w = tc_text_width(right);
	/* The reminder yields to the ID when both do not fit; a message never does: it takes the
	 * ID's place (until the next key) rather than be cut. */
	int used = 0;
	if (!message || tc_text_width(id) + 4 + w <= COLS)
		used = tc_draw_text(1, bottom, COLS - 1, attr, id);
	int x = COLS - w - 1;
	if (x < used + 3 && message)
		x = used ? used + 3 : 1;
	if (x >= used + 3 || message)
		tc_draw_text(x, bottom, COLS - x, message ? attr | A_BOLD : attr, right);
}
