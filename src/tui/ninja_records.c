/* N's best times and the saved run. */
#include "ninja_records.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tilecade/gameid.h"
#include "tilecade/ninja_stream.h"

void tc_nj_board(const struct nl_level *level, struct tc_board_key *key)
{
	memset(key, 0, sizeof *key);
	snprintf(key->game, sizeof key->game, "%s", TC_NJ_GAME);
	snprintf(key->mode, sizeof key->mode, "level");
	snprintf(key->level, sizeof key->level, "%016" PRIx64, nj_level_hash(level));
}

bool tc_nj_best(struct tc_records *r, const struct nl_level *level, int64_t *best_ms)
{
	struct tc_board_key key;
	struct tc_score best;
	tc_nj_board(level, &key);
	if (tc_store_best_of(tc_records_scores(r), &key, tc_rank_of(TC_NJ_GAME), r->player,
	                     &best) != 0)
		return false;
	*best_ms = best.time_ms;
	return true;
}

int tc_nj_record_win(struct tc_records *r, const struct nl_level *level, const char *name,
                     const struct nj_run *run, int64_t recording)
{
	struct tc_score score;
	memset(&score, 0, sizeof score);
	tc_nj_board(level, &score.board);
	snprintf(score.player, sizeof score.player, "%s", r->player);
	score.time_ms = (int64_t)run->steps * NJ_STEP_MS;
	/* Its steps, as its recording counts them (a tie in time is a tie in steps too). */
	score.moves = (unsigned)run->steps;
	score.date = (int64_t)time(NULL);
	nj_game_id(level, name, score.game_id, sizeof score.game_id);
	score.recording = recording;
	return tc_store_add_score(tc_records_scores(r), &score, tc_rank_of(TC_NJ_GAME));
}

int64_t tc_nj_record_run(struct tc_records *r, const struct nj_replay *rp, const char *name,
                         enum nj_outcome outcome, const char *result)
{
	struct tc_live_log log = {0};
	if (rp->steps <= 0 ||
	    !nj_stream_of_replay(rp, name, TC_LIVE_END_FINISHED, &log)) { /* nothing played */
		tc_live_log_free(&log);
		return 0;
	}
	struct tc_recording rec = {.time_ms = (int64_t)rp->steps * NJ_STEP_MS,
	                           .moves = (unsigned)rp->steps,
	                           .date = (int64_t)time(NULL),
	                           .events = log.bytes,
	                           .events_len = log.len};
	snprintf(rec.player, sizeof rec.player, "%s", r->player);
	snprintf(rec.game, sizeof rec.game, "%s", TC_NJ_GAME);
	nj_game_id(&rp->level, name, rec.game_id, sizeof rec.game_id);
	snprintf(rec.result, sizeof rec.result, "%s",
	         result                  ? result
	         : outcome == NJ_WIN     ? "won"
	         : outcome == NJ_RUNNING ? "left"
	                                 : "lost");
	int64_t id = tc_store_add_recording(tc_records_scores(r), &rec);
	tc_live_log_free(&log);
	return id;
}

int tc_nj_recording_replay(const struct tc_recording *rec, struct nj_replay *rp, char *name,
                           size_t name_len, char *err, size_t errlen)
{
	char raw[NJ_STREAM_NAME_MAX];
	if (nj_replay_of_stream(rec->events, rec->events_len, rp, raw, sizeof raw, err, errlen) !=
	    0)
		return -1;
	tc_sanitize(*raw ? raw : "N", name, name_len);
	return 0;
}

bool tc_nj_recorded_level(struct tc_store *st, const char *game_id, struct nl_level *level,
                          char *name, size_t name_len)
{
	static struct nj_replay rp; /* large: kept off the stack */
	int64_t ids[8];
	int n = tc_store_recordings_of_game(st, NULL, game_id, ids, 8);
	for (int i = 0; i < n; i++) {
		struct tc_recording rec;
		char err[160], again[TC_GAMEID_MAX];
		if (tc_store_load_recording(st, ids[i], &rec) != TC_RECORDING_OK)
			continue;
		int read = tc_nj_recording_replay(&rec, &rp, name, name_len, err, sizeof err);
		tc_recording_free(&rec);
		/* Its row names this ID; its level must too (a damaged row may not). */
		if (read == 0)
			nj_game_id(&rp.level, name, again, sizeof again);

		if (read == 0 && strcmp(again, game_id) == 0) {
			*level = rp.level;
			return true;
		}
	}
	return false;
}

