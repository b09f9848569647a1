/* N's run as a stream: its START text, the events of its steps, and a follower that plays the
 * run's physics up to the step the stream confirmed. */
#include "tilecade/ninja_stream.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/gameid.h"
#include "tilecade/rng.h"

#define HEADER "tilecade ninja replay 1\n"

size_t nj_stream_start_text(const struct nl_level *level, const char *name, char *buf, size_t len)
{
	char shown[NJ_STREAM_NAME_MAX];
	snprintf(shown, sizeof shown, "%s", name ? name : "");
	for (char *p = shown; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?'; /* one line, whatever the name */
	int line = nl_print(level, NULL, 0);
	if (line < 0)
		return 0;
	const char *end = nl_line_end(level);
	size_t fixed = strlen(HEADER) + (size_t)line + strlen(end);
	size_t named = fixed + 2 + strlen(shown) + 1;
	bool with_name = *shown && named <= TC_LIVE_TEXT_MAX;
	size_t total = with_name ? named : fixed;
	if (total > TC_LIVE_TEXT_MAX || total >= len)
		return 0;
	int n = snprintf(buf, len, "%s%s%s%s", HEADER, with_name ? "# " : "",
	                 with_name ? shown : "", with_name ? "\n" : "");
	nl_print(level, buf + n, len - (size_t)n);
	strcat(buf + n, end);
	return total;
}

bool nj_stream_is_run(const char *text, size_t text_len)
{
	/* Any version's: a newer one is N's to refuse, with the version named. */
	const char *stem = "tilecade ninja replay ";
	return text_len >= strlen(stem) && memcmp(text, stem, strlen(stem)) == 0;
}

int nj_stream_read_start(const char *text, size_t text_len, struct nl_level *level, char *name,
                         size_t name_len, char *err, size_t errlen)
{
	char *copy = malloc(text_len + 1);
	struct nj_replay *rp = malloc(sizeof *rp);
	int rc = -1;
	if (!copy || !rp) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	memcpy(copy, text, text_len);
	copy[text_len] = '\0';
	char why[200];
	if (memchr(text, '\0', text_len)) {
		snprintf(err, errlen, "the run's level: a NUL byte");
	} else if (nj_replay_parse(copy, rp, why, sizeof why) != 0) {
		snprintf(err, errlen, "the run's level: %s", why);
	} else if (rp->steps != 0 || rp->unfinished) {
		snprintf(err, errlen, "the run's level: it holds inputs; they come as events");
	} else {
		*level = rp->level;
		/* The name: the comment line right after the header, when there is one. */
		const char *second = strchr(copy, '\n');
		name[0] = '\0';
		if (second && second[1] == '#' && second[2] == ' ')
			snprintf(name, name_len, "%.*s", (int)strcspn(second + 3, "\r\n"),
			         second + 3);
		rc = 0;
	}
done:
	free(copy);
	free(rp);
	return rc;
}

void nj_stream_tell_steps(const uint8_t *input, int32_t from, int32_t to, nj_stream_emit *emit,
                          void *ctx)
{
	if (to <= from)
		return;
	unsigned held = from > 0 ? input[from - 1] & NJ_INPUT_BITS : 0;
	for (int32_t k = from; k < to; k++) {
		unsigned now = input[k] & NJ_INPUT_BITS;
		if (now == held)
			continue;
		held = now;
		struct tc_live_event ev = {.kind = TC_LIVE_NINJA,
		                           .at_ms = (uint32_t)k * NJ_STEP_MS,
		                           .value = now,
		                           .step = (uint32_t)k};
		emit(ctx, &ev);
	}
	struct tc_live_event steps = {
	        .kind = TC_LIVE_STEPS, .at_ms = (uint32_t)to * NJ_STEP_MS, .step = (uint32_t)to};
	emit(ctx, &steps);
}

struct to_log {
	struct tc_live_log *log;
	bool ok;
};

static void add_to_log(void *ctx, const struct tc_live_event *ev)
{
	struct to_log *t = ctx;
	t->ok = t->ok && tc_live_log_add(t->log, ev);
}

bool nj_stream_of_replay(const struct nj_replay *rp, const char *name, enum tc_live_end how,
                         struct tc_live_log *log)
{
	char *text = malloc(TC_LIVE_TEXT_MAX + 1);
	size_t n = text ? nj_stream_start_text(&rp->level, name, text, TC_LIVE_TEXT_MAX + 1) : 0;
	struct to_log t = {log, n > 0};
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = text, .text_len = n};
	add_to_log(&t, &start);
	free(text);
	int32_t steps = rp->steps < 0 ? 0 : rp->steps > NJ_MAX_STEPS ? NJ_MAX_STEPS : rp->steps;
	nj_stream_tell_steps(rp->input, 0, steps, add_to_log, &t);
	struct tc_live_event end = {
	        .kind = TC_LIVE_END, .at_ms = (uint32_t)steps * NJ_STEP_MS, .value = how};
	add_to_log(&t, &end);
	return t.ok;
}

