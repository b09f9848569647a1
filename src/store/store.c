/* The SQLite store. Every statement is prepared with bound parameters; the schema carries its
 * version in PRAGMA user_version and is migrated in one transaction. WAL and a busy timeout let
 * many players' processes write one shared scoreboard without losing a score. */
#define _POSIX_C_SOURCE 200809L
#include "tilecade/store.h"
#include "store_internal.h"
#include "tilecade/recordings.h"

#include <errno.h>
#include <limits.h>
#include <pwd.h>
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
};

/* The columns of the scores table at each schema version (what the migrations made), and of
 * the saves table at every version: how a database is known to be tilecade's. */
static const char *const score_columns[TC_STORE_SCHEMA + 1] = {
        NULL,
        "id,game,mode,level,player,points,time_ms,moves,date,game_id",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints,recording",
        "id,game,mode,level,player,points,time_ms,moves,date,game_id,won,hints,recording",
};
static const char *const save_columns[TC_STORE_SCHEMA + 1] = {
        NULL,
        "game,blob,summary,saved_at",
        "game,blob,summary,saved_at",
        "game,blob,summary,saved_at,events",
        "game,blob,summary,saved_at,events",
};
/* The tables and indexes of each version but scores' and saves'. */
static const char *const other_things[TC_STORE_SCHEMA + 1] = {
        NULL,
        "",
        "",
        "players,recordings,sqlite_autoindex_players_1,sqlite_autoindex_players_2",
        "players,racers,races,recordings,sqlite_autoindex_players_1,sqlite_autoindex_players_2,"
        "sqlite_autoindex_racers_1",
};

static void say(struct tc_store *st, char *notice, size_t len, const char *path, const char *why)
{
	snprintf(st->why, sizeof st->why, "%s", why);
	snprintf(notice, len, "scores and saves are off: %s: %s", path, why);
}

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Whether to try again after rc, having waited a little. SQLite's busy handler already waits up
 * to BUSY_TIMEOUT_MS for a lock; the retries are for the BUSY it returns at once (a WAL snapshot
 * another writer moved on from, a recovery under way). They back off (1, 2, 4 ... 128 ms), so
 * that on a loaded machine the other process gets the time to finish, and stop once the timeout
 * has gone by in all, so that a database locked for good holds a call up for one timeout, not
 * for BUSY_RETRIES of them. */
static bool retry(int rc, int attempt, uint64_t start)
{
	if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || attempt + 1 >= BUSY_RETRIES ||
	    now_ms() - start >= BUSY_TIMEOUT_MS)
		return false;
	long ms = 1L << (attempt < 7 ? attempt : 7);
	struct timespec pause = {0, ms * 1000000L};
	nanosleep(&pause, NULL);
	return true;
}

/* Runs SQL without results, waiting out a busy database. */
int tc_store_exec(sqlite3 *db, const char *sql)
{
	uint64_t start = now_ms();
	int rc;
	for (int i = 0; retry(rc = sqlite3_exec(db, sql, NULL, NULL, NULL), i, start); i++)
		;
	return rc;
}

int tc_store_step(sqlite3_stmt *stmt)
{
	uint64_t start = now_ms();
	int rc;
	for (int i = 0; retry(rc = sqlite3_step(stmt), i, start); i++)
		sqlite3_reset(stmt);
	return rc;
}

/* Prepares a statement, waiting out a busy database: the first statement of a connection reads
 * the schema, which another process may hold locked (creating or migrating the database). */
int tc_store_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **stmt)
{
	uint64_t start = now_ms();
	int rc;
	for (int i = 0; retry(rc = sqlite3_prepare_v2(db, sql, -1, stmt, NULL), i, start); i++)
		;
	return rc;
}

