/* Recordings of the games the records keep (records.h): every finished game, won, lost or
 * left for good, is kept as its stream in the store its score goes to (tilecade/recordings.h),
 * and a game that is left to be continued carries its stream in its save, so that its
 * recording starts at its real start. Policy only: the store does the storing. */
#ifndef TILECADE_TUI_RECORDER_H
#define TILECADE_TUI_RECORDER_H

#include <stddef.h>
#include <stdint.h>

#include "records.h"

/* The game being played is over (or assisted and over): its log so far is recorded, or its
 * recording replaced when it has one (ended again), with result as its result (NULL: the
 * game's own, tc_replay_result). Returns the recording's id, 0 for none. */
int64_t tc_recorder_finished(struct tc_records *r, const struct tc_session *s, const char *result);
/* The log holds a game that is left for good (a new game begins over it, unfinished): it is
 * recorded from its own stream, followed to its last position, unless it has no move or its
 * stream ended already (left to be continued, or finished and recorded). */
void tc_recorder_left_for_good(struct tc_records *r);
/* A save of this kind of game is about to be overwritten by another game's: the saved game is
 * left for good, and recorded from the stream its save kept. */
void tc_recorder_save_overwritten(struct tc_records *r, const char *game);
/* A game begins: with the stream its save kept (events, taken over; NULL for a new game),
 * when that stream leads to s's position, the log is that stream and true is returned; false
 * for a new game, whose log starts afresh. A continued game whose save has no stream (made by
 * a tilecade of before recordings) or a stream that does not lead to its position is not
 * recorded: its moves before the save are not known, and a recording of only the moves after
 * it would not replay from the game's start. */
bool tc_recorder_begin(struct tc_records *r, const struct tc_session *s, unsigned char *events,
                       size_t len);

#endif
