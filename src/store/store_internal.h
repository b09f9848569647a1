/* The store's insides, shared by the files of src/store that keep one kind of thing each
 * (store.c: opening, scores and saves; others: recordings, players, races). Statements go
 * through sql.h, which runs them on the store's engine (engine.h). */
#ifndef TILECADE_STORE_INTERNAL_H
#define TILECADE_STORE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "sql.h"
#include "tilecade/store.h"

struct tc_store {
	const struct tc_sql_engine *engine;
	void *conn;     /* the engine's connection; NULL when the store is off or away */
	bool read_only;
	bool away;      /* PostgreSQL: the database could not be reached; tried again later */
	int64_t last_score_id;             /* of the last tc_store_add_score */
	char owner[32];                    /* whose saves these are: "" for one player's store */
	char where[512];                   /* the path or URL as given: a URL may hold a password,
	                                    * so it is never shown (tc_store_where_shown) */
	char why[TC_STORE_NOTICE_MAX / 2]; /* why it is disabled, "" when it is not */
};

/* st->where as a line may show it: a URL without its password or options. */
void tc_store_where_shown(const struct tc_store *st, char *out, size_t len);
/* Whether the store is open and takes writes. */
bool tc_store_writable(const struct tc_store *st);

#endif
