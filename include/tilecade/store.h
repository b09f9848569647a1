/* The store: scores and saved games in one database: an SQLite file (by default
 * $XDG_DATA_HOME/tilecade/tilecade.db), or a PostgreSQL database that many hosts share, named by
 * a postgresql:// or postgres:// URL (libpq's rules: the PG* variables and ~/.pgpass fill in
 * what the URL leaves out); and optionally a scoreboard shared by every user of a host. A store
 * that cannot be opened, is read-only, locked or corrupt never stops play: it comes back
 * disabled, with a one-line notice, and every call on it does nothing. A PostgreSQL database
 * that cannot be reached, at the start or later, leaves the store away: play goes on, the games
 * finished meanwhile wait on this machine and are written, exactly once, when the database is
 * back. No notice or error line ever shows a URL's password. */
#ifndef TILECADE_STORE_H
#define TILECADE_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tc_store;

#define TC_STORE_NOTICE_MAX 256

/* Opens the database at path (creating it, and migrating its schema), or the default path when
 * path is NULL (creating its directories too). Returns NULL only when out of memory; check
 * tc_store_ok. On a problem, `notice` gets one line for the player ("" when all is well). Only
 * a regular file, or a name not taken yet in a folder that is there, is opened ("not a regular
 * file": a device, a named pipe, a directory); a file that is not tilecade's (another program's
 * SQLite database, whatever its user_version) is refused ("not a tilecade database") and left
 * byte for byte as it was. */
struct tc_store *tc_store_open(const char *path, char *notice, size_t len);
/* Opens the database at path as tc_store_open does, but only a file that is there already and is
 * not a symbolic link (a shared scoreboard, which its admin creates). */
struct tc_store *tc_store_open_existing(const char *path, char *notice, size_t len);
/* Opens the database at path (NULL: the default) as tc_store_open does, to read its scores, but
 * makes nothing: where there is no database, the store reads as one with no scores and takes no
 * writes. */
struct tc_store *tc_store_open_to_read(const char *path, char *notice, size_t len);
/* Why the store is off, without its path ("file is not a database", "made by a newer
 * tilecade"); "" when it is not. */
const char *tc_store_why_off(const struct tc_store *st);
void tc_store_close(struct tc_store *st);
bool tc_store_ok(const struct tc_store *st);
/* Whether the store is a PostgreSQL database that cannot be reached now (what it would read
 * is not known: say so, never "nothing"). */
bool tc_store_away(const struct tc_store *st);

/* Whether where names a PostgreSQL database (postgresql://... or postgres://...) rather than an
 * SQLite file. */
bool tc_store_is_url(const char *where);
/* Overwrites with 'x' the password of URL where, in place (the user's part, and a password=
 * option): for a copy that others may read (the process's arguments, which ps shows). Returns
 * whether there was one. */
bool tc_store_url_blank_password(char *where);
/* The engine of the store: "SQLite" or "PostgreSQL". */
const char *tc_store_engine_name(const struct tc_store *st);
/* The saves of the store are those of player from now on: a database that many players share
 * (a PostgreSQL one) keeps one save a game for each player. A store of one player's keeps
 * them under "" (the default). */
void tc_store_set_owner(struct tc_store *st, const char *player);

/* Games finished while the database was away (scores, recordings, a race's result) that wait
 * on this machine to be written: how many (0 when none). */
int tc_store_waiting(const struct tc_store *st);
/* Whether anything waits on this machine for the database: a game, or a save for Continue
 * (which tc_store_waiting does not count). While it does, call tc_store_retry every few
 * seconds, keys or not, so that it is written once the database is back. */
bool tc_store_waits(const struct tc_store *st);
/* Tries to reach a database that is away and writes what waits, each exactly once. Costs
 * nothing when the store is not away; tries at most once every few seconds. Returns how many
 * waiting games it wrote. */
int tc_store_retry(struct tc_store *st);
/* Whether tc_store_retry is to be called again soon (within a fraction of a second): it never
 * waits for the database, so that a connection it began is advanced at each call. */
bool tc_store_retry_soon(const struct tc_store *st);
/* The schema version of the open database (TC_STORE_SCHEMA once opened). A database of a newer
 * schema than this program knows is refused ("made by a newer tilecade"), never written into. */
int tc_store_schema_version(const struct tc_store *st);
#define TC_STORE_SCHEMA 7

/* A scoreboard is one game, mode and level: ("2048", "normal", "4x4"),
 * ("znumbers", "pack", "level3"), ("znumbers", "daily", "2026-11-21"). */
struct tc_board_key {
	char game[16], mode[16], level[32];
};

/* How a scoreboard ranks: wins before losses always, then more points first, or less time (then
 * fewer moves) first. */
enum tc_rank_by { TC_RANK_POINTS, TC_RANK_TIME };
/* How the boards of a game (a command-line name, any case) rank: 2048 by points, zNumbers by
 * time; a game this version does not know, by points. */
enum tc_rank_by tc_rank_of(const char *game);

struct tc_score {
	struct tc_board_key board;
	char player[32];
	int64_t points;  /* 0 for games ranked by time */
	int64_t time_ms; /* time played */
	unsigned moves;
	int64_t date; /* Unix time the score was made */
	char game_id[128];
	bool lost;         /* the game ended lost (out of moves, goals not met); false: won */
	unsigned hints;    /* hints the player asked for */
	int64_t id;        /* the row's, when read from the store */
	int64_t recording; /* the id of the game's recording (tilecade/recordings.h), 0: none */
};

