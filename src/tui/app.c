/* One loop for the whole program: draw, sleep until a key, a signal or a frame is due, react.
 * Drawing erases and redraws curses' virtual screen, and tc_present() sends only the cells
 * that changed, in as few bytes as it can, which keeps slow SSH links fast. */
#include "app_internal.h"

#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ninja_records.h"
#include "present.h"
#include "replay_open.h"
#include "term.h"
#include "theme.h"
#include "tilecade/gameid.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/session.h"

/* The most keys taken between two draws: a long paste still shows its progress. */
#define KEYS_A_DRAW 4096
/* How often the loop wakes, keys or not, while games wait for the database (the store tries it
 * at most this often, and less often while it stays away). */
#define WAITING_WAKE_MS 5000
/* How often while the database is being connected to again (a step each wake, never waited
 * for). */
#define CONNECTING_WAKE_MS 200

static void draw(struct app *a, uint64_t now)
{
	if (a->play)
		tc_play_watchers(a->play, tc_live_share_watchers(a->share));
	if (a->ninja) {
		tc_ninja_play_watchers(a->ninja, tc_live_share_watchers(a->share));
		tc_ninja_play_draw(a->ninja, now);
	} else if (a->in_lobby)
		tc_race_lobby_draw(&a->lobby, tc_race_now_ms());
	else if (a->replay)
		tc_replay_draw(a->replay, now);
	else if (a->watching)
		tc_watch_draw(&a->watch, now);
	else if (a->race_watch)
		tc_race_watch_draw(a->race_watch, now);
	else if (a->viewing_watch_list)
		tc_watch_list_draw(&a->watch_list, now);
	else if (a->play)
		tc_play_draw(a->play, now);
	else if (a->viewing_race_list)
		tc_race_list_draw(&a->race_list);
	else if (a->viewing_scores)
		tc_scores_draw(&a->scores);
	else if (a->viewing_nlevels)
		tc_nlevel_draw(&a->nlevels);
	else if (a->choosing_level)
		tc_levels_draw(&a->levels);
	else
		tc_menu_draw(&a->menu);
	if (a->replace.open)
		tc_replace_ask_draw(&a->replace);
	tc_present();
}

void tc_app_start_game(struct app *a, const struct tc_catalog_entry *e, struct tc_session *s)
{
	if (!s)
		s = tc_session_new(e->view->game, a->cfg->defaults[e - tc_catalog].bytes,
		                   tc_fresh_seed(), NULL);
	if (!s)
		return;
	a->choosing_level = false;
	/* Best starts at the player's best on this board, the one Scores shows. */
	tc_session_carry_best_score(s, tc_records_best_points(a->records, s));
	a->play = tc_play_new(e->view, e->title, s, a->cfg->animations);
	if (!a->play) {
		tc_session_free(s);
		return;
	}
	a->playing = e;
	tc_records_begin(a->records, s);
}

/* The menu, with a Continue row for the newest save (saying which race it goes back into) and
 * every game in progress said on its game's row. */
static void open_menu(struct app *a)
{
	struct tc_save_info saves[TC_STORE_SAVES_MAX];
	int n = tc_records_saves(a->records, saves, TC_STORE_SAVES_MAX);
	bool saved = n > 0;
	char line[sizeof saves[0].summary + 32];
	int64_t race = saved ? tc_app_race_of_save(a, saves[0].game, saves[0].summary) : 0;
	if (race)
		snprintf(line, sizeof line, "race #%" PRId64 ": %s", race, saves[0].summary);
	else if (saved)
		snprintf(line, sizeof line, "%s", saves[0].summary);
	bool first = a->menu.rows == 0;
	enum tc_menu_item item = a->menu.row[a->menu.selected].item;
	int index = a->menu.row[a->menu.selected].game;
	tc_menu_init(&a->menu, saved ? line : NULL, a->cfg->defaults);
	a->menu_continue = saved ? saves[0] : (struct tc_save_info){0};
	for (int i = 0; i < n; i++) {
		const struct tc_catalog_entry *e = tc_catalog_find(saves[i].game);
		if (e)
			tc_menu_in_progress(&a->menu, (int)(e - tc_catalog), saves[i].summary);
	}
	/* Back in the menu, the player is where they left it, unless a new save waits. */
	if (!first && !(saved && item != TC_MENU_CONTINUE))
		tc_menu_select(&a->menu, item, index);
}

