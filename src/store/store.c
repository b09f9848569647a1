/* The store: a database opened on its engine (engine.h), its scores and its saves. Every
 * statement goes through sql.h, written once for both engines, with bound parameters. */
#define _POSIX_C_SOURCE 200809L
#include "tilecade/store.h"
#include "store_internal.h"
#include "waiting.h"
#include "tilecade/recordings.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void tc_store_where_shown(const struct tc_store *st, char *out, size_t len)
{
	const char *where = st->where;
	if (!tc_store_is_url(where)) {
		snprintf(out, len, "%s", where);
		return;
	}
	/* scheme://[user[:password]@]host[:port][/database][?options]: the scheme, the user, the
	 * host and the database; a password may be in the user's part and in the options. A
	 * password may hold a '/', a '?' or an '@', which the URL's grammar does not allow there
	 * (libpq reads such a URL otherwise, but the player meant a password): the user's part is
	 * up to the last '@', and when that '@' comes after a '/' or a '?', which part is which
	 * cannot be told, so that nothing but the scheme is shown. */
	const char *rest = strstr(where, "://") + 3;
	const char *host = strrchr(rest, '@');
	host = host ? host + 1 : rest;
	size_t authority = strcspn(rest, "/?");
	if (host > rest + authority + 1) {
		snprintf(out, len, "%.*s...", (int)(rest - where), where);
		return;
	}
	int user = host > rest ? (int)strcspn(rest, ":@") : 0;
	int shown_part = (int)strcspn(host, "?");
	snprintf(out, len, "%.*s%.*s%s%.*s", (int)(rest - where), where, user, rest,
	         user ? "@" : "", shown_part, host);
}

static void say(struct tc_store *st, char *notice, size_t len, const char *why)
{
	char shown[sizeof st->where];
	tc_store_where_shown(st, shown, sizeof shown);
	snprintf(st->why, sizeof st->why, "%s", why);
	snprintf(notice, len, "scores and saves are off: %s: %s", shown, why);
}

/* Creates the directories above path (the default one lives in a tree that may not exist). */
void tc_store_make_parents(const char *path)
{
	char dir[1024];
	if (strlen(path) >= sizeof dir)
		return;
	strcpy(dir, path);
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0700);
			*p = '/';
		}
}

static struct tc_store *open_with(const char *where, enum tc_store_opening how, char *notice,
                                  size_t len)
{
	struct tc_store *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	notice[0] = '\0';
	char default_path[sizeof st->where];
	if (!where) {
		if (tc_store_default_path(default_path, sizeof default_path) != 0) {
			snprintf(st->why, sizeof st->why, "no home directory");
			snprintf(notice, len, "scores and saves are off: %s", st->why);
			return st;
		}
		where = default_path;
		if (how == TC_OPEN_OWN)
			tc_store_make_parents(where);
	}
	/* Not shown: a URL cut short might show part of its password. */
	if (strlen(where) >= sizeof st->where) {
		snprintf(st->why, sizeof st->why, "the database's name is too long");
		snprintf(notice, len, "scores and saves are off: %s", st->why);
		return st;
	}
	snprintf(st->where, sizeof st->where, "%s", where);
	st->engine = tc_store_is_url(where) ? &tc_pg_engine : &tc_sqlite_engine;
	const char *why = st->engine->open(st, how);
	if (why) {
		say(st, notice, len, why);
		if (st->conn)
			st->engine->close(st);
		st->conn = NULL;
	} else if (st->away) { /* PostgreSQL out of reach: play goes on, what finishes waits */
		char shown[sizeof st->where];
		tc_store_where_shown(st, shown, sizeof shown);
		snprintf(st->why, sizeof st->why, "the database cannot be reached");
		snprintf(notice, len, "%s cannot be reached%s", shown,
		         how == TC_OPEN_TO_READ ? "" : ": finished games wait on this machine");
	} else if (st->read_only && how != TC_OPEN_TO_READ) { /* read, nothing to keep */
		char shown[sizeof st->where];
		tc_store_where_shown(st, shown, sizeof shown);
		snprintf(notice, len, "%s is read-only: scores and saves are not kept", shown);
	}
	if (!why && tc_sql_dialect(st) == TC_SQL_POSTGRES)
		tc_waiting_opened(st);
	return st;
}

struct tc_store *tc_store_open(const char *path, char *notice, size_t len)
{
	return open_with(path, TC_OPEN_OWN, notice, len);
}

