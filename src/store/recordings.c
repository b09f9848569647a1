/* Recordings in the store's recordings table (schema 3). */
#include "tilecade/recordings.h"
#include "store_internal.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define RECORDING_COLUMNS "player, game, game_id, result, points, time_ms, moves, date, events"

/* The columns of RECORDING_COLUMNS, ?1 to ?9. */
static bool bind_recording(sqlite3_stmt *stmt, const struct tc_recording *rec)
{
	if (rec->events_len > TC_RECORDING_EVENTS_MAX)
		return false;
	sqlite3_bind_text(stmt, 1, rec->player, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 2, rec->game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 3, rec->game_id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 4, rec->result, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 5, rec->points);
	sqlite3_bind_int64(stmt, 6, rec->time_ms);
	sqlite3_bind_int64(stmt, 7, rec->moves);
	sqlite3_bind_int64(stmt, 8, rec->date);
	/* A zero-length blob, not NULL: the column is NOT NULL. */
	sqlite3_bind_blob64(stmt, 9, rec->events_len ? (const void *)rec->events : "",
	                    rec->events_len, SQLITE_TRANSIENT);
	return true;
}

/* Keeps the player's newest TC_RECORDINGS_UNLINKED_MAX recordings that no score links to. */
static void drop_oldest_unlinked(struct tc_store *st, const char *player)
{
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db,
	                     "DELETE FROM recordings WHERE id IN (SELECT id FROM recordings"
	                     " WHERE player = ?1 AND id NOT IN (SELECT recording FROM scores)"
	                     " ORDER BY id DESC LIMIT -1 OFFSET ?2)",
	                     &stmt) != SQLITE_OK)
		return;
	sqlite3_bind_text(stmt, 1, player, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(stmt, 2, TC_RECORDINGS_UNLINKED_MAX);
	tc_store_step(stmt);
	sqlite3_finalize(stmt);
}

int64_t tc_store_add_recording(struct tc_store *st, const struct tc_recording *rec)
{
	if (!tc_store_writable(st))
		return 0;
	sqlite3_stmt *stmt;
	if (tc_store_prepare(st->db,
	                     "INSERT INTO recordings (" RECORDING_COLUMNS ")"
	                     " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
	                     &stmt) != SQLITE_OK)
		return 0;
	int rc = bind_recording(stmt, rec) ? tc_store_step(stmt) : SQLITE_TOOBIG;
	sqlite3_finalize(stmt);
	if (rc != SQLITE_DONE)
		return 0;
	int64_t id = sqlite3_last_insert_rowid(st->db);
	drop_oldest_unlinked(st, rec->player);
	return id;
}

