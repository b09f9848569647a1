/* A ghost: a recording (tilecade/recordings.h) played at the pace it was played, beside the
 * player's own game of the same game ID, so that the player races it. Its position at any time
 * of the player's clock is the recording's at that time of its own; its progress
 * (tc_game.progress, or N's) goes in the race pane as one more racer. Written once in the
 * session layer for every game; N's runs are followed by their own follower (ninja_stream.h). */
#ifndef TILECADE_GHOST_H
#define TILECADE_GHOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/races.h"

struct tc_ghost;

/* A ghost of the recording whose stream is bytes (copied), named name ("ann #5"). Returns NULL
 * with a one-line reason when the stream cannot be followed. */
struct tc_ghost *tc_ghost_new(const unsigned char *bytes, size_t len, const char *name,
                              char *err, size_t errlen);
void tc_ghost_free(struct tc_ghost *g);
/* The game ID the ghost played: the player's game must be the same. */
const char *tc_ghost_game_id(const struct tc_ghost *g);
/* Plays the recording up to time_ms of its own clock, forward or back (the player's restart
 * starts the race again: back to 0). */
void tc_ghost_at(struct tc_ghost *g, uint64_t time_ms);
/* The ghost as a racer: its name, progress, and once its recording ended (at or before the
 * time given to tc_ghost_at), its outcome and time. */
void tc_ghost_racer(const struct tc_ghost *g, struct tc_racer *out);
/* Milliseconds of its clock until the ghost's next event after time_ms, or -1 when none: when
 * the player's screen must next be drawn. */
int64_t tc_ghost_next(const struct tc_ghost *g, uint64_t time_ms);

#endif
