/* What the store keeps of N's play (issue 8): a level's best time, and the run in progress.
 * Policy only: the store does the storing.
 *
 * - A level's scoreboard is ("ninja", "level", the 16 hex digits of the 64-bit FNV-1a hash of
 *   the level's text line), ranked by time: a win adds time_ms = steps * 25, moves 0.
 * - The run in progress is the store's save of game "ninja": the blob is the replay text of
 *   the run so far (nj_replay_print), the summary "N <name>, 12.3 s, 5 gold". Continuing plays
 *   its inputs again to the same state.
 * - Every run that ends (won, died, out of time) or is left for good (restarted, or its save
 *   overwritten by another run's) is a recording of game "ninja" (tilecade/recordings.h) in the
 *   store of the scores: its stream as nj_stream_of_replay makes it (the level and name in its
 *   START, the inputs), result "won", "lost" or "left", time_ms and moves its steps, game_id
 *   nj_game_id's ("ninja:seed:sS", or "ninja:" and the level's hash: the live listing's too); a
 *   win's row on the board links to it and carries the same game_id.
 * - A run kept to continue (q leaves it saved) is not left for good: it is recorded when it
 *   ends or is replaced (restarted after Continue, or its save overwritten by another run's). */
#ifndef TILECADE_TUI_NINJA_RECORDS_H
#define TILECADE_TUI_NINJA_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "records.h"
#include "tilecade/ninja.h"
#include "tilecade/recordings.h"

#define TC_NJ_GAME "ninja"
#define TC_NJ_TITLE "N" /* as the menu and the boards name it */

/* The scoreboard of a level. */
void tc_nj_board(const struct nl_level *level, struct tc_board_key *key);
/* The player's best time on the level, in ms; false when there is none. */
bool tc_nj_best(struct tc_records *r, const struct nl_level *level, int64_t *best_ms);
/* Records a win, linked to its recording (0: none); returns its rank (1 is best), or -1 when
 * nothing was stored. */
int tc_nj_record_win(struct tc_records *r, const struct nl_level *level, const char *name,
                     const struct nj_run *run, int64_t recording);

/* Records the run of rp (its inputs up to where it ended or was left) that ended so: outcome
 * NJ_RUNNING for a run left for good. result, when not NULL, is its result (a race's time
 * limit: "ended"), else the outcome's (won, lost, left). Returns the recording's id, 0 when
 * none was stored. */
int64_t tc_nj_record_run(struct tc_records *r, const struct nj_replay *rp, const char *name,
                         enum nj_outcome outcome, const char *result);
/* The saved run is about to be overwritten by another run's: it is recorded as left for good. */
void tc_nj_record_saved_run(struct tc_records *r);
/* The level of a file that an N game ID names by its hash (nj_game_id), from the newest
 * recording of it in st, any player's (a run's stream holds its level), and its name there
 * (sanitized): whether one was found. */
bool tc_nj_recorded_level(struct tc_store *st, const char *game_id, struct nl_level *level,
                          char *name, size_t name_len);
/* A recording of N back as its run's replay (to the step it ended or was left at) and the
 * level's name (sanitized). Returns 0, or -1 with why in err (a stream that is not a run's). */
int tc_nj_recording_replay(const struct tc_recording *rec, struct nj_replay *rp, char *name,
                           size_t name_len, char *err, size_t errlen);

/* Saves the run in progress (the replay so far, as text); name: the level's short name. Nothing
 * once another program took the run over (tc_records_lost). */
void tc_nj_save_run(struct tc_records *r, const struct nj_replay *rp, const struct nj_run *run,
                    const char *name);
/* Forgets the saved run (the run ended, or restarted). */
void tc_nj_forget_run(struct tc_records *r);
/* Loads the saved run into rp and the level's name into name, taken over from whichever program
 * held it (tilecade/store.h). Returns 0, or -1 with why in err (a save that cannot be read is
 * removed, unless a newer tilecade's: that is kept). */
int tc_nj_load_run(struct tc_records *r, struct nj_replay *rp, char *name, size_t name_len,
                   char *err, size_t errlen);

/* "12.3 s": steps as seconds, tenths cut (a time never shows better than it was). */
void tc_nj_format_time(int64_t ms, char *buf, size_t len);

#endif
