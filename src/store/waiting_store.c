/* The store away (tilecade/store.h): while a PostgreSQL database cannot be reached, what
 * finishes waits on this machine (waiting.h), and is written when the database is back, each
 * waiting game in one transaction with its token in table `written`, so that a game whose commit
 * reached the server but whose file was not removed yet is not written twice.
 *
 * A game waits as one file: its recording is given a handle (a negative id, never a row's) that
 * its score and a race's result link to, and that later calls on the same game (its end again
 * after an undo) name; once the game is written, the handle stands for the rows' ids for the
 * rest of the program's run. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"
#include "clock.h"
#include "waiting.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pg_engine.h"
#include "sha256.h"

/* How often an away store tries to reach its database: every RETRY_MS at first, then twice as
 * long after each try that failed, up to RETRY_MAX_MS. A connect attempt to a host that is gone
 * takes up to the engine's connect timeout, which the player must not feel at every key. */
#define RETRY_MS 5000
#define RETRY_MAX_MS 20000
/* The most waiting files one pass writes. */
#define PASS_MAX 256

/* Which database st is, as a file says it: a hash of its URL and of the variables libpq fills
 * a URL in from, never the URL (its password) itself. */
static void database_of(const struct tc_store *st, char db[TC_WAITING_DB])
{
	static const char *const filled_from[] = {"PGHOST",     "PGHOSTADDR", "PGPORT",
	                                          "PGDATABASE", "PGUSER",     "PGSERVICE"};
	char key[sizeof st->where + 512];
	int n = snprintf(key, sizeof key, "%s", st->where);
	for (size_t i = 0; i < sizeof filled_from / sizeof filled_from[0]; i++) {
		const char *v = getenv(filled_from[i]);
		if (n >= 0 && (size_t)n < sizeof key)
			n += snprintf(key + n, sizeof key - (size_t)n, "%c%s", 0, v ? v : "");
	}
	uint8_t digest[32];
	tc_sha256(key, n > 0 && (size_t)n < sizeof key ? (size_t)n : sizeof key, digest);
	for (int i = 0; i < 32; i++)
		snprintf(db + 2 * i, 3, "%02x", digest[i]);
}

/* ---- the ids of games written since they waited ---- */

/* Handles of games written in this run, and their rows: a game written while it was still being
 * played (the database came back before its end was undone) goes on in its rows. */
#define WRITTEN_MAX 16
static struct {
	int64_t handle, recording, score;
} written_ids[WRITTEN_MAX];
static unsigned written_next;

static void remember_written(int64_t handle, int64_t recording, int64_t score)
{
	written_ids[written_next % WRITTEN_MAX].handle = handle;
	written_ids[written_next % WRITTEN_MAX].recording = recording;
	written_ids[written_next % WRITTEN_MAX].score = score;
	written_next++;
}

/* The row's id a handle stands for (0: none known); a row's id as it is. */
static int64_t row_of(int64_t id, bool score)
{
	if (id >= 0)
		return id;
	for (int i = 0; i < WRITTEN_MAX; i++)
		if (written_ids[i].handle == id)
			return score ? written_ids[i].score : written_ids[i].recording;
	return 0;
}

/* ---- keeping ---- */

/* The game file of handle (a negative id) when it waits still: true with *w read. */
static bool waiting_game(const char *folder, int64_t handle, struct tc_waiting *w)
{
	char token[TC_WAITING_TOKEN];
	return tc_waiting_token_of(handle, token) && tc_waiting_get(folder, token, w) == 0;
}

/* A new game file for st. */
static void new_game(const struct tc_store *st, struct tc_waiting *w)
{
	memset(w, 0, sizeof *w);
	tc_waiting_new_token(w->token);
	database_of(st, w->db);
}

/* Writes w, a game file that was not there before when `counted`: 0, or -1. */
static int keep(struct tc_store *st, const char *folder, const struct tc_waiting *w, bool counted)
{
	if (tc_waiting_put(folder, w) != 0)
		return -1;
	if (!counted)
		st->waiting++;
	return 0;
}

bool tc_waiting_takes(const struct tc_store *st, int64_t id)
{
	return st && !st->read_only && (st->away || id < 0);
}

int64_t tc_waiting_add_recording(struct tc_store *st, const struct tc_recording *rec)
{
	char folder[1024];
	struct tc_waiting w;
	if (!st->away || rec->events_len > TC_RECORDING_EVENTS_MAX ||
	    tc_waiting_folder(folder, sizeof folder) != 0)
		return 0;
	new_game(st, &w);
	w.parts = TC_WAITING_RECORDING;
	w.rec = *rec;
	w.rec.id = 0;
	return keep(st, folder, &w, false) == 0 ? tc_waiting_handle(w.token) : 0;
}

