/* The lobby and the countdown. */
#include "race_lobby.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "help.h"
#include "keymap.h"
#include "overlay.h"
#include "status.h"
#include "term.h"
#include "theme.h"
#include "tilecade/gameid.h"
#include "tilecade/live_net.h"
#include "tilecade/store.h"

#define LOBBY_W 60
#define LOBBY_MIN_W 36
#define LOBBY_MIN_H 12

void tc_race_lobby_open(struct tc_race_lobby *l, struct tc_store *st, const char *dir, int64_t id,
                        const char *player)
{
	memset(l, 0, sizeof *l);
	snprintf(l->player, sizeof l->player, "%s", player);
	l->presence_fd = dir ? tc_live_presence_open(dir, l->presence, sizeof l->presence) : -1;
	if (l->presence_fd >= 0 && tc_store_race_socket(st, id, player, l->presence) == 0)
		tc_live_races_changed(dir);
	tc_race_news_open(&l->news, st, dir, id);
}

void tc_race_lobby_close(struct tc_race_lobby *l)
{
	tc_live_presence_close(l->news.dir, l->presence_fd, l->presence);
	l->presence_fd = -1;
	tc_race_news_close(&l->news);
}

/* When play begins: set once started, else the start the lobby's own time gives it. */
static int64_t start_of(const struct tc_race *race)
{
	return race->start_ms ? race->start_ms
	                      : race->opened_ms + TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS;
}

bool tc_race_lobby_go(const struct tc_race_lobby *l, int64_t now_ms)
{
	return l->news.found && l->news.race.state != TC_RACE_OVER &&
	       now_ms >= start_of(&l->news.race);
}

static bool is_opener(const struct tc_race_lobby *l)
{
	return strcmp(l->news.race.opener, l->player) == 0;
}

/* "3", "2", "1" in digits five rows high, each of the font's columns two wide. */
static void draw_big_digit(int digit, int x, int y, attr_t attr)
{
	static const char *const font[10][5] = {
	        {"###", "# #", "# #", "# #", "###"}, {" # ", "## ", " # ", " # ", "###"},
	        {"###", "  #", "###", "#  ", "###"}, {"###", "  #", "###", "  #", "###"},
	        {"# #", "# #", "###", "  #", "  #"}, {"###", "#  ", "###", "  #", "###"},
	        {"###", "#  ", "###", "# #", "###"}, {"###", "  #", "  #", "  #", "  #"},
	        {"###", "# #", "###", "# #", "###"}, {"###", "# #", "###", "  #", "###"},
	};
	const char *block = tc_term_unicode() ? "██" : "##";
	for (int r = 0; r < 5; r++)
		for (int c = 0; c < 3; c++)
			if (font[digit][r][c] == '#')
				tc_draw_text(x + 2 * c, y + r, 2, attr, block);
}

static void draw_countdown(struct tc_race_lobby *l, int64_t now_ms)
{
	int64_t left = start_of(&l->news.race) - now_ms;
	int64_t seconds = (left + 999) / 1000;
	int digit = seconds < 1 ? 1 : seconds > 9 ? 9 : (int)seconds;
	char title[64];
	snprintf(title, sizeof title, "Race #%" PRId64 " starts in", l->news.race.id);
	int y = (LINES - 9) / 2;
	tc_draw_text((COLS - tc_text_width(title)) / 2, y, COLS, tc_theme_attr(TC_ROLE_TITLE),
	             title);
	draw_big_digit(digit, (COLS - 6) / 2, y + 2, tc_theme_attr(TC_ROLE_GOOD) | A_BOLD);
	char game[TC_GAMEID_MAX + 8];
	tc_sanitize(l->news.race.game_id, game, sizeof game);
	tc_draw_text((COLS - tc_text_width(game)) / 2 > 0 ? (COLS - tc_text_width(game)) / 2 : 0,
	             y + 8, COLS, tc_theme_attr(TC_ROLE_DIM), game);
}

/* The racers who are in it (those who left are not). */
static void draw_racers(struct tc_race_lobby *l, int x, int y, int w, int rows)
{
	int shown = 0;
	for (int i = 0; i < l->news.n && shown < rows; i++) {
		const struct tc_racer *r = &l->news.racers[i];
		if (r->outcome == TC_RACER_LEFT)
			continue;
		char name[32], line[64];
		tc_sanitize(r->player, name, sizeof name);
		bool you = strcmp(r->player, l->player) == 0;
		bool opener = strcmp(r->player, l->news.race.opener) == 0;
		snprintf(line, sizeof line, "%s %s%s%s",
		         you ? (tc_term_unicode() ? "▸" : ">") : " ", name,
		         opener ? "  (opener)" : "", you ? "  (you)" : "");
		tc_draw_text(x, y + shown++, w, tc_theme_attr(you ? TC_ROLE_TITLE : TC_ROLE_TEXT),
		             line);
	}
}

/* Too small to show the lobby: no key but q does anything (Enter would start it unseen). */
static bool too_small(void)
{
	return COLS < LOBBY_MIN_W || LINES < LOBBY_MIN_H;
}

static void draw_help(void)
{
	static const struct tc_help_line help[] = {
	        {"Enter", "start the race (its opener)"},
	        {"", "or it starts by itself a minute after it opened"},
	        {"{back}", "leave the race"},
	        {NULL, NULL},
	};
	tc_help_draw("Race lobby: keys", help, false);
}

