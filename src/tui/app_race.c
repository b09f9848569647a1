/* The app's races (app_internal.h): a race's lobby and game, a race against a ghost, the Race
 * screen and a race watched. */
#include "app_internal.h"

#include <stdio.h>
#include <string.h>

#include "ninja_records.h"
#include "race_ninja.h"
#include "tilecade/gameid.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/session.h"

/* ---- a race's game ---- */

static const struct tc_race_standing *race_standing(void *ctx, uint64_t now)
{
	(void)now;
	return tc_race_run_standing(&((struct app *)ctx)->race, tc_race_now_ms());
}

static int race_next_ms(void *ctx, uint64_t now)
{
	(void)now;
	return tc_race_run_next_ms(&((struct app *)ctx)->race, tc_race_now_ms());
}

/* The game played, as the race sees it. */
static void race_game(const struct app *a, struct tc_race_game *g)
{
	memset(g, 0, sizeof *g);
	if (a->ninja) { /* N's run: its gold and whether it is out */
		const struct nj_world *w;
		bool running;
		const struct nj_run *run = tc_ninja_play_run(a->ninja, &w, &running);
		nj_progress(run, w, &g->progress);
		g->outcome = run->outcome == NJ_RUNNING ? TC_RACER_RACING
		             : run->outcome == NJ_WIN   ? TC_RACER_WON
		                                        : TC_RACER_LOST;
		g->recording = tc_ninja_play_recorded(a->ninja);
		return;
	}
	const struct tc_session *s = tc_play_session(a->play);
	const struct tc_game *game = tc_session_game(s);
	game->progress(tc_session_state(s), &g->progress);
	g->points = tc_session_score(s);
	g->recording = a->records->recording;
	enum tc_status status = tc_session_status(s);
	g->outcome = status == TC_PLAYING       ? TC_RACER_RACING
	             : status == TC_WON         ? TC_RACER_WON
	             : tc_session_can_win(s)    ? TC_RACER_LOST
	                                        : TC_RACER_ENDED;
}

/* The game s of race id, which the player is in: played with the race beside it. */
static void race_in_game(struct app *a, int64_t id)
{
	tc_race_run_open(&a->race, tc_records_scores(a->records), a->cfg->live_dir, id,
	                 a->records->player);
	a->racing = true;
	if (a->ninja) {
		tc_ninja_play_racing(a->ninja, true, NULL);
		tc_ninja_play_race(a->ninja, race_standing, race_next_ms, a);
	} else {
		tc_play_racing(a->play, true, NULL);
		tc_play_race(a->play, race_standing, race_next_ms, a);
	}
	tc_live_share_race(a->share, id);
	tc_race_run_socket(&a->race, tc_live_share_socket(a->share));
}

static void end_race(struct app *a)
{
	tc_race_run_close(&a->race);
	tc_live_share_race(a->share, 0);
	a->racing = false;
}

/* The race's game ends where it stands, for good (the time limit, the racer leaving): its
 * recording, whose result is result (tc_records_end_here). */
static int64_t end_race_game_here(struct app *a, const char *result)
{
	return a->ninja ? tc_ninja_play_end_here(a->ninja, result)
	                : tc_records_end_here(a->records, tc_play_session(a->play), result);
}

/* The race is over for the racer (over says how it ended their game): their screen keeps only
 * q and ?. */
static void race_over_for_racer(struct app *a, const char *over)
{
	if (a->ninja)
		tc_ninja_play_racing(a->ninja, true, over);
	else
		tc_play_racing(a->play, true, over);
}

void tc_app_follow_race(struct app *a)
{
	if (!a->racing || !(a->play || a->ninja))
		return;
	int64_t now = tc_race_now_ms();
	struct tc_race_game g;
	race_game(a, &g);
	if (tc_race_run_time_up(&a->race, now)) {
		g.recording = end_race_game_here(a, "ended");
		g.outcome = TC_RACER_ENDED;
		tc_race_run_leave(&a->race, &g, TC_RACER_ENDED, now);
		race_over_for_racer(a, "Time is up");
	} else if (tc_race_run_update(&a->race, &g, now)) {
		race_over_for_racer(a, "Finished");
	}
	const char *told = tc_race_run_told(&a->race);
	if (told && a->play)
		tc_play_tell(a->play, told);
	else if (told)
		tc_ninja_play_tell(a->ninja, told);
}

void tc_app_leave_race(struct app *a, enum tc_racer_outcome how)
{
	struct tc_race_game g;
	race_game(a, &g);
	if (how == TC_RACER_LEFT && g.outcome == TC_RACER_RACING)
		g.recording = end_race_game_here(a, NULL);
	tc_race_run_leave(&a->race, &g, how, tc_race_now_ms());
	end_race(a);
}

