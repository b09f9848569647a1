/* The store's statements, written once for both engines (SQLite and PostgreSQL, see engine.h).
 *
 * SQL given here is the common dialect of the two: parameters are ?1, ?2 ... (PostgreSQL's
 * engine makes them $1, $2 ...); new rows' ids come back through RETURNING id; an upsert is
 * INSERT ... ON CONFLICT (...) DO UPDATE; no rowid, no typeof(), no PRAGMA, no LIMIT -1. The
 * few statements that must differ choose their text by tc_sql_dialect. Values are bound, never
 * pasted into the text. Texts read back are checked to fit where they go (another program, or
 * another host, may have written the row): what does not fit is refused, never read past. */
#ifndef TILECADE_STORE_SQL_H
#define TILECADE_STORE_SQL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tc_store;
struct tc_sql; /* one statement: prepared, bound, stepped through its rows, finished */

enum tc_sql_rc {
	TC_SQL_ROW,   /* a row is there to read */
	TC_SQL_DONE,  /* the statement has run to its end */
	TC_SQL_TAKEN, /* a unique key (or primary key) is held by another row already */
	TC_SQL_ERROR, /* anything else: the statement did nothing */
	TC_SQL_GONE,  /* the database went away (a server restarted, a network cut): nothing was
	               * written; the store is away until it can reach the database again */
};

enum tc_sql_dialect { TC_SQL_SQLITE, TC_SQL_POSTGRES };
enum tc_sql_dialect tc_sql_dialect(const struct tc_store *st);

/* Prepares sql on st's database: NULL when st is off or away, or the text is refused. */
struct tc_sql *tc_sql_prepare(struct tc_store *st, const char *sql);
/* Binds parameter ?i (from 1). Texts and blobs are copied. */
void tc_sql_bind_text(struct tc_sql *q, int i, const char *text);
void tc_sql_bind_int(struct tc_sql *q, int i, int64_t value);
void tc_sql_bind_blob(struct tc_sql *q, int i, const void *data, size_t len);
/* Runs the statement (the first call) and moves to its next row. */
enum tc_sql_rc tc_sql_step(struct tc_sql *q);
/* Column i (from 0) of the row stepped to. Text: copied into a char[len] when it is text that
 * fits whole, with its NUL. Integer: given when it is one in [lo, hi]. Blob: a malloc'd copy
 * (*data NULL and *len 0 when empty), false when it is not a blob or out of memory. */
bool tc_sql_text(struct tc_sql *q, int i, char *dst, size_t len);
bool tc_sql_int(struct tc_sql *q, int i, int64_t lo, int64_t hi, int64_t *out);
bool tc_sql_blob(struct tc_sql *q, int i, void **data, size_t *len);
bool tc_sql_null(struct tc_sql *q, int i);
/* How many rows the statement inserted, changed or deleted, once run. */
int64_t tc_sql_changes(struct tc_sql *q);
/* Frees q (NULL is fine). */
void tc_sql_finish(struct tc_sql *q);

/* Steps q to its end and finishes it: its last result (TC_SQL_DONE when it ran). */
enum tc_sql_rc tc_sql_run(struct tc_sql *q);

/* Runs SQL without parameters or rows (schema, transactions). */
enum tc_sql_rc tc_sql_exec(struct tc_store *st, const char *sql);

/* A write transaction: one writer at a time across every program and host of the database
 * (SQLite's BEGIN IMMEDIATE; PostgreSQL's transaction takes one advisory lock), so that what a
 * writer reads under it (three open races a player) holds until it commits. */
bool tc_sql_begin(struct tc_store *st);
/* Commits when ok, else rolls back: whether it committed. */
bool tc_sql_end(struct tc_store *st, bool ok);

#endif
