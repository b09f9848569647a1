/* The SQLite engine (engine.h): the store in a file on one machine, the default. The schema
 * carries its version in PRAGMA user_version and is migrated in one transaction; WAL and a busy
 * timeout let many players' processes write one shared scoreboard without losing a score. */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"
#include "clock.h"
#include "store_internal.h"

#include <errno.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BUSY_TIMEOUT_MS 5000
#define BUSY_RETRIES 20

/* Migration i brings the schema from version i to i + 1. Add new ones at the end; never edit
 * one that has shipped. */
static const char *const migrations[TC_STORE_SCHEMA] = {
        "CREATE TABLE scores ("
        "  id INTEGER PRIMARY KEY,"
        "  game TEXT NOT NULL, mode TEXT NOT NULL, level TEXT NOT NULL,"
        "  player TEXT NOT NULL,"
        "  points INTEGER NOT NULL, time_ms INTEGER NOT NULL, moves INTEGER NOT NULL,"
        "  date INTEGER NOT NULL, game_id TEXT NOT NULL);"
        "CREATE INDEX scores_by_board ON scores (game, mode, level);"
        "CREATE TABLE saves ("
        "  game TEXT PRIMARY KEY, blob BLOB NOT NULL, summary TEXT NOT NULL,"
        "  saved_at INTEGER NOT NULL);",
        /* 2: a score's result and hints. Scores of before were all wins, without hints. */
        "ALTER TABLE scores ADD COLUMN won INTEGER NOT NULL DEFAULT 1;"
        "ALTER TABLE scores ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;",
        /* 3: the arcade. Recordings of finished games (a game ID and its event stream, see
         * tilecade/live.h), which scores link to (0: none); a save's event stream so far, so
         * that a continued game's recording starts at its start; players known by the public
         * key they log in with. */
        "CREATE TABLE recordings ("
        "  id INTEGER PRIMARY KEY,"
        "  player TEXT NOT NULL, game TEXT NOT NULL, game_id TEXT NOT NULL,"
        "  result TEXT NOT NULL, points INTEGER NOT NULL, time_ms INTEGER NOT NULL,"
        "  moves INTEGER NOT NULL, date INTEGER NOT NULL, events BLOB NOT NULL);"
        "ALTER TABLE scores ADD COLUMN recording INTEGER NOT NULL DEFAULT 0;"
        "ALTER TABLE saves ADD COLUMN events BLOB NOT NULL DEFAULT x'';"
        "CREATE TABLE players ("
        "  key TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
        "  since INTEGER NOT NULL);",
        /* 4: races (tilecade/races.h). A race's start_ms is 0 while its lobby waits for the
         * opener; a racer's outcome is tc_racer_outcome_name's word. A race's number is never
         * given again (AUTOINCREMENT), not even that of a lobby everyone left, which is gone. */
        "CREATE TABLE races ("
        "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
        "  game TEXT NOT NULL, game_id TEXT NOT NULL, opener TEXT NOT NULL,"
        "  opened_ms INTEGER NOT NULL, start_ms INTEGER NOT NULL, limit_ms INTEGER NOT NULL);"
        "CREATE TABLE racers ("
        "  race INTEGER NOT NULL, player TEXT NOT NULL, outcome TEXT NOT NULL,"
        "  progress INTEGER NOT NULL, progress_text TEXT NOT NULL,"
        "  time_ms INTEGER NOT NULL, points INTEGER NOT NULL, recording INTEGER NOT NULL,"
        "  joined_ms INTEGER NOT NULL, dropped_ms INTEGER NOT NULL, socket TEXT NOT NULL,"
        "  PRIMARY KEY (race, player));",
        /* 5: many players' saves in one database (a PostgreSQL one many hosts share): a save a
         * game for each owner (tc_store_set_owner; "" for a store of one player's, which every
         * save of before was), and seq, the order saves were written in (the latest save of
         * two in one second, indexed: every save takes the next), and the tokens of games
         * written from a host's waiting queue, each written once. SQLite cannot change a
         * primary key: the table is made again. */
        "ALTER TABLE saves RENAME TO saves_4;"
        "CREATE TABLE saves ("
        "  owner TEXT NOT NULL DEFAULT '', game TEXT NOT NULL, blob BLOB NOT NULL,"
        "  summary TEXT NOT NULL, saved_at INTEGER NOT NULL, events BLOB NOT NULL DEFAULT x'',"
        "  seq INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (owner, game));"
        "INSERT INTO saves (owner, game, blob, summary, saved_at, events, seq)"
        "  SELECT '', game, blob, summary, saved_at, events, rowid FROM saves_4;"
        "DROP TABLE saves_4;"
        "CREATE INDEX saves_by_seq ON saves (seq);"
        "CREATE TABLE written (token TEXT PRIMARY KEY, at INTEGER NOT NULL);",
        /* 6: one game, one program: the hold of the program that holds a save (tilecade/
         * store.h), 0 for none yet (every save of before). */
        "ALTER TABLE saves ADD COLUMN holder INTEGER NOT NULL DEFAULT 0;",
        /* 7: N's game IDs without spaces (tilecade/ninja_stream.h), so that an arcade's
         * request line takes back those of old scores, recordings and races too. */
        TC_STORE_NINJA_IDS_SQL,
};