void tc_app_begin_race_game(struct app *a)
{
	const struct tc_race *race = &a->lobby.news.race;
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed;
	char err[160];
	int64_t id = race->id;
	struct tc_session *s = NULL;
	const struct tc_catalog_entry *e = NULL;
	static struct nl_level level; /* big: not on the stack */
	char name[64];
	bool ninja = nj_game_id_level(race->game_id, &level, name, sizeof name, err, sizeof err) == 0;
	if (!ninja && tc_gameid_parse(race->game_id, &game, &params, &seed, err, sizeof err) == 0 &&
	    (e = tc_catalog_find(game->name)) && e->view)
		s = tc_session_new(game, params.bytes, seed, NULL);
	tc_race_lobby_close(&a->lobby);
	a->in_lobby = false;
	tc_live_share_race(a->share, id); /* the game's first hello says its race */
	if (s)
		tc_app_start_game(a, e, s);
	if (ninja)
		tc_app_open_ninja(a, tc_ninja_play_new(&level, name, a->records, false, err, sizeof err),
		           false);
	if (a->play || a->ninja)
		race_in_game(a, id);
	else
		snprintf(a->menu.message, sizeof a->menu.message, "The race's game cannot be played here");
}

void tc_app_open_lobby(struct app *a, int64_t id)
{
	tc_race_lobby_open(&a->lobby, tc_records_scores(a->records), a->cfg->live_dir, id,
	                   a->records->player);
	a->in_lobby = true;
}

bool tc_app_handle_lobby(struct app *a, const struct tc_event *ev)
{
	if (tc_race_lobby_event(&a->lobby, ev, tc_race_now_ms()) != TC_RACE_LOBBY_LEAVE)
		return true;
	tc_race_lobby_close(&a->lobby);
	a->in_lobby = false;
	return !a->race_quits;
}

void tc_app_back_into_race(struct app *a, const char *game_id)
{
	struct tc_store *st = tc_records_scores(a->records);
	int64_t now = tc_race_now_ms();
	int64_t id = tc_store_race_of(st, a->records->player, game_id, now);
	if (id == 0 || tc_store_race_back(st, id, a->records->player, now) != 0)
		return;
	if (a->cfg->live_dir)
		tc_live_races_changed(a->cfg->live_dir);
	race_in_game(a, id);
}

int64_t tc_app_race_of_save(struct app *a, const char *game, const char *summary)
{
	char game_id[TC_GAMEID_MAX];
	int id_len = (int)strcspn(summary, ",");
	if (strcmp(game, TC_NJ_GAME) == 0 && strncmp(summary, "N ", 2) == 0) {
		char name[NJ_STREAM_NAME_MAX];
		snprintf(name, sizeof name, "%.*s", id_len - 2, summary + 2);
		tc_race_ninja_id_of_name(name, game_id, sizeof game_id);
	} else
		snprintf(game_id, sizeof game_id, "%.*s", id_len, summary);
	return tc_store_race_of(tc_records_scores(a->records), a->records->player, game_id,
	                        tc_race_now_ms());
}

/* ---- a race against a ghost (ghost_race.h) ---- */

/* The race as it stands, the player's game looked at now; NULL once the player has gone on to
 * another game than the ghost's (a new game): the race is over. */
static const struct tc_race_standing *ghost_standing(void *ctx, uint64_t now)
{
	struct app *a = ctx;
	struct tc_ghost_you you;
	if (a->play) {
		const struct tc_session *s = tc_play_session(a->play);
		char id[TC_GAMEID_MAX];
		tc_session_game_id(s, id, sizeof id);
		if (strcmp(id, tc_ghost_race_game_id(a->ghost)) != 0)
			return NULL;
		tc_ghost_you_of_session(s, &you);
	} else {
		const struct nj_world *w;
		bool running;
		const struct nj_run *run = tc_ninja_play_run(a->ninja, &w, &running);
		tc_ghost_you_of_run(run, w, running, &you);
	}
	you.name = a->records->player;
	tc_ghost_race_see(a->ghost, &you, now);
	return tc_ghost_race_standing(a->ghost);
}

static int ghost_next(void *ctx, uint64_t now)
{
	struct app *a = ctx;
	return ghost_standing(a, now) ? tc_ghost_race_next(a->ghost) : -1;
}

