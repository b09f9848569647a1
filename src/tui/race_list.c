/* The races, listed. */
#include "race_list.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "grid.h"
#include "help.h"
#include "keymap.h"
#include "overlay.h"
#include "term.h"
#include "theme.h"
#include "tilecade/gameid.h"
#include "tilecade/store.h"

#define LIST_W 76
#define LIST_MIN_W 40
#define LIST_MIN_H 10

void tc_race_list_open(struct tc_race_list *l, struct tc_store *st, const char *dir)
{
	memset(l, 0, sizeof *l);
	l->first_row = -1;
	tc_race_news_open(&l->news, st, dir, 0);
}

void tc_race_list_close(struct tc_race_list *l)
{
	tc_race_news_close(&l->news);
}

static void draw_race(const struct tc_race_list *l, int i, int x, int y, int w)
{
	const struct tc_race *r = &l->news.races[i];
	bool on = i == l->selected;
	attr_t attr = tc_theme_attr(on ? TC_ROLE_SELECTED : TC_ROLE_TEXT);
	if (on)
		tc_fill_rect((struct tc_rect){x, y, w, 1}, attr);
	char id[24], game[TC_GAMEID_MAX], opener[32], racers[24];
	snprintf(id, sizeof id, "#%" PRId64, r->id);
	tc_sanitize(r->game_id, game, sizeof game);
	tc_sanitize(r->opener, opener, sizeof opener);
	snprintf(racers, sizeof racers, "%d racer%s", r->racers, r->racers == 1 ? "" : "s");
	if (on) /* never colour alone: the row carries a mark too */
		tc_draw_text(x + 1, y, 1, attr, tc_term_unicode() ? "▸" : ">");
	/* The game ID takes what the other columns leave. */
	int state_x = x + w - 9, racers_x = state_x - 11, opener_x = racers_x - 13;
	tc_draw_text(x + 3, y, 6, attr, id);
	if (opener_x - 1 - (x + 10) >= 8)
		tc_draw_text(x + 10, y, opener_x - 1 - (x + 10), attr, game);
	tc_draw_text(opener_x, y, 12, attr, opener);
	tc_draw_text(racers_x, y, 10, attr, racers);
	tc_draw_text(state_x, y, 8, attr, tc_race_state_name(r->state));
}

/* The keys, each game's number named. */
static void draw_help(void)
{
	static char what[TC_CATALOG_SIZE][48], keys[TC_CATALOG_SIZE][4];
	static struct tc_help_line help[TC_CATALOG_SIZE + 4] = {
	        {"up/down, j/k", "choose a race"},
	        {"Enter, {mouse:click}", "join it in its lobby, or watch it running"},
	};
	for (int i = 0; i < TC_CATALOG_SIZE; i++) {
		snprintf(keys[i], sizeof keys[i], "%d", i + 1);
		snprintf(what[i], sizeof what[i], "open a new race of %s", tc_catalog[i].title);
		help[2 + i] = (struct tc_help_line){keys[i], what[i]};
	}
	help[2 + TC_CATALOG_SIZE] = (struct tc_help_line){"{back}", "back to the menu"};
	tc_help_draw("Races: keys", help, false);
}

/* Text, or its short form where text is wider than w. */
static const char *fitting(const char *text, const char *short_form, int w)
{
	return tc_text_width(text) <= w ? text : short_form;
}

/* Too small to show the list: no key but q does anything (Enter would choose unseen). */
static bool too_small(void)
{
	return COLS < LIST_MIN_W || LINES < LIST_MIN_H;
}