void nj_follow_init(struct nj_follow *f)
{
	memset(f, 0, sizeof *f);
}

/* A run starts on the level in ev's text. */
static int begin_run(struct nj_follow *f, const struct tc_live_event *ev, char *err, size_t errlen)
{
	struct nl_level *level = malloc(sizeof *level);
	struct nj_world *world = malloc(sizeof *world);
	char name[NJ_STREAM_NAME_MAX], why[200];
	int rc = -1;
	if (!level || !world)
		snprintf(err, errlen, "out of memory");
	else if (nj_stream_read_start(ev->text, ev->text_len, level, name, sizeof name, err,
	                              errlen) != 0)
		;
	else if (nj_world_from_level(level, world, why, sizeof why) != 0)
		snprintf(err, errlen, "the run's level: %s", why);
	else {
		f->world = *world;
		f->rp.level = *level;
		f->rp.steps = 0;
		f->rp.unfinished = false;
		nj_run_start(&f->world, &f->run);
		snprintf(f->name, sizeof f->name, "%s", name);
		f->held = 0;
		f->known = 0;
		f->paused = true; /* a new run waits for its first key */
		f->started = true;
		f->runs++;
		rc = 0;
	}
	free(level);
	free(world);
	return rc;
}

/* The inputs of steps known..upto-1 are the one held. */
static void fill_known(struct nj_follow *f, int32_t upto)
{
	if (upto > f->known) {
		memset(f->rp.input + f->known, f->held, (size_t)(upto - f->known));
		f->known = upto;
	}
}

static int held_from(struct nj_follow *f, const struct tc_live_event *ev, char *err, size_t errlen)
{
	if (ev->value & ~(uint32_t)NJ_INPUT_BITS) {
		snprintf(err, errlen, "input %u is not one of N's (0 to 7)", (unsigned)ev->value);
		return -1;
	}
	if (f->run.outcome != NJ_RUNNING) {
		snprintf(err, errlen, "an input after the run's end");
		return -1;
	}
	if (ev->step < (uint32_t)f->known || ev->step >= NJ_MAX_STEPS) {
		snprintf(err, errlen, "an input from step %u, when step %ld on is known",
		         (unsigned)ev->step, (long)f->known);
		return -1;
	}
	fill_known(f, (int32_t)ev->step);
	f->held = (uint8_t)ev->value;
	return 0;
}

static int played_to(struct nj_follow *f, const struct tc_live_event *ev, char *err, size_t errlen)
{
	if (ev->step < (uint32_t)f->rp.steps || ev->step > NJ_MAX_STEPS) {
		snprintf(err, errlen, "the run played to step %u after step %ld",
		         (unsigned)ev->step, (long)f->rp.steps);
		return -1;
	}
	int32_t to = (int32_t)ev->step;
	struct nj_run run = f->run; /* the follower is changed once the steps are known good */
	for (int32_t k = f->rp.steps; k < to; k++) {
		if (run.outcome != NJ_RUNNING) {
			snprintf(err, errlen, "the run ended at step %ld, not %ld", (long)k,
			         (long)to);
			return -1;
		}
		nj_step(&f->world, &run, k < f->known ? f->rp.input[k] : f->held);
	}
	fill_known(f, to);
	f->run = run;
	f->rp.steps = to;
	return 0;
}

