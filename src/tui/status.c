/* Status lines, drawn the same way for every game. */
#include "status.h"

#include <inttypes.h>
#include <stdio.h>

#include "grid.h"
#include "keymap.h"
#include "term.h"
#include "text_wrap.h"
#include "theme.h"
#include "tilecade/gameid.h"

#define ID_MIN_W 12 /* the least of a shortened ID worth showing: its game and some of the rest */

void tc_format_time(uint64_t ms, char *buf, size_t len)
{
	uint64_t s = ms / 1000;
	if (s >= 3600)
		snprintf(buf, len, "%" PRIu64 ":%02" PRIu64 ":%02" PRIu64, s / 3600, s / 60 % 60,
		         s % 60);
	else
		snprintf(buf, len, "%" PRIu64 ":%02" PRIu64, s / 60, s % 60);
}

/* The fields of the top line, in the order they show. */
enum top_field {
	TOP_TITLE,
	TOP_GAME,
	TOP_HINTS,
	TOP_MOVES,
	TOP_TIME,
	TOP_PAUSED,
	TOP_AUDIENCE,
	TOP_FIELDS
};

/* Dropped one by one, least important first, while the line does not fit: a field is shown
 * whole or not at all. The game's own part stays. */
static const enum top_field drop_order[] = {TOP_TITLE,  TOP_AUDIENCE, TOP_MOVES,
                                            TOP_PAUSED, TOP_TIME,     TOP_HINTS};
static const enum top_field drop_moves_last[] = {TOP_TITLE, TOP_AUDIENCE, TOP_PAUSED,
                                                 TOP_TIME,  TOP_MOVES,    TOP_HINTS};
_Static_assert(sizeof drop_order == sizeof drop_moves_last, "the same fields, in another order");

/* The fields of the top line ("" for one not shown): the title when there is one, the game's
 * own part (or the score and best, spaced by sep), the hints given against the game's limit
 * once there is one, the moves and the time played when asked for, whether the clock is held
 * (not when it stopped for good), and the audience. */
static void top_fields(const struct tc_session *s, const char *title, const char *detail,
                       bool moves, bool time, const struct tc_status_extra *extra, const char *sep,
                       char field[TOP_FIELDS][128])
{
	for (int i = 0; i < TOP_FIELDS; i++)
		field[i][0] = '\0';
	if (title)
		snprintf(field[TOP_TITLE], sizeof field[0], " %s", title);
	if (detail)
		snprintf(field[TOP_GAME], sizeof field[0], "%s", detail);
	else if (tc_session_game(s)->score)
		snprintf(field[TOP_GAME], sizeof field[0], "Score: %" PRId64 "%sBest: %" PRId64,
		         tc_session_score(s), sep, tc_session_best_score(s));
	/* Past the limit the game is not ranked: "Hints: 2/3" tells how near it is, and past it
	 * the line says so plainly rather than "4/3". */
	unsigned limit = tc_session_game(s)->ranked_hints, hints = tc_session_hints(s);
	if (limit && hints > limit)
		snprintf(field[TOP_HINTS], sizeof field[0], "Hints: %u (not ranked)", hints);
	else if (limit && hints > 0)
		snprintf(field[TOP_HINTS], sizeof field[0], "Hints: %u/%u", hints, limit);
	if (moves)
		snprintf(field[TOP_MOVES], sizeof field[0], "Moves: %u", tc_session_moves(s));
	if (time) {
		char played[32];
		tc_format_time(tc_session_elapsed_ms(s), played, sizeof played);
		snprintf(field[TOP_TIME], sizeof field[0], "Time: %s", played);
	}
	if (tc_session_paused(s) && !(extra && extra->stopped))
		snprintf(field[TOP_PAUSED], sizeof field[0], "(paused)");
	if (extra && extra->audience)
		snprintf(field[TOP_AUDIENCE], sizeof field[0], "%s", extra->audience);
}

/* The fields shown, spaced by sep ("(paused)" follows what it is about, one space on). */
static void join_fields(char field[TOP_FIELDS][128], const char *sep, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < TOP_FIELDS && used < len; i++)
		if (field[i][0])
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
			                         !used             ? ""
			                         : i == TOP_PAUSED ? " "
			                                           : sep,
			                         field[i]);
}

/* A watcher's or a replay's bottom line: who and what first; then a message, which takes the
 * place of what does not fit, or whether the game is ranked, its ID and the keys, as far as
 * they fit. */
static void draw_who_line(const struct tc_session *s, const char *who, const char *id,
                          const char *message, const char *keys, int y, attr_t attr)
{
	int x = 1 + tc_draw_text(1, y, COLS - 2, attr, who) + 3;
	int end = COLS - 1; /* where what is drawn on the right starts */
	if (message) {
		int w = tc_text_width(message);
		end = end - w >= x ? end - w : x;
		if (end < COLS - 1)
			tc_draw_text(end, y, COLS - 1 - end, attr | A_BOLD, message);
	}
	const char *unranked = "not ranked";
	if (tc_session_assisted(s) && x + tc_text_width(unranked) + (message ? 3 : 0) <= end)
		x += tc_draw_text(x, y, COLS, tc_theme_attr(TC_ROLE_DIM), unranked) + 3;
	if (x + tc_text_width(id) + (message ? 3 : 0) <= end)
		x += tc_draw_text(x, y, COLS, attr, id) + 3;
	if (!message && keys && x + tc_text_width(keys) <= end)
		tc_draw_text(end - tc_text_width(keys), y, COLS, attr, keys);
}

/* The game ID after "Daily 2026-12-07" for a game started as that day's daily, else the ID, in
 * room columns: the ID shortened in the middle when it does not fit, or left out when too
 * little of it would show. The day stays while it fits, whatever takes the rest of the line
 * (it tells that the game counts on the day's board). */
