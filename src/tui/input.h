/* Keys in the kitty keyboard protocol as libtermkey 0.22 reads them: pure functions, so that the
 * decoding is tested without a terminal (term.c uses them while N's play screen has the protocol
 * on; tc_event_action, the shared key map, is declared in event.h).
 *
 * The protocol sends a key as CSI code ; m:e u (or CSI 1 ; m:e A for an arrow), with
 * m = 1 + modifier bits (shift 1, alt 2, ctrl 4, super 8, hyper 16, meta 32, caps lock 64,
 * num lock 128) and e = 1 press (usually left out), 2 repeat, 3 release. libtermkey does not
 * know the ":e" and reads the digits of m and e run together, less one, as its modifiers: "1:3"
 * becomes 12, "5:2" 51, while a bare "5" stays 4 as in the legacy encodings. Shifted keys come
 * as the unshifted key with shift ("a" with shift for "A", "/" with shift for "?"). */
#ifndef TILECADE_TUI_INPUT_H
#define TILECADE_TUI_INPUT_H

#include <stdbool.h>

#include "event.h"

enum tc_key_phase { TC_PHASE_PRESS, TC_PHASE_REPEAT, TC_PHASE_RELEASE };

struct tc_kitty_mods {
	bool shift, alt, ctrl, caps_lock;
	enum tc_key_phase phase;
};

/* What libtermkey's modifiers of a key mean. For the legacy encodings (modifiers 0-7: any
 * combination of shift 1, alt 2, ctrl 4) this is those modifiers and a press. Where the digits
 * could be read two ways, the reading without super, hyper or meta wins ("133" is ctrl with num
 * lock, not "13:3"). */
struct tc_kitty_mods tc_kitty_mods(int termkey_modifiers);

/* The key (a Unicode code point or a tc_special_key, as in struct tc_event) that a key code of
 * the protocol stands for, with shift or caps lock as decoded: letters in upper case, the
 * shifted symbols of a US keyboard ("/" gives "?"), the keypad's keys as their main-keyboard
 * counterparts. -1 for keys that mean nothing alone (shift, ctrl, caps lock, media keys, ...). */
int tc_kitty_key(long code, bool shift, bool caps_lock);

#endif
