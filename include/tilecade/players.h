/* The players of an arcade (tilecade arcade, behind OpenSSH): each is the public key they log in
 * with and the name they chose once, unique on the arcade whatever its letters' case. Names are
 * what scoreboards and watchers show; the key is never shown. */
#ifndef TILECADE_PLAYERS_H
#define TILECADE_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "tilecade/store.h"

/* A name: 1 to 20 characters, each an ASCII letter or digit, '-', '_' or '.', not starting
 * with '.' or '-' (so that it is never a hidden file's name nor an option). */
#define TC_PLAYER_NAME_MAX 20
#define TC_PLAYER_NAME_RULES "1 to 20 letters, digits, - _ or . (not first)"

/* A player's folder name: 64 hex digits (SHA-256 of the key's text), the same for the key on
 * every run, and different for every other key. */
#define TC_PLAYER_ID_LEN 64

/* Whether name follows the rules above. */
bool tc_player_name_ok(const char *name);

/* The folder name of the player with this key ("TYPE BASE64"), in id (TC_PLAYER_ID_LEN + 1
 * bytes). */
void tc_player_id(const char *key, char *id);

enum tc_player_result {
	TC_PLAYER_OK,
	TC_PLAYER_UNKNOWN, /* no player has this key */
	TC_PLAYER_TAKEN,   /* another key has that name (in any case) */
	TC_PLAYER_BAD,     /* a name against the rules */
	TC_PLAYER_ERROR,   /* the store is off or failed */
};

/* The name of the player with key into name (TC_PLAYER_NAME_MAX + 1 bytes or more). */
enum tc_player_result tc_players_name_of(struct tc_store *st, const char *key, char *name,
                                         size_t len);
/* The name of the player called typed in any case ("ann" for Ann), into name. */
enum tc_player_result tc_players_name_as_kept(struct tc_store *st, const char *typed, char *name,
                                              size_t len);
/* A new player: key with name. TC_PLAYER_TAKEN when the name is another key's; a key that has a
 * name already keeps it (TC_PLAYER_TAKEN too, unless it is that name). */
enum tc_player_result tc_players_add(struct tc_store *st, const char *key, const char *name);
#endif