int nj_follow(struct nj_follow *f, const struct tc_live_event *ev, char *err, size_t errlen)
{
	if (f->ended) {
		snprintf(err, errlen, "an event after the stream's end");
		return -1;
	}
	if (!f->started && ev->kind != TC_LIVE_START) {
		snprintf(err, errlen, "an event before the stream's start");
		return -1;
	}
	int rc = 0;
	switch (ev->kind) {
	case TC_LIVE_START:
		if (f->started) {
			snprintf(err, errlen, "a second start in the stream");
			return -1;
		}
		rc = begin_run(f, ev, err, errlen);
		break;
	case TC_LIVE_NEW_GAME:
		rc = begin_run(f, ev, err, errlen);
		break;
	case TC_LIVE_NINJA:
		rc = held_from(f, ev, err, errlen);
		break;
	case TC_LIVE_STEPS:
		rc = played_to(f, ev, err, errlen);
		break;
	case TC_LIVE_PAUSE:
	case TC_LIVE_RESUME:
		f->paused = ev->kind == TC_LIVE_PAUSE;
		break;
	case TC_LIVE_WATCHERS:
		f->watchers = ev->value;
		break;
	case TC_LIVE_END:
		if (ev->value > TC_LIVE_END_DROPPED) {
			snprintf(err, errlen, "the stream ends in an unknown way (%u)",
			         (unsigned)ev->value);
			return -1;
		}
		f->ended = true;
		f->end = (enum tc_live_end)ev->value;
		break;
	default:
		snprintf(err, errlen, "a session game's event (kind %u) in N's stream",
		         (unsigned)ev->kind);
		return -1;
	}
	if (rc == 0)
		f->events++;
	return rc;
}

int nj_follow_log(struct nj_follow *f, const unsigned char *bytes, size_t len, char *err,
                  size_t errlen)
{
	size_t pos = 0;
	struct tc_live_event ev;
	int rc;
	while ((rc = tc_live_log_next(bytes, len, &pos, &ev)) == 1)
		if (nj_follow(f, &ev, err, errlen) != 0)
			return -1;
	if (rc < 0) {
		snprintf(err, errlen, "the stream's bytes are broken after %u events", f->events);
		return -1;
	}
	return 0;
}

void nj_follow_replay(const struct nj_follow *f, struct nj_replay *out)
{
	out->level = f->rp.level;
	out->steps = f->rp.steps;
	memcpy(out->input, f->rp.input, (size_t)f->rp.steps);
	out->unfinished = f->run.outcome == NJ_RUNNING;
}

int nj_replay_of_stream(const unsigned char *bytes, size_t len, struct nj_replay *out, char *name,
                        size_t name_len, char *err, size_t errlen)
{
	struct nj_follow *f = malloc(sizeof *f);
	if (!f) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	nj_follow_init(f);
	int rc = nj_follow_log(f, bytes, len, err, errlen);
	if (rc == 0 && !f->started) {
		snprintf(err, errlen, "the stream is empty");
		rc = -1;
	}
	if (rc == 0) {
		nj_follow_replay(f, out);
		snprintf(name, name_len, "%s", f->name);
	}
	free(f);
	return rc;
}

uint64_t nj_level_hash(const struct nl_level *level)
{
	uint64_t h = 0xcbf29ce484222325u; /* FNV-1a, 64 bits */
	int n = nl_print(level, NULL, 0);
	char *line = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (line)
		nl_print(level, line, (size_t)n + 1);
	for (const char *p = line ? line : ""; *p; p++) {
		h ^= (unsigned char)*p;
		h *= 0x100000001b3u;
	}
	free(line);
	return h;
}