void tc_app_open_ninja(struct app *a, struct tc_ninja_play *np, bool from_browser)
{
	if (!np)
		return;
	a->ninja = np;
	a->ninja_from_browser = from_browser;
	tc_term_key_reports(true); /* key releases, where the terminal can tell them */
}

static void close_ninja(struct app *a)
{
	tc_term_key_reports(false);
	tc_ninja_play_free(a->ninja);
	a->ninja = NULL;
	tc_ghost_race_free(a->ghost);
	a->ghost = NULL;
}

/* The level the browser shows, played. */
static void play_browser_level(struct app *a)
{
	char name[64], err[160];
	tc_nlevel_name(&a->nlevels, name, sizeof name);
	struct tc_ninja_play *np =
	        tc_ninja_play_new(&a->nlevels.level, name, a->records, true, err, sizeof err);
	if (!np)
		snprintf(a->nlevels.message, sizeof a->nlevels.message, "%s", err);
	tc_app_open_ninja(a, np, true);
}

/* N's saved run, continued (paused), and its game ID. */
static bool resume_ninja(struct app *a, char *game_id, size_t id_len, char *err, size_t errlen)
{
	static struct nj_replay rp; /* big: not on the stack */
	char name[64];
	if (tc_nj_load_run(a->records, &rp, name, sizeof name, err, errlen) != 0)
		return false;
	nj_game_id(&rp.level, name, game_id, id_len); /* its race's, if any */
	struct tc_ninja_play *np = tc_ninja_play_continue(&rp, name, a->records, err, errlen);
	if (!np) {
		tc_nj_forget_run(a->records);
		return false;
	}
	tc_app_open_ninja(a, np, false);
	return true;
}

static void leave_ninja(struct app *a, uint64_t now)
{
	tc_ninja_play_leave(a->ninja, now);
	close_ninja(a);
	if (!a->ninja_from_browser)
		open_menu(a);
}

/* After a run, the browser's next level on the same screen: its watchers watch on. */
static void next_browser_level(struct app *a, uint64_t now)
{
	char name[64], err[160];
	tc_nlevel_new_level(&a->nlevels);
	tc_nlevel_name(&a->nlevels, name, sizeof name);
	if (tc_ninja_play_next_level(a->ninja, &a->nlevels.level, name, now, err, sizeof err) !=
	    0) {
		leave_ninja(a, now);
		snprintf(a->nlevels.message, sizeof a->nlevels.message, "%s", err);
	}
}

/* The save of game continued, if it is still the one the player was shown (shown: its
 * summary then): another program may have replaced it since (what a label names is what it
 * opens). False with why in err when it is not played. */
static bool resume(struct app *a, const char *game, const char *shown, char *err, size_t errlen)
{
	char summary[sizeof a->menu_continue.summary];
	char game_id[TC_GAMEID_MAX];
	if (!tc_records_save_of(a->records, game, summary, sizeof summary)) {
		snprintf(err, errlen, "That game is no longer in progress: it ended elsewhere");
		return false;
	}
	if (strcmp(summary, shown) != 0) {
		snprintf(err, errlen, "That game was saved again elsewhere: here it is as it is now");
		return false;
	}
	if (strcmp(game, TC_NJ_GAME) == 0) {
		if (!resume_ninja(a, game_id, sizeof game_id, err, errlen))
			return false;
		tc_app_back_into_race(a, game_id);
		return true;
	}
	struct tc_session *s = tc_records_continue(a->records, game, err, errlen);
	const struct tc_catalog_entry *e = s ? tc_catalog_find(tc_session_game(s)->name) : NULL;
	if (!e || !e->view) {
		tc_session_free(s);
		return false;
	}
	tc_app_start_game(a, e, s);
	if (a->play) {
		tc_session_game_id(tc_play_session(a->play), game_id, sizeof game_id);
		tc_app_back_into_race(a, game_id);
	}
	return true;
}

