/* `tilecade arcade`: the command OpenSSH runs for every login to an arcade's account
 * (ForceCommand). It turns the login into a player (the key, tilecade/players.h), a store of
 * that player's own, and one of the ordinary commands: the request in SSH_ORIGINAL_COMMAND,
 * like git-shell. Where things live: $XDG_DATA_HOME/tilecade/arcade (~/.local/share/... of the
 * arcade's account) holds arcade.db (the players, the arcade's scoreboard, recordings) and
 * players/ID/ for each key (its tilecade.db: saves and best scores; its config.ini). */
#ifndef TILECADE_CLI_ARCADE_H
#define TILECADE_CLI_ARCADE_H

/* The exit status: 0, 1 when the arcade cannot serve (no key, store off), 2 for a request it
 * does not take, or the ordinary command's. */
int tc_arcade_main(void);

#endif