/* Whether a ranks above b on a board that ranks by `by` (a tie is not better). */
bool tc_score_better(const struct tc_score *a, const struct tc_score *b, enum tc_rank_by by);

/* Adds a score (its id is not read), linked to its recording; returns its rank on its board (1 is
 * best), 0 when it waits on this machine for a database that is away (its rank is not known yet;
 * tc_store_last_score_id gives the handle that names it until it is written), or -1 when nothing
 * was stored. */
int tc_store_add_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by);
/* The id of the score last added through st, or 0. */
int64_t tc_store_last_score_id(const struct tc_store *st);
/* Puts s in place of the stored score s->id (the same game, ended again after an undo); returns
 * its rank, or -1 when nothing was changed. */
int tc_store_replace_score(struct tc_store *st, const struct tc_score *s, enum tc_rank_by by);
/* The best `max` scores of a board, best first; returns how many. */
int tc_store_top_scores(struct tc_store *st, const struct tc_board_key *board, enum tc_rank_by by,
                        struct tc_score *out, int max);
/* The row on board that links to recording (the game that made it) into *out: 0, or -1 when
 * there is none. */
int tc_store_score_of_recording(struct tc_store *st, const struct tc_board_key *board,
                                int64_t recording, struct tc_score *out);
/* The best score of one player on a board; returns 0, or -1 when the player has none there. */
int tc_store_best_of(struct tc_store *st, const struct tc_board_key *board, enum tc_rank_by by,
                     const char *player, struct tc_score *out);
/* The boards that have scores, sorted by game, mode and level; returns how many (up to max). */
int tc_store_boards(struct tc_store *st, struct tc_board_key *out, int max);

/* Saved games: one slot a game. A save replaces the game's previous one in one transaction, so
 * that a crash at any moment leaves the old save or the new one. */
int tc_store_save_game(struct tc_store *st, const char *game, const void *blob, size_t len,
                       const char *summary);
/* The same, with the game's stream so far (tilecade/live.h; events_len 0 for none): save,
 * summary and stream are written together, in one transaction. */
int tc_store_save_game_stream(struct tc_store *st, const char *game, const void *blob, size_t len,
                              const char *summary, const void *events, size_t events_len);

/* One game of a player is played by one program. A save is held by the program that wrote it
 * last or continued it: the save's row keeps that program's hold (a random number; 0 for none
 * yet), so that on one file or on a database many hosts share, a program whose game another one
 * took over writes nothing more of it and learns that it lost it. */
#define TC_STORE_LOST 1
/* The save of a game played here, as tc_store_save_game_stream: with *hold 0 (a game begun here,
 * not saved yet) it replaces whatever save the game had and *hold is set to this program's new
 * hold; else it is written only over the save *hold holds. Returns 0 (written, or waiting on
 * this machine for a database that is away), TC_STORE_LOST when another program took the game
 * over or finished it (nothing was written), or -1. */
int tc_store_save_held(struct tc_store *st, const char *game, uint64_t *hold, const void *blob,
                       size_t len, const char *summary, const void *events, size_t events_len);
/* Takes the save of game over (Continue): from now on the program that held it writes nothing
 * more of it. Returns the new hold, or 0 when it could not be taken (none, the store off or the
 * database away: the game's first save then replaces the save, as a new game's does). */
uint64_t tc_store_take_over(struct tc_store *st, const char *game);
/* Whether the save of game held by hold was taken over or finished by another program since
 * (false when hold is 0, or the database cannot tell now). */
bool tc_store_lost(struct tc_store *st, const char *game, uint64_t hold);
/* Deletes the save of game held by hold (0: whoever holds it): a game finished or dropped. */
void tc_store_delete_held(struct tc_store *st, const char *game, uint64_t hold);
/* Loads the save of a game into a malloc'd buffer; returns 0, or -1 when there is none. */
int tc_store_load_game(struct tc_store *st, const char *game, void **blob, size_t *len);
/* The same, with its stream, malloc'd too (*events NULL and *events_len 0 when the save has
 * none: one of before schema 3, or one over TC_RECORDING_EVENTS_MAX). */
int tc_store_load_game_stream(struct tc_store *st, const char *game, void **blob, size_t *len,
                              void **events, size_t *events_len);
void tc_store_delete_game(struct tc_store *st, const char *game);
/* A game in progress: the save of one game. */
struct tc_save_info {
	char game[32];
	char summary[256];
	int64_t saved_at; /* Unix time */
};
#define TC_STORE_SAVES_MAX 16 /* more than there are games */
/* Every save (of the owner), newest first, a save waiting on this machine in its game's place
 * when newer: how many were put in out, at most max. */
int tc_store_saves(struct tc_store *st, struct tc_save_info *out, int max);
/* The most recent save: its game's name and summary. Returns 0, or -1 when there is none. */
int tc_store_latest_save(struct tc_store *st, char *game, size_t game_len, char *summary,
                         size_t summary_len);

/* The default database path: $XDG_DATA_HOME/tilecade/tilecade.db, else
 * ~/.local/share/tilecade/tilecade.db. Returns 0, or -1 when there is no home to put it in. */
int tc_store_default_path(char *buf, size_t len);

/* Makes the folders above the file at path that are missing (mode 0700), as the store does for
 * its default path. */
void tc_store_make_parents(const char *path);

/* Makes text safe to show on a terminal: control characters, escape sequences and invalid UTF-8
 * become '?'. Writes at most len - 1 bytes and a terminating NUL. */
void tc_sanitize(const char *text, char *out, size_t len);

#endif
