/* The main menu. Entries are one line each; a click on a line or Enter on it chooses it. The
 * digits 1 to 5 start the games, in catalog order, whatever rows come before them. */
#include "menu.h"

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

#define MENU_W 64
#define NOTICE_LINES 3 /* a path and a reason, broken between words */
#define MENU_MIN_W 34
/* A short window drops the blank lines and shows a few entries at a time: the title, three
 * entries and the keys. */
#define MENU_MIN_H 5

/* No row drawn: a click lands on none (until the menu is drawn, or while the window is too
 * small to show it, no rows and no arrows are where the last draw left them). */
static void forget_rows(struct tc_menu *m)
{
	m->first_row = -1;
	for (int i = 0; i < TC_MENU_ROWS; i++)
		m->arrows_x[i] = -1;
}

/* The entry of a row-chosen game's list whose parameters are the defaults (0 if none). */
static int level_of(const struct tc_view *view, const struct tc_params *defaults)
{
	for (int i = 0; i < view->level_count; i++) {
		struct tc_params p = *defaults;
		char name[24], detail[48];
		view->level_entry(i, name, sizeof name, detail, sizeof detail, p.bytes);
		if (memcmp(p.bytes, defaults->bytes, view->game->params_size) == 0)
			return i;
	}
	return 0;
}

void tc_menu_init(struct tc_menu *m, const char *continue_text, const struct tc_params *defaults)
{
	char notice[sizeof m->notice];
	int level[TC_CATALOG_SIZE];
	bool first = m->rows == 0;
	memcpy(notice, m->notice, sizeof notice); /* a notice outlives a menu rebuilt */
	memcpy(level, m->level, sizeof level);    /* and so does a level chosen on a row */
	*m = (struct tc_menu){0};
	memcpy(m->notice, notice, sizeof notice);
	m->defaults = defaults;
	forget_rows(m);
	for (int i = 0; i < TC_CATALOG_SIZE; i++) {
		const struct tc_view *view = tc_catalog[i].view;
		if (view && view->level_on_row)
			m->level[i] = first ? level_of(view, &defaults[i]) : level[i];
	}
	if (continue_text) {
		snprintf(m->continue_text, sizeof m->continue_text, "%s", continue_text);
		m->row[m->rows++].item = TC_MENU_CONTINUE;
	}
	int first_game = -1;
	for (int i = 0; i < TC_CATALOG_SIZE; i++) {
		if (tc_catalog[i].view && first_game < 0)
			first_game = m->rows;
		m->row[m->rows].item = TC_MENU_GAME;
		m->row[m->rows++].game = i;
	}
	m->row[m->rows++].item = TC_MENU_DAILY;
	m->row[m->rows++].item = TC_MENU_RACE;
	m->row[m->rows++].item = TC_MENU_WATCH;
	m->row[m->rows++].item = TC_MENU_SCORES;
	m->selected = continue_text || first_game < 0 ? 0 : first_game;
}

void tc_menu_in_progress(struct tc_menu *m, int game, const char *summary)
{
	snprintf(m->in_progress[game], sizeof m->in_progress[game], "%s", summary);
}

static int notice_height(const struct tc_menu *m)
{
	return *m->notice ? NOTICE_LINES : 0;
}

/* The height that shows every entry with a blank line above and below. */
static int roomy_height(const struct tc_menu *m)
{
	return m->rows + 6 + notice_height(m);
}

