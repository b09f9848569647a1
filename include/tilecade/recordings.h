/* Recordings: every finished game kept as its stream (tilecade/live.h: the game ID and every
 * event with its time), in the store that keeps its score, so that a scoreboard row links to
 * the game that made it and `replay N` plays it again. */
#ifndef TILECADE_RECORDINGS_H
#define TILECADE_RECORDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "tilecade/store.h"

/* The most bytes of events a recording may hold: a 2048 game of 100000 moves takes under 1 MB;
 * a row over this (a damaged or hostile database) is refused rather than read. */
#define TC_RECORDING_EVENTS_MAX (16u << 20)

struct tc_recording {
	int64_t id; /* the row's, when read from the store or once added */
	char player[32];
	char game[16];     /* the game's name, as on its scoreboards ("2048", "ninja") */
	char game_id[128]; /* TC_GAMEID_MAX */
	char result[8];    /* "won", "lost", "ended" (a game that cannot be won) or "left" */
	int64_t points;    /* the final position's score (0 for games without) */
	int64_t time_ms;   /* time played */
	unsigned moves;
	int64_t date; /* Unix time it was recorded */
	/* The stream: read from the store, malloc'd (tc_recording_free); given to the store,
	 * the caller's. */
	unsigned char *events;
	size_t events_len;
};

/* A player's recordings that no scoreboard row links to (games left, assisted, lost without a
 * board) are kept up to this many, the oldest dropped first: a script leaving games over and over
 * cannot fill a host's disk. */
#define TC_RECORDINGS_UNLINKED_MAX 1000

/* Adds a recording (its id is not read), dropping the player's oldest unlinked ones beyond
 * TC_RECORDINGS_UNLINKED_MAX; returns its id, or 0 when nothing was stored (the store is off,
 * or the events are over TC_RECORDING_EVENTS_MAX). While the database is away, the recording
 * waits on this machine and its id is a handle, negative, that its score, a race's result and
 * tc_store_replace_recording link to as to a row's (tilecade/store.h). */
int64_t tc_store_add_recording(struct tc_store *st, const struct tc_recording *rec);
/* Puts rec in place of the stored recording rec->id (the same game ended again after an undo,
 * or played on after its win): returns 0, or -1 when nothing was changed. */
int tc_store_replace_recording(struct tc_store *st, const struct tc_recording *rec);

/* The ids of player's recordings of game_id (every player's when player is NULL), newest
 * first, up to max: how many. */
int tc_store_recordings_of_game(struct tc_store *st, const char *player, const char *game_id,
                                int64_t *ids, int max);

/* The store's newest recordings, all players', newest first, up to max, into out without their
 * events (nothing to free); rows that are not this program's are left out. Returns how many. */
int tc_store_latest_recordings(struct tc_store *st, struct tc_recording *out, int max);

enum tc_recording_load {
	TC_RECORDING_OK,
	TC_RECORDING_NONE,    /* no such recording (or the store is off) */
	TC_RECORDING_DAMAGED, /* a row whose fields do not fit or are impossible */
};
/* Loads recording id into *out, events malloc'd; on anything but TC_RECORDING_OK, *out holds
 * nothing to free. */
enum tc_recording_load tc_store_load_recording(struct tc_store *st, int64_t id,
                                               struct tc_recording *out);
void tc_recording_free(struct tc_recording *rec);

#endif
