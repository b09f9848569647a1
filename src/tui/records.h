/* What the front end keeps of a game: its save, written when the player leaves, when the
 * program is told to quit (a hang-up, SIGTERM) and every few moves; and its score, recorded the
 * moment the game ends, won or lost, whatever key comes next. A game that ends again (after an
 * undo, or a 2048 played on after its win) keeps its better end in the same row. A game the
 * computer played in goes on no scoreboard. Every finished game is recorded too (recorder.h),
 * its score row linked to its recording. Policy only: the store does the storing. */
#ifndef TILECADE_TUI_RECORDS_H
#define TILECADE_TUI_RECORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "tilecade/live.h"
#include "tilecade/session.h"
#include "tilecade/store.h"

struct tc_records {
	struct tc_store *store;  /* saves, and scores when no shared scoreboard is set */
	struct tc_store *shared; /* the host's scoreboard, or NULL */
	char player[32];
	bool names_given;  /* the shared board's players are named by the arcade, not by login */
	bool said_waiting; /* that games wait on this machine was told (tc_records_waiting_news) */
	char notice[TC_STORE_NOTICE_MAX]; /* one line for the menu; "" when all is well */
	bool notice_away; /* notice says the database cannot be reached (cleared once it is back) */
	bool back;        /* the database came back since tc_records_back last asked */
	bool hung_up; /* the terminal went away: a game left now is a dropped connection */
	/* Of the game being played: */
	unsigned saved_at_moves;
	bool saved;           /* the store holds a save of this game */
	bool recorded;        /* its end is dealt with (recorded, or found not rankable) */
	char told[80];        /* what became of its end, for the player; "" for nothing to say */
	struct tc_score kept; /* its score on the board (kept.id 0: none yet) */
	int64_t recording;    /* its recording's id (recorder.h), 0: none yet */
	unsigned recorded_events; /* the log's events when it was recorded */
	bool unrecordable;        /* continued from a save without its stream: not recorded */
	bool ended_here; /* ended where it stood (tc_records_end_here): nothing more to keep */
	uint64_t hold;   /* this program's hold on its save (tilecade/store.h), 0: none yet */
	uint64_t hold_taken; /* the hold tc_records_continue took, for tc_records_begin */
	bool lost; /* another program took it over, or finished it: nothing more is kept here */
	unsigned char *restored; /* the stream of the save tc_records_continue read, which */
	size_t restored_len;     /* tc_records_begin takes over; NULL when none */
	/* Its stream (tilecade/live.h) from its START on: its recording, and what a watcher who
	 * comes late is sent first. */
	struct tc_live_log log;
	/* Told every event of the stream once it is in the log (a START when another game
	 * begins), e.g. to send it to watchers; NULL for no one. */
	void (*on_event)(void *ctx, const struct tc_live_event *ev);
	void *on_event_ctx;
};

/* Opens the host's shared scoreboard (NULL or "" for none): first, while a setgid program may
 * still write it. Never fails: problems become the notice. */
void tc_records_open_shared(struct tc_records *r, const char *shared_path);
/* Or the arcade's database (tilecade arcade), open already, made and owned by the arcade's
 * account: its board is the shared one, and r keeps (and closes) it. Players on it are the
 * names tc_records_open_own is given. With saves_of (a player's name; NULL for none), it keeps
 * that player's saves too, under their name (a database every host of the arcade reaches, so
 * that Continue works from any of them). */
void tc_records_open_arcade(struct tc_records *r, struct tc_store *arcade, const char *saves_of);
/* Then the player's own database (NULL for the default path), unless the arcade's keeps the
 * saves; player "" means the login name, which is also the name on a shared board. */
void tc_records_open_own(struct tc_records *r, const char *db_path, const char *player);
void tc_records_close(struct tc_records *r);

/* Where scores go. */
struct tc_store *tc_records_scores(const struct tc_records *r);

/* A game starts (or is continued): its stream begins, and r listens to the session (see
 * tc_session_listen) until the next tc_records_begin or tc_records_leave. */
void tc_records_begin(struct tc_records *r, struct tc_session *s);
/* An event of the stream the session does not make (TC_LIVE_VIEW: what the player's screen
 * shows), at the session's time: logged and told like the session's. */
void tc_records_tell(struct tc_records *r, const struct tc_session *s, struct tc_live_event *ev);
/* A stream that is no session's (N's run, tilecade/ninja_stream.h): it starts with a START of
 * this text, the log starting again, and each event after it is logged and told as a session's
 * are (a NEW_GAME starts the log again at its text). */