/* Runs a query of one integer, e.g. the schema version. */
static int query_int(sqlite3 *db, const char *sql, int *value)
{
	sqlite3_stmt *stmt;
	int rc = tc_store_prepare(db, sql, &stmt);
	if (rc != SQLITE_OK)
		return rc;
	rc = tc_store_step(stmt);
	if (rc == SQLITE_ROW) {
		*value = sqlite3_column_int(stmt, 0);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(stmt);
	return rc;
}

static int read_version(sqlite3 *db, int *version)
{
	return query_int(db, "PRAGMA user_version", version);
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
	int rc = tc_store_prepare(
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
	if ((rc = tc_store_step(stmt)) != SQLITE_ROW) {
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
	int rc = tc_store_exec(db, "BEGIN");
	if (rc != SQLITE_OK)
		return sqlite3_errstr(rc);
	const char *why = NULL;
	if ((rc = read_version(db, version)) != SQLITE_OK)
		why = sqlite3_errstr(rc); /* not a database, corrupt */
	else
		why = check_ours(db, *version);
	tc_store_exec(db, "COMMIT");
	return why;
}

/* Brings the schema to TC_STORE_SCHEMA in one transaction. Returns NULL, or why the database
 * cannot be used. */
static const char *migrate(sqlite3 *db)
{
	int rc = tc_store_exec(db, "BEGIN IMMEDIATE");
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
		if ((rc = tc_store_exec(db, migrations[v])) != SQLITE_OK)
			why = sqlite3_errstr(rc);
	if (!why && version < TC_STORE_SCHEMA) {
		char sql[40];
		snprintf(sql, sizeof sql, "PRAGMA user_version = %d", TC_STORE_SCHEMA);
		if ((rc = tc_store_exec(db, sql)) != SQLITE_OK)
			why = sqlite3_errstr(rc);
	}
	if (!why && (rc = tc_store_exec(db, "COMMIT")) != SQLITE_OK)
		why = sqlite3_errstr(rc);
	if (why)
		tc_store_exec(db, "ROLLBACK");
	return why;
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

/* How a store is opened. */
enum opening {
	OPEN_OWN,      /* the player's: made where there is none yet */
	OPEN_EXISTING, /* a shared board: only a file already there, not a symbolic link */
	OPEN_TO_READ,  /* to read scores: nothing is made; no file in a folder that is there, or
	                * none at the default path, reads as no scores */
};

/* Why no database can be at path, or NULL. Only a regular file can be one: SQLite would write
 * its journal beside a device (/dev/null-journal, when root) and would fail on a named pipe or
 * a directory only once it tried. A name not taken yet (*missing) needs a folder that is there
 * (a path that may be a typo is neither made nor read as empty), and is refused for a shared
 * board, which must be there. */
static const char *not_a_file(const char *path, enum opening how, bool *missing)
{
	struct stat sb;
	*missing = false;
	if (stat(path, &sb) == 0)
		return S_ISREG(sb.st_mode) ? NULL : "not a regular file";
	if (errno != ENOENT && errno != ENOTDIR)
		return strerror(errno);
	*missing = true;
	if (how == OPEN_EXISTING)
		return strerror(ENOENT);
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1,
	         slash ? (slash == path ? "/" : path) : ".");
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return "its folder is not there";
	return NULL;
}

/* A database with no scores and no saves, in memory, that takes nothing: what reading a store
 * not made yet finds. */
static bool set_up_empty(struct tc_store *st)
{
	st->read_only = true;
	return sqlite3_open_v2(":memory:", &st->db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
	       migrate(st->db) == NULL;
}

static bool set_up(struct tc_store *st, const char *path, enum opening how, char *notice,
                   size_t len)
{
	bool missing;
	const char *why = not_a_file(path, how, &missing);
	if (why) {
		say(st, notice, len, path, why);
		return false;
	}
	if (missing && how == OPEN_TO_READ)
		return set_up_empty(st);
	int flags = how == OPEN_OWN        ? SQLITE_OPEN_CREATE
	            : how == OPEN_EXISTING ? SQLITE_OPEN_NOFOLLOW
	                                   : 0;
	if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | flags, NULL) != SQLITE_OK) {
		say(st, notice, len, path, st->db ? sqlite3_errmsg(st->db) : "cannot open");
		return false;
	}
	sqlite3_busy_timeout(st->db, BUSY_TIMEOUT_MS);
	int version;
	if ((why = inspect(st->db, &version)) != NULL) {
		say(st, notice, len, path, why);
		return false;
	}
	st->read_only = sqlite3_db_readonly(st->db, "main") == 1;
	if (st->read_only) {
		if (version < TC_STORE_SCHEMA) {
			say(st, notice, len, path, "read-only and too old to use");
			return false;
		}
		snprintf(notice, len, "%s is read-only: scores and saves are not kept", path);
		return true;
	}
	if (version < TC_STORE_SCHEMA && (why = migrate(st->db)) != NULL) {
		say(st, notice, len, path, why);
		return false;
	}
	/* WAL lets readers and one writer work at once. It is kept in the file once set, so it is
	 * set only once the file is known to be tilecade's. */
	tc_store_exec(st->db, "PRAGMA journal_mode = WAL");
	/* With WAL, NORMAL syncs at checkpoints rather than at every commit: the file can never be
	 * corrupted, a power cut may lose the last scores, and a write holds the lock for far less
	 * time, so that many players saving at once on a busy host do not time out. */
	tc_store_exec(st->db, "PRAGMA synchronous = NORMAL");
	return true;
}

static struct tc_store *open_with(const char *path, enum opening how, char *notice, size_t len)
{
	struct tc_store *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	notice[0] = '\0';
	char default_path[1024];
	if (!path) {
		if (tc_store_default_path(default_path, sizeof default_path) != 0) {
			snprintf(st->why, sizeof st->why, "no home directory");
			snprintf(notice, len, "scores and saves are off: %s", st->why);
			return st;
		}
		path = default_path;
		if (how == OPEN_OWN)
			tc_store_make_parents(path);
	}
	/* No database at the default path, or its folder: nothing played yet, not a typo. */
	bool nothing_yet = path == default_path && how == OPEN_TO_READ && access(path, F_OK) != 0;
	if (!(nothing_yet ? set_up_empty(st) : set_up(st, path, how, notice, len))) {
		sqlite3_close(st->db);
		st->db = NULL;
	}
	return st;
}

struct tc_store *tc_store_open(const char *path, char *notice, size_t len)
{
	return open_with(path, OPEN_OWN, notice, len);
}

struct tc_store *tc_store_open_existing(const char *path, char *notice, size_t len)
{
	return open_with(path, OPEN_EXISTING, notice, len);
}

struct tc_store *tc_store_open_to_read(const char *path, char *notice, size_t len)
{
	return open_with(path, OPEN_TO_READ, notice, len);
}

const char *tc_store_why_off(const struct tc_store *st)
{
	return st ? st->why : "out of memory";
}

void tc_store_close(struct tc_store *st)
{
	if (!st)
		return;
	sqlite3_close(st->db);
	free(st);
}

bool tc_store_ok(const struct tc_store *st)
{
	return st && st->db;
}

bool tc_store_writable(const struct tc_store *st)
{
	return tc_store_ok(st) && !st->read_only;
}

bool tc_store_read_text(sqlite3_stmt *stmt, int i, char *dst, size_t len)
{
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

bool tc_store_read_int(sqlite3_stmt *stmt, int i, int64_t lo, int64_t hi, int64_t *out)
{
	if (sqlite3_column_type(stmt, i) != SQLITE_INTEGER)
		return false;
	int64_t v = sqlite3_column_int64(stmt, i);
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

int tc_store_schema_version(const struct tc_store *st)
{
	int version = 0;
	if (tc_store_ok(st))
		read_version(st->db, &version);
	return version;
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

static void bind_board(sqlite3_stmt *stmt, const struct tc_board_key *b)
{
	sqlite3_bind_text(stmt, 1, b->game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 2, b->mode, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 3, b->level, -1, SQLITE_TRANSIENT);
}

/* The place of row id on its board, by the board's own order. */
static int rank_of(struct tc_store *st, const struct tc_board_key *board, sqlite3_int64 id,
                   enum tc_rank_by by)
{
	char sql[400];
	snprintf(sql, sizeof sql,
	         "SELECT place FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY %s) AS place"
	         " FROM scores WHERE " ON_BOARD ") WHERE id = ?4",
	         order_by(by));
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db, sql, &stmt) != SQLITE_OK)
		return -1;
	bind_board(stmt, board);
	sqlite3_bind_int64(stmt, 4, id);
	int rank = tc_store_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : -1;
	sqlite3_finalize(stmt);
	return rank;
}

/* The score's columns after the board's (?4 on), in the order of SCORE_COLUMNS. */
#define SCORE_COLUMNS "player, points, time_ms, moves, date, game_id, won, hints, recording"
static void bind_score(sqlite3_stmt *stmt, const struct tc_score *s)
{
	sqlite3_bind_text(stmt, 4, s->player, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 5, s->points);
	sqlite3_bind_int64(stmt, 6, s->time_ms);
	sqlite3_bind_int64(stmt, 7, s->moves);
	sqlite3_bind_int64(stmt, 8, s->date);
	sqlite3_bind_text(stmt, 9, s->game_id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(stmt, 10, !s->lost);
	sqlite3_bind_int64(stmt, 11, s->hints);
	sqlite3_bind_int64(stmt, 12, s->recording);
}

int tc_store_add_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by)
{
	if (!tc_store_writable(st))
		return -1;
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db,
	                     "INSERT INTO scores (game, mode, level, " SCORE_COLUMNS ")"
	                     " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
	                     &stmt) != SQLITE_OK)
		return -1;
	bind_board(stmt, &s->board);
	bind_score(stmt, s);
	int rc = tc_store_step(stmt);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return -1;
	st->last_score_id = sqlite3_last_insert_rowid(st->db);
	return rank_of(st, &s->board, st->last_score_id, by);
}

int64_t tc_store_last_score_id(const struct tc_store *st)
{
	return st ? st->last_score_id : 0;
}

int tc_store_replace_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by)
{
	if (!tc_store_writable(st))
		return -1;
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db,
	                     "UPDATE scores SET player = ?4, points = ?5, time_ms = ?6, moves = ?7,"
	                     " date = ?8, game_id = ?9, won = ?10, hints = ?11, recording = ?12"
	                     " WHERE id = ?13 AND game = ?1 AND mode = ?2 AND level = ?3",
	                     &stmt) != SQLITE_OK)
		return -1;
	bind_board(stmt, &s->board);
	bind_score(stmt, s);
	sqlite3_bind_int64(stmt, 13, s->id);
	int rc = tc_store_step(stmt);
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE || sqlite3_changes(st->db) != 1)
		return -1;
	return rank_of(st, &s->board, s->id, by);
}