static void game_label(const struct tc_session *s, const char *id, int room, char *buf, size_t len)
{
	char date[16], day[32] = "", fitted[TC_GAMEID_MAX];
	if (tc_session_daily(s) && tc_daily_date(tc_session_seed(s), date, sizeof date))
		snprintf(day, sizeof day, "Daily %s", date);
	if (tc_text_width(day) > room)
		day[0] = '\0';
	int id_room = *day ? room - tc_text_width(day) - 3 : room;
	const char *shown = id;
	if (tc_text_width(id) > id_room) {
		tc_text_shorten(id, id_room, tc_term_unicode() ? "…" : "~", fitted, sizeof fitted);
		shown = id_room >= ID_MIN_W ? fitted : "";
	}
	snprintf(buf, len, "%s%s%s", day, *day && *shown ? "   " : "", shown);
}

/* "? help   u undo   q menu" with the keys in force (keymap.h), the first of each; only keys
 * that work: no undo before the first move, nor after the time ran out; none when short
 * (a narrow line's ID keeps its room). */
static void keys_reminder(const struct tc_session *s, const char *back, bool short_form, char *buf,
                          size_t len)
{
	const struct {
		enum tc_action action;
		const char *what;
	} keys[] = {{TC_ACT_HELP, "help"}, {TC_ACT_UNDO, "undo"}, {TC_ACT_BACK, back}};
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof keys / sizeof keys[0] && used < len; i++) {
		const char *key = tc_keymap_key_text(keys[i].action);
		if (*key &&
		    (keys[i].action != TC_ACT_UNDO || (tc_session_can_undo(s) && !short_form)))
			used += (size_t)snprintf(buf + used, len - used, "%s%s %s",
			                         used ? "   " : "", key, keys[i].what);
	}
}

void tc_status_draw(const struct tc_session *s, const char *title, const char *detail,
                    const char *narrow_detail, bool moves, bool time, const char *message,
                    const struct tc_status_extra *extra)
{
	const char *audience = extra ? extra->audience : NULL;
	attr_t attr = tc_theme_attr(TC_ROLE_STATUS);
	char top[256], id[TC_GAMEID_MAX], label[TC_GAMEID_MAX + 32], field[TOP_FIELDS][128];
	top_fields(s, title, detail, moves, time, extra, "   ", field);
	join_fields(field, "   ", top, sizeof top);
	/* Too wide for "2 watching" only: the title makes room, so that the game's line keeps
	 * its form when watchers come ("Tiles left" rather than "Left"). */
	if (tc_text_width(top) > COLS && audience && title) {
		char bare[sizeof top];
		field[TOP_AUDIENCE][0] = '\0';
		join_fields(field, "   ", bare, sizeof bare);
		top_fields(s, NULL, detail, moves, time, extra, "   ", field);
		if (tc_text_width(bare) <= COLS)
			join_fields(field, "   ", top, sizeof top);
	}
	/* A narrow window: the game's short part, closer; then whole fields go. */
	if (tc_text_width(top) > COLS) {
		top_fields(s, title, narrow_detail, moves, time, extra, "  ", field);
		join_fields(field, "  ", top, sizeof top);
	}
	const enum top_field *drop = extra && extra->moves_last ? drop_moves_last : drop_order;
	for (size_t i = 0;
	     i < sizeof drop_order / sizeof drop_order[0] && tc_text_width(top) > COLS; i++) {
		field[drop[i]][0] = '\0';
		join_fields(field, "  ", top, sizeof top);
	}
	attr_t headline = tc_theme_attr(TC_ROLE_HEADLINE);
	tc_fill_rect((struct tc_rect){0, 0, COLS, 1}, headline);
	tc_draw_text(0, 0, COLS, headline, top);

	tc_session_game_id(s, id, sizeof id);
	int bottom = LINES - 1;
	tc_fill_rect((struct tc_rect){0, bottom, COLS, 1}, attr);
	if (extra && extra->who) {
		draw_who_line(s, extra->who, id, message, extra->keys, bottom, attr);
		return;
	}
	char reminder[96];
	const char *back = extra && extra->back ? extra->back : "menu";
	keys_reminder(s, back, false, reminder, sizeof reminder);
	if (tc_text_width(id) + 3 + tc_text_width(reminder) + 2 > COLS)
		keys_reminder(s, back, true, reminder, sizeof reminder);
	const char *keys = extra && extra->keys ? extra->keys : reminder;
	const char *right = message ? message : keys;
	int w = tc_text_width(right);
	/* The reminder yields to the ID when both do not fit; a message never does: it takes the
	 * ID's place (until the next key) rather than be cut. Nor is the reminder pushed off by a
	 * long ID (a puzzle given whole): the ID gives way. */
	game_label(s, id, message ? COLS - 4 - w : COLS - 1 - w - 3 - 1, label, sizeof label);
	int used = tc_draw_text(1, bottom, COLS - 1, attr, label);
	/* A game the computer helped in says so all along, where it fits, not only in its end's
	 * message (after "keep going" it said nothing); a message says more. */
	const char *unranked = "not ranked";
	if (used && !message && tc_session_assisted(s) &&
	    1 + used + 3 + tc_text_width(unranked) + 3 + w + 1 <= COLS)
		used += 3 + tc_draw_text(1 + used + 3, bottom, COLS, tc_theme_attr(TC_ROLE_DIM),
		                         unranked);
	int x = COLS - w - 1;
	if (x < used + 3 && message)
		x = used ? used + 3 : 1;
	if (x >= used + 3 || message)
		tc_draw_text(x, bottom, COLS - x, message ? attr | A_BOLD : attr, right);
}