/* A new game begins: s of entry e (NULL: a fresh one), or the level N's browser shows. */
static void begin_new(struct app *a, const struct tc_catalog_entry *e, struct tc_session *s)
{
	if (e->view)
		tc_app_start_game(a, e, s);
	else
		play_browser_level(a);
}

/* A new game of e (s, taken over; for N, the level its browser shows), asked about first when
 * it would replace a game of e in progress: there is one save a game. */
static void start_new(struct app *a, const struct tc_catalog_entry *e, struct tc_session *s)
{
	char summary[sizeof a->menu_continue.summary];
	const char *game = e->view ? e->view->game->name : TC_NJ_GAME;
	if (!tc_records_save_of(a->records, game, summary, sizeof summary)) {
		begin_new(a, e, s);
		return;
	}
	a->pending_entry = e;
	a->pending = s;
	tc_replace_ask_open(&a->replace, game, e->title, summary);
}

/* The player's answer about a new game that would replace a game in progress. */
static void answer_replace(struct app *a, enum tc_replace_answer answer)
{
	struct tc_session *s = a->pending;
	a->pending = NULL;
	if (answer == TC_REPLACE_NEW) {
		/* s was made when the question opened: its clock starts now, not then. */
		if (s)
			tc_session_set_elapsed_ms(s, 0);
		begin_new(a, a->pending_entry, s);
		return;
	}
	tc_session_free(s);
	char err[160];
	if (answer == TC_REPLACE_CONTINUE &&
	    !resume(a, a->replace.game, a->replace.summary, err, sizeof err)) {
		/* The menu, where every game in progress is shown as it is now, says why. */
		a->choosing_level = a->viewing_nlevels = false;
		open_menu(a);
		snprintf(a->menu.message, sizeof a->menu.message, "%s", err);
	}
}

/* The level list, each level the player has finished marked with a best, those played in order
 * locked until the one before is won (not when there is no scoreboard to tell). Nothing new is
 * stored: the scoreboard tells. The list opens on the last level open. */
static void open_levels(struct app *a, const struct tc_catalog_entry *e)
{
	const struct tc_view *view = e->view;
	tc_levels_open(&a->levels, e, &a->cfg->defaults[e - tc_catalog]);
	bool scores = tc_store_ok(tc_records_scores(a->records));
	for (int i = 0; i < a->levels.count; i++) {
		struct tc_board_key key;
		char best[48];
		bool won = false; /* the scoreboard ranks a win above any loss: the best tells */
		tc_records_board_of(view->game, a->levels.params[i].bytes, 0, &key);
		if (tc_records_best(a->records, &key, best, sizeof best, &won))
			tc_levels_mark(&a->levels, i, best, won);
		bool in_order = view->opens_after_previous && view->opens_after_previous(i);
		if (tc_levels_locked(a->records, view, i, &a->cfg->defaults[e - tc_catalog]))
			tc_levels_lock(&a->levels, i);
		else if (in_order && scores)
			a->levels.selected = i;
	}
}

/* Today's puzzles, each the player finished today ticked with their best: won, lost or ended
 * (a daily is played once for the day, not until it is won). */
static void open_daily(struct app *a)
{
	tc_levels_open_daily(&a->levels, tc_daily_now());
	for (int i = 0; i < a->levels.count; i++) {
		struct tc_board_key key;
		char best[48];
		bool won;
		tc_records_board_of(a->levels.game[i]->view->game, a->levels.params[i].bytes,
		                    a->levels.seed[i], &key);
		if (tc_records_best(a->records, &key, best, sizeof best, &won))
			tc_levels_mark(&a->levels, i, best, true);
	}
	a->choosing_level = true;
}