static void copy_text(char *dst, size_t len, const unsigned char *text)
{
	snprintf(dst, len, "%s", text ? (const char *)text : "");
}

/* A row of SCORE_COLUMNS, id. */
static void read_score(sqlite3_stmt *stmt, const struct tc_board_key *board, struct tc_score *s)
{
	memset(s, 0, sizeof *s);
	s->board = *board;
	copy_text(s->player, sizeof s->player, sqlite3_column_text(stmt, 0));
	s->points = sqlite3_column_int64(stmt, 1);
	s->time_ms = sqlite3_column_int64(stmt, 2);
	s->moves = (unsigned)sqlite3_column_int64(stmt, 3); /* ON_BOARD: within range */
	s->date = sqlite3_column_int64(stmt, 4);
	copy_text(s->game_id, sizeof s->game_id, sqlite3_column_text(stmt, 5));
	s->lost = sqlite3_column_int(stmt, 6) == 0;
	s->hints = (unsigned)sqlite3_column_int64(stmt, 7); /* ON_BOARD: within range */
	sqlite3_int64 recording = sqlite3_column_int64(stmt, 8);
	s->recording = recording > 0 ? recording : 0; /* a damaged link is none */
	s->id = sqlite3_column_int64(stmt, 9);
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
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db, sql, &stmt) != SQLITE_OK)
		return 0;
	bind_board(stmt, board);
	sqlite3_bind_int(stmt, 4, max);
	int n = 0;
	while (n < max && tc_store_step(stmt) == SQLITE_ROW)
		read_score(stmt, board, &out[n++]);
	sqlite3_finalize(stmt);
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
	         " WHERE " ON_BOARD " AND player = ?4 ORDER BY %s"
	         " LIMIT 1",
	         order_by(by));
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db, sql, &stmt) != SQLITE_OK)
		return -1;
	bind_board(stmt, board);
	sqlite3_bind_text(stmt, 4, player, -1, SQLITE_TRANSIENT);
	int result = -1;
	if (tc_store_step(stmt) == SQLITE_ROW) {
		read_score(stmt, board, out);
		snprintf(out->player, sizeof out->player, "%s", player);
		result = 0;
	}
	sqlite3_finalize(stmt);
	return result;
}