void tc_race_list_draw(struct tc_race_list *l)
{
	if (too_small()) {
		tc_draw_too_small(LIST_MIN_W, LIST_MIN_H);
		l->first_row = -1;
		return;
	}
	erase();
	int count = l->news.count;
	if (l->selected >= count)
		l->selected = count > 0 ? count - 1 : 0;
	int shown = count > 0 ? count : 1;
	int need_h = shown + 7;
	int w = COLS < LIST_W ? COLS : LIST_W;
	int x = (COLS - w) / 2;
	int y = need_h < LINES ? (LINES - need_h) / 2 : 0;
	tc_draw_text(x + 2, y, w - 2, tc_theme_attr(TC_ROLE_TITLE), "Races");
	l->first_row = y + 2;
	int rows = LINES - l->first_row - 4;
	int first = l->selected >= rows ? l->selected - rows + 1 : 0;
	if (count == 0)
		tc_draw_text(x + 2, l->first_row, w - 2, tc_theme_attr(TC_ROLE_DIM),
		             tc_store_away(l->news.st)
		                     ? fitting("The database cannot be reached", "Database away", w - 2)
		                     : fitting("No races: open one with a game's number below",
		                               "No races yet", w - 2));
	for (int i = first; i < count && i - first < rows; i++)
		draw_race(l, i, x, l->first_row + i - first, w);
	l->first_row -= first;
	int below = y + 2 + (count < rows ? shown : rows) + 1;
	char keys[48], join[112], join_short[80]; /* the keys in force (keymap.h) */
	snprintf(keys, sizeof keys, "%s help   %s back", tc_keymap_key_text(TC_ACT_HELP),
	         tc_keymap_key_text(TC_ACT_BACK));
	snprintf(join, sizeof join, "Enter: join (lobby) or watch (running)   %s", keys);
	snprintf(join_short, sizeof join_short, "Enter: join or watch   %s", keys);
	tc_draw_text(x + 2, below, w - 2, tc_theme_attr(TC_ROLE_DIM),
	             !count ? keys : fitting(join, join_short, w - 2));
	char line[160] = "New race:";
	for (int i = 0; i < TC_CATALOG_SIZE; i++) {
		size_t used = strlen(line);
		snprintf(line + used, sizeof line - used, "  %d %s", i + 1, tc_catalog[i].title);
	}
	char short_line[48];
	snprintf(short_line, sizeof short_line, "New race: 1-%d (%s names the games)",
	         TC_CATALOG_SIZE, tc_keymap_key_text(TC_ACT_HELP));
	tc_draw_text(x + 2, below + 1, w - 2, tc_theme_attr(TC_ROLE_DIM),
	             fitting(line, short_line, w - 2));
	if (*l->message)
		tc_draw_text(x + 2, below + 2, w - 2, tc_theme_attr(TC_ROLE_BAD), l->message);
	if (l->help)
		draw_help();
}

/* Enter on race i: joined in its lobby, watched once it runs. */
static enum tc_race_list_result choose(struct tc_race_list *l, int i)
{
	if (i < 0 || i >= l->news.count)
		return TC_RACE_LIST_STAY;
	l->selected = i;
	l->chosen = l->news.races[i].id;
	return l->news.races[i].state == TC_RACE_LOBBY ? TC_RACE_LIST_JOIN : TC_RACE_LIST_WATCH;
}

enum tc_race_list_result tc_race_list_event(struct tc_race_list *l, const struct tc_event *ev)
{
	bool press = ev->type == TC_EV_KEY || ev->mouse == TC_MOUSE_PRESS;
	if (l->help) { /* any key closes the help */
		l->help = !press;
		return TC_RACE_LIST_STAY;
	}
	if (ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS && l->first_row >= 0)
		return choose(l, ev->row - l->first_row);
	if (ev->type != TC_EV_KEY)
		return TC_RACE_LIST_STAY;
	if (too_small())
		return tc_event_action(ev, false) == TC_ACT_BACK ? TC_RACE_LIST_BACK
		                                                 : TC_RACE_LIST_STAY;
	l->message[0] = '\0';
	if (ev->key >= '1' && ev->key < '1' + TC_CATALOG_SIZE) {
		l->game = ev->key - '1';
		return TC_RACE_LIST_OPEN;
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_UP:
		if (l->selected > 0)
			l->selected--;
		break;
	case TC_ACT_DOWN:
		if (l->selected + 1 < l->news.count)
			l->selected++;
		break;
	case TC_ACT_SELECT:
		return choose(l, l->selected);
	case TC_ACT_BACK:
		return TC_RACE_LIST_BACK;
	case TC_ACT_HELP:
		l->help = true;
		break;
	default:
		break;
	}
	return TC_RACE_LIST_STAY;
}