/* The columns of the scores table at each schema version (what the migrations made), and of
 * the saves table at every version: how a database is known to be tilecade's. */
static const char *const score_columns[TC_STORE_SCHEMA + 1] = {
        NULL,
        "id,game,mode,level,player,points,time_ms,moves,date,game_id",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints,recording",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints,recording",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints,recording",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints,recording",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints,recording",
};
static const char *const save_columns[TC_STORE_SCHEMA + 1] = {
        NULL,
        "game,blob,summary,saved_at",
        "game,blob,summary,saved_at",
        "game,blob,summary,saved_at,events",
        "game,blob,summary,saved_at,events",
        "owner,game,blob,summary,saved_at,events,seq",
        "owner,game,blob,summary,saved_at,events,seq,holder",
        "owner,game,blob,summary,saved_at,events,seq,holder",
};
/* The tables and indexes of each version but scores' and saves'. */
static const char *const other_things[TC_STORE_SCHEMA + 1] = {
        NULL,
        "",
        "",
        "players,recordings,sqlite_autoindex_players_1,sqlite_autoindex_players_2",
        "players,racers,races,recordings,sqlite_autoindex_players_1,sqlite_autoindex_players_2,"
        "sqlite_autoindex_racers_1",
        "players,racers,races,recordings,saves_by_seq,sqlite_autoindex_players_1,"
        "sqlite_autoindex_players_2,sqlite_autoindex_racers_1,sqlite_autoindex_written_1,"
        "written",
        "players,racers,races,recordings,saves_by_seq,sqlite_autoindex_players_1,"
        "sqlite_autoindex_players_2,sqlite_autoindex_racers_1,sqlite_autoindex_written_1,"
        "written",
        "players,racers,races,recordings,saves_by_seq,sqlite_autoindex_players_1,"
        "sqlite_autoindex_players_2,sqlite_autoindex_racers_1,sqlite_autoindex_written_1,"
        "written",
};

/* Whether to try again after rc, having waited a little. SQLite's busy handler already waits up
 * to BUSY_TIMEOUT_MS for a lock; the retries are for the BUSY it returns at once (a WAL snapshot
 * another writer moved on from, a recovery under way). They back off (1, 2, 4 ... 128 ms), so
 * that on a loaded machine the other process gets the time to finish, and stop once the timeout
 * has gone by in all, so that a database locked for good holds a call up for one timeout, not
 * for BUSY_RETRIES of them. */