struct tc_store *tc_store_open_existing(const char *path, char *notice, size_t len)
{
	return open_with(path, TC_OPEN_EXISTING, notice, len);
}

struct tc_store *tc_store_open_to_read(const char *path, char *notice, size_t len)
{
	return open_with(path, TC_OPEN_TO_READ, notice, len);
}

const char *tc_store_why_off(const struct tc_store *st)
{
	return st ? st->why : "out of memory";
}

void tc_store_close(struct tc_store *st)
{
	if (!st)
		return;
	if (st->conn || st->connecting)
		st->engine->close(st);
	free(st);
}

bool tc_store_away(const struct tc_store *st)
{
	return st && st->away;
}

bool tc_store_ok(const struct tc_store *st)
{
	return st && st->conn;
}

bool tc_store_writable(const struct tc_store *st)
{
	return tc_store_ok(st) && !st->read_only;
}

const char *tc_store_engine_name(const struct tc_store *st)
{
	return st && st->engine                   ? st->engine->name
	       : st && tc_store_is_url(st->where) ? "PostgreSQL"
	                                          : "SQLite";
}

void tc_store_set_owner(struct tc_store *st, const char *player)
{
	/* A name that does not fit is nobody's: its saves are kept under none. */
	if (st && player && strlen(player) < sizeof st->owner)
		snprintf(st->owner, sizeof st->owner, "%s", player);
}

int tc_store_schema_version(const struct tc_store *st)
{
	return tc_store_ok(st) ? st->engine->schema_version((struct tc_store *)st) : 0;
}

/* Better rows come first: a win before any loss; the ties of equal results go to the earlier
 * score. */
static const char *order_by(enum tc_rank_by by)
{
	return by == TC_RANK_POINTS ? "won DESC, points DESC, time_ms ASC, date ASC, id ASC"
	                            : "won DESC, time_ms ASC, moves ASC, date ASC, id ASC";
}

/* The rows of board ?1, ?2, ?3. A row of impossible values (negative moves or time: a damaged
 * or hostile database) is on no board, so that no list shows it and no rank counts it. */
#define SANE_ROW                                                                                   \
	"moves BETWEEN 0 AND 4294967295 AND hints BETWEEN 0 AND 4294967295 AND time_ms >= 0"       \
	" AND points >= 0"
#define ON_BOARD "game = ?1 AND mode = ?2 AND level = ?3 AND " SANE_ROW

static void bind_board(struct tc_sql *q, const struct tc_board_key *b)
{
	tc_sql_bind_text(q, 1, b->game);
	tc_sql_bind_text(q, 2, b->mode);
	tc_sql_bind_text(q, 3, b->level);
}

/* The place of row id on its board, by the board's own order. */
static int rank_of(struct tc_store *st, const struct tc_board_key *board, int64_t id,
                   enum tc_rank_by by)
{
	char sql[400];
	snprintf(sql, sizeof sql,
	         "SELECT place FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY %s) AS place"
	         " FROM scores WHERE " ON_BOARD ") AS ranked WHERE id = ?4",
	         order_by(by));
	struct tc_sql *q = tc_sql_prepare(st, sql);
	bind_board(q, board);
	tc_sql_bind_int(q, 4, id);
	int64_t rank = -1;
	if (tc_sql_step(q) != TC_SQL_ROW || !tc_sql_int(q, 0, 1, INT32_MAX, &rank))
		rank = -1;
	tc_sql_finish(q);
	return (int)rank;
}

/* The score's columns after the board's (?4 on), in the order of SCORE_COLUMNS. */
#define SCORE_COLUMNS "player, points, time_ms, moves, date, game_id, won, hints, recording"
static void bind_score(struct tc_sql *q, const struct tc_score *s)
{
	tc_sql_bind_text(q, 4, s->player);
	tc_sql_bind_int(q, 5, s->points);
	tc_sql_bind_int(q, 6, s->time_ms);
	tc_sql_bind_int(q, 7, s->moves);
	tc_sql_bind_int(q, 8, s->date);
	tc_sql_bind_text(q, 9, s->game_id);
	tc_sql_bind_int(q, 10, !s->lost);
	tc_sql_bind_int(q, 11, s->hints);
	tc_sql_bind_int(q, 12, s->recording);
}

