/* Recordings in the store's recordings table (schema 3). */
#include "tilecade/recordings.h"
#include "store_internal.h"
#include "waiting.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define RECORDING_COLUMNS "player, game, game_id, result, points, time_ms, moves, date, events"

/* The columns of RECORDING_COLUMNS, ?1 to ?9. */
static void bind_recording(struct tc_sql *q, const struct tc_recording *rec)
{
	tc_sql_bind_text(q, 1, rec->player);
	tc_sql_bind_text(q, 2, rec->game);
	tc_sql_bind_text(q, 3, rec->game_id);
	tc_sql_bind_text(q, 4, rec->result);
	tc_sql_bind_int(q, 5, rec->points);
	tc_sql_bind_int(q, 6, rec->time_ms);
	tc_sql_bind_int(q, 7, rec->moves);
	tc_sql_bind_int(q, 8, rec->date);
	tc_sql_bind_blob(q, 9, rec->events, rec->events_len);
}

/* Keeps the player's newest TC_RECORDINGS_UNLINKED_MAX recordings that no score links to: those
 * up to the first one past them go. */
static void drop_oldest_unlinked(struct tc_store *st, const char *player)
{
	struct tc_sql *q = tc_sql_prepare(
	        st, "DELETE FROM recordings WHERE player = ?1 AND id NOT IN"
	            " (SELECT recording FROM scores) AND id <= (SELECT id FROM recordings"
	            " WHERE player = ?1 AND id NOT IN (SELECT recording FROM scores)"
	            " ORDER BY id DESC LIMIT 1 OFFSET ?2)");
	tc_sql_bind_text(q, 1, player);
	tc_sql_bind_int(q, 2, TC_RECORDINGS_UNLINKED_MAX);
	tc_sql_run(q);
}

int64_t tc_store_add_recording(struct tc_store *st, const struct tc_recording *rec)
{
	if (tc_waiting_takes(st, 0))
		return tc_waiting_add_recording(st, rec);
	int64_t id = tc_store_insert_recording(st, rec);
	/* The database went away just now: the recording waits. */
	return id == 0 && tc_waiting_takes(st, 0) ? tc_waiting_add_recording(st, rec) : id;
}

int64_t tc_store_insert_recording(struct tc_store *st, const struct tc_recording *rec)
{
	if (!tc_store_writable(st) || rec->events_len > TC_RECORDING_EVENTS_MAX)
		return 0;
	struct tc_sql *q = tc_sql_prepare(st, "INSERT INTO recordings (" RECORDING_COLUMNS ")"
	                                      " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
	                                      " RETURNING id");
	bind_recording(q, rec);
	int64_t id;
	bool added = tc_sql_step(q) == TC_SQL_ROW && tc_sql_int(q, 0, 1, INT64_MAX, &id);
	if (tc_sql_run(q) != TC_SQL_DONE || !added)
		return 0;
	drop_oldest_unlinked(st, rec->player);
	return id;
}

int tc_store_replace_recording(struct tc_store *st, const struct tc_recording *rec)
{
	if (tc_waiting_takes(st, rec->id))
		return tc_waiting_replace_recording(st, rec);
	if (!tc_store_writable(st) || rec->events_len > TC_RECORDING_EVENTS_MAX)
		return -1;
	struct tc_sql *q = tc_sql_prepare(
	        st, "UPDATE recordings SET player = ?1, game = ?2, game_id = ?3, result = ?4,"
	            " points = ?5, time_ms = ?6, moves = ?7, date = ?8, events = ?9"
	            " WHERE id = ?10");
	bind_recording(q, rec);
	tc_sql_bind_int(q, 10, rec->id);
	bool replaced = tc_sql_step(q) == TC_SQL_DONE && tc_sql_changes(q) == 1;
	tc_sql_finish(q);
	return replaced ? 0 : -1;
}

static bool known_result(const char *result)
{
	static const char *const results[] = {"won", "lost", "ended", "left"};
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
		if (strcmp(result, results[i]) == 0)
			return true;
	return false;
}

