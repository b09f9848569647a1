/* The store on PostgreSQL, through libpq: one database that many hosts share, named by a
 * postgresql:// URL (libpq fills what it leaves out from the PG* variables and ~/.pgpass).
 *
 * Statements are run as PQexecParams does, one round trip each, each within a deadline
 * (pg_run.h), their ?N made $N; results come as
 * text and each column is read by its type (PQftype), so that a column of the wrong type is
 * refused as on SQLite. Writers take one advisory lock in their transaction (BEGIN IMMEDIATE's
 * counterpart), so that what one reads under it holds until it commits, across every host. A
 * connection lost (a server restarting, a network cut) leaves the store away: the connection
 * is dropped, and tc_pg_reconnect tries again later. No line made here ever holds the URL, its
 * password or libpq's message where one could show them. */
#define _POSIX_C_SOURCE 200809L
#include "pg_engine.h"
#include "clock.h"
#include "engine.h"
#include "pg_run.h"
#include "store_internal.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <libpq-fe.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The key of tilecade's one advisory lock ("tilecade" in ASCII): writers and migrations of
 * every host take it. */
#define LOCK_SQL "SELECT pg_advisory_xact_lock(8388354963669083237)"
/* How long connecting, a lost network and a writer waiting for the lock may hold play up. */
#define CONNECT_TIMEOUT_S "5"
#define NETWORK_TIMEOUT_MS "5000"
#define LOCK_TIMEOUT "'5s'"

/* Type oids of the server's catalog (pg_type), fixed since PostgreSQL 7. */
enum {
	BOOL_OID = 16,
	BYTEA_OID = 17,
	NAME_OID = 19,
	INT8_OID = 20,
	INT2_OID = 21,
	INT4_OID = 23,
	TEXT_OID = 25,
	BPCHAR_OID = 1042,
	VARCHAR_OID = 1043,
	NUMERIC_OID = 1700,
};

/* Schema 5 at once (on SQLite, migrations 0 to 5 made it): every integer BIGINT, blobs BYTEA,
 * ids that are never given again, texts compared and sorted byte by byte as on SQLite (COLLATE
 * "C"), players' names unique whatever their case. */