int64_t tc_store_insert_score(struct tc_store *st, const struct tc_score *s)
{
	if (!tc_store_writable(st))
		return 0;
	struct tc_sql *q =
	        tc_sql_prepare(st, "INSERT INTO scores (game, mode, level, " SCORE_COLUMNS
	                           ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,"
	                           " ?11, ?12) RETURNING id");
	bind_board(q, &s->board);
	bind_score(q, s);
	int64_t id;
	bool added = tc_sql_step(q) == TC_SQL_ROW && tc_sql_int(q, 0, 1, INT64_MAX, &id);
	return tc_sql_run(q) == TC_SQL_DONE && added ? id : 0;
}

int tc_store_add_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by)
{
	if (tc_waiting_takes(st, s->recording))
		return tc_waiting_add_score(st, s, by);
	int64_t id = tc_store_insert_score(st, s);
	if (id == 0) /* the database went away just now: the score waits */
		return tc_waiting_takes(st, 0) ? tc_waiting_add_score(st, s, by) : -1;
	st->last_score_id = id;
	return rank_of(st, &s->board, id, by);
}

int64_t tc_store_last_score_id(const struct tc_store *st)
{
	return st ? st->last_score_id : 0;
}

int tc_store_replace_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by)
{
	if (tc_waiting_takes(st, s->id))
		return tc_waiting_replace_score(st, s, by);
	if (!tc_store_writable(st))
		return -1;
	struct tc_sql *q = tc_sql_prepare(
	        st, "UPDATE scores SET player = ?4, points = ?5, time_ms = ?6, moves = ?7,"
	            " date = ?8, game_id = ?9, won = ?10, hints = ?11, recording = ?12"
	            " WHERE id = ?13 AND game = ?1 AND mode = ?2 AND level = ?3");
	bind_board(q, &s->board);
	bind_score(q, s);
	tc_sql_bind_int(q, 13, s->id);
	bool replaced = tc_sql_step(q) == TC_SQL_DONE && tc_sql_changes(q) == 1;
	tc_sql_finish(q);
	return replaced ? rank_of(st, &s->board, s->id, by) : -1;
}

/* A row of SCORE_COLUMNS, id; false when it is not one this program wrote (a name too long:
 * another program's). ON_BOARD keeps the numbers in range. */
static bool read_score(struct tc_sql *q, const struct tc_board_key *board, struct tc_score *s)
{
	memset(s, 0, sizeof *s);
	s->board = *board;
	int64_t moves, won, hints, recording;
	if (!tc_sql_text(q, 0, s->player, sizeof s->player) ||
	    !tc_sql_int(q, 1, 0, INT64_MAX, &s->points) ||
	    !tc_sql_int(q, 2, 0, INT64_MAX, &s->time_ms) ||
	    !tc_sql_int(q, 3, 0, UINT32_MAX, &moves) ||
	    !tc_sql_int(q, 4, INT64_MIN, INT64_MAX, &s->date) ||
	    !tc_sql_text(q, 5, s->game_id, sizeof s->game_id) ||
	    !tc_sql_int(q, 6, INT64_MIN, INT64_MAX, &won) ||
	    !tc_sql_int(q, 7, 0, UINT32_MAX, &hints) ||
	    !tc_sql_int(q, 8, INT64_MIN, INT64_MAX, &recording) ||
	    !tc_sql_int(q, 9, INT64_MIN, INT64_MAX, &s->id))
		return false;
	s->moves = (unsigned)moves;
	s->lost = won == 0;
	s->hints = (unsigned)hints;
	s->recording = recording > 0 ? recording : 0; /* a damaged link is none */
	return true;
}

int tc_store_top_scores(struct tc_store *st, const struct tc_board_key *board, enum tc_rank_by by,
                        struct tc_score *out, int max)
{
	if (!tc_store_ok(st) || max <= 0)
		return 0;
	char sql[400];
	snprintf(sql, sizeof sql,
	         "SELECT " SCORE_COLUMNS ", id FROM scores"
	         " WHERE " ON_BOARD " ORDER BY %s LIMIT ?4",
	         order_by(by));
	struct tc_sql *q = tc_sql_prepare(st, sql);
	bind_board(q, board);
	tc_sql_bind_int(q, 4, max);
	int n = 0;
	while (n < max && tc_sql_step(q) == TC_SQL_ROW)
		if (read_score(q, board, &out[n]))
			n++;
	tc_sql_finish(q);
	return n;
}