/* Back where the game was chosen: its level list, or the menu. */
static void leave_game(struct app *a)
{
	const struct tc_session *s = tc_play_session(a->play);
	tc_records_leave(a->records, s);
	open_menu(a);
	bool daily = tc_session_daily(s);
	if (daily) { /* back to the Daily list, on the game just played */
		open_daily(a);
		for (int i = 0; i < a->levels.count; i++)
			if (a->levels.game[i]->view->game == tc_session_game(s))
				a->levels.selected = i;
	}
	/* A race from Scores goes back there. */
	if (a->playing->view->level_count > 0 && !a->playing->view->level_on_row && !daily &&
	    !a->viewing_scores) {
		open_levels(a, a->playing); /* with what was just finished */
		tc_levels_select(&a->levels, tc_session_params(s));
		a->choosing_level = true;
	}
	tc_play_free(a->play);
	a->play = NULL;
	tc_ghost_race_free(a->ghost);
	a->ghost = NULL;
}

static void choose_game(struct app *a, const struct tc_catalog_entry *e)
{
	if (!e->view) { /* the catalog's browser entry */
		tc_nlevel_open(&a->nlevels, 0, a->nlevels.playable);
		a->viewing_nlevels = true;
		return;
	}
	if (e->view->level_count == 0) {
		start_new(a, e, NULL);
		return;
	}
	if (e->view->level_on_row) { /* the level the menu's row shows */
		struct tc_params params;
		tc_menu_row_params(&a->menu, e, &params);
		start_new(a, e, tc_session_new(e->view->game, params.bytes, tc_fresh_seed(), NULL));
		return;
	}
	open_levels(a, e);
	a->choosing_level = true;
}

static void choose_level(struct app *a, enum tc_levels_result r)
{
	if (r == TC_LEVELS_BACK)
		a->choosing_level = false;
	if (r != TC_LEVELS_PLAY)
		return;
	int i = a->levels.selected;
	const struct tc_catalog_entry *e = a->levels.game[i];
	bool daily = a->levels.seed[i] != 0; /* only the Daily list's games have a seed */
	uint64_t seed = daily ? a->levels.seed[i] : tc_fresh_seed();
	struct tc_session *s = tc_session_new(e->view->game, a->levels.params[i].bytes, seed, NULL);
	if (s && daily)
		tc_session_mark_daily(s);
	start_new(a, e, s);
}

static bool choose_in_menu(struct app *a)
{
	const struct tc_catalog_entry *e;
	char err[160];
	switch (tc_menu_chosen(&a->menu, &e)) {
	case TC_MENU_CONTINUE:
		if (!resume(a, a->menu_continue.game, a->menu_continue.summary, err, sizeof err)) {
			open_menu(a); /* which clears the message: said after */
			snprintf(a->menu.message, sizeof a->menu.message, "%s", err);
		}
		break;
	case TC_MENU_GAME:
		choose_game(a, e);
		break;
	case TC_MENU_DAILY:
		open_daily(a);
		break;
	case TC_MENU_RACE:
		tc_race_list_open(&a->race_list, tc_records_scores(a->records), a->cfg->live_dir);
		a->viewing_race_list = true;
		break;
	case TC_MENU_WATCH:
		tc_watch_list_open(&a->watch_list, a->cfg->live_dir);
		a->watch_list.st = tc_records_scores(a->records);
		a->viewing_watch_list = true;
		break;
	case TC_MENU_SCORES:
		tc_scores_open(&a->scores, tc_records_scores(a->records), a->records->player);
		a->viewing_scores = true;
		break;
	}
	return true;
}

static void suspend(struct app *a)
{
	if (a->play)
		tc_play_suspend(a->play);
	if (a->ninja)
		tc_ninja_play_suspend(a->ninja, tc_monotonic_ms());
	tc_term_suspend();
	if (a->play)
		tc_play_resume(a->play);
	if (a->ninja)
		tc_ninja_play_resume(a->ninja, tc_monotonic_ms());
}

/* An event for N's play screen; false when the program should end. */
static bool handle_ninja(struct app *a, const struct tc_event *ev, uint64_t now)
{
	switch (tc_ninja_play_event(a->ninja, ev, now)) {
	case TC_NJ_STAY:
		return true;
	case TC_NJ_LEAVE: {
		bool quits = a->ninja_quits || (a->racing && a->race_quits);
		if (a->racing)
			tc_app_leave_race(a, TC_RACER_LEFT);
		if (quits) {
			tc_ninja_play_leave(a->ninja, now);
			close_ninja(a);
			return false;
		}
		leave_ninja(a, now);
		return true;
	}
	case TC_NJ_NEXT:
		next_browser_level(a, now);
		return true;
	}
	return true;
}