static const char *const schema_5 =
        "CREATE TABLE tilecade_schema (version BIGINT NOT NULL);"
        "INSERT INTO tilecade_schema (version) VALUES (5);"
        "CREATE TABLE scores ("
        "  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
        "  game TEXT COLLATE \"C\" NOT NULL, mode TEXT COLLATE \"C\" NOT NULL,"
        "  level TEXT COLLATE \"C\" NOT NULL, player TEXT COLLATE \"C\" NOT NULL,"
        "  points BIGINT NOT NULL, time_ms BIGINT NOT NULL, moves BIGINT NOT NULL,"
        "  date BIGINT NOT NULL, game_id TEXT COLLATE \"C\" NOT NULL,"
        "  won BIGINT NOT NULL DEFAULT 1, hints BIGINT NOT NULL DEFAULT 0,"
        "  recording BIGINT NOT NULL DEFAULT 0);"
        "CREATE INDEX scores_by_board ON scores (game, mode, level);"
        "CREATE TABLE saves ("
        "  owner TEXT COLLATE \"C\" NOT NULL DEFAULT '', game TEXT COLLATE \"C\" NOT NULL,"
        "  blob BYTEA NOT NULL, summary TEXT COLLATE \"C\" NOT NULL,"
        "  saved_at BIGINT NOT NULL, events BYTEA NOT NULL DEFAULT '',"
        "  seq BIGINT NOT NULL DEFAULT 0, PRIMARY KEY (owner, game));"
        /* Every save takes the next seq (store.c): its MAX read from the index. */
        "CREATE INDEX saves_by_seq ON saves (seq);"
        "CREATE TABLE recordings ("
        "  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
        "  player TEXT COLLATE \"C\" NOT NULL, game TEXT COLLATE \"C\" NOT NULL,"
        "  game_id TEXT COLLATE \"C\" NOT NULL, result TEXT COLLATE \"C\" NOT NULL,"
        "  points BIGINT NOT NULL, time_ms BIGINT NOT NULL, moves BIGINT NOT NULL,"
        "  date BIGINT NOT NULL, events BYTEA NOT NULL);"
        "CREATE TABLE players ("
        "  key TEXT COLLATE \"C\" PRIMARY KEY, name TEXT COLLATE \"C\" NOT NULL,"
        "  since BIGINT NOT NULL);"
        "CREATE UNIQUE INDEX players_by_name ON players (lower(name));"
        "CREATE TABLE races ("
        "  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
        "  game TEXT COLLATE \"C\" NOT NULL, game_id TEXT COLLATE \"C\" NOT NULL,"
        "  opener TEXT COLLATE \"C\" NOT NULL, opened_ms BIGINT NOT NULL,"
        "  start_ms BIGINT NOT NULL, limit_ms BIGINT NOT NULL);"
        "CREATE TABLE racers ("
        "  race BIGINT NOT NULL, player TEXT COLLATE \"C\" NOT NULL,"
        "  outcome TEXT COLLATE \"C\" NOT NULL, progress BIGINT NOT NULL,"
        "  progress_text TEXT COLLATE \"C\" NOT NULL, time_ms BIGINT NOT NULL,"
        "  points BIGINT NOT NULL, recording BIGINT NOT NULL, joined_ms BIGINT NOT NULL,"
        "  dropped_ms BIGINT NOT NULL, socket TEXT COLLATE \"C\" NOT NULL,"
        "  PRIMARY KEY (race, player));"
        "CREATE TABLE written (token TEXT COLLATE \"C\" PRIMARY KEY, at BIGINT NOT NULL);"
        /* Games shared live across hosts (live_db.c): PostgreSQL's alone. */
        "CREATE TABLE live_games ("
        "  id BIGINT PRIMARY KEY, player TEXT COLLATE \"C\" NOT NULL,"
        "  hello TEXT COLLATE \"C\" NOT NULL, base BIGINT NOT NULL, started BIGINT NOT NULL,"
        "  touched BIGINT NOT NULL, ended BOOLEAN NOT NULL DEFAULT false);"
        "CREATE TABLE live_events ("
        "  game BIGINT NOT NULL REFERENCES live_games (id) ON DELETE CASCADE,"
        "  seq BIGINT NOT NULL, bytes BYTEA NOT NULL, PRIMARY KEY (game, seq));";

/* Migration i brings the schema from version i to i + 1 (from 5 on: schema_5 makes 5 at once).
 * Add new ones at the end; never edit one that has shipped. */
static const char *const migrations[TC_STORE_SCHEMA] = {
        /* 6: one game, one program: the hold of the program that holds a save (tilecade/
         * store.h), 0 for none yet (every save of before). */
        [5] = "ALTER TABLE saves ADD COLUMN holder BIGINT NOT NULL DEFAULT 0;"
              "UPDATE tilecade_schema SET version = 6;",
        /* 7: N's game IDs without spaces (tilecade/ninja_stream.h), so that an arcade's
         * request line takes back those of old scores, recordings and races too. */
        [6] = TC_STORE_NINJA_IDS_SQL "UPDATE tilecade_schema SET version = 7;",
};

/* The tables of each schema version this program knows (none at 0): how a database is known to
 * be tilecade's. A later migration adds its version's list at the end. */
static const char *const tables_of[TC_STORE_SCHEMA + 1] = {
        [5] = "live_events,live_games,players,racers,races,recordings,saves,scores,"
              "tilecade_schema,written",
        [6] = "live_events,live_games,players,racers,races,recordings,saves,scores,"
              "tilecade_schema,written",
        [7] = "live_events,live_games,players,racers,races,recordings,saves,scores,"
              "tilecade_schema,written",
};