int tc_waiting_replace_recording(struct tc_store *st, const struct tc_recording *rec)
{
	char folder[1024];
	struct tc_waiting w;
	if (tc_waiting_folder(folder, sizeof folder) != 0)
		return -1;
	if (rec->id < 0 && waiting_game(folder, rec->id, &w)) {
		unsigned char *events = w.rec.events;
		w.rec = *rec;
		w.rec.id = 0;
		w.parts |= TC_WAITING_RECORDING;
		int result = keep(st, folder, &w, true);
		w.rec.events = events; /* the caller's are not freed */
		tc_waiting_free(&w);
		return result;
	}
	/* Written since, or a row written before the database went away: a row is replaced in
	 * the database, which must be there for it. */
	struct tc_recording row = *rec;
	row.id = row_of(rec->id, false);
	return row.id > 0 && !st->away ? tc_store_replace_recording(st, &row) : -1;
}

int tc_waiting_add_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by)
{
	char folder[1024];
	struct tc_waiting w;
	if (tc_waiting_folder(folder, sizeof folder) != 0)
		return -1;
	bool linked = s->recording < 0 && waiting_game(folder, s->recording, &w);
	if (!linked) {
		struct tc_score row = *s;
		row.recording = row_of(s->recording, false);
		if (!st->away) /* its recording was written already: so is it */
			return tc_store_add_score(st, &row, by);
		new_game(st, &w);
	}
	w.parts |= TC_WAITING_SCORE;
	w.score = *s;
	w.score.id = 0;
	w.score.recording = linked ? 0 : row_of(s->recording, false);
	w.by = by;
	int result = keep(st, folder, &w, linked);
	if (result == 0)
		st->last_score_id = tc_waiting_handle(w.token);
	tc_waiting_free(&w);
	return result;
}

int tc_waiting_replace_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by)
{
	char folder[1024];
	struct tc_waiting w;
	if (tc_waiting_folder(folder, sizeof folder) != 0)
		return -1;
	if (s->id < 0 && waiting_game(folder, s->id, &w)) {
		w.parts |= TC_WAITING_SCORE;
		w.score = *s;
		w.score.id = 0;
		w.score.recording = s->recording == s->id ? 0 : row_of(s->recording, false);
		w.by = by;
		int result = keep(st, folder, &w, true);
		tc_waiting_free(&w);
		return result;
	}
	struct tc_score row = *s;
	row.id = row_of(s->id, true);
	row.recording = row_of(s->recording, false);
	return row.id > 0 && !st->away ? tc_store_replace_score(st, &row, by) : -1;
}

int tc_waiting_race_finish(struct tc_store *st, int64_t id, const char *player,
                           const struct tc_racer *result, int64_t now_ms)
{
	char folder[1024];
	struct tc_waiting w;
	if (strlen(player) >= sizeof w.racer || tc_waiting_folder(folder, sizeof folder) != 0)
		return -1;
	bool linked = result->recording < 0 && waiting_game(folder, result->recording, &w);
	if (!linked) {
		struct tc_racer row = *result;
		row.recording = row_of(result->recording, false);
		if (!st->away)
			return tc_store_race_finish(st, id, player, &row, now_ms);
		new_game(st, &w);
	}
	w.parts |= TC_WAITING_RACE;
	w.race = id;
	snprintf(w.racer, sizeof w.racer, "%s", player);
	w.result = *result;
	w.result.recording = linked ? 0 : row_of(result->recording, false);
	w.race_ms = now_ms;
	int kept = keep(st, folder, &w, linked);
	tc_waiting_free(&w);
	return kept;
}