int tc_store_score_of_recording(struct tc_store *st, const struct tc_board_key *board,
                                int64_t recording, struct tc_score *out)
{
	sqlite3_stmt *stmt;
	if (!tc_store_ok(st) || recording <= 0 ||
	    tc_store_prepare(st->db,
	                     "SELECT " SCORE_COLUMNS ", id FROM scores"
	                     " WHERE " ON_BOARD " AND recording = ?4 LIMIT 1",
	                     &stmt) != SQLITE_OK)
		return -1;
	bind_board(stmt, board);
	sqlite3_bind_int64(stmt, 4, recording);
	int result = -1;
	if (tc_store_step(stmt) == SQLITE_ROW) {
		read_score(stmt, board, out);
		result = 0;
	}
	sqlite3_finalize(stmt);
	return result;
}

/* SQL: whether text column c fits a char[size] whole: text, shorter than size, without a NUL.
 * KEY_FITS: whether a row's key fits struct tc_board_key, its sizes bound to ?2, ?3, ?4. */
#define FITS(c, size)                                                                              \
	"(typeof(" c ") = 'text' AND length(CAST(" c " AS BLOB)) < " size " AND instr(CAST(" c     \
	" AS BLOB), x'00') = 0)"
#define KEY_FITS FITS("game", "?2") " AND " FITS("mode", "?3") " AND " FITS("level", "?4")

