/* A session that follows a stream: each event done to it as the player's session did it. */
#include "tilecade/live_follow.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "tilecade/gameid.h"

static uint64_t stream_clock(void *ctx)
{
	return ((const struct tc_live_follow *)ctx)->clock_ms;
}

void tc_live_follow_init(struct tc_live_follow *f)
{
	memset(f, 0, sizeof *f);
}

void tc_live_follow_free(struct tc_live_follow *f)
{
	tc_session_free(f->session);
	tc_live_follow_init(f);
}

/* The session's clock only moves on: a running clock is moved as far as makes its game time
 * read ms; a stopped one (paused, over) reads the same whatever it is moved by. */
void tc_live_follow_set_time(struct tc_live_follow *f, uint64_t ms)
{
	uint64_t elapsed = f->session ? tc_session_elapsed_ms(f->session) : 0;
	if (ms > elapsed)
		f->clock_ms += ms - elapsed;
}

/* A new session for the game ID in ev's text. */
static struct tc_session *session_of(struct tc_live_follow *f, const struct tc_live_event *ev,
                                     char *err, size_t errlen)
{
	char id[TC_GAMEID_MAX];
	if (ev->text_len == 0 || ev->text_len >= sizeof id) {
		snprintf(err, errlen, "the stream's game ID is %s", ev->text_len ? "too long" : "empty");
		return NULL;
	}
	memcpy(id, ev->text, ev->text_len);
	id[ev->text_len] = '\0';
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed;
	char why[160];
	if (tc_gameid_parse(id, &game, &params, &seed, why, sizeof why) != 0) {
		snprintf(err, errlen, "the stream's game ID: %s", why);
		return NULL;
	}
	const struct tc_clock clock = {stream_clock, f};
	struct tc_session *s = tc_session_new(game, params.bytes, seed, &clock);
	if (!s)
		snprintf(err, errlen, "out of memory");
	return s;
}

/* The next game, as the player's session made it: a new game of the same game keeps what a
 * new game keeps (the help a fixed level had), another game starts afresh. */
static int next_game(struct tc_live_follow *f, const struct tc_live_event *ev, char *err,
                     size_t errlen)
{
	struct tc_session *fresh = session_of(f, ev, err, errlen);
	if (!fresh)
		return -1;
	char want[TC_GAMEID_MAX], got[TC_GAMEID_MAX];
	tc_session_game_id(fresh, want, sizeof want);
	if (tc_session_game(fresh) == tc_session_game(f->session)) {
		tc_session_new_game(f->session, tc_session_seed(fresh));
		tc_session_game_id(f->session, got, sizeof got);
		if (strcmp(got, want) == 0) {
			tc_session_free(fresh);
			return 0;
		}
	}
	tc_session_free(f->session);
	f->session = fresh;
	return 0;
}

static bool follow_session(struct tc_session *s, const struct tc_live_event *ev)
{
	switch (ev->kind) {
	case TC_LIVE_MOVE:
		return tc_session_apply(s, &ev->move);
	case TC_LIVE_TIMEOUT:
		return tc_session_apply_timeout(s, &ev->move);
	case TC_LIVE_HELPED:
		return tc_session_apply_assisted(s, &ev->move, (enum tc_assist)ev->value);
	case TC_LIVE_UNDO:
		return tc_session_undo(s);
	case TC_LIVE_REDO:
		return tc_session_redo(s);
	case TC_LIVE_RESTART:
		tc_session_restart(s);
		return true;
	case TC_LIVE_KEEP_GOING:
		tc_session_keep_going(s);
		return true;
	case TC_LIVE_ASSIST:
		tc_session_mark_assisted(s, (enum tc_assist)ev->value);
		return true;
	case TC_LIVE_HINT:
		tc_session_count_hint(s);
		return true;
	case TC_LIVE_PAUSE:
		tc_session_pause(s);
		return true;
	case TC_LIVE_RESUME:
		tc_session_resume(s);
		return true;
	default:
		return false;
	}
}

int tc_live_follow(struct tc_live_follow *f, const struct tc_live_event *ev, char *err,
                   size_t errlen)
{
	if (f->ended) {
		snprintf(err, errlen, "the stream goes on after its end");
		return -1;
	}
	if (ev->kind == TC_LIVE_WATCHERS) { /* about the audience, not the game */
		f->watchers = ev->value;
		return 0;
	}
	if (!f->session && ev->kind != TC_LIVE_START) {
		snprintf(err, errlen, "the stream does not start with a game ID");
		return -1;
	}
	tc_live_follow_set_time(f, ev->at_ms);
	switch (ev->kind) {
	case TC_LIVE_START:
		if (f->session) {
			snprintf(err, errlen, "the stream starts twice");
			return -1;
		}
		if (!(f->session = session_of(f, ev, err, errlen)))
			return -1;
		break;
	case TC_LIVE_NEW_GAME:
		if (next_game(f, ev, err, errlen) != 0)
			return -1;
		break;
	case TC_LIVE_VIEW:
		f->view = ev->value;
		break;
	case TC_LIVE_END:
		f->ended = true;
		f->end = ev->value <= TC_LIVE_END_DROPPED ? (enum tc_live_end)ev->value
		                                           : TC_LIVE_END_DROPPED;
		/* The player's screen held the clock to ask whether to leave: the game was left
		 * or is over, not paused. */
		if (tc_session_paused(f->session))
			tc_session_resume(f->session);
		break;
	default:
		if (!follow_session(f->session, ev)) {
			snprintf(err, errlen, "event %u of the stream does not fit the game", f->events + 1);
			return -1;
		}
	}
	/* The player's game time after the event (told after it), whatever the follower's clock
	 * ran on to since the last: a restart's or a new game's is back at 0. */
	tc_session_set_elapsed_ms(f->session, ev->at_ms);
	if (ev->kind == TC_LIVE_START || ev->kind == TC_LIVE_NEW_GAME)
		f->games++;
	f->events++;
	return 0;
}

int tc_live_follow_log(struct tc_live_follow *f, const unsigned char *bytes, size_t len,
                       unsigned upto, char *err, size_t errlen)
{
	size_t pos = 0;
	struct tc_live_event ev;
	for (unsigned i = 0; i < upto; i++) {
		int rc = tc_live_log_next(bytes, len, &pos, &ev);
		if (rc == 0)
			return 0;
		if (rc < 0) {
			snprintf(err, errlen, "the recording is damaged at event %u", i + 1);
			return -1;
		}
		if (tc_live_follow(f, &ev, err, errlen) != 0)
			return -1;
	}
	return 0;
}