int tc_waiting_save(struct tc_store *st, const char *game, const void *blob, size_t len,
                    const char *summary, const void *events, size_t events_len, uint64_t holder,
                    bool claims)
{
	char folder[1024];
	struct tc_waiting w = {0};
	if (strlen(game) >= sizeof w.save_game || strlen(summary) >= sizeof w.summary ||
	    events_len > TC_RECORDING_EVENTS_MAX || tc_waiting_folder(folder, sizeof folder) != 0)
		return -1;
	/* A game claimed while the database was away is still a claim when saved again: the
	 * database has never seen its hold. */
	struct tc_waiting before;
	if (!claims && tc_waiting_save_of(st, game, &before)) {
		claims = before.claims && before.holder == holder;
		tc_waiting_free(&before);
	}
	w.holder = holder;
	w.claims = claims;
	database_of(st, w.db);
	tc_waiting_save_token(w.db, st->owner, game, w.token);
	w.parts = TC_WAITING_SAVE;
	snprintf(w.owner, sizeof w.owner, "%s", st->owner);
	snprintf(w.save_game, sizeof w.save_game, "%s", game);
	w.save_gone = blob == NULL;
	w.save = (unsigned char *)blob;
	w.save_len = blob ? len : 0;
	snprintf(w.summary, sizeof w.summary, "%s", summary);
	w.save_events = (unsigned char *)events;
	w.save_events_len = events ? events_len : 0;
	w.saved_at = (int64_t)time(NULL);
	if (tc_waiting_put(folder, &w) != 0)
		return -1;
	st->save_waits = true; /* no game waiting: not counted, but retried */
	return 0;
}

/* ---- saves read while they wait ---- */

bool tc_waiting_save_of(const struct tc_store *st, const char *game, struct tc_waiting *w)
{
	char folder[1024], db[TC_WAITING_DB], token[TC_WAITING_TOKEN];
	if (tc_waiting_folder(folder, sizeof folder) != 0)
		return false;
	database_of(st, db);
	tc_waiting_save_token(db, st->owner, game, token);
	if (tc_waiting_get(folder, token, w) != 0)
		return false;
	if (w->parts == TC_WAITING_SAVE && strcmp(w->owner, st->owner) == 0 &&
	    strcmp(w->save_game, game) == 0)
		return true;
	tc_waiting_free(w);
	return false;
}

int tc_waiting_saves(const struct tc_store *st, struct tc_waiting *out, int max)
{
	char folder[1024], db[TC_WAITING_DB];
	if (tc_waiting_folder(folder, sizeof folder) != 0)
		return 0;
	database_of(st, db);
	char(*tokens)[TC_WAITING_TOKEN] = malloc(PASS_MAX * sizeof *tokens);
	int n = tokens ? tc_waiting_list(folder, db, tokens, PASS_MAX) : 0;
	int found = 0;
	for (int i = 0; i < n && found < max; i++) {
		if (tc_waiting_get(folder, tokens[i], &out[found]) != 0)
			continue;
		const struct tc_waiting *w = &out[found];
		if (w->parts == TC_WAITING_SAVE && !w->save_gone && strcmp(w->owner, st->owner) == 0)
			found++;
		else
			tc_waiting_free(&out[found]);
	}
	free(tokens);
	return found;
}

void tc_waiting_forget_save(const struct tc_store *st, const char *game)
{
	char folder[1024], db[TC_WAITING_DB], token[TC_WAITING_TOKEN];
	if (tc_waiting_folder(folder, sizeof folder) != 0)
		return;
	database_of(st, db);
	tc_waiting_save_token(db, st->owner, game, token);
	tc_waiting_remove(folder, token);
}

/* ---- writing ---- */

enum written { WRITTEN_NOW, WRITTEN_BEFORE, NOT_WRITTEN };

/* Writes w in one transaction with its token, unless the token is there already (written
 * before, its file left). */
static enum written write_game(struct tc_store *st, const struct tc_waiting *w)
{
	if (!tc_sql_begin(st))
		return NOT_WRITTEN;
	struct tc_sql *q = tc_sql_prepare(st, "INSERT INTO written (token, at) VALUES (?1, ?2)");
	tc_sql_bind_text(q, 1, w->token);
	tc_sql_bind_int(q, 2, (int64_t)time(NULL));
	enum tc_sql_rc rc = tc_sql_run(q);
	if (rc == TC_SQL_TAKEN) { /* written before: nothing more to do */
		tc_sql_end(st, false);
		return WRITTEN_BEFORE;
	}
	bool ok = rc == TC_SQL_DONE;
	int64_t recording = 0, score = 0;
	if (ok && (w->parts & TC_WAITING_RECORDING))
		ok = (recording = tc_store_insert_recording(st, &w->rec)) > 0;
	if (ok && (w->parts & TC_WAITING_SCORE)) {
		struct tc_score s = w->score;
		if (w->parts & TC_WAITING_RECORDING)
			s.recording = recording;
		ok = (score = tc_store_insert_score(st, &s)) > 0;
	}
	if (ok && (w->parts & TC_WAITING_RACE)) {
		struct tc_racer r = w->result;
		if (w->parts & TC_WAITING_RECORDING)
			r.recording = recording;
		/* A race that is gone, or a racer whose finish is kept already, takes nothing: the
		 * rest of the game is written all the same. */
		tc_store_race_record(st, w->race, w->racer, &r, w->race_ms);
		ok = !st->away;
	}
	if (!tc_sql_end(st, ok))
		return NOT_WRITTEN;
	remember_written(tc_waiting_handle(w->token), recording, score);
	return WRITTEN_NOW;
}