int tc_store_boards(struct tc_store *st, struct tc_board_key *out, int max)
{
	if (!tc_store_ok(st) || max <= 0)
		return 0;
	/* Only boards whose key fits struct tc_board_key whole, and that show a row: a key cut
	 * short (a level name of 3000 bytes) would name another board, or none, and read as
	 * having no scores. */
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db,
	                     "SELECT DISTINCT game, mode, level FROM scores WHERE " SANE_ROW
	                     " AND " KEY_FITS " ORDER BY game, mode, level LIMIT ?1",
	                     &stmt) != SQLITE_OK)
		return 0;
	const struct tc_board_key *key = NULL;
	sqlite3_bind_int(stmt, 2, (int)sizeof key->game);
	sqlite3_bind_int(stmt, 3, (int)sizeof key->mode);
	sqlite3_bind_int(stmt, 4, (int)sizeof key->level);
	sqlite3_bind_int(stmt, 1, max);
	int n = 0;
	while (n < max && tc_store_step(stmt) == SQLITE_ROW) {
		struct tc_board_key *b = &out[n++];
		copy_text(b->game, sizeof b->game, sqlite3_column_text(stmt, 0));
		copy_text(b->mode, sizeof b->mode, sqlite3_column_text(stmt, 1));
		copy_text(b->level, sizeof b->level, sqlite3_column_text(stmt, 2));
	}
	sqlite3_finalize(stmt);
	return n;
}

