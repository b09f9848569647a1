/* The shared key map of DESIGN.md: one place decides what a key means in every game. */
#include "event.h"
#include "input.h"
#include "keymap.h"

static enum tc_action direction_letter(int key)
{
	switch (key) {
	case 'w':
		return TC_ACT_UP;
	case 'a':
		return TC_ACT_LEFT;
	case 's':
		return TC_ACT_DOWN;
	case 'd':
		return TC_ACT_RIGHT;
	}
	return TC_ACT_NONE;
}

enum tc_action tc_event_action(const struct tc_event *ev, bool wasd_moves)
{
	if (ev->type != TC_EV_KEY)
		return TC_ACT_NONE;
	if (ev->ctrl) {
		switch (ev->key) {
		case 'c':
			return TC_ACT_QUIT;
		case 'z':
			return TC_ACT_SUSPEND;
		case 'l':
			return TC_ACT_REDRAW;
		case 'r':
			return TC_ACT_REDO;
		}
		return TC_ACT_NONE;
	}
	/* The player's bindings come first: a bound key loses its built-in meaning. */
	enum tc_action bound = tc_keymap_lookup(ev->key);
	if (bound != TC_ACT_NONE)
		return bound;
	if (wasd_moves && direction_letter(ev->key) != TC_ACT_NONE)
		return direction_letter(ev->key);
	return tc_keymap_builtin(ev->key);
}

/* The kitty keyboard protocol as libtermkey reads it (input.h). */

enum { KITTY_SUPER_HYPER_META = 8 | 16 | 32 };

/* Whether m (1 + modifier bits) is a modifier field, and one a keyboard plausibly sends. */
static bool kitty_field(long m, bool *plausible)
{
	if (m < 1 || m > 256)
		return false;
	*plausible = ((m - 1) & KITTY_SUPER_HYPER_META) == 0;
	return true;
}

struct tc_kitty_mods tc_kitty_mods(int termkey_modifiers)
{
	long v = (long)termkey_modifiers + 1; /* libtermkey took 1 off the field it read */
	long m = v;
	enum tc_key_phase phase = TC_PHASE_PRESS;
	bool plain_plausible = false, joined_plausible = false;
	bool plain = kitty_field(v, &plain_plausible);
	long e = v % 10;
	bool joined = v >= 10 && e >= 1 && e <= 3 && kitty_field(v / 10, &joined_plausible);
	if (joined && (joined_plausible || !plain || !plain_plausible)) {
		m = v / 10;
		phase = e == 2 ? TC_PHASE_REPEAT : e == 3 ? TC_PHASE_RELEASE : TC_PHASE_PRESS;
	}
	struct tc_kitty_mods out = {.phase = phase};
	if (m >= 1) {
		long bits = m - 1;
		out.shift = bits & 1;
		out.alt = bits & 2;
		out.ctrl = bits & 4;
		out.caps_lock = bits & 64;
	}
	return out;
}

/* The protocol's keypad keys, KP_0 (57399) to KP_BEGIN (57427). */
static int kitty_keypad(long code)
{
	static const char digits[] = "0123456789./*-+";
	if (code >= 57399 && code <= 57413)
		return (unsigned char)digits[code - 57399];
	switch (code) {
	case 57414:
		return TC_KEY_ENTER;
	case 57415:
		return '=';
	case 57416:
		return ',';
	case 57417:
		return TC_KEY_LEFT;
	case 57418:
		return TC_KEY_RIGHT;
	case 57419:
		return TC_KEY_UP;
	case 57420:
		return TC_KEY_DOWN;
	case 57426:
		return TC_KEY_DELETE;
	case 57423:
		return TC_KEY_HOME;
	case 57424:
		return TC_KEY_END;
	case 57421: /* page up, page down, insert, begin */
	case 57422:
	case 57425:
	case 57427:
		return TC_KEY_OTHER;
	}
	return -1;
}

int tc_kitty_key(long code, bool shift, bool caps_lock)
{
	if (code >= 0xE000 && code <= 0xF8FF) /* the protocol's functional keys */
		return kitty_keypad(code);
	if (code < 0 || code > 0x10FFFF)
		return -1;
	if (code >= 'a' && code <= 'z')
		return shift != caps_lock ? (int)code - 'a' + 'A' : (int)code;
	if (shift && code < 128) {
		static const char plain[] = "`1234567890-=[]\\;',./";
		static const char shifted[] = "~!@#$%^&*()_+{}|:\"<>?";
		for (int i = 0; plain[i]; i++)
			if (plain[i] == code)
				return (unsigned char)shifted[i];
	}
	return (int)code;
}