struct pg_statement {
	char *sql; /* with $N for ?N */
	int params;
	char **values;
	int *lengths, *formats;
	Oid *types;
	bool unbound; /* out of memory binding: the statement is not run */
	PGresult *res;
	int row, rows;
};

static PGconn *conn_of(const struct tc_store *st)
{
	return st->conn;
}

/* The connection is lost: the store is away until tc_pg_reconnect reaches the database. */
static void drop(struct tc_store *st)
{
	PQfinish(conn_of(st));
	st->conn = NULL;
	st->away = true;
}

/* What a failed command was: a unique key taken, the connection lost, or any other error. The
 * server gives every error of its own a SQLSTATE; one without is libpq's, about the connection
 * (data that could not be sent: a network down), which may still read as open. So may one of
 * class 08 (connection_exception) or 57P (the server shutting down or starting). */
static enum tc_sql_rc failure(struct tc_store *st, const PGresult *res)
{
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	if (state && strcmp(state, "23505") == 0) /* unique_violation */
		return TC_SQL_TAKEN;
	if (!state || strncmp(state, "08", 2) == 0 || strncmp(state, "57P", 3) == 0 ||
	    PQstatus(conn_of(st)) == CONNECTION_BAD) {
		drop(st);
		return TC_SQL_GONE;
	}
	return TC_SQL_ERROR;
}

/* Runs SQL without parameters: TC_SQL_DONE when every command in it succeeded. A COMMIT of a
 * transaction that an error had aborted rolls it back, and says so only in its status. */
static enum tc_sql_rc pg_exec(struct tc_store *st, const char *sql)
{
	if (!conn_of(st))
		return TC_SQL_GONE;
	PGresult *res = tc_pg_run(conn_of(st), sql, 0, NULL, NULL, NULL, NULL, TC_PG_DEADLINE_MS);
	ExecStatusType status = PQresultStatus(res);
	enum tc_sql_rc rc;
	if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
		rc = strcmp(sql, "COMMIT") == 0 && strcmp(PQcmdStatus(res), "ROLLBACK") == 0
		             ? TC_SQL_ERROR
		             : TC_SQL_DONE;
	else
		rc = failure(st, res);
	PQclear(res);
	return rc;
}

static bool pg_begin(struct tc_store *st)
{
	if (pg_exec(st, "BEGIN; " LOCK_SQL) == TC_SQL_DONE)
		return true;
	if (conn_of(st))
		pg_exec(st, "ROLLBACK");
	return false;
}

/* sql with each ?N outside quotes and comments made $N, into a malloc'd text; *params gets the
 * highest N. NULL when out of memory or a ? has no number. */
static char *dollars(const char *sql, int *params)
{
	size_t n = strlen(sql);
	char *out = malloc(n + 1);
	if (!out)
		return NULL;
	*params = 0;
	char quote = 0; /* ' or " while in a literal or a quoted name */
	size_t j = 0;
	for (size_t i = 0; i < n; i++) {
		char c = sql[i];
		if (quote) {
			quote = c == quote ? 0 : quote; /* '' reopens at once: the same text */
		} else if (c == '\'' || c == '"') {
			quote = c;
		} else if (c == '-' && sql[i + 1] == '-') {
			size_t end = strcspn(sql + i, "\n");
			memcpy(out + j, sql + i, end);
			j += end;
			i += end - 1;
			continue;
		} else if (c == '?') {
			if (!isdigit((unsigned char)sql[i + 1])) {
				free(out);
				return NULL;
			}
			char *end;
			long number = strtol(sql + i + 1, &end, 10);
			if (number < 1 || number > 999) {
				free(out);
				return NULL;
			}
			if (number > *params)
				*params = (int)number;
			c = '$';
		}
		out[j++] = c;
	}
	out[j] = '\0';
	return out;
}

