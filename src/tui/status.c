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

/* The fields of the top line, spaced by sep: the title when there is one, the game's own
 * part (or the score and best), the moves and the time played when asked for. */
static void compose_top(const struct tc_session *s, const char *title, const char *detail,
                        bool moves, bool time, const char *sep, char *buf, size_t len)
{
	char field[4][128];
	int n = 0;
	if (title)
		snprintf(field[n++], sizeof field[0], " %s", title);
	if (detail)
		snprintf(field[n++], sizeof field[0], "%s", detail);
	else if (tc_session_game(s)->score)
		snprintf(field[n++], sizeof field[0], "Score: %" PRId64 "%sBest: %" PRId64,
		         tc_session_score(s), sep, tc_session_best_score(s));
	if (moves)
		snprintf(field[n++], sizeof field[0], "Moves: %u", tc_session_moves(s));
	if (time) {
		char played[32];
		tc_format_time(tc_session_elapsed_ms(s), played, sizeof played);
		snprintf(field[n++], sizeof field[0], "Time: %s", played);
	}
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? sep : "", field[i]);
	if (tc_session_paused(s) && used < len)
		snprintf(buf + used, len - used, " (paused)");
}

void tc_status_draw(const struct tc_session *s, const char *title, const char *detail,
                    const char *narrow_detail, bool moves, bool time, const char *message)
{
	attr_t attr = tc_theme_attr(TC_ROLE_STATUS);
	char top[256], id[TC_GAMEID_MAX];
	compose_top(s, title, detail, moves, time, "   ", top, sizeof top);
	/* A narrow window: the game's short part, closer; then no title. */
	if (tc_text_width(top) > COLS)
		compose_top(s, title, narrow_detail, moves, time, "  ", top, sizeof top);
	if (tc_text_width(top) > COLS)
		compose_top(s, NULL, narrow_detail, moves, time, "  ", top, sizeof top);
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
