/* What a watcher reads from a live socket (live_watch.c: any local user can publish in a shared
 * live folder): the hello line, then the stream's events, each followed as the watcher follows
 * it (watch.c: a session game's follower, or N's run's), up to the first the follower refuses.
 * Never crash; a hello read is written back as the same hello, and every event read encodes to
 * one that reads the same. */
#include "fuzz.h"

#include "tilecade/live_follow.h"
#include "tilecade/live_net.h"
#include "tilecade/ninja_stream.h"

static void check_hello(const struct tc_live_hello *h)
{
	char line[sizeof *h + 256];
	size_t n = tc_live_hello_encode(h, line, sizeof line);
	FUZZ_CHECK(n > 0);
	struct tc_live_hello again;
	size_t used = 0;
	FUZZ_CHECK(tc_live_hello_decode((const unsigned char *)line, n, &again, &used) == 1);
	FUZZ_CHECK(used == n && memcmp(h, &again, sizeof again) == 0);
}

static void check_event(const struct tc_live_event *ev)
{
	static unsigned char buf[TC_LIVE_EVENT_MAX];
	size_t n = tc_live_encode(ev, buf, sizeof buf);
	FUZZ_CHECK(n > 0 && n <= sizeof buf);
	struct tc_live_event again;
	size_t used = 0;
	FUZZ_CHECK(tc_live_decode(buf, n, &again, &used) == 1 && used == n);
	FUZZ_CHECK(again.kind == ev->kind && again.at_ms == ev->at_ms &&
	           again.value == ev->value && again.step == ev->step &&
	           again.move.kind == ev->move.kind &&
	           memcmp(again.move.arg, ev->move.arg, sizeof again.move.arg) == 0 &&
	           again.text_len == ev->text_len &&
	           (!ev->text_len || memcmp(again.text, ev->text, ev->text_len) == 0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct nj_follow run; /* big: not on the stack */
	static struct nj_replay replay;
	struct tc_live_hello hello;
	size_t pos = 0;
	if (tc_live_hello_decode(data, size, &hello, &pos) != 1)
		return 0;
	FUZZ_CHECK(pos > 0 && pos <= size);
	check_hello(&hello);

	struct tc_live_follow game;
	tc_live_follow_init(&game);
	nj_follow_init(&run);
	char err[160];
	bool following = true;
	struct tc_live_event ev;
	size_t used;
	while (tc_live_decode(data + pos, size - pos, &ev, &used) == 1) {
		FUZZ_CHECK(used > 0 && used <= size - pos);
		pos += used;
		check_event(&ev);
		if (!following)
			continue;
		bool runs = run.started || (ev.kind == TC_LIVE_START &&
		                            nj_stream_is_run(ev.text, ev.text_len));
		int rc = runs ? nj_follow(&run, &ev, err, sizeof err)
		              : tc_live_follow(&game, &ev, err, sizeof err);
		if (rc != 0) {
			FUZZ_CHECK(strlen(err) > 0);
			following = false; /* the watcher says it cannot follow, and stops */
		}
	}
	if (game.session) {
		char id[TC_GAMEID_MAX + 64];
		FUZZ_CHECK(tc_session_game_id(game.session, id, sizeof id) > 0);
		tc_session_status(game.session);
		tc_session_score(game.session);
		tc_session_moves(game.session);
	}
	if (run.started)
		nj_follow_replay(&run, &replay);
	tc_live_follow_free(&game);
	return 0;
}