/* The levels of the view's campaign the player has not won, bit i for entry i, as the
 * scoreboard tells (the level list's ticks); -1 when there is no scoreboard. */
static int campaign_open(struct app *a, const struct tc_view *view)
{
	if (!tc_store_ok(tc_records_scores(a->records)))
		return -1;
	int open = 0;
	for (int i = 0; i < view->campaign_levels; i++) {
		struct tc_params params;
		struct tc_board_key key;
		char name[64], detail[64], best[48];
		bool won = false;
		view->level_entry(i, name, sizeof name, detail, sizeof detail, params.bytes);
		tc_records_board_of(view->game, params.bytes, 0, &key);
		if (!tc_records_best(a->records, &key, best, sizeof best, &won) || !won)
			open |= 1 << i;
	}
	return open;
}

/* That games wait on this machine for the database, and then that they were written: said
 * once each, on the play screen, else under the menu. */
static void tell_waiting(struct app *a)
{
	char text[80];
	/* The menu's notice that the database cannot be reached goes once it is back. */
	bool notice_away = a->records->notice_away && !strcmp(a->menu.notice, a->records->notice);
	bool news = tc_records_waiting_news(a->records, COLS - 2, text, sizeof text);
	if (tc_records_back(a->records)) {
		if (notice_away)
			a->menu.notice[0] = '\0';
		if (a->play) /* Best was read while the database was away */
			tc_play_carry_best(a->play,
			                   tc_records_best_points(a->records, tc_play_session(a->play)));
	}
	if (!news)
		return;
	if (a->play)
		tc_play_tell(a->play, text);
	else
		snprintf(a->menu.message, sizeof a->menu.message, "%s", text);
}

/* After the game changed: a save every few moves, the score once it is over, and a word on
 * where the score went. Returns whether the game was just recorded (or found unrankable). */
static bool keep_records(struct app *a)
{
	bool recorded = a->records->recorded;
	tc_records_update(a->records, tc_play_session(a->play));
	if (recorded || !a->records->recorded)
		return false;
	if (*a->records->told)
		tc_play_tell(a->play, a->records->told);
	if (a->playing->view->campaign_levels > 0)
		tc_play_campaign(a->play, campaign_open(a, a->playing->view));
	return true;
}

/* A recorded run of N, on N's replay screen; NULL with why in err. */
static struct tc_ninja_play *ninja_recording(const struct tc_recording *rec, char *err,
                                             size_t errlen)
{
	static struct nj_replay rp; /* big: not on the stack */
	char name[64];
	if (tc_nj_recording_replay(rec, &rp, name, sizeof name, err, errlen) != 0)
		return NULL;
	struct tc_ninja_play *np = tc_ninja_play_replay(&rp, name, err, errlen);
	if (np)
		tc_ninja_play_recording(np, rec->id, rec->player);
	return np;
}

/* Enter on a row of Scores: its recording replayed over the screen, or why not on it. */
static void replay_from_scores(struct app *a, uint64_t now)
{
	struct tc_recording rec;
	struct tc_live_follow end;
	char *err = a->scores.message;
	size_t errlen = sizeof a->scores.message;
	int64_t id = a->scores.replay;
	a->scores.replay = 0;
	if (tc_replay_open(a->scores.store, id, &rec, &end, err, errlen) != 0)
		return;
	if (!end.session) /* a run of N: N's replay screen, over Scores */
		tc_app_open_ninja(a, ninja_recording(&rec, err, errlen), true);
	else
		a->replay = tc_replay_new(&rec, now, err, errlen);
	tc_live_follow_free(&end);
	tc_recording_free(&rec);
}

/* What the player's screen shows beyond the position changed (zNumbers' solution pane): into
 * the stream, for watchers and the recording. */