/* A row's RECORDING_COLUMNS but its events; false when it is not one this program wrote. */
static bool read_fields(struct tc_sql *q, struct tc_recording *out)
{
	if (!tc_sql_text(q, 0, out->player, sizeof out->player) ||
	    !tc_sql_text(q, 1, out->game, sizeof out->game) ||
	    !tc_sql_text(q, 2, out->game_id, sizeof out->game_id) ||
	    !tc_sql_text(q, 3, out->result, sizeof out->result) || !known_result(out->result))
		return false;
	int64_t moves;
	if (!tc_sql_int(q, 4, 0, INT64_MAX, &out->points) ||
	    !tc_sql_int(q, 5, 0, INT64_MAX, &out->time_ms) ||
	    !tc_sql_int(q, 6, 0, UINT32_MAX, &moves) || !tc_sql_int(q, 7, 0, INT64_MAX, &out->date))
		return false;
	out->moves = (unsigned)moves;
	return true;
}

/* A row of RECORDING_COLUMNS, its events NULL when over the bound; false when it is not one
 * this program wrote. */
static bool read_recording(struct tc_sql *q, struct tc_recording *out)
{
	void *events;
	size_t len;
	if (!read_fields(q, out) || tc_sql_null(q, 8) || !tc_sql_blob(q, 8, &events, &len))
		return false;
	out->events = events;
	out->events_len = len;
	return len > 0 && len <= TC_RECORDING_EVENTS_MAX;
}

enum tc_recording_load tc_store_load_recording(struct tc_store *st, int64_t id,
                                               struct tc_recording *out)
{
	memset(out, 0, sizeof *out);
	if (!tc_store_ok(st))
		return TC_RECORDING_NONE;
	/* length() of a blob reads its size without its bytes: a row over the bound reads its
	 * events as NULL, told damaged without being loaded. */
	struct tc_sql *q = tc_sql_prepare(
	        st,
	        "SELECT player, game, game_id, result, points, time_ms, moves, date,"
	        " CASE WHEN length(events) <= ?2 THEN events END FROM recordings WHERE id = ?1");
	tc_sql_bind_int(q, 1, id);
	tc_sql_bind_int(q, 2, TC_RECORDING_EVENTS_MAX);
	enum tc_recording_load result = TC_RECORDING_NONE;
	if (tc_sql_step(q) == TC_SQL_ROW) {
		result = read_recording(q, out) ? TC_RECORDING_OK : TC_RECORDING_DAMAGED;
		if (result == TC_RECORDING_OK)
			out->id = id;
		else
			tc_recording_free(out);
	}
	tc_sql_finish(q);
	return result;
}

void tc_recording_free(struct tc_recording *rec)
{
	free(rec->events);
	memset(rec, 0, sizeof *rec);
}

int tc_store_recordings_of_game(struct tc_store *st, const char *player, const char *game_id,
                                int64_t *ids, int max)
{
	if (!tc_store_ok(st) || max <= 0)
		return 0;
	struct tc_sql *q = tc_sql_prepare(st, "SELECT id FROM recordings WHERE (?1 = '' OR"
	                                      " player = ?1) AND game_id = ?2 ORDER BY id DESC"
	                                      " LIMIT ?3");
	tc_sql_bind_text(q, 1, player ? player : ""); /* "": every player's */
	tc_sql_bind_text(q, 2, game_id);
	tc_sql_bind_int(q, 3, max);
	int n = 0;
	while (n < max && tc_sql_step(q) == TC_SQL_ROW)
		if (tc_sql_int(q, 0, 1, INT64_MAX, &ids[n]))
			n++;
	tc_sql_finish(q);
	return n;
}

int tc_store_latest_recordings(struct tc_store *st, struct tc_recording *out, int max)
{
	if (!tc_store_ok(st) || max <= 0)
		return 0;
	struct tc_sql *q = tc_sql_prepare(
	        st, "SELECT player, game, game_id, result, points, time_ms, moves, date, id"
	            " FROM recordings ORDER BY id DESC LIMIT ?1");
	tc_sql_bind_int(q, 1, max);
	int n = 0;
	while (n < max && tc_sql_step(q) == TC_SQL_ROW) {
		memset(&out[n], 0, sizeof out[n]);
		if (read_fields(q, &out[n]) && tc_sql_int(q, 8, 1, INT64_MAX, &out[n].id))
			n++; /* else a damaged row: not one to offer */
	}
	tc_sql_finish(q);
	return n;
}
