/* Games that wait on this machine while the database is away (a PostgreSQL one that cannot be
 * reached): one file each in the waiting folder ($XDG_DATA_HOME/tilecade/waiting, 0700; files
 * 0600, written whole to a temporary name and renamed). A game's file holds what finished of
 * it (its recording, its score linked to it, a race's result); a save's file holds the latest
 * save of one player's game (or that it was forgotten), and a later one replaces it. Each file
 * names the database it waits for; the store writes it there, in one transaction with its token
 * in table `written`, so that it is written exactly once (waiting_store.c). Files that are
 * damaged, another database's or not ours are left where they are and skipped. */
#ifndef TILECADE_STORE_WAITING_H
#define TILECADE_STORE_WAITING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/races.h"
#include "tilecade/recordings.h"
#include "tilecade/store.h"

/* 16 hex digits: a file's name (without ".wait") and its row in `written`. */
#define TC_WAITING_TOKEN 17
/* Which database a file waits for: 64 hex digits of a hash of where it is (the URL and the PG*
 * variables that fill it in), never the URL itself, which may hold a password. */
#define TC_WAITING_DB 65

enum tc_waiting_part {
	TC_WAITING_RECORDING = 1,
	TC_WAITING_SCORE = 2, /* linked to the recording when the file holds one */
	TC_WAITING_RACE = 4,  /* a racer's result, linked to the recording likewise */
	TC_WAITING_SAVE = 8,  /* a save, or that it was forgotten (save_gone) */
};

struct tc_waiting {
	char token[TC_WAITING_TOKEN];
	char db[TC_WAITING_DB];
	unsigned parts;          /* enum tc_waiting_part's */
	struct tc_recording rec; /* events malloc'd */
	struct tc_score score;
	enum tc_rank_by by;
	int64_t race; /* the race's id */
	char racer[32];
	struct tc_racer result;
	int64_t race_ms; /* when the racer finished */
	char owner[32];  /* the save's */
	char save_game[16];
	bool save_gone;
	unsigned char *save; /* malloc'd, as its events */
	size_t save_len;
	char summary[160];
	unsigned char *save_events;
	size_t save_events_len;
	int64_t saved_at; /* Unix time */
	uint64_t holder;  /* the program's that made it (tilecade/store.h's hold) */
	bool claims;      /* replaces the game's save unless a later one is there (a game begun
	                   * here), else written only over the save holder holds */
};

/* Frees what w holds (not w) and clears it. */
void tc_waiting_free(struct tc_waiting *w);

/* The bytes of a file: malloc'd, NULL when out of memory or too big. */
unsigned char *tc_waiting_encode(const struct tc_waiting *w, size_t *len);
/* A file's bytes back into *w (tc_waiting_free it): false, with *w cleared, when they are not a
 * whole waiting file of this version. */
bool tc_waiting_decode(const unsigned char *bytes, size_t len, struct tc_waiting *w);

/* The waiting folder, made (0700) when missing: 0, or -1 (no home, not a folder of ours). */
int tc_waiting_folder(char *buf, size_t len);
/* A new game's token, random: never one another game or host has. */
void tc_waiting_new_token(char token[TC_WAITING_TOKEN]);
/* The token of the save of owner's game for database db: the same for every save of it, so
 * that the latest replaces the one before. */
void tc_waiting_save_token(const char *db, const char *owner, const char *game,
                           char token[TC_WAITING_TOKEN]);

/* Writes w to its file in folder, whole or not at all: 0, or -1. */
int tc_waiting_put(const char *folder, const struct tc_waiting *w);
/* Reads the file of token: 0, or -1 when there is none, or it is damaged or not ours. */
int tc_waiting_get(const char *folder, const char *token, struct tc_waiting *w);
void tc_waiting_remove(const char *folder, const char *token);
/* The tokens of the files in folder that wait for database db (damaged or foreign ones are
 * not listed), at most max, oldest first: how many. */
int tc_waiting_list(const char *folder, const char *db, char (*tokens)[TC_WAITING_TOKEN], int max);

/* A game's handle while it waits: what the store gives for its recording's and its score's id
 * (negative, never a row's), and back. */
int64_t tc_waiting_handle(const char *token);
bool tc_waiting_token_of(int64_t handle, char token[TC_WAITING_TOKEN]);

/* ---- the store's side (waiting_store.c) ---- */

/* Whether a write goes to the waiting queue rather than to the database: st is away, or the
 * write links to a game that waits (id, a handle, is negative). */
bool tc_waiting_takes(const struct tc_store *st, int64_t id);
/* The store's writes, kept waiting: as tilecade/store.h's and tilecade/recordings.h's, but
 * tc_waiting_add_recording gives a handle, and tc_waiting_add_score 0 (its rank is not known),
 * tc_store_last_score_id the handle. A call naming a game written since goes to its rows. */
int64_t tc_waiting_add_recording(struct tc_store *st, const struct tc_recording *rec);
int tc_waiting_replace_recording(struct tc_store *st, const struct tc_recording *rec);
int tc_waiting_add_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by);
int tc_waiting_replace_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by);
int tc_waiting_race_finish(struct tc_store *st, int64_t id, const char *player,
                           const struct tc_racer *result, int64_t now_ms);
/* A save (blob NULL: that it was forgotten), which replaces the one before of its game, made
 * by the program of hold holder (tc_store_save_held's, claims when it claimed the game). */
int tc_waiting_save(struct tc_store *st, const char *game, const void *blob, size_t len,
                    const char *summary, const void *events, size_t events_len, uint64_t holder,
                    bool claims);
/* The save of st's owner's game that waits (or that it was forgotten: save_gone): true with
 * *w read (tc_waiting_free it). While it waits, it is newer than the database's unless that
 * holds one saved later (from another host). */
bool tc_waiting_save_of(const struct tc_store *st, const char *game, struct tc_waiting *w);
/* The saves of st's owner that wait, not forgotten, read into out (free each): how many, at
 * most max. */
int tc_waiting_saves(const struct tc_store *st, struct tc_waiting *out, int max);
/* Forgets the save of st's owner's game that waits, if any (the game was deleted). */
void tc_waiting_forget_save(const struct tc_store *st, const char *game);
/* A PostgreSQL store was just opened: what waited for its database is written when it is
 * reached, else counted. */
void tc_waiting_opened(struct tc_store *st);
/* Writes every file that waits for st's database (st reached, writable): how many games. */
int tc_waiting_write(struct tc_store *st);

#endif