void tc_records_stream_start(struct tc_records *r, const char *text, size_t len);
void tc_records_stream_event(struct tc_records *r, const struct tc_live_event *ev);
/* After every event of the game: a save every few moves, the score once the game is over. */
void tc_records_update(struct tc_records *r, const struct tc_session *s);
/* The game is left or the program ends with it open: keep it if it can go on, else forget its
 * save (a points game that was won is recorded now). Its stream ends (TC_LIVE_END): the session
 * is not to be played on after this. */
void tc_records_leave(struct tc_records *r, const struct tc_session *s);

/* The game ends where it stands, for good, whatever its state (a race's time limit, a racer
 * leaving the race): recorded as it stands with result as its result ("ended": the time
 * limit; NULL: the game's own, "left" while it went on), its save forgotten, its stream ended;
 * nothing more is kept of it (tc_records_update and tc_records_leave do nothing). Returns its
 * recording's id, 0 for none. */
int64_t tc_records_end_here(struct tc_records *r, const struct tc_session *s, const char *result);

/* The save of game (a session game's), as a session, taken over from whichever program held
 * it (tilecade/store.h: that one keeps nothing more of it); NULL when there is none or it cannot
 * be read (why, in err). */
struct tc_session *tc_records_continue(struct tc_records *r, const char *game, char *err,
                                      size_t errlen);
/* One game, one program: whether the game being played (of this name: a session's, or N's
 * run) was taken over (continued) or finished by another program since this one saved or
 * continued it. Then nothing more is kept of it here (tc_records_update and tc_records_leave
 * keep nothing, nor N's saves) and the program is to say so and end. Asks the store when ask,
 * else tells what the last save found. */
bool tc_records_lost(struct tc_records *r, const char *game, bool ask);
/* The line that says so. */
#define TC_RECORDS_LOST_LINE "this game was continued or replaced in another session; nothing was saved here"
/* Every game in progress, newest first, its summary made safe to show (e.g.
 * "2048:4x4:s15, 15 moves"): how many, at most max. */
int tc_records_saves(struct tc_records *r, struct tc_save_info *out, int max);
/* The summary of game's save, as tc_records_saves gives it; false when it has none. */
bool tc_records_save_of(struct tc_records *r, const char *game, char *summary, size_t len);
/* The most recent save: its game and summary, as tc_records_saves gives them; false if none. */
bool tc_records_latest(struct tc_records *r, char *game, size_t game_len, char *summary,
                       size_t summary_len);

/* Games finished (or saved for Continue) while the database was away wait on this machine
 * (tilecade/store.h), or a database is away: whether so; while it is, tc_records_waiting_news
 * is to be called every few seconds. */
bool tc_records_waiting(const struct tc_records *r);
/* Whether tc_records_waiting_news is to be called again soon (tc_store_retry_soon). */
bool tc_records_retry_soon(const struct tc_records *r);
/* Tries to reach a database that is away and write the games that wait (tc_store_retry: at
 * most every few seconds, nothing when the database is not away) and says, once, what there is
 * to tell the player in width columns: that games wait ("scores are waiting: the database is
 * away", or "scores wait: database away" when narrow), then that they were written ("2 waiting
 * scores written"). False when there is nothing new. A database back clears the notice that it
 * could not be reached and is told by tc_records_back. */
bool tc_records_waiting_news(struct tc_records *r, int width, char *text, size_t len);
/* Whether the database came back since the last call (what was read while it was away, a
 * best, is to be read again). */
bool tc_records_back(struct tc_records *r);

/* The scoreboard a game's score belongs to: game, mode ("daily", "random" or "pack") and level
 * (the date, or the parameters). */
void tc_records_board(const struct tc_session *s, struct tc_board_key *key);
void tc_records_board_of(const struct tc_game *game, const void *params, uint64_t seed,
                         struct tc_board_key *key);
/* The player's best on that board, e.g. "best 1:02.3", "best 2048" or, when the player has only
 * lost there, "best 240 (lost)"; *won says whether it was a win. False when none. */
bool tc_records_best(struct tc_records *r, const struct tc_board_key *key, char *buf, size_t len,
                     bool *won);
/* The points of the player's best on this game's board (the row Scores shows for them), 0 when
 * none: the Best a game starts from. */
int64_t tc_records_best_points(struct tc_records *r, const struct tc_session *s);

#endif
