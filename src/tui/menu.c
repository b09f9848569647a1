/* The main menu. Entries are one line each; a click on a line or Enter on it starts the game. */
#include "menu.h"

#include <stdio.h>

#include "grid.h"
#include "help.h"
#include "overlay.h"
#include "term.h"
#include "theme.h"

#define MENU_W 60
#define MENU_MIN_W 34
#define MENU_MIN_H 11

void tc_menu_init(struct tc_menu *m)
{
	*m = (struct tc_menu){0};
	for (int i = 0; i < TC_CATALOG_SIZE; i++)
		if (tc_catalog[i].view) {
			m->selected = i;
			break;
		}
}

void tc_menu_draw(struct tc_menu *m)
{
	if (COLS < MENU_MIN_W || LINES < MENU_MIN_H) {
		tc_draw_too_small(MENU_MIN_W, MENU_MIN_H);
		return;
	}
	erase();
	int w = COLS < MENU_W ? COLS : MENU_W;
	int x = (COLS - w) / 2;
	int h = TC_CATALOG_SIZE + 6;
	int y = (LINES - h) / 2;
	tc_draw_text(x + 2, y, w, tc_theme_attr(TC_ROLE_TITLE), "tilecade");
	tc_draw_text(x + 12, y, w - 12, tc_theme_attr(TC_ROLE_DIM), "tile games for the terminal");
	m->first_row = y + 2;
	const char *marker = tc_term_unicode() ? "▸" : ">";
	for (int i = 0; i < TC_CATALOG_SIZE; i++) {
		const struct tc_catalog_entry *e = &tc_catalog[i];
		char line[128];
		snprintf(line, sizeof line, " %s %-10s %s", i == m->selected ? marker : " ",
		         e->title, e->view ? e->blurb : "(not available)");
		attr_t attr = i == m->selected ? tc_theme_attr(TC_ROLE_SELECTED)
		              : e->view        ? tc_theme_attr(TC_ROLE_TEXT)
		                               : tc_theme_attr(TC_ROLE_DIM);
		tc_fill_rect((struct tc_rect){x, m->first_row + i, w, 1},
		             i == m->selected ? attr : 0);
		tc_draw_text(x, m->first_row + i, w, attr, line);
	}
	const char *hint = *m->message ? m->message : "Enter or click: play   ? help   q quit";
	tc_draw_text(x + 2, m->first_row + TC_CATALOG_SIZE + 1, w - 2,
	             tc_theme_attr(*m->message ? TC_ROLE_BAD : TC_ROLE_DIM), hint);
	if (m->help_open) {
		static const struct tc_help_line keys[] = {
		        {"up/down, j/k", "choose a game"},
		        {"Enter, Space", "play it"},
		        {"click", "play the clicked game"},
		        {"q, Esc, Ctrl-C", "quit"},
		        {NULL, NULL},
		};
		tc_help_draw("tilecade: keys", keys, false);
	}
}

/* Starting an unavailable game explains itself instead. */
static enum tc_menu_result choose(struct tc_menu *m, int index)
{
	m->selected = index;
	if (tc_catalog[index].view)
		return TC_MENU_PLAY;
	snprintf(m->message, sizeof m->message, "%s is not available in this version",
	         tc_catalog[index].title);
	return TC_MENU_STAY;
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
		int i = ev->row - m->first_row;
		if (ev->mouse == TC_MOUSE_WHEEL) {
			m->selected =
			        (m->selected + ev->button + TC_CATALOG_SIZE) % TC_CATALOG_SIZE;
			return TC_MENU_STAY;
		}
		if (ev->mouse == TC_MOUSE_PRESS && ev->button == 1 && i >= 0 && i < TC_CATALOG_SIZE)
			return choose(m, i);
		return TC_MENU_STAY;
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_UP:
		m->selected = (m->selected + TC_CATALOG_SIZE - 1) % TC_CATALOG_SIZE;
		break;
	case TC_ACT_DOWN:
		m->selected = (m->selected + 1) % TC_CATALOG_SIZE;
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
			return choose(m, ev->key - '1');
	}
	return TC_MENU_STAY;
}