static void row_text(const struct tc_menu *m, int i, char *buf, size_t len, bool *available)
{
	*available = true;
	switch (m->row[i].item) {
	case TC_MENU_CONTINUE:
		snprintf(buf, len, "%-10s %s", "Continue", m->continue_text);
		break;
	case TC_MENU_DAILY:
		snprintf(buf, len, "%-10s %s", "Daily", "today's puzzle, the same for everyone");
		break;
	case TC_MENU_RACE:
		snprintf(buf, len, "%-10s %s", "Race", "one game against other players, live");
		break;
	case TC_MENU_WATCH:
		snprintf(buf, len, "%-10s %s", "Watch", "games in progress, as they are played");
		break;
	case TC_MENU_SCORES:
		snprintf(buf, len, "%-10s %s", "Scores", "best scores and times");
		break;
	case TC_MENU_GAME: {
		const struct tc_catalog_entry *e = &tc_catalog[m->row[i].game];
		const char *saved = m->in_progress[m->row[i].game];
		*available = e->view || e->browser;
		if (*available && *saved)
			snprintf(buf, len, "%-10s in progress: %s", e->title, saved);
		else
			snprintf(buf, len, "%-10s %s", e->title,
			         *available ? e->blurb : "(not available)");
		break;
	}
	}
}

static const struct tc_view *row_chooser(const struct tc_menu *m, int row)
{
	if (m->row[row].item != TC_MENU_GAME)
		return NULL;
	const struct tc_view *view = tc_catalog[m->row[row].game].view;
	return view && view->level_on_row ? view : NULL;
}

/* "◂ 4x4 ▸" after a row-chosen game's text: the level it shows, and an arrow on each side
 * that has a level further on ("  3x3 ▸" at the smallest board: the arrow left did nothing). */
static void row_level(const struct tc_menu *m, int row, char *buf, size_t len)
{
	const struct tc_view *view = row_chooser(m, row);
	int level = m->level[m->row[row].game];
	struct tc_params p = m->defaults[m->row[row].game];
	char name[24], detail[48];
	view->level_entry(level, name, sizeof name, detail, sizeof detail, p.bytes);
	bool u = tc_term_unicode();
	snprintf(buf, len, "%s %s %s",
	         level == 0 ? " "
	         : u        ? "◂"
	                    : "<",
	         name,
	         level + 1 >= view->level_count ? " "
	         : u                            ? "▸"
	                                        : ">");
}

void tc_menu_row_params(const struct tc_menu *m, const struct tc_catalog_entry *game,
                        struct tc_params *params)
{
	char name[24], detail[48];
	*params = m->defaults[game - tc_catalog];
	game->view->level_entry(m->level[game - tc_catalog], name, sizeof name, detail,
	                        sizeof detail, params->bytes);
}

/* The level on the row of a row-chosen game, one step either way (no wrap). */
static void step_level(struct tc_menu *m, int row, int step)
{
	const struct tc_view *view = row_chooser(m, row);
	int *level = &m->level[m->row[row].game];
	if (*level + step >= 0 && *level + step < view->level_count)
		*level += step;
}

