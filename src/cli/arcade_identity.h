/* Who logged in to the arcade: the public key OpenSSH accepted, from the file $SSH_USER_AUTH
 * names (sshd writes it with `ExposeAuthInfo yes`), never a name the client sent. And the name
 * that key goes by, asked for once. */
#ifndef TILECADE_CLI_ARCADE_IDENTITY_H
#define TILECADE_CLI_ARCADE_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>

#include "tilecade/players.h"
#include "tilecade/store.h"

/* "TYPE BASE64" is far shorter for every key type OpenSSH has (RSA 16384: some 2,800). */
#define TC_ARCADE_KEY_MAX 4096

/* The key of the login, "TYPE BASE64", from its "publickey TYPE BASE64" line. Returns 0, or -1
 * with one line for the admin in err: no SSH_USER_AUTH (ExposeAuthInfo is off), no publickey
 * line (a password login), a file that cannot be read. */
int tc_arcade_key(char *key, size_t len, char *err, size_t errlen);

/* Asks a new key's owner for a name at the terminal, until one is free and follows the rules,
 * and keeps it in the arcade's store. Returns 0 with the name, or -1 on end of input (with
 * a line for the player on stdout) or a store that fails (why in err). */
int tc_arcade_ask_name(struct tc_store *arcade, const char *key, char *name, size_t len, char *err,
                       size_t errlen);

/* One line saying why name cannot be this key's (result of tc_players_add), for the player. */
void tc_arcade_name_refusal(enum tc_player_result result, const char *name, char *line, size_t len);

#endif
