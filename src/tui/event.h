/* Input events as the front end sees them, whatever the terminal sent. */
#ifndef TILECADE_TUI_EVENT_H
#define TILECADE_TUI_EVENT_H

#include <stdbool.h>

enum tc_event_type {
	TC_EV_KEY,
	TC_EV_MOUSE,
	TC_EV_RESIZE,  /* the window changed size; everything must be laid out again */
	TC_EV_QUIT,    /* SIGTERM, SIGHUP, SIGINT from outside, or the input closed */
	TC_EV_SUSPEND, /* SIGTSTP from outside */
	TC_EV_RESUMED, /* back from a suspension: repaint everything */
	TC_EV_WAKE,    /* something outside changed what a screen shows (tc_term_add_source) */
};

/* Keys that are not characters, numbered above Unicode. */
enum tc_special_key {
	TC_KEY_UP = 0x110000,
	TC_KEY_DOWN,
	TC_KEY_LEFT,
	TC_KEY_RIGHT,
	TC_KEY_ENTER,
	TC_KEY_ESCAPE,
	TC_KEY_BACKSPACE,
	TC_KEY_TAB,
	TC_KEY_DELETE,
	TC_KEY_HOME,
	TC_KEY_END,
	TC_KEY_OTHER, /* a function key or anything else without a meaning here */
};

enum tc_mouse_kind { TC_MOUSE_PRESS, TC_MOUSE_DRAG, TC_MOUSE_RELEASE, TC_MOUSE_WHEEL };

struct tc_event {
	enum tc_event_type type;
	int key;   /* a Unicode code point or a tc_special_key */
	bool ctrl; /* Ctrl held: key is then the lower-case letter */
	/* Terminals that speak the kitty keyboard protocol (enabled in N's play screen) say when a
	 * key repeats and when it is let go; elsewhere a repeat looks like a press and no release
	 * ever comes. A release is an event of its own: screens that do not want it ignore it. */
	bool repeat, release;
	enum tc_mouse_kind mouse;
	int button;   /* 1 left, 2 middle, 3 right; for the wheel -1 up, +1 down */
	int row, col; /* 0-based screen position */
};

/* What a key means in every game (DESIGN.md, "Keys"). */
enum tc_action {
	TC_ACT_NONE,
	TC_ACT_UP,
	TC_ACT_DOWN,
	TC_ACT_LEFT,
	TC_ACT_RIGHT,
	TC_ACT_SELECT,
	TC_ACT_UNDO,
	TC_ACT_REDO,
	TC_ACT_NEW,
	TC_ACT_RESTART,
	TC_ACT_HINT,
	TC_ACT_SOLUTION,
	TC_ACT_PAUSE,
	TC_ACT_HELP,
	TC_ACT_BACK,
	TC_ACT_QUIT,    /* Ctrl-C */
	TC_ACT_SUSPEND, /* Ctrl-Z */
	TC_ACT_REDRAW,  /* Ctrl-L */
};

/* The shared meaning of a key event. wasd_moves: w a s d are directions (2048, ninja) rather
 * than letters with other meanings. */
enum tc_action tc_event_action(const struct tc_event *ev, bool wasd_moves);

#endif
