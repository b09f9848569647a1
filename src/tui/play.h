/* The game screen: one game's view inside the shared frame of status lines, help, pause,
 * confirmations and win/loss messages. */
#ifndef TILECADE_TUI_PLAY_H
#define TILECADE_TUI_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "race_pane.h"
#include "view.h"

enum tc_play_result { TC_PLAY_STAY, TC_PLAY_LEAVE };

struct tc_play;

/* Takes ownership of the session. */
struct tc_play *tc_play_new(const struct tc_view *view, const char *title, struct tc_session *s,
                            bool animations);
/* The screen of another player's game: session is a follower's (tilecade/live_follow.h),
 * which stays the caller's; keys that would change the game do nothing. */
struct tc_play *tc_play_new_watching(const struct tc_view *view, const char *title,
                                     struct tc_session *s, const char *player, bool animations);
void tc_play_free(struct tc_play *p);

/* A race beside the game (a race's or a ghost's), in the race pane (race_pane.h): standing
 * gives what it shows, asked at every frame (NULL: no pane for now; what it points to stays
 * the caller's and must last until the next call); next_ms (may be NULL) the milliseconds
 * until the standing changes by itself (a ghost's next move), or -1 when only the caller's
 * own events change it. The pane goes beside the board when both fit, else a ticker line goes
 * under it, else the game shows alone: it never makes the window too small. */
void tc_play_race(struct tc_play *p,
                  const struct tc_race_standing *(*standing)(void *ctx, uint64_t now),
                  int (*next_ms)(void *ctx, uint64_t now), void *ctx);

/* How many watch this game, for the status line (0: not said). */
void tc_play_watchers(struct tc_play *p, unsigned watchers);
/* Watching: what became of the game ("ann left"), kept on the status line. */
void tc_play_watch_note(struct tc_play *p, const char *note);
/* Watching a recording (replay_view.h) rather than a game in progress: line (the caller's,
 * read at each draw) stands where a watcher's says whom it watches, and the help lists help
 * (ending with {NULL, NULL}) under help_title. */
void tc_play_watch_recording(struct tc_play *p, const char *line, const char *help_title,
                             const struct tc_help_line *help);
/* Whether the help is up: it takes the next key. */
bool tc_play_help_shown(const struct tc_play *p);
/* Watching: the session changed behind the view's back (an undo, a restart). */
void tc_play_changed(struct tc_play *p);
/* What the view shows beyond the position (tc_view.shown): whether it changed since last
 * asked (the player's, to tell watchers), and, watching, the player's shown. */
bool tc_play_shown_changed(struct tc_play *p, uint32_t *shown);
void tc_play_show(struct tc_play *p, uint32_t shown);

const struct tc_session *tc_play_session(const struct tc_play *p);
/* Carries a best read late (the database back) into the game's Best
 * (tc_session_carry_best_score). */
void tc_play_carry_best(struct tc_play *p, int64_t best);

void tc_play_draw(struct tc_play *p, uint64_t now);
/* Milliseconds until the screen needs redrawing on its own (animation, clock), or -1. */
int tc_play_next_frame(struct tc_play *p, uint64_t now);
enum tc_play_result tc_play_event(struct tc_play *p, const struct tc_event *ev, uint64_t now);

/* The result of the finished game for the status bar, e.g. the rank it made: it stays while the
 * game is over, whatever keys come, and goes when the game goes on. The text is copied. */
void tc_play_tell(struct tc_play *p, const char *text);

/* The campaign's levels the player has not won, as the scoreboard tells once the game is
 * recorded (see tc_view.campaign_won): for the won box. */
void tc_play_campaign(struct tc_play *p, int open);

/* A race's game (race_run.h): n starts no other game and q asks before leaving the race. With
 * over (NULL while the racer plays; copied) the race is over for this racer: only q and ? do
 * anything, and a game that did not end by itself (the time limit came) says over in a box,
 * its clock stopped. */
void tc_play_racing(struct tc_play *p, bool racing, const char *over);

/* Around a suspension: the clock must not count the time away. */
void tc_play_suspend(struct tc_play *p);
void tc_play_resume(struct tc_play *p);

#endif
