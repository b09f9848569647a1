/* Recordings as read back from the database (a shared PostgreSQL one is written by every host's
 * players, and by whoever else reaches it): a row put in the recordings table as it comes,
 * loaded (tc_store_load_recording, tc_store_latest_recordings) and replayed as `replay N` and a
 * ghost do (replay_open.c: N's runs by N's follower, other games by a session's). Never crash;
 * a row loaded holds what the store promises.
 *
 * The input: a byte whose bit i puts column i (player, game, game_id, result, points, time_ms,
 * moves, date) in as a blob of its bytes, as a hostile database may; the four texts, each
 * ending with a NUL; the four numbers, 8 bytes each, little endian; then the events. */
#define _GNU_SOURCE
#include "fuzz.h"

#include <limits.h>
#include <unistd.h>

#include "sql.h"
#include "tilecade/ghost.h"
#include "tilecade/live_follow.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/recordings.h"

#define TEXTS 4
#define NUMBERS 4

static char folder[] = "/tmp/fuzz-recording-XXXXXX";
static char path[sizeof folder + 16];
static struct tc_store *store;

static void remove_store(void)
{
	tc_store_close(store);
	static const char *const files[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char name[sizeof path + 16];
		snprintf(name, sizeof name, "%s%s", path, files[i]);
		unlink(name);
	}
	rmdir(folder);
}

static struct tc_store *open_store(void)
{
	if (store)
		return store;
	FUZZ_CHECK(mkdtemp(folder));
	snprintf(path, sizeof path, "%s/r.db", folder);
	char notice[TC_STORE_NOTICE_MAX];
	store = tc_store_open(path, notice, sizeof notice);
	FUZZ_CHECK(store && tc_store_ok(store));
	atexit(remove_store);
	tc_sql_exec(store, "PRAGMA synchronous = OFF");
	return store;
}

/* The next text of the input (up to a NUL, or all that is left). */
static const char *next_text(const uint8_t **at, const uint8_t *end, size_t *len)
{
	const uint8_t *nul = memchr(*at, '\0', (size_t)(end - *at));
	const char *text = (const char *)*at;
	*len = (size_t)((nul ? nul : end) - *at);
	*at = nul ? nul + 1 : end;
	return text;
}

static int64_t next_number(const uint8_t **at, const uint8_t *end, const uint8_t **bytes)
{
	uint64_t v = 0;
	*bytes = *at;
	for (int i = 0; i < 8 && *at < end; i++, (*at)++)
		v |= (uint64_t)**at << (8 * i);
	return (int64_t)v;
}

/* Puts the input's row in the recordings table: its id, or 0. */
static int64_t insert_row(struct tc_store *st, const uint8_t *data, size_t size)
{
	const uint8_t *at = data + 1, *end = data + size;
	unsigned as_blob = data[0];
	struct tc_sql *q = tc_sql_prepare(
	        st, "INSERT INTO recordings (player, game, game_id, result, points, time_ms,"
	            " moves, date, events) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id");
	for (int i = 0; i < TEXTS; i++) {
		size_t len;
		const char *text = next_text(&at, end, &len);
		char *copy = fuzz_cstr((const uint8_t *)text, len);
		if (as_blob & 1u << i)
			tc_sql_bind_blob(q, i + 1, text, len);
		else
			tc_sql_bind_text(q, i + 1, copy);
		free(copy);
	}
	for (int i = 0; i < NUMBERS; i++) {
		const uint8_t *bytes;
		int64_t v = next_number(&at, end, &bytes);
		if (as_blob & 1u << (TEXTS + i))
			tc_sql_bind_blob(q, TEXTS + i + 1, bytes, (size_t)(at - bytes));
		else
			tc_sql_bind_int(q, TEXTS + i + 1, v);
	}
	tc_sql_bind_blob(q, 9, at, (size_t)(end - at));
	int64_t id = 0;
	if (tc_sql_step(q) != TC_SQL_ROW || !tc_sql_int(q, 0, 1, INT64_MAX, &id))
		id = 0;
	tc_sql_finish(q);
	return id;
}

static void check_row(const struct tc_recording *rec)
{
	static const char *const results[] = {"won", "lost", "ended", "left"};
	bool known = false;
	for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
		known = known || strcmp(rec->result, results[i]) == 0;
	FUZZ_CHECK(known && rec->points >= 0 && rec->time_ms >= 0 && rec->date >= 0);
	FUZZ_CHECK(strlen(rec->player) < sizeof rec->player &&
	           strlen(rec->game_id) < sizeof rec->game_id);
}

/* As `replay N` and a ghost race play it. */
static void replay(const struct tc_recording *rec)
{
	static struct nj_replay run; /* big: not on the stack */
	char err[160], name[NJ_STREAM_NAME_MAX];
	struct tc_live_follow f;
	tc_live_follow_init(&f);
	if (strcmp(rec->game, "ninja") == 0) {
		if (nj_replay_of_stream(rec->events, rec->events_len, &run, name, sizeof name, err,
		                        sizeof err) != 0)
			FUZZ_CHECK(strlen(err) > 0);
	} else if (tc_live_follow_log(&f, rec->events, rec->events_len, UINT_MAX, err,
	                              sizeof err) == 0 &&
	           f.session) {
		tc_session_status(f.session);
		tc_session_score(f.session);
	}
	tc_live_follow_free(&f);

	struct tc_ghost *ghost = tc_ghost_new(rec->events, rec->events_len, "ghost", err, sizeof err);
	if (!ghost) {
		FUZZ_CHECK(strlen(err) > 0);
		return;
	}
	struct tc_racer racer;
	for (uint64_t t = 0; t <= (uint64_t)rec->time_ms + 1000; t = t * 2 + 500) {
		tc_ghost_at(ghost, t);
		tc_ghost_racer(ghost, &racer);
		if (tc_ghost_next(ghost, t) < 0)
			break;
	}
	tc_ghost_at(ghost, 0);
	tc_ghost_free(ghost);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	struct tc_store *st = open_store();
	int64_t id = insert_row(st, data, size);
	if (id == 0)
		return 0;
	struct tc_recording rec;
	if (tc_store_load_recording(st, id, &rec) == TC_RECORDING_OK) {
		check_row(&rec);
		FUZZ_CHECK(rec.id == id && rec.events && rec.events_len > 0);
		replay(&rec);
		tc_recording_free(&rec);
	} else {
		FUZZ_CHECK(!rec.events);
	}
	struct tc_recording latest[2];
	int n = tc_store_latest_recordings(st, latest, 2);
	for (int i = 0; i < n; i++)
		check_row(&latest[i]);
	tc_sql_exec(st, "DELETE FROM recordings");
	return 0;
}
