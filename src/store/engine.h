/* The two engines behind the store: SQLite (sqlite_engine.c, a file on one machine, the
 * default) and PostgreSQL (pg_engine.c, through libpq, shared by many hosts). Nothing above
 * src/store knows which one a store is on; sql.c runs every statement through these. */
#ifndef TILECADE_STORE_ENGINE_H
#define TILECADE_STORE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sql.h"

struct tc_store;

/* Schema 7's migration, the same SQL on both engines: N's game IDs of before, spaced ("ninja
 * seed S", "ninja any seed S"), in today's form ("ninja:seed:sS", "ninja:any:sS"), in every
 * table that keeps game IDs, so that old and new runs of a level list and race as one. */
#define TC_STORE_NINJA_IDS_OF(table)                                                               \
	"UPDATE " table " SET game_id = 'ninja:seed:s' || substr(game_id, 12)"                     \
	" WHERE substr(game_id, 1, 11) = 'ninja seed ';"                                           \
	"UPDATE " table " SET game_id = 'ninja:any:s' || substr(game_id, 16)"                      \
	" WHERE substr(game_id, 1, 15) = 'ninja any seed ';"
#define TC_STORE_NINJA_IDS_SQL                                                                     \
	TC_STORE_NINJA_IDS_OF("scores")                                                            \
	TC_STORE_NINJA_IDS_OF("recordings") TC_STORE_NINJA_IDS_OF("races")

/* How a store is opened (tilecade/store.h's three ways). */
enum tc_store_opening {
	TC_OPEN_OWN,      /* the player's: made where there is none yet */
	TC_OPEN_EXISTING, /* a shared board: only one that is there already */
	TC_OPEN_TO_READ,  /* to read scores: nothing is made */
};

struct tc_sql_engine {
	const char *name; /* "SQLite", "PostgreSQL" */
	enum tc_sql_dialect dialect;
	/* Opens st->where into st->conn and brings its schema to TC_STORE_SCHEMA (refusing a
	 * newer one, or one that is not tilecade's). Returns NULL, or why the store is off (a
	 * line without the path or any credentials). */
	const char *(*open)(struct tc_store *st, enum tc_store_opening how);
	void (*close)(struct tc_store *st);
	int (*schema_version)(struct tc_store *st);
	/* Statements: q->impl is the engine's. */
	bool (*prepare)(struct tc_store *st, struct tc_sql *q, const char *sql);
	void (*bind_text)(struct tc_sql *q, int i, const char *text);
	void (*bind_int)(struct tc_sql *q, int i, int64_t value);
	void (*bind_blob)(struct tc_sql *q, int i, const void *data, size_t len);
	enum tc_sql_rc (*step)(struct tc_sql *q);
	bool (*text)(struct tc_sql *q, int i, char *dst, size_t len);
	bool (*integer)(struct tc_sql *q, int i, int64_t lo, int64_t hi, int64_t *out);
	bool (*blob)(struct tc_sql *q, int i, void **data, size_t *len);
	bool (*null)(struct tc_sql *q, int i);
	int64_t (*changes)(struct tc_sql *q);
	void (*finish)(struct tc_sql *q);
	enum tc_sql_rc (*exec)(struct tc_store *st, const char *sql);
	bool (*begin)(struct tc_store *st);
};

struct tc_sql {
	struct tc_store *st;
	void *impl;
};

extern const struct tc_sql_engine tc_sqlite_engine;
extern const struct tc_sql_engine tc_pg_engine;

#endif
