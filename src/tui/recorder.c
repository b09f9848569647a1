/* Recordings of the games played, from the records' log. */
#include "recorder.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tilecade/gameid.h"
#include "tilecade/live_follow.h"
#include "replay_open.h"
#include "tilecade/recordings.h"

/* Records the stream at bytes, whose last position is s, in place of recording `id` when
 * there is one, with result as its result (NULL: s's own); returns its id, 0 when nothing was
 * stored. A TC_LIVE_END closes it: a recording is a finished stream. */
static int64_t keep(struct tc_records *r, const struct tc_session *s, const unsigned char *bytes,
                    size_t len, int64_t id, const char *result)
{
	uint64_t elapsed = tc_session_elapsed_ms(s);
	struct tc_live_event end = {.kind = TC_LIVE_END,
	                            .value = TC_LIVE_END_FINISHED,
	                            .at_ms = elapsed > UINT32_MAX ? UINT32_MAX : (uint32_t)elapsed};
	unsigned char tail[TC_LIVE_EVENT_MAX];
	size_t tail_len = tc_live_encode(&end, tail, sizeof tail);
	struct tc_recording rec = {.id = id,
	                           .points = tc_session_score(s),
	                           .time_ms = (int64_t)elapsed,
	                           .moves = tc_session_moves(s),
	                           .date = (int64_t)time(NULL),
	                           .events_len = len + tail_len};
	if (!(rec.events = malloc(rec.events_len)))
		return 0;
	memcpy(rec.events, bytes, len);
	memcpy(rec.events + len, tail, tail_len);
	snprintf(rec.player, sizeof rec.player, "%s", r->player);
	snprintf(rec.game, sizeof rec.game, "%s", tc_session_game(s)->name);
	tc_session_game_id(s, rec.game_id, sizeof rec.game_id);
	snprintf(rec.result, sizeof rec.result, "%s", result ? result : tc_replay_result(s));
	struct tc_store *st = tc_records_scores(r);
	if (id == 0)
		id = tc_store_add_recording(st, &rec);
	else if (tc_store_replace_recording(st, &rec) != 0)
		id = 0;
	free(rec.events);
	return id;
}

int64_t tc_recorder_finished(struct tc_records *r, const struct tc_session *s, const char *result)
{
	if (r->unrecordable)
		return 0;
	if (r->recording == 0 || r->recorded_events != r->log.events) {
		r->recording = keep(r, s, r->log.bytes, r->log.len, r->recording, result);
		r->recorded_events = r->log.events;
	}
	return r->recording;
}

/* Records the stream at bytes as a game left for good, when it is a game with progress whose
 * stream has not ended; `id` as for keep. */
static void keep_left(struct tc_records *r, const unsigned char *bytes, size_t len, int64_t id)
{
	struct tc_live_follow f;
	char err[160];
	tc_live_follow_init(&f);
	if (tc_live_follow_log(&f, bytes, len, UINT_MAX, err, sizeof err) == 0 && f.session &&
	    !f.ended && tc_session_in_progress(f.session))
		keep(r, f.session, bytes, len, id, NULL);
	tc_live_follow_free(&f);
}

void tc_recorder_left_for_good(struct tc_records *r)
{
	/* A game recorded at its end and not changed since is kept as it ended. */
	if (r->unrecordable || (r->recording && r->recorded_events == r->log.events))
		return;
	keep_left(r, r->log.bytes, r->log.len, r->recording);
}

void tc_recorder_save_overwritten(struct tc_records *r, const char *game)
{
	void *blob, *events;
	size_t len, events_len;
	if (tc_store_load_game_stream(r->store, game, &blob, &len, &events, &events_len) != 0)
		return;
	if (events)
		keep_left(r, events, events_len, 0);
	free(blob);
	free(events);
}

/* Whether the stream at bytes leads to s's position: the same game and the same state. */
static bool leads_to(const unsigned char *bytes, size_t len, const struct tc_session *s)
{
	struct tc_live_follow f;
	char err[160], want[TC_GAMEID_MAX], got[TC_GAMEID_MAX];
	tc_live_follow_init(&f);
	bool same = tc_live_follow_log(&f, bytes, len, UINT_MAX, err, sizeof err) == 0 &&
	            f.session && !f.ended && tc_session_game(f.session) == tc_session_game(s) &&
	            tc_session_moves(f.session) == tc_session_moves(s);
	if (same) {
		tc_session_game_id(f.session, got, sizeof got);
		tc_session_game_id(s, want, sizeof want);
		same = strcmp(got, want) == 0 &&
		       memcmp(tc_session_state(f.session), tc_session_state(s),
		              tc_session_game(s)->state_size) == 0;
	}
	tc_live_follow_free(&f);
	return same;
}

/* Whether recording rec is an end of the stream at bytes: its events but its closing END are
 * where that stream starts (a game ended, undone, saved and continued). */
static bool ended_before(const struct tc_recording *rec, const unsigned char *bytes, size_t len)
{
	size_t pos = 0, before_last = 0;
	struct tc_live_event ev = {0};
	while (pos < rec->events_len) {
		before_last = pos;
		if (tc_live_log_next(rec->events, rec->events_len, &pos, &ev) != 1)
			return false;
	}
	return ev.kind == TC_LIVE_END && before_last > 0 && before_last <= len &&
	       memcmp(rec->events, bytes, before_last) == 0;
}

/* A continued game that ended before its save (undone past its end) goes on in its recording
 * and its one row on the board: its next end replaces them, as without the save between. */
static void find_earlier_end(struct tc_records *r, const struct tc_session *s)
{
	char game_id[TC_GAMEID_MAX];
	int64_t ids[16];
	struct tc_store *st = tc_records_scores(r);
	tc_session_game_id(s, game_id, sizeof game_id);
	int n = tc_store_recordings_of_game(st, r->player, game_id, ids, 16);
	for (int i = 0; i < n && r->recording == 0; i++) {
		struct tc_recording rec;
		if (tc_store_load_recording(st, ids[i], &rec) != TC_RECORDING_OK)
			continue;
		if (ended_before(&rec, r->log.bytes, r->log.len))
			r->recording = rec.id;
		tc_recording_free(&rec);
	}
	struct tc_board_key board;
	tc_records_board(s, &board);
	if (r->recording && tc_store_score_of_recording(st, &board, r->recording, &r->kept) != 0)
		memset(&r->kept, 0, sizeof r->kept);
}

bool tc_recorder_begin(struct tc_records *r, const struct tc_session *s, unsigned char *events,
                       size_t len)
{
	r->recording = 0;
	r->recorded_events = 0;
	bool restored = events && leads_to(events, len, s);
	r->unrecordable = tc_session_in_progress(s) && !restored;
	if (!restored) {
		free(events);
		return false;
	}
	/* The save's stream, told as it is taken: every event of the log is told once. */
	tc_live_log_free(&r->log);
	r->log = (struct tc_live_log){.bytes = events, .len = len, .capacity = len};
	size_t pos = 0;
	struct tc_live_event ev;
	while (tc_live_log_next(events, len, &pos, &ev) == 1) {
		r->log.events++;
		if (r->on_event)
			r->on_event(r->on_event_ctx, &ev);
	}
	find_earlier_end(r, s);
	return true;
}