bool tc_app_start_ghost_race(struct app *a, struct tc_ghost_race *race, struct tc_recording *rec,
                             bool over_scores, char *err, size_t errlen)
{
	if (nj_game_id_is_run(tc_ghost_race_game_id(race))) { /* the stream's, not the row's */
		static struct nj_replay rp; /* big: not on the stack */
		char name[64];
		struct tc_ninja_play *np =
		        tc_nj_recording_replay(rec, &rp, name, sizeof name, err, errlen) == 0
		                ? tc_ninja_play_new(&rp.level, name, a->records, false, err, errlen)
		                : NULL;
		tc_recording_free(rec);
		if (!np) {
			tc_ghost_race_free(race);
			return false;
		}
		tc_app_open_ninja(a, np, over_scores);
		a->ghost = race;
		tc_ninja_play_race(np, ghost_standing, ghost_next, a);
		return true;
	}
	tc_recording_free(rec);
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed;
	const char *id = tc_ghost_race_game_id(race);
	const struct tc_catalog_entry *e = NULL;
	if (tc_gameid_parse(id, &game, &params, &seed, err, errlen) == 0 &&
	    !((e = tc_catalog_find(game->name)) && e->view))
		snprintf(err, errlen, "%s is not played in this version", id);
	else if (e)
		tc_app_start_game(a, e, tc_session_new(game, params.bytes, seed, NULL));
	if (!a->play) {
		if (e && e->view)
			snprintf(err, errlen, "out of memory");
		tc_ghost_race_free(race);
		return false;
	}
	a->ghost = race;
	tc_play_race(a->play, ghost_standing, ghost_next, a);
	return true;
}

void tc_app_ghost_from_scores(struct app *a)
{
	struct tc_recording rec;
	char *err = a->scores.message;
	size_t errlen = sizeof a->scores.message;
	int64_t id = a->scores.ghost;
	a->scores.ghost = 0;
	struct tc_ghost_race *race = tc_ghost_race_open(a->scores.store, id, &rec, err, errlen);
	if (race)
		tc_app_start_ghost_race(a, race, &rec, true, err, errlen);
}

/* ---- the Race screen, a race watched ---- */

bool tc_app_watch_race(struct app *a, int64_t id, bool quits, char *err, size_t errlen)
{
	a->race_watch = tc_race_watch_open(tc_records_scores(a->records), a->cfg->live_dir, id,
	                                   a->cfg->animations, err, errlen);
	a->race_watch_quits = quits;
	return a->race_watch != NULL;
}

bool tc_app_handle_race_watch(struct app *a, const struct tc_event *ev, uint64_t now)
{
	if (tc_race_watch_event(a->race_watch, ev, now) != TC_PLAY_LEAVE)
		return true;
	tc_race_watch_close(a->race_watch);
	a->race_watch = NULL;
	return !a->race_watch_quits;
}

/* A new race from the Race screen on game i of the catalog, with the player's options of it. */
static void open_race_on(struct app *a, int i, char *err, size_t errlen)
{
	const struct tc_catalog_entry *e = &tc_catalog[i];
	char game_id[TC_GAMEID_MAX], name[64];
	if (!e->view) { /* N: a level of a fresh seed */
		tc_race_ninja_id(tc_fresh_seed(), game_id, sizeof game_id, name, sizeof name);
	} else {
		struct tc_session *s = tc_session_new(e->view->game, a->cfg->defaults[i].bytes,
		                                      tc_fresh_seed(), NULL);
		if (!s)
			return;
		tc_session_game_id(s, game_id, sizeof game_id);
		tc_session_free(s);
	}
	int64_t id = tc_race_open_as(tc_records_scores(a->records), a->cfg->live_dir,
	                             e->view ? e->view->game->name : TC_NJ_GAME, game_id,
	                             a->records->player, 0, err, errlen);
	if (id)
		tc_app_open_lobby(a, id);
}

bool tc_app_handle_race_list(struct app *a, const struct tc_event *ev)
{
	char *err = a->race_list.message;
	size_t errlen = sizeof a->race_list.message;
	switch (tc_race_list_event(&a->race_list, ev)) {
	case TC_RACE_LIST_JOIN:
		if (tc_race_join_as(tc_records_scores(a->records), a->cfg->live_dir,
		                    a->race_list.chosen, a->records->player, err, errlen) == 0)
			tc_app_open_lobby(a, a->race_list.chosen);
		break;
	case TC_RACE_LIST_WATCH:
		tc_app_watch_race(a, a->race_list.chosen, false, err, errlen);
		break;
	case TC_RACE_LIST_OPEN:
		open_race_on(a, a->race_list.game, err, errlen);
		break;
	case TC_RACE_LIST_BACK:
		tc_race_list_close(&a->race_list);
		a->viewing_race_list = false;
		break;
	case TC_RACE_LIST_STAY:
		break;
	}
	return true;
}
