/* How scores read, the same on the score screen and in `tilecade scores`: a board's title, the
 * result column, the date, and widths in terminal columns for aligned tables. No curses here.
 * Every text that comes from the database leaves these functions sanitised. */
#ifndef TILECADE_TUI_SCORE_TEXT_H
#define TILECADE_TUI_SCORE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/store.h"

/* Every board of st that has scores, in the store's order, into a malloc'd array (NULL when
 * there are none); returns how many. A disabled store has none. */
int tc_read_boards(struct tc_store *st, struct tc_board_key **boards);

/* "2048 · 4x4" (mode "random": the level is the parameters), "zNumbers · level 3" (mode "pack",
 * level "level3"), "zNumbers · daily 2026-11-21"; with unicode false the separator is " - ". A
 * game this version does not know shows by its stored name. */
void tc_board_title(const struct tc_board_key *board, bool unicode, char *out, size_t len);

/* The column a board ranks by: the points, or the time as "m:ss.d" (tenths cut, not rounded,
 * so that a time never shows better than it was). */
void tc_score_result(const struct tc_score *s, enum tc_rank_by by, char *out, size_t len);
/* A time as that column shows it: "m:ss.d", tenths cut. */
void tc_score_time(int64_t ms, char *out, size_t len);
/* "Score" or "Time": the heading of that column. */
const char *tc_score_result_heading(enum tc_rank_by by);
/* How the game ended, under the heading TC_SCORE_END_HEADING: "won", "lost", or "ended" when
 * its mode has no win (Match-3's endless and timed, as the score's game ID tells): never colour
 * alone, and a loss must not read as a win on a board where it ranks below them all. */
const char *tc_score_end(const struct tc_score *s);
/* Whether the score is a loss: a game that could have been won, and was not. */
bool tc_score_lost(const struct tc_score *s);
#define TC_SCORE_END_HEADING "Result"
#define TC_SCORE_HINTS_HEADING "Hints"
/* Over a score's recording ("#13"), which `tilecade replay 13` plays. */
#define TC_SCORE_REPLAY_HEADING "Replay"

/* The local date of a Unix time, "YYYY-MM-DD"; "-" for a date that cannot be shown. */
void tc_score_date(int64_t unix_time, char *out, size_t len);

/* Columns that UTF-8 text takes on a terminal in the current locale (wide characters two,
 * combining marks none); each code point the locale cannot measure counts one. */
int tc_text_columns(const char *text);
/* Copies as much of text as fits in max_columns, never half a character; returns its columns. */
int tc_fit_columns(const char *text, int max_columns, char *out, size_t len);

#endif
