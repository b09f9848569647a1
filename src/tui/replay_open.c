/* Opening a recording to replay it. */
#include "replay_open.h"

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "ninja_records.h"

const char *tc_replay_result(const struct tc_session *s)
{
	if (tc_session_won(s))
		return "won";
	if (tc_session_status(s) == TC_PLAYING)
		return "left";
	return tc_session_can_win(s) ? "lost" : "ended";
}

/* Whether the bytes are events, one after another, to their last byte (a stream cut short or
 * with bytes after its events is damaged). */
static bool whole(const unsigned char *bytes, size_t len)
{
	size_t pos = 0;
	struct tc_live_event ev;
	int rc;
	while ((rc = tc_live_log_next(bytes, len, &pos, &ev)) == 1)
		;
	return rc == 0 && pos == len;
}

int tc_replay_open(struct tc_store *st, int64_t id, struct tc_recording *rec,
                   struct tc_live_follow *end, char *err, size_t errlen)
{
	tc_live_follow_init(end);
	switch (tc_store_load_recording(st, id, rec)) {
	case TC_RECORDING_OK:
		break;
	case TC_RECORDING_NONE:
		snprintf(err, errlen, "no recording #%" PRId64, id);
		return -1;
	case TC_RECORDING_DAMAGED:
		snprintf(err, errlen, "recording #%" PRId64 " is damaged", id);
		return -1;
	}
	char why[160];
	if (!whole(rec->events, rec->events_len)) {
		snprintf(err, errlen,
		         "recording #%" PRId64 " cannot be replayed: its events are damaged", id);
		tc_recording_free(rec);
		return -1;
	}
	/* N's runs are no session games: N's own follower reads them. */
	if (strcmp(rec->game, TC_REPLAY_NINJA) == 0) {
		static struct nj_replay rp; /* big: not on the stack */
		char name[64];
		if (tc_nj_recording_replay(rec, &rp, name, sizeof name, why, sizeof why) == 0)
			return 0;
		snprintf(err, errlen, "recording #%" PRId64 " cannot be replayed: %s", id, why);
		tc_recording_free(rec);
		return -1;
	}
	int followed =
	        tc_live_follow_log(end, rec->events, rec->events_len, UINT_MAX, why, sizeof why);
	if (followed != 0 || !end->session) {
		snprintf(err, errlen, "recording #%" PRId64 " cannot be replayed: %s", id,
		         followed != 0 ? why : "it has no game");
		tc_live_follow_free(end);
		tc_recording_free(rec);
		return -1;
	}
	return 0;
}
