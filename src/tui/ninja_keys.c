/* N's keys: its own moves under the player's bindings (ninja_keys.h). */
#include "ninja_keys.h"

#include <stdio.h>
#include <string.h>

#include "keymap.h"
#include "term.h"

/* N's own keys, in the order its help names them. */
static const struct {
	int key;
	enum tc_action action;
} own[] = {
        {TC_KEY_LEFT, TC_ACT_LEFT}, {'h', TC_ACT_LEFT},
        {'a', TC_ACT_LEFT},         {TC_KEY_RIGHT, TC_ACT_RIGHT},
        {'l', TC_ACT_RIGHT},        {'d', TC_ACT_RIGHT},
        {TC_KEY_UP, TC_ACT_UP},     {'k', TC_ACT_UP},
        {'w', TC_ACT_UP},           {' ', TC_ACT_UP},
        {'z', TC_ACT_UP},           {TC_KEY_DOWN, TC_ACT_DOWN},
        {'j', TC_ACT_DOWN},         {'s', TC_ACT_DOWN},
};
#define OWN_COUNT (sizeof own / sizeof own[0])
#define KEYS_MAX (OWN_COUNT + TC_CONFIG_BINDINGS_MAX)

enum tc_action tc_nj_key_action(const struct tc_event *ev)
{
	if (ev->type != TC_EV_KEY || ev->ctrl)
		return TC_ACT_NONE;
	enum tc_action bound = tc_keymap_lookup(ev->key);
	if (bound != TC_ACT_NONE)
		return bound;
	for (size_t i = 0; i < OWN_COUNT; i++)
		if (own[i].key == ev->key)
			return own[i].action;
	return tc_keymap_builtin(ev->key);
}

/* The keys that do a move in N now: the player's, then N's own not bound elsewhere. */
static int move_keys(enum tc_action action, int *keys, int max)
{
	int n = tc_keymap_bound_keys(action, keys, max);
	for (size_t i = 0; i < OWN_COUNT && n < max; i++)
		if (own[i].action == action && tc_keymap_lookup(own[i].key) == TC_ACT_NONE)
			keys[n++] = own[i].key;
	return n;
}

/* An arrow key's glyph, Unicode's or ASCII's; NULL for another key. */
static const char *arrow_glyph(int key, bool unicode)
{
	switch (key) {
	case TC_KEY_UP:
		return unicode ? "↑" : "^";
	case TC_KEY_DOWN:
		return unicode ? "↓" : "v";
	case TC_KEY_LEFT:
		return unicode ? "←" : "<";
	case TC_KEY_RIGHT:
		return unicode ? "→" : ">";
	default:
		return NULL;
	}
}

/* A key as N's help and panel write it: the arrows as glyphs where Unicode is drawn, and
 * for the panel (brief) as ASCII ones elsewhere. */
static void key_name(int key, bool brief, char *buf, size_t len)
{
	const char *arrow = arrow_glyph(key, tc_term_unicode());
	if (arrow && (brief || tc_term_unicode()))
		snprintf(buf, len, "%s", arrow);
	else
		tc_keymap_key_name(key, buf, len);
}

/* The keys, at most `most` of them, as text: "← h a"; the first alone is brief. */
static void keys_text(enum tc_action action, int most, char *buf, size_t len)
{
	int keys[KEYS_MAX];
	int n = move_keys(action, keys, most < (int)KEYS_MAX ? most : (int)KEYS_MAX);
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		char name[16];
		key_name(keys[i], most == 1, name, sizeof name);
		size_t used = strlen(buf);
		if (used < len)
			snprintf(buf + used, len - used, "%s%s", used ? " " : "", name);
	}
}

void tc_nj_keys_text(enum tc_action action, char *buf, size_t len)
{
	keys_text(action, (int)KEYS_MAX, buf, len);
}

void tc_nj_key_text(enum tc_action action, char *buf, size_t len)
{
	keys_text(action, 1, buf, len);
}