static bool retry(int rc, int attempt, uint64_t start)
{
	if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || attempt + 1 >= BUSY_RETRIES ||
	    tc_clock_ms() - start >= BUSY_TIMEOUT_MS)
		return false;
	long ms = 1L << (attempt < 7 ? attempt : 7);
	struct timespec pause = {0, ms * 1000000L};
	nanosleep(&pause, NULL);
	return true;
}

static int exec_waiting(sqlite3 *db, const char *sql)
{
	uint64_t start = tc_clock_ms();
	int rc;
	for (int i = 0; retry(rc = sqlite3_exec(db, sql, NULL, NULL, NULL), i, start); i++)
		;
	return rc;
}

static int step_waiting(sqlite3_stmt *stmt)
{
	uint64_t start = tc_clock_ms();
	int rc;
	for (int i = 0; retry(rc = sqlite3_step(stmt), i, start); i++)
		sqlite3_reset(stmt);
	return rc;
}

/* The first statement of a connection reads the schema, which another process may hold locked
 * (creating or migrating the database). */
static int prepare_waiting(sqlite3 *db, const char *sql, sqlite3_stmt **stmt)
{
	uint64_t start = tc_clock_ms();
	int rc;
	for (int i = 0; retry(rc = sqlite3_prepare_v2(db, sql, -1, stmt, NULL), i, start); i++)
		;
	return rc;
}

/* ---- the schema ---- */

