/* N's run as a stream (tilecade/live.h), so that it is watched and recorded like a session game,
 * though N is no session game: a run is its level and one input a physics step (ninja.h), and
 * its stream says which input is held from which step on and how far the run has played.
 *
 *   START     text: the run's level as a replay with no inputs yet, its name in a comment:
 *               "tilecade ninja replay 1\n# <name>\n<level line>\n"
 *             (nj_replay_parse reads it); the run's clock is stopped: a new run waits for its
 *             first key
 *   NINJA     value: the input (enum nj_input bits) held from step `step` on; told only when
 *             it changes (step 0 holds no input until told otherwise)
 *   STEPS     the run has played up to step `step`: steps before it are final
 *   PAUSE, RESUME  the run's clock stops (paused, a help screen, ...) and starts
 *   NEW_GAME  text as START: another run begins (restarted, or the next level)
 *   WATCHERS  value: how many watch
 *   END       value: enum tc_live_end
 *
 * An event's time is the run's: its step times NJ_STEP_MS. A second of running takes some 240
 * bytes (a STEPS each frame the player's screen plays), plus 4 to 5 bytes a change of keys. */
#ifndef TILECADE_NINJA_STREAM_H
#define TILECADE_NINJA_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/live.h"
#include "tilecade/ninja.h"

/* The longest name a START carries (longer ones are cut). */
#define NJ_STREAM_NAME_MAX 64

/* Writes the START text of a run of level named name into buf (len bytes; TC_LIVE_TEXT_MAX + 1
 * hold any) with a NUL after it; returns its length, or 0 when it does not fit in an event: the
 * name is left out when only that makes it fit, so 0 means a level line of almost
 * TC_LIVE_TEXT_MAX bytes, which no stream can carry. Control characters in name become '?'. */
size_t nj_stream_start_text(const struct nl_level *level, const char *name, char *buf, size_t len);

/* Whether a START's text is a run's (its first line is a replay's), not a session game's ID:
 * which follower a watcher or a replay takes. */
bool nj_stream_is_run(const char *text, size_t text_len);

/* Reads a START or NEW_GAME text: the level into *level and the name (as written: sanitize it
 * before it reaches a screen) into name. Returns 0, or -1 with why in err (the text is not an N
 * replay this version reads, its level has no ninja, it holds inputs). */
int nj_stream_read_start(const char *text, size_t text_len, struct nl_level *level, char *name,
                         size_t name_len, char *err, size_t errlen);

/* N's game ID, one form wherever a player sees it (the live listing, a recording, a score, a
 * race), GAME:PARAMS:sSEED like every game's and without spaces, so that an arcade's request
 * line carries it back to --id: "ninja:seed:sS" for a playable level generated from seed S,
 * which tc_nlevel_name names "seed S" ("ninja:any:sS" for one of any kind, named "any seed S"),
 * else "ninja:" and nj_level_hash in 16 hex digits. Board keys are the hash whatever the
 * name. */
void nj_game_id(const struct nl_level *level, const char *name, char *buf, size_t len);
/* The level an N game ID names, generated again from its seed, and its name ("seed S" or "any
 * seed S"); the spaced IDs of before ("ninja seed S", "ninja any seed S") are read too. Returns
 * 0, or -1 with a one-line reason in err (a "ninja:HASH" ID names a level of a file only by
 * its hash, which cannot be rebuilt from it: a recording of the level holds it, else the reason
 * says what plays it). nj_game_id of the level
 * and name gives the ID in today's form. */
int nj_game_id_level(const char *game_id, struct nl_level *level, char *name, size_t name_len,
                     char *err, size_t errlen);
/* The name of the generated level a seed's game ID names ("seed S" or "any seed S", as
 * nj_game_id_level gives it, without generating the level); false for any other ID. */
bool nj_game_id_seed_name(const char *game_id, char *name, size_t name_len);
/* The game ID of the run a START or NEW_GAME text begins, into buf; false when the text is not
 * a run's (buf is then left as it was). */
bool nj_stream_game_id(const char *text, size_t text_len, char *buf, size_t len);
/* Whether a game ID is N's (a run's), which the game lists show by its steps, not moves. */
bool nj_game_id_is_run(const char *game_id);
/* The level's 64-bit FNV-1a hash of its text line (nl_print): its scoreboard's key. */
uint64_t nj_level_hash(const struct nl_level *level);

/* Where the events of a stream go. */
typedef void nj_stream_emit(void *ctx, const struct tc_live_event *ev);

/* Tells that steps from..to-1 were played with input[from..to-1]: a TC_LIVE_NINJA for each
 * step whose input differs from the step before's (input[from - 1], or none before step 0),
 * then a TC_LIVE_STEPS up to `to`. Nothing when to <= from. */
void nj_stream_tell_steps(const uint8_t *input, int32_t from, int32_t to, nj_stream_emit *emit,
                          void *ctx);

/* A whole run in its shortest stream, what a recording keeps: START (level and name), the
 * inputs of rp's steps, END how. Returns false when out of memory or the level cannot be
 * carried (the log then holds what was added). */
bool nj_stream_of_replay(const struct nj_replay *rp, const char *name, enum tc_live_end how,
                         struct tc_live_log *log);

/* Following a run's stream: the run rebuilt step by step, never past the last step the stream
 * confirmed (TC_LIVE_STEPS), its physics played by the follower, so that a stream whose steps
 * the run cannot have played (past its end) is refused. Big (a level, a world, every input):
 * allocate it. */
struct nj_follow {
	bool started; /* a START came */
	bool ended;   /* an END came, and how */
	enum tc_live_end end;
	bool paused;   /* the run's clock is stopped (as it is at every run's start) */
	unsigned runs; /* runs the stream has begun (its START, then each NEW_GAME) */
	unsigned events, watchers;
	char name[NJ_STREAM_NAME_MAX]; /* the run's, as the stream wrote it: sanitize to show */
	struct nj_world world;
	struct nj_run run;   /* at the step confirmed */
	struct nj_replay rp; /* the level and the inputs up to the step confirmed (rp.steps) */
	uint8_t held;        /* the input held from step `known` on */
	int32_t known;       /* steps whose input is known (the last NINJA's step, or more) */
};

/* Ready for a stream's START. */
void nj_follow_init(struct nj_follow *f);
/* Follows one event. Returns 0, or -1 with a one-line reason when it cannot follow what came
 * before (any event before START or after END, a text that is not a run's START, an input or a
 * step count that goes back or past the run's end, a session's event): the stream is not a
 * run's, and the follower is left as it was. */
int nj_follow(struct nj_follow *f, const struct tc_live_event *ev, char *err, size_t errlen);
/* Follows every event of a log in turn (a late watcher's start, a recording). Returns 0, or -1
 * with the reason, the follower then where the bad event found it. */
int nj_follow_log(struct nj_follow *f, const unsigned char *bytes, size_t len, char *err,
                  size_t errlen);
/* The run followed as a replay: its inputs up to the step confirmed, "unfinished" unless the
 * run is over, so that it plays back to where the stream left it. */
void nj_follow_replay(const struct nj_follow *f, struct nj_replay *out);

/* A recorded run's stream (nj_stream_of_replay's, or any run's stream) as the replay of its
 * last run, as nj_follow_replay gives it, and that run's name. Returns 0, or -1 with why in err
 * (the stream is not a run's, out of memory). */
int nj_replay_of_stream(const unsigned char *bytes, size_t len, struct nj_replay *out, char *name,
                        size_t name_len, char *err, size_t errlen);

#endif
