/* N's real-time play screen (issue 8): a level of N v1.4 played at 40 physics steps a second,
 * the map as the level browser draws it and the ninja finer than a tile (braille dots), the
 * gold, the clock as a bar, pause, restart, death and win screens; or a replay played back.
 *
 * Not a session game: no undo. The screen keeps its own clock, which stops whenever the run is
 * not on show (paused, help, a prompt, the window too small, the program suspended), and plays
 * every physics step that is due each time it is woken (at most 8 at once, so that a stall
 * does not fast-forward). Every step's input is recorded: the run is a replay. */
#ifndef TILECADE_TUI_NINJA_PLAY_H
#define TILECADE_TUI_NINJA_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "event.h"
#include "race_pane.h"
#include "records.h"
#include "tilecade/ninja.h"

struct tc_ninja_play;

enum tc_ninja_result {
	TC_NJ_STAY,  /* still playing */
	TC_NJ_LEAVE, /* back where the player came from (the run in progress is saved) */
	TC_NJ_NEXT,  /* after a run: play a new level (offered when opened with offer_next) */
};

/* A new run of the level. name: a short name of the level for the status line ("seed 42",
 * "level.txt"). records (NULL: nothing is kept): best times and the saved run. offer_next: the
 * end screens offer "n: next level". Returns NULL with why in err (the level has no ninja, out
 * of memory). */
struct tc_ninja_play *tc_ninja_play_new(const struct nl_level *level, const char *name,
                                        struct tc_records *records, bool offer_next, char *err,
                                        size_t errlen);
/* A saved run continued: its inputs played again to the same state, the screen paused. */
struct tc_ninja_play *tc_ninja_play_continue(const struct nj_replay *rp, const char *name,
                                             struct tc_records *records, char *err, size_t errlen);
/* A replay played back on screen (tilecade ninja --replay FILE); nothing is kept. */
struct tc_ninja_play *tc_ninja_play_replay(const struct nj_replay *rp, const char *name, char *err,
                                           size_t errlen);
/* Tells the watcher something about the run watched ("ann is back"), on the status line after
 * whose run it is, until the next key. */
void tc_ninja_play_tell(struct tc_ninja_play *np, const char *text);
/* The replay is of recording #id, player's (sanitized here): its status line names them, as
 * the other games' replays do. */
void tc_ninja_play_recording(struct tc_ninja_play *np, int64_t id, const char *player);
/* Another player's run watched, from its stream's START (nj_stream_is_run says whether a START
 * is a run's); player is whose it is (sanitized here). Read-only: q leaves. Returns NULL with
 * why in err (the START is not a run's, out of memory). */
struct tc_ninja_play *tc_ninja_play_watch(const char *player, const struct tc_live_event *start,
                                          char *err, size_t errlen);
/* The next event of the watched stream: the run shown as far as the stream has confirmed it,
 * the end told when it ends. Returns 0, or -1 with why when the stream is not a run's (the
 * screen is then as it was: drop the stream). */
int tc_ninja_play_follow(struct tc_ninja_play *np, const struct tc_live_event *ev, char *err,
                         size_t errlen);
/* After a run: a new run of another level on the same screen (its stream goes on with the new
 * run). Returns 0, or -1 with why in err (the level has no ninja), the screen as it was. */
int tc_ninja_play_next_level(struct tc_ninja_play *np, const struct nl_level *level,
                             const char *name, uint64_t now, char *err, size_t errlen);
/* A race beside the run (a race's or a ghost's), as tc_play_race has it for the other games:
 * standing gives what the race pane shows, asked at every frame (NULL: none for now), next_ms
 * (may be NULL) the milliseconds until it changes by itself, or -1. The pane takes the panel's
 * lower part (the legend and the keys give way), else a ticker goes on a spare line under the
 * map, else the run shows alone. */
void tc_ninja_play_race(struct tc_ninja_play *np,
                        const struct tc_race_standing *(*standing)(void *ctx, uint64_t now),
                        int (*next_ms)(void *ctx, uint64_t now), void *ctx);
/* A race's run (race_run.h), as tc_play_racing has it for the other games: q asks before
 * leaving the race (a yes: TC_NJ_LEAVE). With over (NULL while the racer plays; copied) the
 * race is over for this racer: only q and ? do anything, and a run that did not end by itself
 * (tc_ninja_play_end_here) says over in a box. */
void tc_ninja_play_racing(struct tc_ninja_play *np, bool racing, const char *over);
/* The run ends where it stands, for good, whatever its state (a race's time limit, a racer
 * leaving the race), as tc_records_end_here has it for the other games: no step more, recorded
 * as it stands with result as its result ("ended": the time limit; NULL: "left"; a run that
 * ended by itself was recorded then), its save forgotten, its stream ended. Returns its
 * recording's id, 0 for none (nothing played). */
int64_t tc_ninja_play_end_here(struct tc_ninja_play *np, const char *result);
/* The recording of the run's end (tc_ninja_play_end_here, or the run's own end), 0 until it
 * has one. */
int64_t tc_ninja_play_recorded(const struct tc_ninja_play *np);
/* The run on show and its world, and whether its clock runs: what a race sees of it. */
const struct nj_run *tc_ninja_play_run(const struct tc_ninja_play *np,
                                       const struct nj_world **world, bool *clock_running);
/* How many watch the run being played, for its status line. */
void tc_ninja_play_watchers(struct tc_ninja_play *np, unsigned watchers);
void tc_ninja_play_free(struct tc_ninja_play *np);

/* Plays the steps due by now, then draws the screen into curses' virtual screen. */
void tc_ninja_play_draw(struct tc_ninja_play *np, uint64_t now);
/* An event (key presses, repeats and releases; the mouse does nothing). */
enum tc_ninja_result tc_ninja_play_event(struct tc_ninja_play *np, const struct tc_event *ev,
                                         uint64_t now);
/* Milliseconds until the next physics step is due while the run is on show; -1 otherwise. */
int tc_ninja_play_next_frame(struct tc_ninja_play *np, uint64_t now);

/* The program is suspended (Ctrl-Z) and resumed: the clock stops meanwhile. */
void tc_ninja_play_suspend(struct tc_ninja_play *np, uint64_t now);
void tc_ninja_play_resume(struct tc_ninja_play *np, uint64_t now);

/* The screen is left, or the program ends with it open: a run in progress is saved. */
void tc_ninja_play_leave(struct tc_ninja_play *np, uint64_t now);

#endif