static int read_version(sqlite3 *db, int *version)
{
	sqlite3_stmt *stmt;
	int rc = prepare_waiting(db, "PRAGMA user_version", &stmt);
	if (rc != SQLITE_OK)
		return rc;
	rc = step_waiting(stmt);
	if (rc == SQLITE_ROW) {
		*version = sqlite3_column_int(stmt, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(stmt);
	return rc;
}

/* Whether the database at schema `version` is tilecade's: at version 0 it holds nothing at all
 * (a new file); at a version this program knows, its tables have that version's columns and
 * nothing else is there (but SQLite's sqlite_sequence, which AUTOINCREMENT makes and
 * which cannot be dropped); a newer one needs only the two tables. Another program's database,
 * given by mistake, is refused before anything is written into it, whatever its user_version.
 * Returns NULL, or why the database cannot be used. */
static const char *check_ours(sqlite3 *db, int version)
{
	sqlite3_stmt *stmt;
	int rc = prepare_waiting(
	        db,
	        "SELECT (SELECT group_concat(name) FROM (SELECT name FROM"
	        "         pragma_table_info('scores') ORDER BY cid)),"
	        "       (SELECT group_concat(name) FROM (SELECT name FROM"
	        "         pragma_table_info('saves') ORDER BY cid)),"
	        "       (SELECT COUNT(*) FROM sqlite_master),"
	        "       (SELECT ifnull(group_concat(name), '') FROM (SELECT name FROM"
	        "         sqlite_master WHERE name NOT IN ('scores', 'saves',"
	        "         'scores_by_board', 'sqlite_autoindex_saves_1', 'sqlite_sequence')"
	        "         ORDER BY name))",
	        &stmt);
	if (rc != SQLITE_OK)
		return sqlite3_errstr(rc);
	if ((rc = step_waiting(stmt)) != SQLITE_ROW) {
		sqlite3_finalize(stmt);
		return sqlite3_errstr(rc);
	}
	const char *scores = (const char *)sqlite3_column_text(stmt, 0);
	const char *saves = (const char *)sqlite3_column_text(stmt, 1);
	int things = sqlite3_column_int(stmt, 2);
	const char *others = (const char *)sqlite3_column_text(stmt, 3);
	bool ours = version == 0 ? things == 0
	            : version > TC_STORE_SCHEMA
	                    ? scores && saves
	                    : version > 0 && others && scores && saves &&
	                              strcmp(others, other_things[version]) == 0 &&
	                              strcmp(scores, score_columns[version]) == 0 &&
	                              strcmp(saves, save_columns[version]) == 0;
	sqlite3_finalize(stmt);
	if (!ours)
		return "not a tilecade database"; /* another program's, given by mistake */
	return version > TC_STORE_SCHEMA ? "made by a newer tilecade" : NULL;
}

/* The schema version and whether the database is tilecade's, read in one transaction so that
 * both come from the same moment. Returns NULL, or why the database cannot be used. */
static const char *inspect(sqlite3 *db, int *version)
{
	int rc = exec_waiting(db, "BEGIN");
	if (rc != SQLITE_OK)
		return sqlite3_errstr(rc);
	const char *why = NULL;
	if ((rc = read_version(db, version)) != SQLITE_OK)
		why = sqlite3_errstr(rc); /* not a database, corrupt */
	else
		why = check_ours(db, *version);
	exec_waiting(db, "COMMIT");
	return why;
}

/* Brings the schema to TC_STORE_SCHEMA in one transaction. Returns NULL, or why the database
 * cannot be used. */
static const char *migrate(sqlite3 *db)
{
	int rc = exec_waiting(db, "BEGIN IMMEDIATE");
	if (rc != SQLITE_OK)
		return sqlite3_errstr(rc);
	/* Another process may have migrated while this one waited for the lock; only under it does
	 * version 0 mean a database no tilecade has set up yet. */
	int version;
	const char *why = NULL;
	rc = read_version(db, &version);
	if (rc != SQLITE_OK)
		why = sqlite3_errstr(rc);
	else
		why = check_ours(db, version);
	for (int v = version; !why && v < TC_STORE_SCHEMA; v++)
		if ((rc = exec_waiting(db, migrations[v])) != SQLITE_OK)
			why = sqlite3_errstr(rc);
	if (!why && version < TC_STORE_SCHEMA) {
		char sql[40];
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d", TC_STORE_SCHEMA);
		if ((rc = exec_waiting(db, sql)) != SQLITE_OK)
			why = sqlite3_errstr(rc);
	}
	if (!why && (rc = exec_waiting(db, "COMMIT")) != SQLITE_OK)
		why = sqlite3_errstr(rc);
	if (why)
		exec_waiting(db, "ROLLBACK");
	return why;
}

/* ---- opening ---- */

/* Why no database can be at path, or NULL. Only a regular file can be one: SQLite would write
 * its journal beside a device (/dev/null-journal, when root) and would fail on a named pipe or
 * a directory only once it tried. A name not taken yet (*missing) needs a folder that is there
 * (a path that may be a typo is neither made nor read as empty), and is refused for a shared
 * board, which must be there. */
static const char *not_a_file(const char *path, enum tc_store_opening how, bool *missing)
{
	struct stat sb;
	*missing = false;
	if (stat(path, &sb) == 0)
		return S_ISREG(sb.st_mode) ? NULL : "not a regular file";
	if (errno != ENOENT && errno != ENOTDIR)
		return strerror(errno);
	*missing = true;
	if (how == TC_OPEN_EXISTING)
		return strerror(ENOENT);
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
	         slash ? (slash == path ? "/" : path) : ".");
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return "its folder is not there";
	return NULL;
}

/* No database at the default path, or not even its folder: nothing played yet, not a typo. */
static bool nothing_played_yet(const struct tc_store *st)
{
	char default_path[sizeof st->where];
	return tc_store_default_path(default_path, sizeof default_path) == 0 &&
	       strcmp(st->where, default_path) == 0 && access(st->where, F_OK) != 0;
}

/* A database with no scores and no saves, in memory, that takes nothing: what reading a store
 * not made yet finds. */
static const char *open_empty(struct tc_store *st)
{
	st->read_only = true;
	sqlite3 *db = NULL;
	int rc = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL);
	st->conn = db;
	return rc != SQLITE_OK ? sqlite3_errstr(rc) : migrate(db);
}