static void tell_shown(struct app *a)
{
	struct tc_live_event ev = {.kind = TC_LIVE_VIEW};
	if (tc_play_shown_changed(a->play, &ev.value))
		tc_records_tell(a->records, tc_play_session(a->play), &ev);
}

/* The session being played, for a watcher's hello. */
static const struct tc_session *playing_session(void *ctx)
{
	const struct app *a = ctx;
	return a->play ? tc_play_session(a->play) : NULL;
}

static void stop_watching(struct app *a)
{
	tc_watch_close(&a->watch);
	a->watching = false;
}

/* An event for the watch screen; false when the program should end. */
static bool handle_watch(struct app *a, const struct tc_event *ev, uint64_t now)
{
	if (tc_watch_event(&a->watch, ev, now) != TC_PLAY_LEAVE)
		return true;
	stop_watching(a);
	return !a->watch_quits;
}

/* An event for the menu's Watch: Enter watches, and leaving the watch comes back here. */
static bool handle_watch_list(struct app *a, const struct tc_event *ev)
{
	char err[160];
	switch (tc_watch_list_event(&a->watch_list, ev)) {
	case TC_WATCH_LIST_WATCH:
		if (tc_watch_open(&a->watch, a->cfg->live_dir, a->watch_list.chosen,
		                  a->cfg->animations, err, sizeof err) == 0)
			a->watching = true;
		break;
	case TC_WATCH_LIST_BACK:
		tc_watch_list_close(&a->watch_list);
		a->viewing_watch_list = false;
		break;
	case TC_WATCH_LIST_STAY:
		break;
	}
	return true;
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
	case TC_EV_WAKE: /* a watcher came or went, a watched move: drawn again */
		return true;
	default:
		break;
	}
	/* Key releases (the kitty keyboard protocol, in N's play screen) are for that screen
	 * only: letting go of Ctrl-C is no second Ctrl-C. */
	if (ev->type == TC_EV_KEY && ev->release)
		return a->ninja ? handle_ninja(a, ev, now) : true;
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
	if (a->replace.open) {
		answer_replace(a, tc_replace_ask_event(&a->replace, ev));
		return true;
	}
	if (a->ninja)
		return handle_ninja(a, ev, now);
	if (a->in_lobby)
		return tc_app_handle_lobby(a, ev);
	if (a->watching)
		return handle_watch(a, ev, now);
	if (a->race_watch)
		return tc_app_handle_race_watch(a, ev, now);
	if (a->viewing_watch_list)
		return handle_watch_list(a, ev);
	if (a->play) {
		/* One game, one program: a game continued elsewhere since is not played on here. */
		if (tc_records_lost(a->records, tc_session_game(tc_play_session(a->play))->name,
		                    true))
			return false;
		enum tc_play_result r = tc_play_event(a->play, ev, now);
		tell_shown(a);
		keep_records(a);
		tc_app_follow_race(a);
		if (r != TC_PLAY_LEAVE)
			return true;
		bool race = a->racing, quits = a->racing && a->race_quits;
		if (race)
			tc_app_leave_race(a, TC_RACER_LEFT);
		leave_game(a);
		a->choosing_level &= !race; /* back where the race was found, not to a level list */
		return !quits && !a->records->lost; /* no key meant for the game goes to the menu */
	}
	if (a->viewing_race_list)
		return tc_app_handle_race_list(a, ev);
	if (a->replay) {
		if (tc_replay_event(a->replay, ev, now))
			return true;
		tc_replay_free(a->replay);
		a->replay = NULL;
		return !a->replay_quits; /* else back to Scores */
	}
	if (a->viewing_scores) {
		a->viewing_scores = tc_scores_event(&a->scores, ev);
		if (a->scores.replay)
			replay_from_scores(a, now);
		if (a->scores.ghost)
			tc_app_ghost_from_scores(a);
		return true;
	}
	if (a->viewing_nlevels) {
		switch (tc_nlevel_event(&a->nlevels, ev)) {
		case TC_NLV_LEAVE:
			a->viewing_nlevels = false;
			open_menu(a); /* with a Continue row for a run just left */
			break;
		case TC_NLV_PLAY:
			start_new(a, tc_catalog_find(TC_NJ_GAME), NULL);
			break;
		case TC_NLV_STAY:
			break;
		}
		return true;
	}
	if (a->choosing_level) {
		choose_level(a, tc_levels_event(&a->levels, ev));
		return true;
	}
	enum tc_menu_result r = tc_menu_event(&a->menu, ev);
	if (r == TC_MENU_PLAY)
		choose_in_menu(a);
	return r != TC_MENU_QUIT;
}