int tc_store_save_game(struct tc_store *st, const char *game, const void *blob, size_t len,
                       const char *summary)
{
	return tc_store_save_game_stream(st, game, blob, len, summary, NULL, 0);
}

int tc_store_save_game_stream(struct tc_store *st, const char *game, const void *blob, size_t len,
                              const char *summary, const void *events, size_t events_len)
{
	if (!tc_store_writable(st))
		return -1;
	sqlite3_stmt *stmt;
	/* One statement is one transaction: the old save stays until the new one is whole. */
	if (tc_store_prepare(st->db,
	                     "INSERT OR REPLACE INTO saves (game, blob, summary, saved_at, events)"
	                     " VALUES (?1, ?2, ?3, ?4, ?5)",
	                     &stmt) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(stmt, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_blob64(stmt, 2, blob, len, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 3, summary, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 4, (sqlite3_int64)time(NULL));
	sqlite3_bind_blob64(stmt, 5, events_len ? events : "", events_len, SQLITE_TRANSIENT);
	int rc = tc_store_step(stmt);
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* A malloc'd copy of blob column i (NULL and 0 when empty); false when out of memory. */
static bool copy_blob(sqlite3_stmt *stmt, int i, void **out, size_t *len)
{
	int n = sqlite3_column_bytes(stmt, i);
	const void *data = sqlite3_column_blob(stmt, i);
	*out = NULL;
	*len = 0;
	if (n <= 0 || !data)
		return true;
	if (!(*out = malloc((size_t)n)))
		return false;
	memcpy(*out, data, (size_t)n);
	*len = (size_t)n;
	return true;
}

int tc_store_load_game(struct tc_store *st, const char *game, void **blob, size_t *len)
{
	return tc_store_load_game_stream(st, game, blob, len, NULL, NULL);
}

int tc_store_load_game_stream(struct tc_store *st, const char *game, void **blob, size_t *len,
                              void **events, size_t *events_len)
{
	if (!tc_store_ok(st))
		return -1;
	sqlite3_stmt *stmt;
	/* A stream over the bound reads as none, without its bytes being loaded. */
	if (tc_store_prepare(st->db,
	                     "SELECT blob, CASE WHEN length(events) <= ?2 THEN events END"
	                     " FROM saves WHERE game = ?1",
	                     &stmt) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(stmt, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 2, TC_RECORDING_EVENTS_MAX);
	int result = -1;
	/* An empty save is one too: its blob is not NULL. */
	if (tc_store_step(stmt) == SQLITE_ROW && copy_blob(stmt, 0, blob, len) &&
	    (*blob || (*blob = malloc(1)))) {
		if (!events || copy_blob(stmt, 1, events, events_len))
			result = 0;
		else
			free(*blob);
	}
	sqlite3_finalize(stmt);
	return result;
}

void tc_store_delete_game(struct tc_store *st, const char *game)
{
	if (!tc_store_writable(st))
		return;
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db, "DELETE FROM saves WHERE game = ?1", &stmt) != SQLITE_OK)
		return;
	sqlite3_bind_text(stmt, 1, game, -1, SQLITE_TRANSIENT);
	tc_store_step(stmt);
	sqlite3_finalize(stmt);
}

int tc_store_latest_save(struct tc_store *st, char *game, size_t game_len, char *summary,
                         size_t summary_len)
{
	if (!tc_store_ok(st))
		return -1;
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db,
	                     "SELECT game, summary FROM saves ORDER BY saved_at DESC, rowid DESC"
	                     " LIMIT 1",
	                     &stmt) != SQLITE_OK)
		return -1;
	int result = -1;
	if (tc_store_step(stmt) == SQLITE_ROW) {
		copy_text(game, game_len, sqlite3_column_text(stmt, 0));
		copy_text(summary, summary_len, sqlite3_column_text(stmt, 1));
		result = 0;
	}
	sqlite3_finalize(stmt);
	return result;
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
