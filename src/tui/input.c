/* The shared key map of DESIGN.md: one place decides what a key means in every game. */
#include "event.h"
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
	switch (ev->key) {
	case TC_KEY_UP:
	case 'k':
		return TC_ACT_UP;
	case TC_KEY_DOWN:
	case 'j':
		return TC_ACT_DOWN;
	case TC_KEY_LEFT:
	case 'h':
		return TC_ACT_LEFT;
	case TC_KEY_RIGHT:
	case 'l':
		return TC_ACT_RIGHT;
	case TC_KEY_ENTER:
	case ' ':
		return TC_ACT_SELECT;
	case 'u':
		return TC_ACT_UNDO;
	case 'U':
		return TC_ACT_REDO;
	case 'n':
		return TC_ACT_NEW;
	case 'r':
		return TC_ACT_RESTART;
	case 'H':
		return TC_ACT_HINT;
	case 's':
		return TC_ACT_SOLUTION;
	case 'p':
		return TC_ACT_PAUSE;
	case '?':
		return TC_ACT_HELP;
	case 'q':
	case TC_KEY_ESCAPE:
		return TC_ACT_BACK;
	}
	return TC_ACT_NONE;
}