int tc_app_run(const struct tc_app_config *cfg, const struct tc_catalog_entry *entry,
               struct tc_session *start, char *err, size_t errlen)
{
	if (tc_term_open(cfg->mouse, err, errlen) != 0) {
		tc_session_free(start);
		return -1;
	}
	tc_theme_init(cfg->theme);
	static struct app a; /* big (level lists, score tables): not on the stack */
	memset(&a, 0, sizeof a);
	a.nlevels.playable = true; /* levels to play: each with an exit the search has won */
	a.cfg = cfg;
	a.records = cfg->records;
	snprintf(a.menu.notice, sizeof a.menu.notice, "%s",
	         *a.records->notice ? a.records->notice
	         : cfg->notice      ? cfg->notice
	                            : "");
	open_menu(&a);
	if (cfg->live_dir)
		a.share = tc_live_share_start(cfg->live_dir, a.records, playing_session, &a);
	if (cfg->watch_socket) {
		if (tc_watch_open(&a.watch, cfg->live_dir, cfg->watch_socket, cfg->animations, err,
		                  errlen) != 0) {
			tc_live_share_stop(a.share);
			tc_term_close();
			return -1;
		}
		a.watching = a.watch_quits = true;
	} else if (cfg->ninja_replay) {
		tc_app_open_ninja(&a,
		           tc_ninja_play_replay(cfg->ninja_replay, cfg->ninja_replay_name, err,
		                                errlen),
		           false);
		if (!a.ninja) {
			tc_session_free(start);
			tc_term_close();
			return -1;
		}
		a.ninja_quits = true;
	} else if (cfg->ninja_level) {
		tc_app_open_ninja(&a,
		           tc_ninja_play_new(cfg->ninja_level, cfg->ninja_level_name, a.records, false,
		                             err, errlen),
		           false);
		if (!a.ninja) {
			tc_session_free(start);
			tc_term_close();
			return -1;
		}
	} else if (cfg->replay && strcmp(cfg->replay->game, TC_REPLAY_NINJA) == 0) {
		tc_app_open_ninja(&a, ninja_recording(cfg->replay, err, errlen), false);
		if (!a.ninja) {
			tc_session_free(start);
			tc_term_close();
			return -1;
		}
		a.ninja_quits = true;
	} else if (cfg->replay) {
		a.replay = tc_replay_new(cfg->replay, tc_monotonic_ms(), err, errlen);
		if (!a.replay) {
			tc_session_free(start);
			tc_term_close();
			return -1;
		}
		a.replay_quits = true;
	} else if (cfg->race_watch) {
		if (!tc_app_watch_race(&a, cfg->race_watch, true, err, errlen)) {
			tc_live_share_stop(a.share);
			tc_session_free(start);
			tc_term_close();
			return -1;
		}
	} else if (cfg->race) {
		tc_app_open_lobby(&a, cfg->race);
		a.race_quits = true;
	} else if (cfg->ghost) {
		if (!tc_app_start_ghost_race(&a, cfg->ghost, cfg->ghost_recording, false, err, errlen)) {
			tc_live_share_stop(a.share);
			tc_session_free(start);
			tc_term_close();
			return -1;
		}
	} else if (start) /* the command line names the game: asked first, over the menu */
		start_new(&a, entry, start);
	else if (entry && entry->browser)
		choose_game(&a, entry);
	else if (cfg->resume && !resume(&a, a.menu_continue.game, a.menu_continue.summary, err,
	                                errlen)) {
		tc_term_close();
		return -1;
	}
	/* A game taken over by another program (found at a save, N's every few seconds) ends
	 * this one. */
	while (!a.records->lost) {
		uint64_t now = tc_monotonic_ms();
		tell_waiting(&a);
		if (a.in_lobby && tc_race_lobby_go(&a.lobby, tc_race_now_ms()))
			tc_app_begin_race_game(&a);
		tc_app_follow_race(&a); /* the time limit comes in a frame */
		draw(&a, now);
		/* A game may end in a frame as well as on a key (2048's autoplay plays in the
		 * view's tick): its result is kept, and told, at once. Only then: the saves every
		 * few moves wait for a key, or a fast autoplay would write one every few frames. */
		if (a.play && !a.records->recorded &&
		    tc_session_status(tc_play_session(a.play)) != TC_PLAYING && keep_records(&a))
			continue; /* drawn again, with the message */
		struct tc_event ev;
		int timeout = a.ninja             ? tc_ninja_play_next_frame(a.ninja, now)
		              : a.in_lobby        ? tc_race_lobby_next_frame(&a.lobby, tc_race_now_ms())
		              : a.replay          ? tc_replay_next_frame(a.replay, now)
		              : a.watching        ? tc_watch_next_frame(&a.watch, now)
		              : a.race_watch      ? tc_race_watch_next_frame(a.race_watch, now)
		              : a.viewing_watch_list ? tc_watch_list_next_frame(&a.watch_list, now)
		              : a.play            ? tc_play_next_frame(a.play, now)
		              : a.viewing_nlevels ? tc_nlevel_next_frame(&a.nlevels)
		                                  : -1;
		/* Games waiting for the database: tried again every few seconds, keys or not. */
		if (tc_records_waiting(a.records) && (timeout < 0 || timeout > WAITING_WAKE_MS))
			timeout = WAITING_WAKE_MS;
		if (tc_records_retry_soon(a.records) && (timeout < 0 || timeout > CONNECTING_WAKE_MS))
			timeout = CONNECTING_WAKE_MS;
		if (!tc_term_wait(&ev, timeout))
			continue; /* a frame is due */
		bool going = handle(&a, &ev, tc_monotonic_ms());
		/* Keys already waiting (a paste into N's path prompt) are taken before the next
		 * draw: one draw a batch, not one a key (200 KB pasted took half a minute). Only on
		 * a still screen (no frame due) with no game session, whose end is recorded, and
		 * told, before the next key. */
		bool still = timeout < 0 && !a.play;
		for (int batch = 1; going && still && batch < KEYS_A_DRAW && tc_term_wait(&ev, 0);
		     batch++)
			going = handle(&a, &ev, tc_monotonic_ms());
		if (!going)
			break;
	}
	/* However the program ends (q, Ctrl-C, a hang-up, SIGTERM), the game is kept; watchers
	 * are told a hang-up as a dropped connection. */
	a.records->hung_up = tc_term_hung_up();
	if (a.racing) /* the game is kept: the racer may come back while the race runs */
		tc_app_leave_race(&a, TC_RACER_DROPPED);
	if (a.in_lobby) { /* gone before it started: a racer who never played */
		tc_race_lobby_leave(&a.lobby, tc_race_now_ms());
		tc_race_lobby_close(&a.lobby);
	}
	if (a.play)
		tc_records_leave(a.records, tc_play_session(a.play));
	if (a.ninja) {
		tc_ninja_play_leave(a.ninja, tc_monotonic_ms());
		close_ninja(&a);
	}
	if (a.watching)
		stop_watching(&a);
	tc_race_watch_close(a.race_watch);
	if (a.viewing_watch_list)
		tc_watch_list_close(&a.watch_list);
	if (a.viewing_race_list)
		tc_race_list_close(&a.race_list);
	tc_live_share_stop(a.share); /* after the game's end was told */
	tc_play_free(a.play);
	tc_session_free(a.pending);
	tc_ghost_race_free(a.ghost);
	tc_replay_free(a.replay);
	tc_scores_close(&a.scores);
	tc_term_close();
	if (a.records->lost) { /* said once the screen is given back */
		snprintf(err, errlen, "%s", TC_RECORDS_LOST_LINE);
		return -1;
	}
	return 0;
}
