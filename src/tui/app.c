/* One loop for the whole program: draw, sleep until a key, a signal or a frame is due, react.
 * Drawing erases and redraws curses' virtual screen, and refresh() sends only the cells that
 * changed, which keeps slow SSH links fast. */
#include "app.h"

#include <curses.h>

#include "levels.h"
#include "menu.h"
#include "play.h"
#include "term.h"
#include "theme.h"
#include "tilecade/gameid.h"
#include "tilecade/session.h"

struct app {
	const struct tc_app_config *cfg;
	struct tc_menu menu;
	struct tc_levels levels;
	bool choosing_level;  /* the level-select screen is up */
	struct tc_play *play; /* NULL while in the menu or choosing a level */
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
	else if (a->choosing_level)
		tc_levels_draw(&a->levels);
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
	a->choosing_level = false;
	tc_session_carry_best_score(s, *best_score_of(a, e));
	a->play = tc_play_new(e->view, e->title, s, a->cfg->animations);
	if (!a->play)
		tc_session_free(s);
	a->playing = e;
}

/* Back where the game was chosen: its level list, or the menu. */
static void leave_game(struct app *a)
{
	const struct tc_session *s = tc_play_session(a->play);
	*best_score_of(a, a->playing) = tc_session_best_score(s);
	if (a->playing->view->level_count > 0) {
		if (a->levels.entry != a->playing)
			tc_levels_open(&a->levels, a->playing);
		tc_levels_select(&a->levels, tc_session_params(s));
		a->choosing_level = true;
	}
	tc_play_free(a->play);
	a->play = NULL;
}

static void choose_game(struct app *a, const struct tc_catalog_entry *e)
{
	if (e->view->level_count == 0) {
		start_game(a, e, NULL);
		return;
	}
	tc_levels_open(&a->levels, e);
	a->choosing_level = true;
}

static void choose_level(struct app *a, enum tc_levels_result r)
{
	if (r == TC_LEVELS_BACK)
		a->choosing_level = false;
	if (r != TC_LEVELS_PLAY)
		return;
	const struct tc_catalog_entry *e = a->levels.entry;
	start_game(a, e,
	           tc_session_new(e->view->game, a->levels.params[a->levels.selected].bytes,
	                          tc_fresh_seed(), NULL));
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
	if (a->choosing_level) {
		choose_level(a, tc_levels_event(&a->levels, ev));
		return true;
	}
	enum tc_menu_result r = tc_menu_event(&a->menu, ev);
	if (r == TC_MENU_PLAY)
		choose_game(a, &tc_catalog[a->menu.selected]);
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