void tc_menu_draw(struct tc_menu *m)
{
	forget_rows(m);
	if (COLS < MENU_MIN_W || LINES < MENU_MIN_H + notice_height(m)) {
		tc_draw_too_small(MENU_MIN_W, MENU_MIN_H + notice_height(m));
		return;
	}
	erase();
	bool roomy = LINES >= roomy_height(m);
	int w = COLS < MENU_W ? COLS : MENU_W;
	int x = (COLS - w) / 2;
	int y = roomy ? (LINES - roomy_height(m)) / 2 : 0;
	tc_draw_text(x + 2, y, w, tc_theme_attr(TC_ROLE_TITLE), "tilecade");
	char subtitle[64];
	tc_text_cut("tile games for the terminal", w - 12, tc_term_unicode() ? "…" : "~", subtitle,
	            sizeof subtitle);
	tc_draw_text(x + 12, y, w - 12, tc_theme_attr(TC_ROLE_DIM), subtitle);
	m->first_row = roomy ? y + 2 : y + 1;
	int room = roomy ? m->rows : LINES - 2 - notice_height(m);
	m->top = tc_list_top(m->rows, m->selected, room, m->top);
	m->shown = m->rows - m->top < room ? m->rows - m->top : room;
	const char *marker = tc_term_unicode() ? "▸" : ">";
	for (int k = 0; k < m->shown; k++) {
		int i = m->top + k, at_y = m->first_row + k;
		char text[128], cut[160], line[176];
		bool available;
		row_text(m, i, text, sizeof text, &available);
		char level[48] = "";
		if (row_chooser(m, i))
			row_level(m, i, level, sizeof level);
		/* Cut between words where narrow, leaving room for the marker and the level. */
		int level_w = *level ? tc_text_width(level) + 3 : 0;
		tc_text_cut(text, w - 3 - level_w, tc_term_unicode() ? "…" : "~", cut, sizeof cut);
		bool on = i == m->selected;
		snprintf(line, sizeof line, " %s %s", on ? marker : " ", cut);
		attr_t attr = on          ? tc_theme_attr(TC_ROLE_SELECTED)
		              : available ? tc_theme_attr(TC_ROLE_TEXT)
		                          : tc_theme_attr(TC_ROLE_DIM);
		tc_fill_rect((struct tc_rect){x, at_y, w, 1}, on ? attr : 0);
		int used = tc_draw_text(x, at_y, w, attr, line);
		if (*level) { /* after the text, or over its end when narrow */
			int at = used + 2, width = tc_text_width(level);
			if (at + width > w)
				at = w - width - 1;
			m->arrows_x[i] = x + at;
			tc_fill_rect((struct tc_rect){x + at - 1, at_y, w - at + 1, 1}, on ? attr : 0);
			tc_draw_text(m->arrows_x[i], at_y, w - at, attr, level);
		}
	}
	int below = roomy ? m->first_row + m->rows + 1 : m->first_row + room;
	char chooser[96], choose[96];
	const char *help_key = tc_keymap_key_text(TC_ACT_HELP),
	           *quit_key = tc_keymap_key_text(TC_ACT_BACK);
	snprintf(choose, sizeof choose, "%s: choose   %s help   %s quit", tc_help_choose(), help_key,
	         quit_key);
	if (tc_text_width(choose) > w - 2) /* "Enter or click" takes a narrow line's quit */
		snprintf(choose, sizeof choose, "Enter: choose   %s help   %s quit", help_key,
		         quit_key);
	const char *hint = *m->message ? m->message : choose;
	const struct tc_view *on_row = row_chooser(m, m->selected);
	if (!*m->message && on_row) {
		snprintf(chooser, sizeof chooser, "Enter: play   left/right: %s   %s quit",
		         on_row->level_word, quit_key);
		hint = chooser;
	}
	char hint_cut[160];
	tc_text_cut(hint, w - 2, tc_term_unicode() ? "…" : "~", hint_cut, sizeof hint_cut);
	tc_draw_text(x + 2, below, w - 2, tc_theme_attr(*m->message ? TC_ROLE_BAD : TC_ROLE_DIM),
	             hint_cut);
	/* A notice names a path and a reason: it may take more lines, broken between words, and
	 * as wide as the screen leaves right of the menu's text. */
	char line[sizeof m->notice];
	const char *rest = m->notice;
	int notice_w = COLS - (x + 2) - 1;
	for (int i = 0; i < NOTICE_LINES && *rest; i++) {
		size_t len = tc_text_line(rest, notice_w);
		snprintf(line, sizeof line, "%.*s", (int)len, rest);
		tc_draw_text(x + 2, below + 1 + i, notice_w, tc_theme_attr(TC_ROLE_DIM), line);
		for (rest += len; *rest == ' '; rest++)
			;
	}
	if (m->help_open) {
		static const struct tc_help_line keys[] = {
		        {"{up}, {down}", "choose an entry"},
		        {"{select}", "play it"},
		        {"1 to 5", "play that game"},
		        {"{left}, {right}", "2048's board size"},
		        {"c", "continue the newest game in progress"},
		        {"r", "race: open or join a race"},
		        {"w", "watch the games in progress"},
		        {"{mouse:click}", "play the clicked entry"},
		        {"{back}, Ctrl-C", "quit"},
		        {NULL, NULL},
		};
		tc_help_draw("tilecade: keys", keys, false);
	}
}