static void pg_finish(struct tc_sql *q);

static bool pg_prepare(struct tc_store *st, struct tc_sql *q, const char *sql)
{
	if (!conn_of(st))
		return false;
	struct pg_statement *s = calloc(1, sizeof *s);
	if (!s)
		return false;
	s->row = -1;
	s->sql = dollars(sql, &s->params);
	int n = s->params > 0 ? s->params : 1;
	s->values = calloc((size_t)n, sizeof *s->values);
	s->lengths = calloc((size_t)n, sizeof *s->lengths);
	s->formats = calloc((size_t)n, sizeof *s->formats);
	s->types = calloc((size_t)n, sizeof *s->types);
	q->impl = s;
	if (s->sql && s->values && s->lengths && s->formats && s->types)
		return true;
	pg_finish(q);
	return false;
}

/* Puts a copy of len bytes at parameter i (from 1), of type oid, as text (format 0) or bytes. */
static void bind(struct tc_sql *q, int i, const void *data, size_t len, Oid oid, int format)
{
	struct pg_statement *s = q->impl;
	if (i < 1 || i > s->params)
		return;
	char *copy = malloc(len + 1);
	if (!copy || len > INT32_MAX) {
		free(copy);
		s->unbound = true;
		return;
	}
	if (len)
		memcpy(copy, data, len);
	copy[len] = '\0';
	free(s->values[i - 1]);
	s->values[i - 1] = copy;
	s->lengths[i - 1] = (int)len;
	s->formats[i - 1] = format;
	s->types[i - 1] = oid;
}

static void pg_bind_text(struct tc_sql *q, int i, const char *text)
{
	bind(q, i, text, strlen(text), TEXT_OID, 0);
}

static void pg_bind_int(struct tc_sql *q, int i, int64_t value)
{
	char text[24];
	int n = snprintf(text, sizeof text, "%" PRId64, value);
	bind(q, i, text, (size_t)n, INT8_OID, 0);
}

static void pg_bind_blob(struct tc_sql *q, int i, const void *data, size_t len)
{
	bind(q, i, data, len, BYTEA_OID, 1);
}

static enum tc_sql_rc pg_step(struct tc_sql *q)
{
	struct pg_statement *s = q->impl;
	if (!s->res) {
		if (s->unbound)
			return TC_SQL_ERROR;
		if (!conn_of(q->st))
			return TC_SQL_GONE;
		s->res = tc_pg_run(conn_of(q->st), s->sql, s->params, s->types,
		                   (const char *const *)s->values, s->lengths, s->formats,
		                   TC_PG_DEADLINE_MS);
		ExecStatusType status = PQresultStatus(s->res);
		if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
			enum tc_sql_rc rc = failure(q->st, s->res);
			PQclear(s->res);
			s->res = NULL;
			s->unbound = true; /* run once: stepping again gives the error again */
			return rc;
		}
		s->rows = PQntuples(s->res);
	}
	if (s->row < s->rows)
		s->row++;
	return s->row < s->rows ? TC_SQL_ROW : TC_SQL_DONE;
}

/* Column i of the row stepped to, when it is there and not NULL, with its length and type. */
static const char *value(struct tc_sql *q, int i, size_t *len, Oid *type)
{
	struct pg_statement *s = q->impl;
	if (!s->res || s->row < 0 || s->row >= s->rows || i < 0 || i >= PQnfields(s->res) ||
	    PQgetisnull(s->res, s->row, i))
		return NULL;
	*len = (size_t)PQgetlength(s->res, s->row, i);
	*type = PQftype(s->res, i);
	return PQgetvalue(s->res, s->row, i);
}

static bool pg_text(struct tc_sql *q, int i, char *dst, size_t len)
{
	size_t n;
	Oid type;
	const char *text = value(q, i, &n, &type);
	if (!text || n >= len ||
	    (type != TEXT_OID && type != VARCHAR_OID && type != BPCHAR_OID && type != NAME_OID))
		return false;
	memcpy(dst, text, n + 1);
	return true;
}

