/* The store's insides, shared by the files of src/store that keep one kind of thing each
 * (store.c: the database, scores and saves; others: recordings, players). */
#ifndef TILECADE_STORE_INTERNAL_H
#define TILECADE_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/store.h"

struct tc_store {
	sqlite3 *db; /* NULL when the store is disabled */
	bool read_only;
	int64_t last_score_id;             /* of the last tc_store_add_score */
	char why[TC_STORE_NOTICE_MAX / 2]; /* why it is disabled, "" when it is not */
};

/* sqlite3_exec, sqlite3_step and sqlite3_prepare_v2 that wait out a busy database (another
 * process writing a shared one) for up to the store's busy timeout. */
int tc_store_exec(sqlite3 *db, const char *sql);
int tc_store_step(sqlite3_stmt *stmt);
int tc_store_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **stmt);
/* Whether the store is open and takes writes. */
bool tc_store_writable(const struct tc_store *st);

/* Reading a row that another program may have written: what does not fit is refused, never
 * read past. Copies text column i into a char[len] when it is text that fits whole, without a
 * NUL; gives integer column i when it is one in [lo, hi]. */
bool tc_store_read_text(sqlite3_stmt *stmt, int i, char *dst, size_t len);
bool tc_store_read_int(sqlite3_stmt *stmt, int i, int64_t lo, int64_t hi, int64_t *out);

#endif