static const char *sqlite_open(struct tc_store *st, enum tc_store_opening how)
{
	if (how == TC_OPEN_TO_READ && nothing_played_yet(st))
		return open_empty(st);
	bool missing;
	const char *why = not_a_file(st->where, how, &missing);
	if (why)
		return why;
	if (missing && how == TC_OPEN_TO_READ)
		return open_empty(st);
	int flags = how == TC_OPEN_OWN        ? SQLITE_OPEN_CREATE
	            : how == TC_OPEN_EXISTING ? SQLITE_OPEN_NOFOLLOW
	                                      : 0;
	sqlite3 *db = NULL;
	int rc = sqlite3_open_v2(st->where, &db, SQLITE_OPEN_READWRITE | flags, NULL);
	st->conn = db; /* closed by the caller, once it has read why */
	if (rc != SQLITE_OK)
		return db ? sqlite3_errmsg(db) : "cannot open";
	sqlite3_busy_timeout(db, BUSY_TIMEOUT_MS);
	int version;
	if ((why = inspect(db, &version)) != NULL)
		return why;
	st->read_only = sqlite3_db_readonly(db, "main") == 1;
	if (st->read_only)
		return version < TC_STORE_SCHEMA ? "read-only and too old to use" : NULL;
	if (version < TC_STORE_SCHEMA && (why = migrate(db)) != NULL)
		return why;
	/* WAL lets readers and one writer work at once. It is kept in the file once set, so it is
	 * set only once the file is known to be tilecade's. */
	exec_waiting(db, "PRAGMA journal_mode = WAL");
	/* With WAL, NORMAL syncs at checkpoints rather than at every commit: the file can never be
	 * corrupted, a power cut may lose the last scores, and a write holds the lock for far less
	 * time, so that many players saving at once on a busy host do not time out. */
	exec_waiting(db, "PRAGMA synchronous = NORMAL");
	return NULL;
}

static void sqlite_close(struct tc_store *st)
{
	sqlite3_close(st->conn);
	st->conn = NULL;
}

static int sqlite_schema_version(struct tc_store *st)
{
	int version = 0;
	read_version(st->conn, &version);
	return version;
}

/* ---- statements ---- */

struct statement {
	sqlite3_stmt *stmt;
	bool ended; /* it ran to its end or failed: stepping it again would run it again */
	enum tc_sql_rc result; /* how it ended */
	int64_t changes;       /* rows it inserted, changed or deleted */
};

static sqlite3_stmt *stmt_of(struct tc_sql *q)
{
	return ((struct statement *)q->impl)->stmt;
}

static enum tc_sql_rc result_of(sqlite3 *db, int rc)
{
	switch (rc) {
	case SQLITE_OK:
	case SQLITE_DONE:
		return TC_SQL_DONE;
	case SQLITE_ROW:
		return TC_SQL_ROW;
	case SQLITE_CONSTRAINT: {
		int ext = sqlite3_extended_errcode(db);
		return ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY
		               ? TC_SQL_TAKEN
		               : TC_SQL_ERROR;
	}
	default:
		return TC_SQL_ERROR;
	}
}

static bool sqlite_prepare(struct tc_store *st, struct tc_sql *q, const char *sql)
{
	struct statement *s = calloc(1, sizeof *s);
	if (!s)
		return false;
	if (prepare_waiting(st->conn, sql, &s->stmt) != SQLITE_OK || !s->stmt) {
		sqlite3_finalize(s->stmt);
		free(s);
		return false;
	}
	q->impl = s;
	return true;
}

static void sqlite_bind_text(struct tc_sql *q, int i, const char *text)
{
	sqlite3_bind_text(stmt_of(q), i, text, -1, SQLITE_TRANSIENT);
}

static void sqlite_bind_int(struct tc_sql *q, int i, int64_t value)
{
	sqlite3_bind_int64(stmt_of(q), i, value);
}

