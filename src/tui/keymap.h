/* Keys the player rebound in config.ini's [keys]: a small table that tc_event_action consults
 * before the built-in keys of DESIGN.md, so that a bound key means its new action everywhere and
 * the other built-in keys keep theirs. Ctrl-C, Ctrl-Z and Ctrl-L (and Ctrl-R) are read before
 * the table and cannot be rebound. */
#ifndef TILECADE_TUI_KEYMAP_H
#define TILECADE_TUI_KEYMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "event.h"
#include "tilecade/config.h"

/* The key code (struct tc_event's key) a [keys] value names: one UTF-8 character stands for
 * itself; Enter, Space, Tab, Escape, Up, Down, Left and Right (in any case) for those keys.
 * Returns -1 for anything else, control characters included. */
int tc_keymap_key_named(const char *name);

/* The action a [keys] name stands for ("up", "undo", "hint", ..., "back"; any case), or
 * TC_ACT_NONE. Quit, suspend and redraw have no name. */
enum tc_action tc_keymap_action_named(const char *name);

/* Replaces the bound keys with these bindings (count 0 restores the built-in keys alone). A key
 * bound twice takes the later action. Returns how many bindings were ignored for a bad action or
 * key; the first such problem is described in warn (else warn is ""). */
int tc_keymap_apply(const struct tc_binding *bindings, int count, char *warn, size_t warnlen);

/* The action the player bound to key, or TC_ACT_NONE when the key keeps its built-in meaning. */
enum tc_action tc_keymap_lookup(int key);

/* A key's built-in meaning (DESIGN.md's table; w a s d as directions aside), or TC_ACT_NONE. */
enum tc_action tc_keymap_builtin(int key);

/* The keys the player bound to action, at most max of them into keys; returns how many. */
int tc_keymap_bound_keys(enum tc_action action, int *keys, int max);

/* A key as help writes it: a character itself, else its name ("Enter", "Esc", "Up"). */
void tc_keymap_key_name(int key, char *buf, size_t len);

/* Whether a help entry's part names keys a game reads itself: one key ("a", "Tab"), from
 * *first to *last the same, or a range of characters ("1-9"); not other text ("Ctrl-Z"). */
bool tc_keymap_literal_keys(const char *part, size_t len, int *first, int *last);
/* The name an action has in [keys] ("undo"). */
const char *tc_keymap_action_name(enum tc_action action);

/* What help and status lines show of the keys in force. The clash rule: a bound key takes
 * its new action everywhere, and the action it had keeps its other keys. */

/* Every key that does action now, the player's first, then the built-in ones not rebound:
 * "z, u" for undo with undo = z; redo ends with Ctrl-R. "" when no key does it. */
void tc_keymap_keys_text(enum tc_action action, char *buf, size_t len);
/* The first of them ("z"), or "" when no key does it: for a status line. The text stays valid
 * until the next call for the same action. */
const char *tc_keymap_key_text(enum tc_action action);
/* The four directions as one entry of the help: "arrows, hjkl" (arrows while they all move;
 * then the letters, "hjkl" when each direction has one, else those there are, spaced). */
void tc_keymap_directions_text(char *buf, size_t len);
/* The bound keys that had another built-in meaning, as one line for the start ("keys: h is
 * help now, not left (left: Left)"), cut to len; returns how many there are (0: buf is ""). */
int tc_keymap_clashes(char *buf, size_t len);
/* The clashes line (count of them) as the menu tells it in a few lines: its whole clauses that
 * fit in most bytes, then "; and 2 more: see ? help" (the key help has now). */
void tc_keymap_clashes_cut(const char *clashes, int count, size_t most, char *buf, size_t len);

#endif
