/* `tilecade replay N [--headless]`: a recorded game (tilecade/recordings.h), numbered as
 * `tilecade scores` shows it (#N), played again on screen, or its outcome printed. */
#ifndef TILECADE_CLI_REPLAY_COMMAND_H
#define TILECADE_CLI_REPLAY_COMMAND_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"
#include "tilecade/recordings.h"
#include "tilecade/store.h"

/* tc_replay_command's answer when the terminal should play the recording. */
#define TC_REPLAY_ON_SCREEN (-1)

/* The first option given that replay has no use for (all but --headless, --db, --config and
 * --theme), or NULL. */
const char *tc_replay_stray_option(const struct tc_options *o);

/* The recording's number the command line names ("#N" or "N") into *id, 0 when it names none
 * (the list of recordings): returns 0, or 2 (the exit status of a usage error) with one line in
 * err. */
int tc_replay_parse(const struct tc_options *o, int64_t *id, char *err, size_t errlen);

/* How many recordings `replay` without a number lists. */
#define TC_REPLAY_LIST_MAX 20

/* Prints st's newest recordings (all players'), newest first, one a line: "#N  DATE  PLAYER
 * GAME-ID  RESULT score=P|time=T moves=M"; "no recordings yet" when there are none. Returns
 * 0, or 1 with one line in err when out cannot be written. */
int tc_replay_list(struct tc_store *st, FILE *out, char *err, size_t errlen);

/* Why text is not a recording's number, as one line in err. */
void tc_replay_bad_id(const char *text, char *err, size_t errlen);

/* Replays recording id of st: headless, prints the outcome of its last position, "RESULT
 * score=P|time=T moves=M id=GAME-ID" (RESULT: won, lost, ended or left; a run of N's, the line
 * `tilecade ninja --replay FILE --headless` prints), and returns the exit
 * status, 0, or 1 with one line in err when there is no such recording or it cannot be played.
 * Otherwise loads it into *rec and returns TC_REPLAY_ON_SCREEN. */
int tc_replay_run(struct tc_store *st, int64_t id, bool headless, struct tc_recording *rec,
                  char *err, size_t errlen);

#endif