#define ANY_PREFIX "any " /* before "seed S": a level of nl_generate, not made playable */

/* The seed of a generated level's name ("seed S", or "any seed S" when not made playable);
 * false for other names. */
static bool seed_name(const char *name, uint64_t *seed, bool *any)
{
	if (!name)
		return false;
	*any = strncmp(name, ANY_PREFIX, strlen(ANY_PREFIX)) == 0;
	if (*any)
		name += strlen(ANY_PREFIX);
	return strncmp(name, "seed ", 5) == 0 && tc_parse_seed(name + 5, seed) == 0;
}

/* The seed of a generated level's game ID: "ninja:seed:sS" or "ninja:any:sS", or the spaced
 * "ninja seed S" and "ninja any seed S" that scores, recordings and races kept before (issue
 * 27: an arcade's request line takes no spaces in an ID). False for any other ID. */
static bool seed_id(const char *game_id, uint64_t *seed, bool *any)
{
	if (strncmp(game_id, "ninja ", 6) == 0)
		return seed_name(game_id + 6, seed, any);
	*any = strncmp(game_id, "ninja:any:s", 11) == 0;
	const char *digits = *any                                        ? game_id + 11
	                     : strncmp(game_id, "ninja:seed:s", 12) == 0 ? game_id + 12
	                                                                 : NULL;
	return digits && tc_parse_seed(digits, seed) == 0;
}

void nj_game_id(const struct nl_level *level, const char *name, char *buf, size_t len)
{
	uint64_t seed;
	bool any;
	if (seed_name(name, &seed, &any))
		snprintf(buf, len, "ninja:%s:s%" PRIu64, any ? "any" : "seed", seed);
	else
		snprintf(buf, len, "ninja:%016" PRIx64, nj_level_hash(level));
}

bool nj_game_id_seed_name(const char *game_id, char *name, size_t name_len)
{
	uint64_t seed;
	bool any;
	if (!seed_id(game_id, &seed, &any))
		return false;
	snprintf(name, name_len, "%sseed %" PRIu64, any ? ANY_PREFIX : "", seed);
	return true;
}

int nj_game_id_level(const char *game_id, struct nl_level *level, char *name, size_t name_len,
                     char *err, size_t errlen)
{
	uint64_t seed;
	bool any;
	if (!seed_id(game_id, &seed, &any)) {
		bool hash = strncmp(game_id, "ninja:", 6) == 0 &&
		            strspn(game_id + 6, "0123456789abcdef") == 16 && !game_id[22];
		if (hash)
			snprintf(err, errlen,
			         "game ID '%s' names an N level read from a file, by a hash of it, "
			         "and no recording here holds it: open that file in N's level "
			         "browser (tilecade ninja, then o) to play it",
			         game_id);
		else
			snprintf(
			        err, errlen,
			        "game ID '%s' is not N's ninja:seed:sS, ninja:any:sS or ninja:HASH",
			        game_id);
		return -1;
	}
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, NL_RNG_STREAM); /* as the level browser and --generate --seed */
	if (any)
		nl_generate(&rng, level);
	else
		nl_generate_playable(&rng, level);
	nj_game_id_seed_name(game_id, name, name_len);
	return 0;
}

bool nj_game_id_is_run(const char *game_id)
{
	return strncmp(game_id, "ninja ", 6) == 0 || strncmp(game_id, "ninja:", 6) == 0;
}

bool nj_stream_game_id(const char *text, size_t text_len, char *buf, size_t len)
{
	struct nl_level *level = malloc(sizeof *level); /* big: not on the stack */
	char name[NJ_STREAM_NAME_MAX], err[160];
	bool read = level && nj_stream_is_run(text, text_len) &&
	            nj_stream_read_start(text, text_len, level, name, sizeof name, err,
	                                 sizeof err) == 0;
	if (read)
		nj_game_id(level, name, buf, len);
	free(level);
	return read;
}