int tc_store_best_of(struct tc_store *st, const struct tc_board_key *board, enum tc_rank_by by,
                     const char *player, struct tc_score *out)
{
	if (!tc_store_ok(st))
		return -1;
	char sql[400];
	snprintf(sql, sizeof sql,
	         "SELECT " SCORE_COLUMNS ", id FROM scores"
	         " WHERE " ON_BOARD " AND player = ?4 ORDER BY %s LIMIT 1",
	         order_by(by));
	struct tc_sql *q = tc_sql_prepare(st, sql);
	bind_board(q, board);
	tc_sql_bind_text(q, 4, player);
	int result = tc_sql_step(q) == TC_SQL_ROW && read_score(q, board, out) ? 0 : -1;
	tc_sql_finish(q);
	return result;
}

int tc_store_score_of_recording(struct tc_store *st, const struct tc_board_key *board,
                                int64_t recording, struct tc_score *out)
{
	if (!tc_store_ok(st) || recording <= 0)
		return -1;
	struct tc_sql *q = tc_sql_prepare(st, "SELECT " SCORE_COLUMNS ", id FROM scores"
	                                      " WHERE " ON_BOARD " AND recording = ?4 LIMIT 1");
	bind_board(q, board);
	tc_sql_bind_int(q, 4, recording);
	int result = tc_sql_step(q) == TC_SQL_ROW && read_score(q, board, out) ? 0 : -1;
	tc_sql_finish(q);
	return result;
}

int tc_store_boards(struct tc_store *st, struct tc_board_key *out, int max)
{
	if (!tc_store_ok(st) || max <= 0)
		return 0;
	/* Only boards whose key fits struct tc_board_key whole, and that show a row: a key cut
	 * short (a level name of 3000 bytes) would name another board, or none, and read as
	 * having no scores. Those are passed over here, so no LIMIT: there are few boards. */
	struct tc_sql *q = tc_sql_prepare(st, "SELECT DISTINCT game, mode, level FROM scores"
	                                      " WHERE " SANE_ROW " ORDER BY game, mode, level");
	int n = 0;
	while (n < max && tc_sql_step(q) == TC_SQL_ROW) {
		struct tc_board_key *b = &out[n];
		if (tc_sql_text(q, 0, b->game, sizeof b->game) &&
		    tc_sql_text(q, 1, b->mode, sizeof b->mode) &&
		    tc_sql_text(q, 2, b->level, sizeof b->level))
			n++;
	}
	tc_sql_finish(q);
	return n;
}

/* ---- saves: one a game for each owner (tc_store_set_owner) ---- */

int tc_store_save_game(struct tc_store *st, const char *game, const void *blob, size_t len,
                       const char *summary)
{
	return tc_store_save_game_stream(st, game, blob, len, summary, NULL, 0);
}

uint64_t tc_store_new_hold(void)
{
	uint64_t v = 0;
	while (v == 0) {
		if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v) {
			struct timespec ts;
			clock_gettime(CLOCK_REALTIME, &ts);
			v = (uint64_t)ts.tv_nsec * 6364136223846793005u ^ (uint64_t)ts.tv_sec ^
			    ((uint64_t)getpid() << 32);
		}
		v &= INT64_MAX;
	}
	return v;
}

/* A claim: one statement is one transaction, the old save stays until the new one is whole. A
 * held save: a compare-and-set on its holder, so that of two programs writing one game's save
 * (on one file or from two hosts) only the one holding it writes. seq orders saves made in the
 * same second (the latest save is the one written last). */
#define SAVE_CLAIM                                                                                 \
	"INSERT INTO saves (owner, game, blob, summary, saved_at, events, seq, holder)"            \
	" VALUES (?1, ?2, ?3, ?4, ?5, ?6, (SELECT COALESCE(MAX(seq), 0) + 1 FROM saves), ?7)"      \
	" ON CONFLICT (owner, game) DO UPDATE SET blob = excluded.blob,"                           \
	" summary = excluded.summary, saved_at = excluded.saved_at,"                               \
	" events = excluded.events, seq = excluded.seq, holder = excluded.holder"
#define SAVE_HELD                                                                                  \
	"UPDATE saves SET blob = ?3, summary = ?4, saved_at = ?5, events = ?6,"                    \
	" seq = (SELECT COALESCE(MAX(seq), 0) + 1 FROM saves)"                                     \
	" WHERE owner = ?1 AND game = ?2 AND holder = ?7"

