/* The session: history of snapshots, clock, status and score around any game backend. */
#define _POSIX_C_SOURCE 200809L
#include "tilecade/session.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session_internal.h"
#include "tilecade/gameid.h"
#include "tilecade/live.h"

uint64_t tc_monotonic_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static uint64_t monotonic_clock(void *ctx)
{
	(void)ctx;
	return tc_monotonic_ms();
}

unsigned char *tc_session_state_at(const struct tc_session *s, size_t i)
{
	return s->states + i * s->game->state_size;
}

/* The clock runs exactly while the game is being played and not paused. */
void tc_session_sync_clock(struct tc_session *s)
{
	bool should_run = !s->paused && tc_session_status(s) == TC_PLAYING;
	uint64_t now = s->clock.now_ms(s->clock.ctx);
	if (should_run && !s->clock_running)
		s->started_at = now;
	else if (!should_run && s->clock_running)
		s->elapsed_before += now - s->started_at;
	s->clock_running = should_run;
}

/* A game's end is a score the player keeps, whatever undo does after it: a loss, or a win not
 * played on (a win played on ends again later). */
static void note_score(struct tc_session *s)
{
	int64_t score = tc_session_score(s);
	if (score > s->best_score && !tc_session_assisted(s) && tc_session_status(s) != TC_PLAYING)
		s->best_score = score;
}

/* Begins from the start position of the current parameters and seed. */
static void start(struct tc_session *s)
{
	s->seed = tc_game_seed(s->game, s->params.bytes, s->seed);
	/* Saves write a state's bytes as they are: padding and unused room must be zeros, not
	 * whatever the memory held before (valgrind caught it in the monkey's saves). */
	memset(s->states, 0, s->game->state_size);
	s->game->new_game(s->states, s->params.bytes, s->seed);
	s->current = s->count = 0;
	s->keep_going = false;
	s->timed_out = false;
	s->clock_running = false;
	s->elapsed_before = 0;
	tc_session_sync_clock(s);
	note_score(s);
}

bool tc_session_reserve(struct tc_session *s, size_t snapshots)
{
	if (snapshots <= s->capacity)
		return true;
	size_t capacity = s->capacity;
	while (capacity < snapshots)
		capacity *= 2;
	unsigned char *states = realloc(s->states, capacity * s->game->state_size);
	if (!states)
		return false;
	s->states = states;
	s->capacity = capacity;
	return true;
}

struct tc_session *tc_session_new(const struct tc_game *game, const void *params, uint64_t seed,
                                  const struct tc_clock *clock)
{
	struct tc_session *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->game = game;
	s->seed = seed;
	s->capacity = 64;
	s->states = malloc(s->capacity * game->state_size);
	s->scratch = malloc(game->state_size);
	if (!s->states || !s->scratch) {
		tc_session_free(s);
		return NULL;
	}
	if (params)
		memcpy(s->params.bytes, params, game->params_size);
	else
		game->default_params(s->params.bytes);
	s->clock = clock ? *clock : (struct tc_clock){monotonic_clock, NULL};
	start(s);
	return s;
}

void tc_session_free(struct tc_session *s)
{
	if (!s)
		return;
	free(s->states);
	free(s->scratch);
	free(s->hinted);
	free(s);
}

const struct tc_game *tc_session_game(const struct tc_session *s)
{
	return s->game;
}

uint64_t tc_session_seed(const struct tc_session *s)
{
	return s->seed;
}

const void *tc_session_state(const struct tc_session *s)
{
	return tc_session_state_at(s, s->current);
}

void tc_session_listen(struct tc_session *s, tc_session_listener listener, void *ctx)
{
	s->listener = listener;
	s->listener_ctx = ctx;
}

/* Tells the listener of a change. */
static void tell(struct tc_session *s, enum tc_live_kind kind, const struct tc_move *move,
                 uint32_t value)
{
	if (!s->listener)
		return;
	struct tc_live_event ev = {.kind = (uint8_t)kind, .value = value};
	uint64_t elapsed = tc_session_elapsed_ms(s);
	ev.at_ms = elapsed > UINT32_MAX ? UINT32_MAX : (uint32_t)elapsed;
	char id[TC_GAMEID_MAX];
	if (move)
		ev.move = *move;
	if (kind == TC_LIVE_NEW_GAME) {
		int n = tc_session_game_id(s, id, sizeof id);
		ev.text = id;
		ev.text_len = n > 0 && (size_t)n < sizeof id ? (size_t)n : 0;
	}
	s->listener(s->listener_ctx, &ev);
}

