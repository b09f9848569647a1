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
	void *conn; /* the engine's connection; NULL when the store is off or away */
	bool read_only;
	bool away; /* PostgreSQL: the database could not be reached; tried again later */
	void *connecting; /* PostgreSQL, away: a connection being made (pg_engine.c's), or NULL */
	int64_t last_score_id;             /* of the last tc_store_add_score */
	char owner[32];                    /* whose saves these are: "" for one player's store */
	char where[512];                   /* the path or URL as given: a URL may hold a password,
	                                    * so it is never shown (tc_store_where_shown) */
	char why[TC_STORE_NOTICE_MAX / 2]; /* why it is disabled, "" when it is not */
	/* The store away (waiting_store.c): games waiting on this machine for the database,
	 * whether a save waits too (not counted in waiting), when it was last tried (monotonic
	 * ms), and how long until the next try. */
	int waiting;
	bool save_waits;
	uint64_t tried_ms;
	uint32_t retry_gap_ms;
};

/* st->where as a line may show it: a URL without its password or options. */
void tc_store_where_shown(const struct tc_store *st, char *out, size_t len);
/* Whether the store is open and takes writes. */
bool tc_store_writable(const struct tc_store *st);

/* The writes as the database takes them, without the waiting queue (waiting.h), which writes
 * a game that waited through them, in its own transaction. A score's and a recording's row id,
 * or 0; a racer's result (tc_store_race_finish's, the race not read); a save (tc_store_put_save,
 * held by holder: see enum tc_put_how); a save dropped unless it was saved after saved_before
 * (Unix time), or is held by another than holder (0: by whoever). */
int64_t tc_store_insert_score(struct tc_store *st, const struct tc_score *s);
struct tc_recording;
int64_t tc_store_insert_recording(struct tc_store *st, const struct tc_recording *rec);
struct tc_racer;
bool tc_store_race_record(struct tc_store *st, int64_t id, const char *player,
                          const struct tc_racer *result, int64_t now_ms);
enum tc_put_how {
	TC_PUT_CLAIM,              /* replaces the game's save, whoever held it */
	TC_PUT_CLAIM_UNLESS_NEWER, /* the same, unless the database holds a later save of it */
	TC_PUT_HELD,               /* only over the save holder holds */
};
/* 0 written, TC_STORE_LOST not (another holds the game, or a later save of it is there), -1
 * failed. */
int tc_store_put_save(struct tc_store *st, const char *owner, const char *game, const void *blob,
                      size_t len, const char *summary, const void *events, size_t events_len,
                      int64_t saved_at, uint64_t holder, enum tc_put_how how);
bool tc_store_drop_save(struct tc_store *st, const char *owner, const char *game,
                        int64_t saved_before, uint64_t holder);
/* A new hold (tilecade/store.h): random, never 0, within a BIGINT. */
uint64_t tc_store_new_hold(void);

#endif