/* Choosing an unavailable game explains itself instead. */
static enum tc_menu_result choose(struct tc_menu *m, int index)
{
	m->selected = index;
	const struct tc_catalog_entry *e = &tc_catalog[m->row[index].game];
	if (m->row[index].item != TC_MENU_GAME || e->view || e->browser)
		return TC_MENU_PLAY;
	snprintf(m->message, sizeof m->message, "%s is not available in this version",
	         tc_catalog[m->row[index].game].title);
	return TC_MENU_STAY;
}

static int row_of(const struct tc_menu *m, enum tc_menu_item item, int game)
{
	for (int i = 0; i < m->rows; i++)
		if (m->row[i].item == item && (item != TC_MENU_GAME || m->row[i].game == game))
			return i;
	return -1;
}

void tc_menu_select(struct tc_menu *m, enum tc_menu_item item, int game)
{
	int row = row_of(m, item, game);
	if (row >= 0)
		m->selected = row;
}

enum tc_menu_result tc_menu_event(struct tc_menu *m, const struct tc_event *ev)
{
	if (ev->type == TC_EV_KEY)
		m->message[0] = '\0';
	if (m->help_open) {
		if (ev->type == TC_EV_KEY ||
		    (ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS))
			m->help_open = false;
		return TC_MENU_STAY;
	}
	if (ev->type == TC_EV_MOUSE) {
		int i = m->top + ev->row - m->first_row;
		if (ev->mouse == TC_MOUSE_WHEEL) {
			m->selected = (m->selected + ev->button + m->rows) % m->rows;
			return TC_MENU_STAY;
		}
		if (ev->mouse != TC_MOUSE_PRESS || ev->button != 1 || m->first_row < 0 ||
		    i < m->top || i >= m->top + m->shown)
			return TC_MENU_STAY;
		int arrows = m->arrows_x[i];
		if (arrows >= 0 && ev->col >= arrows) { /* "◂ 4x4 ▸": either half steps */
			char level[48];
			row_level(m, i, level, sizeof level);
			m->selected = i;
			step_level(m, i, ev->col < arrows + tc_text_width(level) / 2 ? -1 : 1);
			return TC_MENU_STAY;
		}
		return choose(m, i);
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_LEFT:
	case TC_ACT_RIGHT:
		if (row_chooser(m, m->selected))
			step_level(m, m->selected,
			           tc_event_action(ev, false) == TC_ACT_LEFT ? -1 : 1);
		break;
	case TC_ACT_UP:
		m->selected = (m->selected + m->rows - 1) % m->rows;
		break;
	case TC_ACT_DOWN:
		m->selected = (m->selected + 1) % m->rows;
		break;
	case TC_ACT_SELECT:
		return choose(m, m->selected);
	case TC_ACT_HELP:
		m->help_open = true;
		break;
	case TC_ACT_BACK:
		return TC_MENU_QUIT;
	default:
		if (ev->key >= '1' && ev->key < '1' + TC_CATALOG_SIZE)
			return choose(m, row_of(m, TC_MENU_GAME, ev->key - '1'));
		if (ev->key == 'c' && row_of(m, TC_MENU_CONTINUE, 0) >= 0)
			return choose(m, row_of(m, TC_MENU_CONTINUE, 0));
		if (ev->key == 'w')
			return choose(m, row_of(m, TC_MENU_WATCH, 0));
		if (ev->key == 'r')
			return choose(m, row_of(m, TC_MENU_RACE, 0));
	}
	return TC_MENU_STAY;
}

enum tc_menu_item tc_menu_chosen(const struct tc_menu *m, const struct tc_catalog_entry **game)
{
	*game = m->row[m->selected].item == TC_MENU_GAME ? &tc_catalog[m->row[m->selected].game]
	                                                 : NULL;
	return m->row[m->selected].item;
}