/* A move, told by the caller as what it was. */
static bool play(struct tc_session *s, const struct tc_move *move)
{
	if (s->paused || !tc_session_reserve(s, s->count + 2))
		return false;
	size_t size = s->game->state_size;
	memcpy(s->scratch, tc_session_state_at(s, s->current), size);
	if (!s->game->apply(s->scratch, move))
		return false;
	memcpy(tc_session_state_at(s, s->current + 1), s->scratch, size);
	s->current++;
	s->count = s->current;
	note_score(s);
	tc_session_sync_clock(s);
	return true;
}

bool tc_session_apply(struct tc_session *s, const struct tc_move *move)
{
	if (!play(s, move))
		return false;
	tell(s, TC_LIVE_MOVE, move, 0);
	return true;
}

bool tc_session_apply_timeout(struct tc_session *s, const struct tc_move *move)
{
	if (s->timed_out || !play(s, move))
		return false;
	s->timed_out = true;
	tell(s, TC_LIVE_TIMEOUT, move, 0);
	return true;
}

bool tc_session_can_undo(const struct tc_session *s)
{
	return s->current > 0 && !s->timed_out;
}
bool tc_session_can_redo(const struct tc_session *s)
{
	return s->current < s->count;
}

bool tc_session_undo(struct tc_session *s)
{
	if (s->paused || !tc_session_can_undo(s))
		return false;
	s->current--;
	tc_session_sync_clock(s);
	tell(s, TC_LIVE_UNDO, NULL, 0);
	return true;
}

bool tc_session_redo(struct tc_session *s)
{
	if (s->paused || !tc_session_can_redo(s))
		return false;
	s->current++;
	tc_session_sync_clock(s);
	tell(s, TC_LIVE_REDO, NULL, 0);
	return true;
}

/* A restart replays the same start: the help the game had (the solution seen, hints given)
 * stays with it, or a restart would make an assisted game the player's again. */
static void restart(struct tc_session *s)
{
	s->paused = false;
	start(s);
}

void tc_session_restart(struct tc_session *s)
{
	restart(s);
	tell(s, TC_LIVE_RESTART, NULL, 0);
}

void tc_session_new_game(struct tc_session *s, uint64_t seed)
{
	struct tc_params params_before = s->params;
	uint64_t seed_before = s->seed;
	if (s->game->next_params) {
		struct tc_params next;
		memset(&next, 0, sizeof next); /* saved whole: the room past the game's own */
		s->game->next_params(s->params.bytes, next.bytes);
		s->params = next;
	}
	s->seed = seed;
	restart(s);
	/* Another start is another game, with no help yet; the same one (a fixed level played
	 * again) is a restart. */
	if (s->seed != seed_before ||
	    memcmp(s->params.bytes, params_before.bytes, s->game->params_size) != 0) {
		s->assisted = s->hints = 0;
		s->hinted_count = 0;
		s->daily = false;
	}
	tell(s, TC_LIVE_NEW_GAME, NULL, 0);
}

const void *tc_session_state_back(const struct tc_session *s, unsigned back)
{
	return back <= s->current ? tc_session_state_at(s, s->current - back) : NULL;
}

unsigned tc_session_moves(const struct tc_session *s)
{
	return (unsigned)(s->current - s->timed_out);
}
bool tc_session_in_progress(const struct tc_session *s)
{
	return s->count > 0;
}

uint64_t tc_session_elapsed_ms(const struct tc_session *s)
{
	if (!s->clock_running)
		return s->elapsed_before;
	return s->elapsed_before + (s->clock.now_ms(s->clock.ctx) - s->started_at);
}

void tc_session_set_elapsed_ms(struct tc_session *s, uint64_t ms)
{
	s->elapsed_before = ms;
	s->started_at = s->clock.now_ms(s->clock.ctx);
}

void tc_session_pause(struct tc_session *s)
{
	bool was = s->paused;
	s->paused = true;
	tc_session_sync_clock(s);
	if (!was)
		tell(s, TC_LIVE_PAUSE, NULL, 0);
}

