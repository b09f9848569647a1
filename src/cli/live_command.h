/* `tilecade live` and the look-up of `tilecade watch PLAYER`: the games in progress in the
 * live folder (tilecade/live_net.h). */
#ifndef TILECADE_CLI_LIVE_COMMAND_H
#define TILECADE_CLI_LIVE_COMMAND_H

#include <stddef.h>
#include <stdio.h>

/* Prints one line per game in progress in dir (NULL: no folder): player, game ID, moves and
 * time played; or a line saying there is none. Returns 0; 1, said on standard error, when dir
 * is a PostgreSQL database that cannot be reached. */
int tc_live_command(const char *dir, FILE *out);

/* The socket of PLAYER's game in progress in dir (the first, when they play in more than one
 * terminal). Returns 0, or -1 with a one-line reason. */
int tc_watch_find(const char *dir, const char *player, char *socket, size_t len, char *err,
                  size_t errlen);

#endif