static bool pg_integer(struct tc_sql *q, int i, int64_t lo, int64_t hi, int64_t *out)
{
	size_t n;
	Oid type;
	const char *text = value(q, i, &n, &type);
	if (!text)
		return false;
	int64_t v;
	if (type == BOOL_OID) {
		v = text[0] == 't';
	} else if (type == INT2_OID || type == INT4_OID || type == INT8_OID ||
	           type == NUMERIC_OID) { /* SUM() of BIGINTs is a NUMERIC */
		char *end;
		errno = 0;
		long long parsed = strtoll(text, &end, 10);
		if (errno || end == text || *end)
			return false;
		v = parsed;
	} else {
		return false;
	}
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool pg_blob(struct tc_sql *q, int i, void **data, size_t *len)
{
	size_t n;
	Oid type;
	const char *text = value(q, i, &n, &type);
	if (!text || type != BYTEA_OID)
		return false;
	unsigned char *bytes = PQunescapeBytea((const unsigned char *)text, &n);
	if (!bytes)
		return false;
	void *copy = NULL;
	if (n && (copy = malloc(n)) != NULL)
		memcpy(copy, bytes, n);
	PQfreemem(bytes);
	if (n && !copy)
		return false;
	*data = copy;
	*len = n;
	return true;
}

static bool pg_null(struct tc_sql *q, int i)
{
	struct pg_statement *s = q->impl;
	return s->res && s->row >= 0 && s->row < s->rows && i >= 0 && i < PQnfields(s->res) &&
	       PQgetisnull(s->res, s->row, i);
}

static int64_t pg_changes(struct tc_sql *q)
{
	struct pg_statement *s = q->impl;
	return s->res ? strtoll(PQcmdTuples(s->res), NULL, 10) : 0;
}

static void pg_finish(struct tc_sql *q)
{
	struct pg_statement *s = q->impl;
	if (!s)
		return;
	PQclear(s->res);
	for (int i = 0; s->values && i < s->params; i++)
		free(s->values[i]);
	free(s->values);
	free(s->lengths);
	free(s->formats);
	free(s->types);
	free(s->sql);
	free(s);
	q->impl = NULL;
}

/* Runs a query of one integer: whether it gave one. */
static bool query_int(struct tc_store *st, const char *sql, int64_t *value_out)
{
	struct tc_sql q = {st, NULL};
	bool ok = pg_prepare(st, &q, sql) && pg_step(&q) == TC_SQL_ROW &&
	          pg_integer(&q, 0, INT64_MIN, INT64_MAX, value_out);
	pg_finish(&q);
	return ok;
}

static int pg_schema_version(struct tc_store *st)
{
	int64_t version;
	return query_int(st, "SELECT version FROM tilecade_schema", &version) && version > 0 &&
	                       version < 1000000
	               ? (int)version
	               : 0;
}

/* Whether text holds secret (a password), when there is one. */
static bool shows(const char *text, const char *secret)
{
	return secret && secret[0] && strstr(text, secret);
}

/* libpq's message for the player, into why[len]: its first line, without "connection to server
 * at ... failed:" and "FATAL:" (the server's words remain: "password authentication failed
 * for user ..."), or a plain line when it might hold the password (a mistyped URL can put part
 * of one where libpq echoes a host name). */
static void say_failure(const char *message, const PQconninfoOption *options, char *why, size_t len)
{
	char line[256];
	snprintf(line, sizeof line, "%.*s", (int)strcspn(message, "\n"), message);
	const char *text = line;
	const char *failed = strstr(text, " failed: ");
	if (failed)
		text = failed + strlen(" failed: ");
	if (strncmp(text, "FATAL:", 6) == 0 || strncmp(text, "ERROR:", 6) == 0)
		text += 6;
	text += strspn(text, " ");
	for (const PQconninfoOption *o = options; o && o->keyword; o++)
		if (strcmp(o->keyword, "password") == 0 && shows(message, o->val))
			text = "";
	if (shows(message, getenv("PGPASSWORD")))
		text = "";
	snprintf(why, len, "%s", text[0] ? text : "cannot connect to the database");
}

/* Whether a connection that failed may work later (the server down, restarting or out of
 * connections, the network) rather than refused for good (a password, a database not there). */
static bool may_come_back(const char *message)
{
	return !strstr(message, "FATAL:") || strstr(message, "the database system is") ||
	       strstr(message, "too many clients") || strstr(message, "connection slots");
}

/* Starts connecting to where with libpq's rules, unless the URL says otherwise: a timeout for
 * connecting, keepalives and a TCP timeout so that a network cut is seen in seconds, not when
 * the kernel gives up. Text is UTF-8 whatever the URL asks. With wait, connected (or failed)
 * when it returns, within the timeout; without, to be advanced by PQconnectPoll. */
static PGconn *start_connecting(const char *where, bool wait)
{
	static const char *const keywords[] = {
	        "connect_timeout",  "keepalives_idle",  "keepalives_interval",
	        "keepalives_count", "tcp_user_timeout", "application_name",
	        "dbname",           "client_encoding",  NULL,
	};
	const char *values[] = {
	        CONNECT_TIMEOUT_S, "5",   "1",    "3",  NETWORK_TIMEOUT_MS,
	        "tilecade",        where, "UTF8", NULL,
	};
	return wait ? PQconnectdbParams(keywords, values, 1)
	            : PQconnectStartParams(keywords, values, 1);
}

/* pg when it is connected to where; else NULL and why not (into why[len]), with *later set
 * when trying again later may work, pg finished. */
static PGconn *connected(PGconn *pg, const char *where, char *why, size_t len, bool *later)
{
	*later = false;
	if (PQstatus(pg) == CONNECTION_OK)
		return pg;
	char *error = NULL;
	PQconninfoOption *options = PQconninfoParse(where, &error);
	if (!options) {
		PQfreemem(error); /* it may quote the URL */
		snprintf(why, len, "not a valid database URL");
	} else {
		const char *message = pg ? PQerrorMessage(pg) : "out of memory";
		say_failure(message, options, why, len);
		*later = pg && may_come_back(message);
	}
	PQfinish(pg);
	PQconninfoFree(options);
	return NULL;
}

/* The server's message of the last failure on st, for the player. */
static const char *server_says(struct tc_store *st, char *why, size_t len)
{
	if (!conn_of(st))
		return "the database went away";
	PQconninfoOption *options = PQconninfo(conn_of(st));
	say_failure(PQerrorMessage(conn_of(st)), options, why, len);
	PQconninfoFree(options);
	return why;
}

/* Whether the database holds tilecade's schema at *version (0: nothing at all). NULL, or why
 * it cannot be used. */
static const char *inspect(struct tc_store *st, int *version, char *why, size_t len)
{
	struct tc_sql q = {st, NULL};
	/* Tables and views of the schema tables are made in (current_schema(): the first of the
	 * search path that is there). */
	bool ok =
	        pg_prepare(st, &q,
	                   "SELECT coalesce(string_agg(relname::text, ',' ORDER BY relname::text),"
	                   " ''), current_schema() IS NULL FROM pg_class"
	                   " WHERE relnamespace = (SELECT oid FROM pg_namespace"
	                   "                      WHERE nspname = current_schema())"
	                   " AND relkind IN ('r', 'p', 'v', 'm', 'f')");
	enum tc_sql_rc rc = ok ? pg_step(&q) : TC_SQL_ERROR;
	char tables[512];
	int64_t no_schema = 0;
	const char *problem = NULL;
	if (rc != TC_SQL_ROW)
		problem = server_says(st, why, len);
	else if (!pg_text(&q, 0, tables, sizeof tables) || !pg_integer(&q, 1, 0, 1, &no_schema))
		problem = "not a tilecade database"; /* more tables than ours could be */
	else if (no_schema)
		problem = "no schema to make tables in";
	pg_finish(&q);
	if (problem)
		return problem;
	*version = 0;
	if (!tables[0])
		return NULL;
	int64_t v;
	if (!strstr(tables, "tilecade_schema") ||
	    !query_int(st, "SELECT version FROM tilecade_schema", &v) || v < 1 ||
	    (v <= TC_STORE_SCHEMA && (!tables_of[v] || strcmp(tables, tables_of[v]) != 0)) ||
	    (v > TC_STORE_SCHEMA && (!strstr(tables, "scores") || !strstr(tables, "saves"))))
		return "not a tilecade database"; /* another program's, given by mistake */
	if (v > TC_STORE_SCHEMA)
		return "made by a newer tilecade";
	*version = (int)v;
	return NULL;
}

/* Brings the schema from version (0: nothing there yet) to TC_STORE_SCHEMA: whether it did. */
static bool make_schema(struct tc_store *st, int version)
{
	if (version == 0 && pg_exec(st, schema_5) != TC_SQL_DONE)
		return false;
	for (int v = version == 0 ? 5 : version; v < TC_STORE_SCHEMA; v++)
		if (pg_exec(st, migrations[v]) != TC_SQL_DONE)
			return false;
	return true;
}

/* Brings the schema to TC_STORE_SCHEMA under the writers' lock: two hosts starting at once
 * migrate once, the second finding the work done. NULL, or why the database cannot be used. */
static const char *migrate(struct tc_store *st, char *why, size_t len)
{
	if (!pg_begin(st))
		return server_says(st, why, len);
	int version;
	const char *problem = inspect(st, &version, why, len);
	if (!problem && !make_schema(st, version))
		problem = server_says(st, why, len);
	if (!problem && pg_exec(st, "COMMIT") != TC_SQL_DONE)
		problem = server_says(st, why, len);
	if (problem && conn_of(st))
		pg_exec(st, "ROLLBACK");
	return problem;
}

/* A store opened to read a database that has no tables yet reads as one with no scores: the
 * tables are made for this connection only (PostgreSQL's pg_temp), so that nothing is written
 * into the database. */
static const char *set_up_empty(struct tc_store *st, char *why, size_t len)
{
	if (pg_exec(st, "SET search_path = pg_temp") != TC_SQL_DONE || !make_schema(st, 0))
		return server_says(st, why, len);
	return NULL;
}

/* Opens st on pg, a connection to st->where made or failed: checks the schema, makes or
 * migrates it. NULL, or why the database cannot be used (into why[len] when it is a message of
 * the moment); st->away set when it could not be reached. */
static const char *open_on(struct tc_store *st, PGconn *pg, enum tc_store_opening how, char *why,
                           size_t len)
{
	bool later;
	if (!connected(pg, st->where, why, len, &later)) {
		st->away = later;
		return later ? NULL : why;
	}
	st->conn = pg;
	st->away = false;
	if (pg_exec(st, "SET lock_timeout = " LOCK_TIMEOUT) != TC_SQL_DONE)
		return server_says(st, why, len);
	int64_t read_only = 0;
	query_int(st, "SELECT (current_setting('transaction_read_only') = 'on')::int", &read_only);
	st->read_only = st->read_only || how == TC_OPEN_TO_READ || read_only;
	/* Looked at without the writers' lock, which a writer of another host may hold: only a
	 * schema to make or migrate waits for it (a migration commits its tables all at once). */
	int version;
	const char *problem = inspect(st, &version, why, len);
	if (problem || version == TC_STORE_SCHEMA)
		return problem;
	if (!st->read_only)
		return migrate(st, why, len);
	if (version == 0 && how == TC_OPEN_TO_READ)
		return set_up_empty(st, why, len);
	return "read-only and too old to use";
}

/* The reason of a failed opening outlives the call, as the vtable asks, until the next one. */
static _Thread_local char open_why[sizeof ((struct tc_store *)0)->why];

/* open_on, leaving st closed when the database cannot be used. */
static const char *open_or_close(struct tc_store *st, PGconn *pg, enum tc_store_opening how)
{
	const char *problem = open_on(st, pg, how, open_why, sizeof open_why);
	if (problem) {
		PQfinish(conn_of(st));
		st->conn = NULL;
		st->away = false;
	}
	return problem;
}

/* The first opening waits for its connection, at most the connect timeout. */
static const char *pg_open(struct tc_store *st, enum tc_store_opening how)
{
	return open_or_close(st, start_connecting(st->where, true), how);
}

/* A connection being made while the store is away (st->connecting): advanced by
 * tc_pg_reconnect as far as it goes without waiting, each time it is called. */
struct pg_connecting {
	PGconn *pg;
	PostgresPollingStatusType polling; /* what it waits for: reading or writing */
	int64_t since_ms;                  /* monotonic */
};

/* Advances c while its socket is ready: whether it is still under way (neither connected nor
 * failed, and within the connect timeout). */
static bool under_way(struct pg_connecting *c)
{
	while (c->polling == PGRES_POLLING_READING || c->polling == PGRES_POLLING_WRITING) {
		struct pollfd p = {PQsocket(c->pg),
		                   c->polling == PGRES_POLLING_READING ? POLLIN : POLLOUT, 0};
		if (poll(&p, 1, 0) <= 0)
			return tc_clock_ms() - c->since_ms < atoi(CONNECT_TIMEOUT_S) * 1000;
		c->polling = PQconnectPoll(c->pg);
	}
	return false;
}

static void stop_connecting(struct tc_store *st)
{
	struct pg_connecting *c = st->connecting;
	if (c)
		PQfinish(c->pg);
	free(c);
	st->connecting = NULL;
}

static void pg_close(struct tc_store *st)
{
	stop_connecting(st);
	PQfinish(conn_of(st));
	st->conn = NULL;
}

bool tc_pg_reconnect(struct tc_store *st)
{
	if (conn_of(st))
		return true;
	struct pg_connecting *c = st->connecting;
	if (!c) {
		c = st->connecting = calloc(1, sizeof *c);
		if (!c)
			return false;
		c->pg = start_connecting(st->where, false);
		c->polling = PQstatus(c->pg) == CONNECTION_BAD ? PGRES_POLLING_FAILED
		                                               : PGRES_POLLING_WRITING;
		c->since_ms = tc_clock_ms();
	}
	if (under_way(c))
		return false;
	PGconn *pg = c->pg;
	c->pg = NULL; /* open_or_close's now */
	stop_connecting(st);
	const char *problem = open_or_close(st, pg, st->read_only ? TC_OPEN_TO_READ : TC_OPEN_OWN);
	if (problem)
		snprintf(st->why, sizeof st->why, "%s", problem);
	return conn_of(st) != NULL;
}

bool tc_pg_connecting(const struct tc_store *st)
{
	return st->connecting != NULL;
}

const struct tc_sql_engine tc_pg_engine = {
        .name = "PostgreSQL",
        .dialect = TC_SQL_POSTGRES,
        .open = pg_open,
        .close = pg_close,
        .schema_version = pg_schema_version,
        .prepare = pg_prepare,
        .bind_text = pg_bind_text,
        .bind_int = pg_bind_int,
        .bind_blob = pg_bind_blob,
        .step = pg_step,
        .text = pg_text,
        .integer = pg_integer,
        .blob = pg_blob,
        .null = pg_null,
        .changes = pg_changes,
        .finish = pg_finish,
        .exec = pg_exec,
        .begin = pg_begin,
};
