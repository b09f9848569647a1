/* The level-select screen, laid out like the menu. */
#include "levels.h"

#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "help.h"
#include "keymap.h"
#include "list_window.h"
#include "overlay.h"
#include "term.h"
#include "text_wrap.h"
#include "theme.h"
#include "tilecade/store.h"
#include "tilecade/gameid.h"

#define LEVELS_W 60
#define LEVELS_MIN_W 40
#define DETAIL_X 14 /* a row's description starts after its marker and name */
#define DETAIL_W 24 /* a row's description is padded to this, when the row has room */
#define LEVELS_MIN_H 5 /* a short window: the title, three levels and the keys */

void tc_levels_open(struct tc_levels *l, const struct tc_catalog_entry *entry,
                    const struct tc_params *defaults)
{
	const struct tc_view *view = entry->view;
	memset(l, 0, sizeof *l);
	l->entry = entry;
	snprintf(l->title, sizeof l->title, "%s: choose a %s", entry->title,
	         view->level_word ? view->level_word : "level");
	l->count = view->level_count < TC_LEVELS_MAX ? view->level_count : TC_LEVELS_MAX;
	for (int i = 0; i < l->count; i++) {
		l->game[i] = entry;
		l->params[i] = *defaults;
		view->level_entry(i, l->name[i], sizeof l->name[i], l->detail[i],
		                  sizeof l->detail[i], l->params[i].bytes);
		if (!l->name[i][0]) { /* the list is shorter than level_count allowed */
			l->count = i;
			break;
		}
	}
}

void tc_levels_open_daily(struct tc_levels *l, int64_t unix_time)
{
	memset(l, 0, sizeof *l);
	uint64_t seed = tc_daily_seed(unix_time);
	char date[16];
	tc_daily_date(seed, date, sizeof date);
	snprintf(l->title, sizeof l->title, "Daily puzzles of %s (UTC)", date);
	for (int i = 0; i < TC_CATALOG_SIZE && l->count < TC_LEVELS_MAX; i++) {
		const struct tc_catalog_entry *e = &tc_catalog[i];
		if (!e->view)
			continue;
		int n = l->count++;
		l->game[n] = e;
		l->seed[n] = seed;
		tc_daily_params(e->view->game, l->params[n].bytes);
		snprintf(l->name[n], sizeof l->name[n], "%s", e->title);
		snprintf(l->detail[n], sizeof l->detail[n], "%s", e->view->daily_detail);
	}
}

void tc_levels_mark(struct tc_levels *l, int i, const char *best, bool ticked)
{
	snprintf(l->best[i], sizeof l->best[i], "%s", best);
	l->ticked[i] = ticked;
}

bool tc_levels_locked(struct tc_records *r, const struct tc_view *view, int i,
                      const struct tc_params *defaults)
{
	if (!view->opens_after_previous || !view->opens_after_previous(i) ||
	    !tc_store_ok(tc_records_scores(r)))
		return false;
	struct tc_params before = *defaults;
	struct tc_board_key key;
	char name[24], detail[48], best[48];
	bool won = false; /* the scoreboard ranks a win above any loss: the best tells */
	view->level_entry(i - 1, name, sizeof name, detail, sizeof detail, before.bytes);
	tc_records_board_of(view->game, before.bytes, 0, &key);
	return !tc_records_best(r, &key, best, sizeof best, &won) || !won;
}

void tc_levels_lock(struct tc_levels *l, int i)
{
	l->locked[i] = true;
}

void tc_levels_select(struct tc_levels *l, const void *params)
{
	for (int i = 0; i < l->count; i++)
		if (memcmp(l->params[i].bytes, params, l->game[i]->view->game->params_size) == 0)
			l->selected = i;
}

/* The height that shows every level with a blank line above and below. */
static int roomy_height(const struct tc_levels *l)
{
	return l->count + 4;
}