int tc_store_replace_recording(struct tc_store *st, const struct tc_recording *rec)
{
	if (!tc_store_writable(st))
		return -1;
	sqlite3_stmt *stmt;
	if (tc_store_prepare(
	            st->db,
	            "UPDATE recordings SET player = ?1, game = ?2, game_id = ?3, result = ?4,"
	            " points = ?5, time_ms = ?6, moves = ?7, date = ?8, events = ?9"
	            " WHERE id = ?10",
	            &stmt) != SQLITE_OK)
		return -1;
	int rc = SQLITE_TOOBIG;
	if (bind_recording(stmt, rec)) {
		sqlite3_bind_int64(stmt, 10, rec->id);
		rc = tc_store_step(stmt);
	}
	sqlite3_finalize(stmt);
	return rc == SQLITE_DONE && sqlite3_changes(st->db) == 1 ? 0 : -1;
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
static bool read_fields(sqlite3_stmt *stmt, struct tc_recording *out)
{
	if (!tc_store_read_text(stmt, 0, out->player, sizeof out->player) ||
	    !tc_store_read_text(stmt, 1, out->game, sizeof out->game) ||
	    !tc_store_read_text(stmt, 2, out->game_id, sizeof out->game_id) ||
	    !tc_store_read_text(stmt, 3, out->result, sizeof out->result) || !known_result(out->result))
		return false;
	int64_t moves;
	if (!tc_store_read_int(stmt, 4, 0, INT64_MAX, &out->points) ||
	    !tc_store_read_int(stmt, 5, 0, INT64_MAX, &out->time_ms) ||
	    !tc_store_read_int(stmt, 6, 0, UINT32_MAX, &moves) ||
	    !tc_store_read_int(stmt, 7, 0, INT64_MAX, &out->date))
		return false;
	out->moves = (unsigned)moves;
	return true;
}

/* A row of RECORDING_COLUMNS; false when it is not one this program wrote. */
static bool read_recording(sqlite3_stmt *stmt, struct tc_recording *out)
{
	if (!read_fields(stmt, out))
		return false;
	/* The size first: an absurd blob is refused before it is read into memory. */
	if (sqlite3_column_type(stmt, 8) != SQLITE_BLOB)
		return false;
	int n = sqlite3_column_bytes(stmt, 8);
	if (n <= 0 || (unsigned)n > TC_RECORDING_EVENTS_MAX)
		return false;
	const void *blob = sqlite3_column_blob(stmt, 8);
	if (!blob || !(out->events = malloc((size_t)n)))
		return false;
	memcpy(out->events, blob, (size_t)n);
	out->events_len = (size_t)n;
	return true;
}

enum tc_recording_load tc_store_load_recording(struct tc_store *st, int64_t id,
                                               struct tc_recording *out)
{
	memset(out, 0, sizeof *out);
	if (!tc_store_ok(st))
		return TC_RECORDING_NONE;
	sqlite3_stmt *stmt;
	/* length() of a blob reads its size without its bytes: a row over the bound reads its
	 * events as NULL, told damaged without being loaded. */
	if (tc_store_prepare(st->db,
	                     "SELECT player, game, game_id, result, points, time_ms, moves, date,"
	                     " CASE WHEN length(events) <= ?2 THEN events END"
	                     " FROM recordings WHERE id = ?1",
	                     &stmt) != SQLITE_OK)
		return TC_RECORDING_NONE;
	sqlite3_bind_int64(stmt, 1, id);
	sqlite3_bind_int64(stmt, 2, TC_RECORDING_EVENTS_MAX);
	enum tc_recording_load result = TC_RECORDING_NONE;
	if (tc_store_step(stmt) == SQLITE_ROW) {
		result = read_recording(stmt, out) ? TC_RECORDING_OK : TC_RECORDING_DAMAGED;
		if (result == TC_RECORDING_OK)
			out->id = id;
		else
			tc_recording_free(out);
	}
	sqlite3_finalize(stmt);
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
	sqlite3_stmt *stmt;
	if (!tc_store_ok(st) || max <= 0 ||
	    tc_store_prepare(st->db,
	                     "SELECT id FROM recordings WHERE player = ?1 AND game_id = ?2"
	                     " ORDER BY id DESC LIMIT ?3",
	                     &stmt) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(stmt, 1, player, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 2, game_id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(stmt, 3, max);
	int n = 0;
	while (n < max && tc_store_step(stmt) == SQLITE_ROW)
		ids[n++] = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return n;
}

int tc_store_latest_recordings(struct tc_store *st, struct tc_recording *out, int max)
{
	sqlite3_stmt *stmt;
	if (!tc_store_ok(st) || max <= 0 ||
	    tc_store_prepare(
	            st->db,
	            "SELECT player, game, game_id, result, points, time_ms, moves, date, id"
	            " FROM recordings ORDER BY id DESC LIMIT ?1",
	            &stmt) != SQLITE_OK)
		return 0;
	sqlite3_bind_int(stmt, 1, max);
	int n = 0;
	while (n < max && tc_store_step(stmt) == SQLITE_ROW) {
		memset(&out[n], 0, sizeof out[n]);
		if (!read_fields(stmt, &out[n]))
			continue; /* a damaged row: not one to offer */
		out[n].id = sqlite3_column_int64(stmt, 8);
		n++;
	}
	sqlite3_finalize(stmt);
	return n;
}