static void sqlite_bind_blob(struct tc_sql *q, int i, const void *data, size_t len)
{
	/* A zero-length blob, not NULL: blob columns are NOT NULL. */
	sqlite3_bind_blob64(stmt_of(q), i, len ? data : "", len, SQLITE_TRANSIENT);
}

static enum tc_sql_rc sqlite_step(struct tc_sql *q)
{
	struct statement *s = q->impl;
	if (s->ended)
		return s->result;
	sqlite3 *db = sqlite3_db_handle(s->stmt);
	enum tc_sql_rc rc = result_of(db, step_waiting(s->stmt));
	if (rc != TC_SQL_ROW) {
		s->ended = true;
		s->result = rc;
		s->changes = rc == TC_SQL_DONE ? sqlite3_changes(db) : 0;
	}
	return rc;
}

static bool sqlite_text(struct tc_sql *q, int i, char *dst, size_t len)
{
	sqlite3_stmt *stmt = stmt_of(q);
	if (sqlite3_column_type(stmt, i) != SQLITE_TEXT)
		return false;
	const unsigned char *text = sqlite3_column_text(stmt, i);
	int n = sqlite3_column_bytes(stmt, i);
	if (!text || n < 0 || (size_t)n >= len || memchr(text, '\0', (size_t)n))
		return false;
	memcpy(dst, text, (size_t)n);
	dst[n] = '\0';
	return true;
}

static bool sqlite_integer(struct tc_sql *q, int i, int64_t lo, int64_t hi, int64_t *out)
{
	sqlite3_stmt *stmt = stmt_of(q);
	if (sqlite3_column_type(stmt, i) != SQLITE_INTEGER)
		return false;
	int64_t v = sqlite3_column_int64(stmt, i);
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool sqlite_blob(struct tc_sql *q, int i, void **data, size_t *len)
{
	sqlite3_stmt *stmt = stmt_of(q);
	if (sqlite3_column_type(stmt, i) != SQLITE_BLOB)
		return false;
	const void *bytes = sqlite3_column_blob(stmt, i);
	int n = sqlite3_column_bytes(stmt, i);
	if (n <= 0 || !bytes)
		return true; /* empty */
	if (!(*data = malloc((size_t)n)))
		return false;
	memcpy(*data, bytes, (size_t)n);
	*len = (size_t)n;
	return true;
}

static bool sqlite_null(struct tc_sql *q, int i)
{
	return sqlite3_column_type(stmt_of(q), i) == SQLITE_NULL;
}

static int64_t sqlite_changes(struct tc_sql *q)
{
	return ((struct statement *)q->impl)->changes;
}

static void sqlite_finish(struct tc_sql *q)
{
	struct statement *s = q->impl;
	if (!s)
		return;
	sqlite3_finalize(s->stmt);
	free(s);
	q->impl = NULL;
}

static enum tc_sql_rc sqlite_exec(struct tc_store *st, const char *sql)
{
	return result_of(st->conn, exec_waiting(st->conn, sql));
}

/* BEGIN IMMEDIATE takes the write lock at once: what the transaction reads holds until it
 * commits. */
static bool sqlite_begin(struct tc_store *st)
{
	return exec_waiting(st->conn, "BEGIN IMMEDIATE") == SQLITE_OK;
}

const struct tc_sql_engine tc_sqlite_engine = {
        .name = "SQLite",
        .dialect = TC_SQL_SQLITE,
        .open = sqlite_open,
        .close = sqlite_close,
        .schema_version = sqlite_schema_version,
        .prepare = sqlite_prepare,
        .bind_text = sqlite_bind_text,
        .bind_int = sqlite_bind_int,
        .bind_blob = sqlite_bind_blob,
        .step = sqlite_step,
        .text = sqlite_text,
        .integer = sqlite_integer,
        .blob = sqlite_blob,
        .null = sqlite_null,
        .changes = sqlite_changes,
        .finish = sqlite_finish,
        .exec = sqlite_exec,
        .begin = sqlite_begin,
};