void tc_session_resume(struct tc_session *s)
{
	bool was = s->paused;
	s->paused = false;
	tc_session_sync_clock(s);
	if (was)
		tell(s, TC_LIVE_RESUME, NULL, 0);
}

bool tc_session_paused(const struct tc_session *s)
{
	return s->paused;
}

enum tc_status tc_session_status(const struct tc_session *s)
{
	enum tc_status status = s->game->status(tc_session_state(s));
	return status == TC_WON && s->keep_going ? TC_PLAYING : status;
}

void tc_session_keep_going(struct tc_session *s)
{
	bool was = s->keep_going;
	s->keep_going = true;
	tc_session_sync_clock(s);
	if (!was)
		tell(s, TC_LIVE_KEEP_GOING, NULL, 0);
}

bool tc_session_can_win(const struct tc_session *s)
{
	return !s->game->can_win || s->game->can_win(s->params.bytes);
}

bool tc_session_won(const struct tc_session *s)
{
	for (size_t i = 0; i <= s->current; i++)
		if (s->game->status(tc_session_state_at(s, i)) == TC_WON)
			return true;
	return false;
}

void tc_session_mark_assisted(struct tc_session *s, enum tc_assist how)
{
	unsigned before = s->assisted;
	s->assisted |= how;
	if (s->assisted != before)
		tell(s, TC_LIVE_ASSIST, NULL, how);
}

bool tc_session_apply_assisted(struct tc_session *s, const struct tc_move *move, enum tc_assist how)
{
	/* Marked first: the move may end the game, and its end must not count as the player's. */
	unsigned before = s->assisted;
	s->assisted |= how;
	if (!play(s, move)) {
		s->assisted = before;
		return false;
	}
	tell(s, TC_LIVE_HELPED, move, how);
	return true;
}

unsigned tc_session_assisted(const struct tc_session *s)
{
	/* The hints' mark comes from their count, which saves and streams carry already. */
	unsigned limit = s->game->ranked_hints;
	return s->assisted | (limit && s->hints > limit ? TC_ASSIST_HINTS : 0);
}

void tc_session_mark_daily(struct tc_session *s)
{
	s->daily = true;
}

bool tc_session_daily(const struct tc_session *s)
{
	return s->daily;
}

/* FNV-1a: positions told apart by their bytes, in 8 bytes each. */
static uint64_t state_hash(const struct tc_session *s)
{
	const unsigned char *b = tc_session_state(s);
	uint64_t h = 14695981039346656037u;
	for (size_t i = 0; i < s->game->state_size; i++)
		h = (h ^ b[i]) * 1099511628211u;
	return h;
}

bool tc_session_count_hint(struct tc_session *s)
{
	uint64_t h = state_hash(s);
	for (size_t i = 0; i < s->hinted_count; i++)
		if (s->hinted[i] == h)
			return false;
	if (s->hinted_count == s->hinted_capacity) {
		size_t capacity = s->hinted_capacity ? 2 * s->hinted_capacity : 16;
		uint64_t *hinted = realloc(s->hinted, capacity * sizeof *hinted);
		if (hinted) {
			s->hinted = hinted;
			s->hinted_capacity = capacity;
		}
	}
	if (s->hinted_count < s->hinted_capacity) /* out of memory: counted, not remembered */
		s->hinted[s->hinted_count++] = h;
	s->hints++;
	tell(s, TC_LIVE_HINT, NULL, 0);
	return true;
}

unsigned tc_session_hints(const struct tc_session *s)
{
	return s->hints;
}

int64_t tc_session_score(const struct tc_session *s)
{
	return s->game->score ? s->game->score(tc_session_state(s)) : 0;
}

int64_t tc_session_best_score(const struct tc_session *s)
{
	int64_t score = tc_session_score(s);
	return !tc_session_assisted(s) && score > s->best_score ? score : s->best_score;
}

int64_t tc_session_best_ended_score(const struct tc_session *s)
{
	return s->best_score;
}

void tc_session_carry_best_score(struct tc_session *s, int64_t best)
{
	if (best > s->best_score)
		s->best_score = best;
}

int tc_session_game_id(const struct tc_session *s, char *buf, size_t len)
{
	return tc_gameid_format(s->game, s->params.bytes, s->seed, buf, len);
}

const void *tc_session_params(const struct tc_session *s)
{
	return s->params.bytes;
}
