/* Sharing the game being played: the records tell each event, the publisher sends it. */
#include "live_share.h"

#include <stdlib.h>

#include "term.h"
#include "tilecade/ninja_stream.h"

struct tc_live_share {
	struct tc_live_pub *pub;
	struct tc_records *records;
	tc_live_share_playing playing;
	void *ctx;
	int64_t race;
};

/* N's run, which is no session, as its stream tells it: its game ID (nj_game_id), its steps
 * for moves and its time, the run's own (steps times NJ_STEP_MS: still while it waits or is
 * paused). */
static void describe_run(const struct tc_live_log *log, struct tc_live_hello *hello)
{
	size_t pos = 0;
	struct tc_live_event ev;
	if (tc_live_log_next(log->bytes, log->len, &pos, &ev) != 1 ||
	    !nj_stream_game_id(ev.text, ev.text_len, hello->game_id, sizeof hello->game_id))
		return;
	while (tc_live_log_next(log->bytes, log->len, &pos, &ev) == 1) {
		if (ev.kind == TC_LIVE_NEW_GAME) { /* another run, perhaps on another level */
			nj_stream_game_id(ev.text, ev.text_len, hello->game_id,
			                  sizeof hello->game_id);
			hello->moves = 0;
		} else if (ev.kind == TC_LIVE_STEPS) {
			hello->moves = ev.step;
		}
	}
	hello->elapsed_ms = (uint64_t)hello->moves * NJ_STEP_MS;
}

static void describe(void *ctx, struct tc_live_hello *hello)
{
	struct tc_live_share *sh = ctx;
	hello->race = sh->race;
	const struct tc_session *s = sh->playing(sh->ctx);
	if (!s) {
		describe_run(&sh->records->log, hello);
		return;
	}
	tc_session_game_id(s, hello->game_id, sizeof hello->game_id);
	hello->moves = tc_session_moves(s);
	hello->elapsed_ms = tc_session_elapsed_ms(s);
	/* The watcher's copy adds the current score itself: it must not outlive this game. */
	hello->best = tc_session_best_ended_score(s);
	hello->over = tc_session_status(s) != TC_PLAYING;
}

static void publish(void *ctx, const struct tc_live_event *ev)
{
	tc_live_pub_event(ctx, ev);
}

static int pub_fds(void *ctx, struct pollfd *fds, int max)
{
	return tc_live_pub_fds(ctx, fds, max);
}

static bool pub_ready(void *ctx, const struct pollfd *fds, int n)
{
	return tc_live_pub_ready(ctx, fds, n);
}

struct tc_live_share *tc_live_share_start(const char *dir, struct tc_records *r,
                                          tc_live_share_playing playing, void *ctx)
{
	struct tc_live_share *sh = calloc(1, sizeof *sh);
	if (!sh)
		return NULL;
	*sh = (struct tc_live_share){NULL, r, playing, ctx, 0};
	sh->pub = tc_live_pub_new(dir, r->player, &r->log, describe, sh);
	if (!sh->pub) {
		free(sh);
		return NULL;
	}
	r->on_event = publish;
	r->on_event_ctx = sh->pub;
	const struct tc_term_source src = {pub_fds, pub_ready, sh->pub};
	tc_term_add_source(&src);
	return sh;
}

void tc_live_share_stop(struct tc_live_share *sh)
{
	if (!sh)
		return;
	tc_term_remove_source(sh->pub);
	sh->records->on_event = NULL;
	sh->records->on_event_ctx = NULL;
	tc_live_pub_free(sh->pub);
	free(sh);
}

void tc_live_share_race(struct tc_live_share *sh, int64_t race)
{
	if (!sh)
		return;
	sh->race = race;
	tc_live_pub_hello_changed(sh->pub);
}

const char *tc_live_share_socket(const struct tc_live_share *sh)
{
	return sh && !tc_live_pub_problem(sh->pub) ? tc_live_pub_socket(sh->pub) : NULL;
}

unsigned tc_live_share_watchers(const struct tc_live_share *sh)
{
	return sh ? tc_live_pub_watchers(sh->pub) : 0;
}
