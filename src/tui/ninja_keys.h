/* N's keys: its own keys to run, jump and stop (w a s d and z among them), with the player's
 * bindings of config.ini's [keys] over them and over the keys every game shares, as
 * everywhere: a bound key does its new action, and the other keys keep theirs. */
#ifndef TILECADE_TUI_NINJA_KEYS_H
#define TILECADE_TUI_NINJA_KEYS_H

#include <stddef.h>

#include "event.h"

/* What a key does in N: TC_ACT_LEFT and TC_ACT_RIGHT run, TC_ACT_UP jumps, TC_ACT_DOWN stops;
 * else the shared action (help, back, restart, pause, new, ...), or TC_ACT_NONE. */
enum tc_action tc_nj_key_action(const struct tc_event *ev);

/* Every key that does a move (TC_ACT_LEFT, _RIGHT, _UP, _DOWN) in N now, the player's first:
 * "← h a" for left (arrows as glyphs with Unicode, else their names); "" when no key does it.
 * The shared actions' keys are keymap.h's. */
void tc_nj_keys_text(enum tc_action action, char *buf, size_t len);

/* The first of them ("←"; without Unicode "<"), or "". */
void tc_nj_key_text(enum tc_action action, char *buf, size_t len);

#endif