int tc_store_put_save(struct tc_store *st, const char *owner, const char *game, const void *blob,
                      size_t len, const char *summary, const void *events, size_t events_len,
                      int64_t saved_at, uint64_t holder, enum tc_put_how how)
{
	if (!tc_store_writable(st))
		return -1;
	static const char *const sql[] = {
	        [TC_PUT_CLAIM] = SAVE_CLAIM,
	        [TC_PUT_CLAIM_UNLESS_NEWER] =
	                SAVE_CLAIM " WHERE saves.saved_at <= excluded.saved_at",
	        [TC_PUT_HELD] = SAVE_HELD,
	};
	struct tc_sql *q = tc_sql_prepare(st, sql[how]);
	tc_sql_bind_text(q, 1, owner);
	tc_sql_bind_text(q, 2, game);
	tc_sql_bind_blob(q, 3, blob, len);
	tc_sql_bind_text(q, 4, summary);
	tc_sql_bind_int(q, 5, saved_at);
	tc_sql_bind_blob(q, 6, events, events_len);
	tc_sql_bind_int(q, 7, (int64_t)holder);
	bool ran = tc_sql_step(q) == TC_SQL_DONE;
	bool written = ran && tc_sql_changes(q) == 1;
	tc_sql_finish(q);
	return written ? 0 : ran ? TC_STORE_LOST : -1;
}

int tc_store_save_game_stream(struct tc_store *st, const char *game, const void *blob, size_t len,
                              const char *summary, const void *events, size_t events_len)
{
	uint64_t hold = 0; /* a save of its own: it replaces the game's */
	return tc_store_save_held(st, game, &hold, blob, len, summary, events, events_len);
}

int tc_store_save_held(struct tc_store *st, const char *game, uint64_t *hold, const void *blob,
                       size_t len, const char *summary, const void *events, size_t events_len)
{
	if (!st)
		return -1;
	bool claims = *hold == 0;
	if (claims)
		*hold = tc_store_new_hold();
	if (tc_waiting_takes(st, 0))
		return tc_waiting_save(st, game, blob, len, summary, events, events_len, *hold,
		                       claims);
	int put =
	        tc_store_put_save(st, st->owner, game, blob, len, summary, events, events_len,
	                          (int64_t)time(NULL), *hold, claims ? TC_PUT_CLAIM : TC_PUT_HELD);
	if (put >= 0)
		return put;
	/* The database went away just now: the save waits. */
	return tc_waiting_takes(st, 0) ? tc_waiting_save(st, game, blob, len, summary, events,
	                                                 events_len, *hold, claims)
	                               : -1;
}

uint64_t tc_store_take_over(struct tc_store *st, const char *game)
{
	if (!tc_store_writable(st))
		return 0;
	uint64_t hold = tc_store_new_hold();
	struct tc_sql *q =
	        tc_sql_prepare(st, "UPDATE saves SET holder = ?3 WHERE owner = ?1 AND game = ?2");
	tc_sql_bind_text(q, 1, st->owner);
	tc_sql_bind_text(q, 2, game);
	tc_sql_bind_int(q, 3, (int64_t)hold);
	bool taken = tc_sql_step(q) == TC_SQL_DONE && tc_sql_changes(q) == 1;
	tc_sql_finish(q);
	return taken ? hold : 0;
}

bool tc_store_lost(struct tc_store *st, const char *game, uint64_t hold)
{
	if (hold == 0 || !tc_store_ok(st))
		return false;
	struct tc_sql *q =
	        tc_sql_prepare(st, "SELECT holder FROM saves WHERE owner = ?1 AND game = ?2");
	tc_sql_bind_text(q, 1, st->owner);
	tc_sql_bind_text(q, 2, game);
	enum tc_sql_rc rc = tc_sql_step(q);
	int64_t holder;
	/* No save: the game was finished (or dropped) by the program that took it over. */
	bool lost = rc == TC_SQL_DONE ||
	            (rc == TC_SQL_ROW && tc_sql_int(q, 0, INT64_MIN, INT64_MAX, &holder) &&
	             (uint64_t)holder != hold);
	tc_sql_finish(q);
	return lost;
}

int tc_store_load_game(struct tc_store *st, const char *game, void **blob, size_t *len)
{
	return tc_store_load_game_stream(st, game, blob, len, NULL, NULL);
}

/* Whether st's saves may wait on this machine (waiting.h): an away store's, a PostgreSQL
 * one's. While one waits, it is the newer truth of its game for Continue. */