/* Writes a save over the one its program held, or, for a game begun while the database was
 * away, unless the database holds a later one of the game (saved from another host meanwhile);
 * one that was forgotten goes likewise, unless saved again since. A save whose game another
 * program took over (or finished) meanwhile is not written: it is done with all the same. */
static bool write_save(struct tc_store *st, const struct tc_waiting *w)
{
	if (w->save_gone)
		return tc_store_drop_save(st, w->owner, w->save_game, w->saved_at,
		                          w->claims ? 0 : w->holder);
	return tc_store_put_save(st, w->owner, w->save_game, w->save, w->save_len, w->summary,
	                         w->save_events, w->save_events_len, w->saved_at, w->holder,
	                         w->claims ? TC_PUT_CLAIM_UNLESS_NEWER : TC_PUT_HELD) >= 0;
}

/* Writes every file that waits for st's database: how many games it wrote. Files the database
 * refuses are left for the next start; while it is away, the rest wait. */
int tc_waiting_write(struct tc_store *st)
{
	char folder[1024], db[TC_WAITING_DB];
	if (tc_waiting_folder(folder, sizeof folder) != 0)
		return 0;
	database_of(st, db);
	char(*tokens)[TC_WAITING_TOKEN] = malloc(PASS_MAX * sizeof *tokens);
	int n = tokens ? tc_waiting_list(folder, db, tokens, PASS_MAX) : 0;
	int wrote = 0, left = 0;
	bool saves_left = false;
	for (int i = 0; i < n; i++) {
		struct tc_waiting w;
		if (st->away) {
			if (tc_waiting_get(folder, tokens[i], &w) == 0) {
				left += w.parts != TC_WAITING_SAVE;
				saves_left |= w.parts == TC_WAITING_SAVE;
			}
			tc_waiting_free(&w);
			continue;
		}
		if (tc_waiting_get(folder, tokens[i], &w) != 0)
			continue; /* gone or damaged since it was listed */
		bool game = w.parts != TC_WAITING_SAVE;
		enum written done = game ? write_game(st, &w) : NOT_WRITTEN;
		if (game ? done != NOT_WRITTEN : write_save(st, &w)) {
			tc_waiting_remove(folder, tokens[i]);
			wrote += done == WRITTEN_NOW;
		} else {
			left += game && st->away;
			saves_left |= !game && st->away;
		}
		tc_waiting_free(&w);
	}
	free(tokens);
	st->waiting = left;
	st->save_waits = saves_left;
	return wrote;
}

void tc_waiting_opened(struct tc_store *st)
{
	st->tried_ms = tc_clock_ms();
	st->retry_gap_ms = RETRY_MS;
	if (!st->read_only && (st->conn || st->away))
		tc_waiting_write(st); /* what waited when the program last ran; counted when away */
}

int tc_store_waiting(const struct tc_store *st)
{
	return st ? st->waiting : 0;
}

bool tc_store_waits(const struct tc_store *st)
{
	return st && (st->waiting > 0 || st->save_waits);
}

bool tc_store_retry_soon(const struct tc_store *st)
{
	return st && st->away && tc_sql_dialect(st) == TC_SQL_POSTGRES && tc_pg_connecting(st);
}

int tc_store_retry(struct tc_store *st)
{
	if (!st || !st->away || tc_sql_dialect(st) != TC_SQL_POSTGRES)
		return 0;
	/* A connection under way is advanced at each call, never waited for. */
	if (!tc_pg_connecting(st) && tc_clock_ms() - st->tried_ms < st->retry_gap_ms)
		return 0;
	bool back = tc_pg_reconnect(st);
	if (tc_pg_connecting(st))
		return 0;
	if (back)
		st->why[0] = '\0';
	/* From the try's end: one that waited out a connect timeout is not made again at once. */
	st->tried_ms = tc_clock_ms();
	st->retry_gap_ms = back                                  ? RETRY_MS
	                   : st->retry_gap_ms * 2 > RETRY_MAX_MS ? RETRY_MAX_MS
	                                                         : st->retry_gap_ms * 2;
	return back && !st->read_only ? tc_waiting_write(st) : 0;
}