void tc_race_lobby_draw(struct tc_race_lobby *l, int64_t now_ms)
{
	if (too_small()) {
		tc_draw_too_small(LOBBY_MIN_W, LOBBY_MIN_H);
		return;
	}
	erase();
	const struct tc_race *race = &l->news.race;
	if (l->news.found && race->start_ms && race->state != TC_RACE_OVER) {
		draw_countdown(l, now_ms);
		return;
	}
	int w = COLS < LOBBY_W ? COLS : LOBBY_W;
	int x = (COLS - w) / 2 + 2;
	w -= 4;
	int y = LINES > 20 ? (LINES - 20) / 2 : 0;
	char line[160], game[TC_GAMEID_MAX], opener[32], when[16];
	if (!l->news.found || race->state == TC_RACE_OVER) {
		char back[32];
		snprintf(back, sizeof back, "%s: back", tc_keymap_key_text(TC_ACT_BACK));
		const char *lines[] = {l->news.found ? "This race is over" : "This race is gone",
		                       back};
		tc_overlay_box(lines, 2, TC_ROLE_OVERLAY);
		return;
	}
	tc_sanitize(race->game_id, game, sizeof game);
	tc_sanitize(race->opener, opener, sizeof opener);
	snprintf(line, sizeof line, "Race #%" PRId64, race->id);
	tc_draw_text(x, y, w, tc_theme_attr(TC_ROLE_TITLE), line);
	tc_draw_text(x, y + 1, w, tc_theme_attr(TC_ROLE_TEXT), game);
	int64_t left = start_of(race) - TC_RACE_COUNTDOWN_MS - now_ms;
	tc_format_time((uint64_t)(left > 0 ? left + 999 : 0) / 1000 * 1000, when, sizeof when);
	snprintf(line, sizeof line, "starts by itself in %s", when);
	tc_draw_text(x, y + 2, w, tc_theme_attr(TC_ROLE_DIM), line);
	tc_format_time((uint64_t)race->limit_ms, when, sizeof when);
	snprintf(line, sizeof line, race->limit_ms ? "time limit %s" : "no time limit", when);
	tc_draw_text(x, y + 3, w, tc_theme_attr(TC_ROLE_DIM), line);
	int racing = 0;
	for (int i = 0; i < l->news.n; i++)
		racing += l->news.racers[i].outcome != TC_RACER_LEFT;
	snprintf(line, sizeof line, "Racers: %d", racing);
	tc_draw_text(x, y + 5, w, tc_theme_attr(TC_ROLE_TEXT), line);
	int rows = LINES - (y + 6) - 4;
	draw_racers(l, x, y + 6, w, rows > 0 ? rows : 0);
	int below = LINES - 3 < y + 6 + racing + 1 ? LINES - 3 : y + 6 + racing + 1;
	if (!is_opener(l)) {
		snprintf(line, sizeof line, "Waiting for %s to start", opener);
		tc_draw_text(x, below++, w, tc_theme_attr(TC_ROLE_DIM), line);
	}
	snprintf(line, sizeof line, "%s%s help   %s: leave", is_opener(l) ? "Enter: start   " : "",
	         tc_keymap_key_text(TC_ACT_HELP), tc_keymap_key_text(TC_ACT_BACK));
	tc_draw_text(x, below, w, tc_theme_attr(TC_ROLE_DIM), line);
	if (*l->message)
		tc_draw_text(x, below + 1, w, tc_theme_attr(TC_ROLE_BAD), l->message);
	if (l->help)
		draw_help();
}

int tc_race_lobby_next_frame(const struct tc_race_lobby *l, int64_t now_ms)
{
	if (!l->news.found || l->news.race.state == TC_RACE_OVER)
		return -1;
	int64_t start = start_of(&l->news.race);
	if (now_ms >= start)
		return 0;
	/* The lobby's clock and the countdown's digits change on the start's second marks. */
	int64_t tick = (start - now_ms) % 1000;
	return (int)(tick > 0 ? tick : 1000);
}

void tc_race_lobby_leave(struct tc_race_lobby *l, int64_t now_ms)
{
	if (!l->news.found || l->news.race.state == TC_RACE_OVER)
		return;
	struct tc_racer result = {.outcome = TC_RACER_LEFT};
	if (tc_store_race_finish(l->news.st, l->news.id, l->player, &result, now_ms) == 0)
		tc_race_news_tell(&l->news);
}

enum tc_race_lobby_result tc_race_lobby_event(struct tc_race_lobby *l, const struct tc_event *ev,
                                              int64_t now_ms)
{
	if (ev->type != TC_EV_KEY)
		return TC_RACE_LOBBY_STAY;
	l->message[0] = '\0';
	if (l->help) { /* any key closes the help */
		l->help = false;
		return TC_RACE_LOBBY_STAY;
	}
	enum tc_action action = tc_event_action(ev, false);
	if (action == TC_ACT_BACK) {
		tc_race_lobby_leave(l, now_ms);
		return TC_RACE_LOBBY_LEAVE;
	}
	if (too_small())
		return TC_RACE_LOBBY_STAY;
	if (action == TC_ACT_HELP && l->news.found && !l->news.race.start_ms)
		l->help = true;
	if (action != TC_ACT_SELECT || !l->news.found || l->news.race.start_ms)
		return TC_RACE_LOBBY_STAY;
	if (!is_opener(l)) {
		snprintf(l->message, sizeof l->message, "Only the opener starts the race");
		return TC_RACE_LOBBY_STAY;
	}
	if (tc_store_race_start(l->news.st, l->news.id, l->player, now_ms) != 0) {
		snprintf(l->message, sizeof l->message, "The race could not be started");
		return TC_RACE_LOBBY_STAY;
	}
	tc_race_news_tell(&l->news);
	tc_race_news_read(&l->news);
	return TC_RACE_LOBBY_STAY;
}