void tc_levels_draw(struct tc_levels *l)
{
	if (COLS < LEVELS_MIN_W || LINES < LEVELS_MIN_H) {
		tc_draw_too_small(LEVELS_MIN_W, LEVELS_MIN_H);
		return;
	}
	erase();
	bool roomy = LINES >= roomy_height(l);
	int w = COLS < LEVELS_W ? COLS : LEVELS_W;
	int x = (COLS - w) / 2;
	int y = roomy ? (LINES - roomy_height(l)) / 2 : 0;
	const char *mark = tc_term_unicode() ? "…" : "~";
	char cut[192];
	tc_text_cut(l->title, w - 2, mark, cut, sizeof cut);
	tc_draw_text(x + 2, y, w - 2, tc_theme_attr(TC_ROLE_TITLE), cut);
	l->first_row = roomy ? y + 2 : y + 1;
	int room = roomy ? l->count : LINES - 2;
	l->top = tc_list_top(l->count, l->selected, room, l->top);
	l->shown = l->count - l->top < room ? l->count - l->top : room;
	const char *marker = tc_term_unicode() ? "▸" : ">";
	for (int k = 0; k < l->shown; k++) {
		int i = l->top + k;
		bool on = i == l->selected;
		char line[160], detail[64];
		const char *done = tc_term_unicode() ? "✓" : "+";
		const char *right = l->locked[i] ? "locked" : l->best[i];
		/* Narrow, the description is cut first: the tick and the best after it stay. */
		int right_w = 3 + tc_text_width(right); /* " ✓ " and the best */
		int detail_room = w - DETAIL_X - right_w;
		tc_text_cut(l->detail[i], detail_room, mark, detail, sizeof detail);
		int column = detail_room < DETAIL_W ? detail_room : DETAIL_W;
		int pad = column > tc_text_width(detail) ? column - tc_text_width(detail) : 0;
		snprintf(line, sizeof line, " %s %-10s %s%*s %s %s", on ? marker : " ", l->name[i],
		         detail, pad, "", l->ticked[i] ? done : " ", right);
		attr_t attr = tc_theme_attr(on             ? TC_ROLE_SELECTED
		                            : l->locked[i] ? TC_ROLE_DIM
		                                           : TC_ROLE_TEXT);
		tc_fill_rect((struct tc_rect){x, l->first_row + k, w, 1}, on ? attr : 0);
		tc_text_cut(line, w, mark, cut, sizeof cut);
		tc_draw_text(x, l->first_row + k, w, attr, cut);
	}
	char keys[96];
	const char *back_key = tc_keymap_key_text(TC_ACT_BACK); /* the key in force, as [keys] bind */
	snprintf(keys, sizeof keys, "%s: play   %s: back to the menu", tc_help_choose(), back_key);
	if (tc_text_width(keys) > w - 2) /* "Enter or click" takes a narrow line's back key */
		snprintf(keys, sizeof keys, "Enter: play   %s: back to the menu", back_key);
	tc_text_cut(*l->message ? l->message : keys, w - 2, mark, cut, sizeof cut);
	tc_draw_text(x + 2, roomy ? l->first_row + l->count + 1 : LINES - 1, w - 2,
	             tc_theme_attr(*l->message ? TC_ROLE_BAD : TC_ROLE_DIM), cut);
}

/* Plays the selected level, unless it is locked: then says which level opens it. */
static enum tc_levels_result play(struct tc_levels *l)
{
	int i = l->selected;
	if (!l->locked[i])
		return TC_LEVELS_PLAY;
	snprintf(l->message, sizeof l->message, "%s opens once %s is won", l->name[i],
	         l->name[i - 1]);
	return TC_LEVELS_STAY;
}

enum tc_levels_result tc_levels_event(struct tc_levels *l, const struct tc_event *ev)
{
	if (ev->type == TC_EV_KEY || ev->mouse == TC_MOUSE_PRESS)
		l->message[0] = '\0';
	if (ev->type == TC_EV_MOUSE) {
		int i = l->top + ev->row - l->first_row;
		if (ev->mouse == TC_MOUSE_WHEEL)
			l->selected = (l->selected + ev->button + l->count) % l->count;
		else if (ev->mouse == TC_MOUSE_PRESS && ev->button == 1 && i >= l->top &&
		         i < l->top + l->shown) {
			l->selected = i;
			return play(l);
		}
		return TC_LEVELS_STAY;
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_UP:
		l->selected = (l->selected + l->count - 1) % l->count;
		break;
	case TC_ACT_DOWN:
		l->selected = (l->selected + 1) % l->count;
		break;
	case TC_ACT_SELECT:
		return play(l);
	case TC_ACT_BACK:
		return TC_LEVELS_BACK;
	default:
		if (ev->key >= '1' && ev->key <= '9' && ev->key - '1' < l->count) {
			l->selected = ev->key - '1';
			return play(l);
		}
	}
	return TC_LEVELS_STAY;
}
