/* The player's key bindings: a table of at most TC_CONFIG_BINDINGS_MAX keys. */
#define _POSIX_C_SOURCE 200809L /* strcasecmp */

#include "keymap.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const struct {
	const char *name;
	enum tc_action action;
} actions[] = {
        {"up", TC_ACT_UP},       {"down", TC_ACT_DOWN},         {"left", TC_ACT_LEFT},
        {"right", TC_ACT_RIGHT}, {"select", TC_ACT_SELECT},     {"undo", TC_ACT_UNDO},
        {"redo", TC_ACT_REDO},   {"new", TC_ACT_NEW},           {"restart", TC_ACT_RESTART},
        {"hint", TC_ACT_HINT},   {"solution", TC_ACT_SOLUTION}, {"pause", TC_ACT_PAUSE},
        {"help", TC_ACT_HELP},   {"back", TC_ACT_BACK},
};

static const struct {
	const char *name;
	int key;
} named_keys[] = {
        {"Enter", TC_KEY_ENTER},   {"Space", ' '},          {"Tab", TC_KEY_TAB},
        {"Escape", TC_KEY_ESCAPE}, {"Up", TC_KEY_UP},       {"Down", TC_KEY_DOWN},
        {"Left", TC_KEY_LEFT},     {"Right", TC_KEY_RIGHT},
};

static struct {
	int key;
	enum tc_action action;
} bound[TC_CONFIG_BINDINGS_MAX];
static int bound_count;

/* The code point of a string that is exactly one printable UTF-8 character, or -1. */
static int single_character(const char *name)
{
	const unsigned char *s = (const unsigned char *)name;
	int len, cp;
	if (s[0] >= 0x20 && s[0] < 0x7f)
		return s[1] == '\0' ? s[0] : -1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return -1;
	}
	for (int i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	bool overlong = (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
	bool surrogate = cp >= 0xd800 && cp <= 0xdfff;
	if (s[len] != '\0' || overlong || surrogate || cp < 0xa0 || cp > 0x10ffff)
		return -1;
	return cp;
}

int tc_keymap_key_named(const char *name)
{
	int cp = single_character(name);
	if (cp >= 0)
		return cp;
	for (size_t i = 0; i < sizeof named_keys / sizeof named_keys[0]; i++)
		if (strcasecmp(name, named_keys[i].name) == 0)
			return named_keys[i].key;
	return -1;
}

enum tc_action tc_keymap_action_named(const char *name)
{
	for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
		if (strcasecmp(name, actions[i].name) == 0)
			return actions[i].action;
	return TC_ACT_NONE;
}

int tc_keymap_apply(const struct tc_binding *bindings, int count, char *warn, size_t warnlen)
{
	int ignored = 0;
	bound_count = 0;
	if (warnlen > 0)
		warn[0] = '\0';
	for (int i = 0; i < count; i++) {
		const struct tc_binding *b = &bindings[i];
		enum tc_action action = tc_keymap_action_named(b->action);
		int key = tc_keymap_key_named(b->key);
		if (action == TC_ACT_NONE || key < 0 || bound_count == TC_CONFIG_BINDINGS_MAX) {
			/* config.c has said why, with the line; this covers bindings from elsewhere
			 */
			if (ignored++ == 0 && warnlen > 0)
				snprintf(warn, warnlen, "cannot bind key '%.16s' to '%.16s'",
				         b->key, b->action);
			continue;
		}
		int slot = 0;
		while (slot < bound_count && bound[slot].key != key)
			slot++;
		if (slot == bound_count)
			bound_count++;
		bound[slot].key = key;
		bound[slot].action = action;
	}
	return ignored;
}

enum tc_action tc_keymap_lookup(int key)
{
	for (int i = 0; i < bound_count; i++)
		if (bound[i].key == key)
			return bound[i].action;
	return TC_ACT_NONE;
}