void tc_nj_format_time(int64_t ms, char *buf, size_t len)
{
	if (ms < 0)
		ms = 0;
	snprintf(buf, len, "%" PRId64 ".%" PRId64 " s", ms / 1000, ms / 100 % 10);
}

void tc_nj_save_run(struct tc_records *r, const struct nj_replay *rp, const struct nj_run *run,
                    const char *name)
{
	int n = nj_replay_print(rp, NULL, 0);
	char *text = n > 0 ? malloc((size_t)n + 1) : NULL;
	if (!text)
		return;
	nj_replay_print(rp, text, (size_t)n + 1);
	/* A generated level is named by its game ID, as every game's save is ("ninja:seed:s5", which
	 * --id takes); a file's level by the file's name, which its hash ID would not tell. */
	char summary[160], time[32], id[64], seed_name[64];
	tc_nj_format_time((int64_t)run->steps * NJ_STEP_MS, time, sizeof time);
	nj_game_id(&rp->level, name, id, sizeof id);
	if (nj_game_id_seed_name(id, seed_name, sizeof seed_name))
		snprintf(summary, sizeof summary, "%s, %s, %d gold", id, time, run->gold);
	else
		snprintf(summary, sizeof summary, "N %.60s, %s, %d gold", name, time, run->gold);
	if (!r->lost && tc_store_save_held(r->store, TC_NJ_GAME, &r->hold, text, (size_t)n, summary,
	                                   NULL, 0) == TC_STORE_LOST)
		r->lost = true;
	free(text);
}

void tc_nj_forget_run(struct tc_records *r)
{
	if (!r->lost)
		tc_store_delete_held(r->store, TC_NJ_GAME, r->hold);
	r->hold = 0;
}

/* The name back from a summary "<game ID>, <time>, <gold>" or "N <name>, <time>, <gold>". */
static void name_of(const char *summary, char *name, size_t len)
{
	char id[64];
	snprintf(id, sizeof id, "%.*s", (int)strcspn(summary, ","), summary);
	if (nj_game_id_seed_name(id, name, len))
		return;
	const char *start = strncmp(summary, "N ", 2) == 0 ? summary + 2 : summary;
	const char *end = strrchr(start, ',');
	for (const char *p = end ? end - 1 : NULL; p && p >= start; p--)
		if (*p == ',') {
			end = p;
			break;
		}
	int n = end && end > start ? (int)(end - start) : (int)strlen(start);
	char raw[160];
	snprintf(raw, sizeof raw, "%.*s", n, start);
	tc_sanitize(raw, name, len);
}

void tc_nj_record_saved_run(struct tc_records *r)
{
	static struct nj_replay rp; /* big: not on the stack */
	char name[64], err[160];
	if (tc_nj_load_run(r, &rp, name, sizeof name, err, sizeof err) != 0)
		return;
	/* The run stops where it was saved: a finished run is never saved. */
	tc_nj_record_run(r, &rp, name, NJ_RUNNING, NULL);
}

int tc_nj_load_run(struct tc_records *r, struct nj_replay *rp, char *name, size_t name_len,
                   char *err, size_t errlen)
{
	void *blob;
	size_t len;
	char summary[160];
	/* Taken over before it is read: the program that held it writes nothing more of it. */
	r->hold = tc_store_take_over(r->store, TC_NJ_GAME);
	r->lost = false;
	if (tc_store_load_game(r->store, TC_NJ_GAME, &blob, &len) != 0) {
		snprintf(err, errlen, "no saved game to continue");
		return -1;
	}
	if (tc_records_save_of(r, TC_NJ_GAME, summary, sizeof summary))
		name_of(summary, name, name_len);
	else
		snprintf(name, name_len, "saved run");
	char *text = malloc(len + 1);
	int rc = -1;
	if (text) {
		memcpy(text, blob, len);
		text[len] = '\0';
		char why[160];
		rc = nj_replay_parse(text, rp, why, sizeof why);
		/* As tc_records_continue: a newer tilecade's run is kept for it, a damaged one
		 * removed, and the menu says which. */
		if (rc != 0 && nj_replay_is_newer(text)) {
			snprintf(err, errlen, "The saved N run is a newer tilecade's: kept for it");
		} else if (rc != 0) {
			snprintf(err, errlen, "The saved N run could not be read and was removed");
			tc_nj_forget_run(r);
		}
	} else {
		snprintf(err, errlen, "out of memory");
	}
	free(text);
	free(blob);
	return rc;
}
