/* One loop for the whole program: draw, sleep until a key, a signal or a frame is due, react.
 * Drawing erases and redraws curses' virtual screen, and refresh() sends only the cells that
 * changed, which keeps slow SSH links fast. */
#include "app.h"

#include <curses.h>

#include "menu.h"
#include "play.h"
#include "term.h"
#include "theme.h"
#include "tilecade/gameid.h"
#include "tilecade/session.h"

struct app {
	const struct tc_app_config *cfg;
	struct tc_menu menu;
	struct tc_play *play; /* NULL while in the menu */
	const struct tc_catalog_entry *playing;
	int64_t best_score[TC_CATALOG_SIZE]; /* of each catalog entry, over the games of this run */
};

static int64_t *best_score_of(struct app *a, const struct tc_catalog_entry *e)
{
	return &a->best_score[e - tc_catalog];
}

static void draw(struct app *a, uint64_t now)
{
	if (a->play)
		tc_play_draw(a->play, now);
	else
		tc_menu_draw(&a->menu);
	refresh();
}

static void start_game(struct app *a, const struct tc_catalog_entry *e, struct tc_session *s)
{
	if (!s)
		s = tc_session_new(e->view->game, NULL, tc_fresh_seed(), NULL);
	if (!s)
		return;
	tc_session_carry_best_score(s, *best_score_of(a, e));
	a->play = tc_play_new(e->view, e->title, s, a->cfg->animations);
	if (!a->play)
		tc_session_free(s);
	a->playing = e;
}

static void leave_game(struct app *a)
{
	*best_score_of(a, a->playing) = tc_session_best_score(tc_play_session(a->play));
	tc_play_free(a->play);
	a->play = NULL;
}

static void suspend(struct app *a)
{
	if (a->play)
		tc_play_suspend(a->play);
	tc_term_suspend();
	if (a->play)
		tc_play_resume(a->play);
}

/* Returns false when the program should end. */
static bool handle(struct app *a, const struct tc_event *ev, uint64_t now)
{
	switch (ev->type) {
	case TC_EV_QUIT:
		return false;
	case TC_EV_SUSPEND:
		suspend(a);
		return true;
	case TC_EV_RESUMED:
		tc_term_force_repaint();
		return true;
	case TC_EV_RESIZE:
		return true;
	default:
		break;
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_QUIT:
		return false;
	case TC_ACT_SUSPEND:
		suspend(a);
		return true;
	case TC_ACT_REDRAW:
		tc_term_force_repaint();
		return true;
	default:
		break;
	}
	if (a->play) {
		enum tc_play_result r = tc_play_event(a->play, ev, now);
		if (r == TC_PLAY_LEAVE)
			leave_game(a);
		return true;
	}
	enum tc_menu_result r = tc_menu_event(&a->menu, ev);
	if (r == TC_MENU_PLAY)
		start_game(a, &tc_catalog[a->menu.selected], NULL);
	return r != TC_MENU_QUIT;
}

int tc_app_run(const struct tc_app_config *cfg, const struct tc_catalog_entry *entry,
               struct tc_session *start, char *err, size_t errlen)
{
	if (tc_term_open(err, errlen) != 0) {
		tc_session_free(start);
		return -1;
	}
	tc_theme_init(cfg->theme);
	struct app a = {.cfg = cfg};
	tc_menu_init(&a.menu);
	if (start)
		start_game(&a, entry, start);
	for (;;) {
		uint64_t now = tc_monotonic_ms();
		draw(&a, now);
		struct tc_event ev;
		if (!tc_term_wait(&ev, a.play ? tc_play_next_frame(a.play, now) : -1))
			continue; /* a frame is due */
		if (!handle(&a, &ev, tc_monotonic_ms()))
			break;
	}
	tc_play_free(a.play);
	tc_term_close();
	return 0;
}