static bool saves_may_wait(const struct tc_store *st)
{
	return st && (st->away || tc_sql_dialect(st) == TC_SQL_POSTGRES);
}

/* The database's save of game: 0, 1 when it has none, or -1. */
static int load_row(struct tc_store *st, const char *game, void **blob, size_t *len,
                    void **events, size_t *events_len, int64_t *saved_at)
{
	if (!tc_store_ok(st))
		return -1;
	/* A stream over the bound reads as none, without its bytes being loaded. */
	struct tc_sql *q = tc_sql_prepare(st, "SELECT blob, CASE WHEN length(events) <= ?3 THEN"
	                                      " events END, saved_at FROM saves"
	                                      " WHERE owner = ?1 AND game = ?2");
	tc_sql_bind_text(q, 1, st->owner);
	tc_sql_bind_text(q, 2, game);
	tc_sql_bind_int(q, 3, TC_RECORDING_EVENTS_MAX);
	if (events) {
		*events = NULL;
		*events_len = 0;
	}
	enum tc_sql_rc rc = tc_sql_step(q);
	int result = rc == TC_SQL_DONE ? 1 : -1;
	/* An empty save is one too: its blob is not NULL. Events NULL: over the bound. */
	if (rc == TC_SQL_ROW && tc_sql_int(q, 2, INT64_MIN, INT64_MAX, saved_at) &&
	    tc_sql_blob(q, 0, blob, len) && (*blob || (*blob = malloc(1)))) {
		if (!events || tc_sql_null(q, 1) || tc_sql_blob(q, 1, events, events_len))
			result = 0;
		else
			free(*blob);
	}
	tc_sql_finish(q);
	return result;
}

int tc_store_load_game_stream(struct tc_store *st, const char *game, void **blob, size_t *len,
                              void **events, size_t *events_len)
{
	struct tc_waiting w;
	bool waits = saves_may_wait(st) && tc_waiting_save_of(st, game, &w);
	int64_t saved_at = 0;
	int row = load_row(st, game, blob, len, events, events_len, &saved_at);
	if (!waits)
		return row == 0 ? 0 : -1;
	if (row == 0 && saved_at > w.saved_at) { /* saved later from another host */
		tc_waiting_free(&w);
		return 0;
	}
	if (row == 0) {
		free(*blob);
		if (events)
			free(*events);
	}
	int result = -1;
	if (!w.save_gone && (w.save || (w.save = malloc(1)))) {
		*blob = w.save;
		*len = w.save_len;
		w.save = NULL;
		if (events) {
			*events = w.save_events;
			*events_len = w.save_events_len;
			w.save_events = NULL;
		}
		result = 0;
	}
	tc_waiting_free(&w);
	return result;
}

bool tc_store_drop_save(struct tc_store *st, const char *owner, const char *game,
                        int64_t saved_before, uint64_t holder)
{
	if (!tc_store_writable(st))
		return false;
	struct tc_sql *q = tc_sql_prepare(st, "DELETE FROM saves WHERE owner = ?1 AND game = ?2"
	                                      " AND saved_at <= ?3 AND (?4 = 0 OR holder = ?4)");
	tc_sql_bind_text(q, 1, owner);
	tc_sql_bind_text(q, 2, game);
	tc_sql_bind_int(q, 3, saved_before);
	tc_sql_bind_int(q, 4, (int64_t)holder);
	return tc_sql_run(q) == TC_SQL_DONE;
}

void tc_store_delete_game(struct tc_store *st, const char *game)
{
	tc_store_delete_held(st, game, 0);
}

void tc_store_delete_held(struct tc_store *st, const char *game, uint64_t hold)
{
	/* Forgotten while the database is away: the save's file says so, for when it is back. */
	if (tc_waiting_takes(st, 0) ||
	    (st && !tc_store_drop_save(st, st->owner, game, INT64_MAX, hold) &&
	     tc_waiting_takes(st, 0)))
		tc_waiting_save(st, game, NULL, 0, "", NULL, 0, hold, false);
	else if (saves_may_wait(st)) /* dropped: a save of it left waiting is not offered again */
		tc_waiting_forget_save(st, game);
}

/* Whether the database's save of game, saved at saved_at, is hidden by one that waits (a later
 * save, or that it was forgotten). */
static bool hidden_by_waiting(const struct tc_store *st, const char *game, int64_t saved_at)
{
	struct tc_waiting w;
	if (!saves_may_wait(st) || !tc_waiting_save_of(st, game, &w))
		return false;
	bool hidden = w.saved_at >= saved_at;
	tc_waiting_free(&w);
	return hidden;
}

/* Puts a waiting save in at its place in the list of n (newest first: by saved_at, before the
 * database's of the same second, as it was made while the database could not be reached);
 * returns the new count, at most TC_STORE_SAVES_MAX. */
static int insert_waiting(struct tc_save_info *list, int n, const struct tc_save_info *save)
{
	int at = n;
	while (at > 0 && list[at - 1].saved_at <= save->saved_at)
		at--;
	if (at >= TC_STORE_SAVES_MAX)
		return n;
	if (n == TC_STORE_SAVES_MAX)
		n--;
	memmove(&list[at + 1], &list[at], (size_t)(n - at) * sizeof *list);
	list[at] = *save;
	return n + 1;
}

/* A save that waits on this machine (the database away when it was made) takes the place of
 * its game's save in the database when it is newer, or as new as it. */
static int add_waiting(struct tc_save_info *list, int n, const struct tc_waiting *w)
{
	struct tc_save_info save = {.saved_at = w->saved_at};
	snprintf(save.game, sizeof save.game, "%s", w->save_game);
	snprintf(save.summary, sizeof save.summary, "%s", w->summary);
	for (int i = 0; i < n; i++) {
		if (strcmp(list[i].game, save.game) != 0)
			continue;
		if (list[i].saved_at > save.saved_at) /* saved later from another host */
			return n;
		memmove(&list[i], &list[i + 1], (size_t)(n - i - 1) * sizeof *list);
		n--;
		break;
	}
	return insert_waiting(list, n, &save);
}

int tc_store_saves(struct tc_store *st, struct tc_save_info *out, int max)
{
	struct tc_save_info list[TC_STORE_SAVES_MAX + 1];
	int n = 0;
	if (tc_store_ok(st)) {
		struct tc_sql *q = tc_sql_prepare(st, "SELECT game, summary, saved_at FROM saves"
		                                      " WHERE owner = ?1"
		                                      " ORDER BY saved_at DESC, seq DESC");
		tc_sql_bind_text(q, 1, st->owner);
		struct tc_save_info save;
		while (n < TC_STORE_SAVES_MAX && tc_sql_step(q) == TC_SQL_ROW) {
			/* A row another program wrote past these buffers is left out, not cut. */
			if (tc_sql_text(q, 0, save.game, sizeof save.game) &&
			    tc_sql_text(q, 1, save.summary, sizeof save.summary) &&
			    tc_sql_int(q, 2, INT64_MIN, INT64_MAX, &save.saved_at) &&
			    !hidden_by_waiting(st, save.game, save.saved_at))
				list[n++] = save;
		}
		tc_sql_finish(q);
	}
	struct tc_waiting waiting[TC_STORE_SAVES_MAX];
	int w = saves_may_wait(st) ? tc_waiting_saves(st, waiting, TC_STORE_SAVES_MAX) : 0;
	for (int i = 0; i < w; i++) {
		n = add_waiting(list, n, &waiting[i]);
		tc_waiting_free(&waiting[i]);
	}
	if (n > max)
		n = max;
	memcpy(out, list, (size_t)n * sizeof *list);
	return n;
}

int tc_store_latest_save(struct tc_store *st, char *game, size_t game_len, char *summary,
                         size_t summary_len)
{
	struct tc_save_info latest;
	if (tc_store_saves(st, &latest, 1) != 1)
		return -1;
	snprintf(game, game_len, "%s", latest.game);
	snprintf(summary, summary_len, "%s", latest.summary);
	return 0;
}

int tc_store_default_path(char *buf, size_t len)
{
	const char *data = getenv("XDG_DATA_HOME");
	int n;
	if (data && data[0] == '/') { /* the XDG spec ignores relative paths */
		n = snprintf(buf, len, "%s/tilecade/tilecade.db", data);
	} else {
		const char *home = getenv("HOME");
		if (!home || !*home) {
			struct passwd *pw = getpwuid(getuid());
			home = pw ? pw->pw_dir : NULL;
		}
		if (!home || !*home)
			return -1;
		n = snprintf(buf, len, "%s/.local/share/tilecade/tilecade.db", home);
	}
	return n > 0 && (size_t)n < len ? 0 : -1;
}
