/* The player's key bindings: a table of at most TC_CONFIG_BINDINGS_MAX keys. */
#define _POSIX_C_SOURCE 200809L /* strcasecmp */

#include "keymap.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "utf8.h"

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

/* DESIGN.md's keys, in the order help names them (Ctrl-R, redo too, is read before the
 * bindings and cannot be rebound). */
static const struct {
	int key;
	enum tc_action action;
} builtin[] = {
        {TC_KEY_UP, TC_ACT_UP},
        {'k', TC_ACT_UP},
        {TC_KEY_DOWN, TC_ACT_DOWN},
        {'j', TC_ACT_DOWN},
        {TC_KEY_LEFT, TC_ACT_LEFT},
        {'h', TC_ACT_LEFT},
        {TC_KEY_RIGHT, TC_ACT_RIGHT},
        {'l', TC_ACT_RIGHT},
        {TC_KEY_ENTER, TC_ACT_SELECT},
        {' ', TC_ACT_SELECT},
        {'u', TC_ACT_UNDO},
        {'U', TC_ACT_REDO},
        {'n', TC_ACT_NEW},
        {'r', TC_ACT_RESTART},
        {'H', TC_ACT_HINT},
        {'s', TC_ACT_SOLUTION},
        {'p', TC_ACT_PAUSE},
        {'?', TC_ACT_HELP},
        {'q', TC_ACT_BACK},
        {TC_KEY_ESCAPE, TC_ACT_BACK},
};
#define BUILTIN_COUNT (sizeof builtin / sizeof builtin[0])

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

enum tc_action tc_keymap_builtin(int key)
{
	for (size_t i = 0; i < BUILTIN_COUNT; i++)
		if (builtin[i].key == key)
			return builtin[i].action;
	return TC_ACT_NONE;
}

int tc_keymap_bound_keys(enum tc_action action, int *keys, int max)
{
	int n = 0;
	for (int i = 0; i < bound_count && n < max; i++)
		if (bound[i].action == action)
			keys[n++] = bound[i].key;
	return n;
}

/* What key does now: the player's binding, else its built-in meaning. */
static enum tc_action in_force(int key)
{
	enum tc_action action = tc_keymap_lookup(key);
	return action != TC_ACT_NONE ? action : tc_keymap_builtin(key);
}

/* The keys that do action now, the player's first, then the built-in ones not rebound; at
 * most max of them. */
static int keys_of(enum tc_action action, int *keys, int max)
{
	int n = tc_keymap_bound_keys(action, keys, max);
	for (size_t i = 0; i < BUILTIN_COUNT && n < max; i++)
		if (builtin[i].action == action && in_force(builtin[i].key) == action)
			keys[n++] = builtin[i].key;
	return n;
}

void tc_keymap_key_name(int key, char *buf, size_t len)
{
	static const struct {
		int key;
		const char *name;
	} names[] = {
	        {TC_KEY_ENTER, "Enter"}, {' ', "Space"},          {TC_KEY_TAB, "Tab"},
	        {TC_KEY_ESCAPE, "Esc"},  {TC_KEY_UP, "Up"},       {TC_KEY_DOWN, "Down"},
	        {TC_KEY_LEFT, "Left"},   {TC_KEY_RIGHT, "Right"},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].key == key) {
			snprintf(buf, len, "%s", names[i].name);
			return;
		}
	char utf8[4];
	size_t n = tc_utf8_encode(key, utf8);
	snprintf(buf, len, "%.*s", (int)n, utf8);
}

/* Appends text to buf, after ", " when buf holds something already. */
static void append(char *buf, size_t len, const char *text)
{
	size_t used = strlen(buf);
	if (used < len)
		snprintf(buf + used, len - used, "%s%s", used ? ", " : "", text);
}

void tc_keymap_keys_text(enum tc_action action, char *buf, size_t len)
{
	int keys[BUILTIN_COUNT + TC_CONFIG_BINDINGS_MAX];
	int n = keys_of(action, keys, (int)(sizeof keys / sizeof keys[0]));
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		char name[16];
		tc_keymap_key_name(keys[i], name, sizeof name);
		append(buf, len, name);
	}
	if (action == TC_ACT_REDO)
		append(buf, len, "Ctrl-R");
}

const char *tc_keymap_key_text(enum tc_action action)
{
	static char names[TC_ACT_REDRAW + 1][16];
	if (action <= TC_ACT_NONE || action > TC_ACT_REDRAW)
		return "";
	int key;
	char *name = names[action];
	if (keys_of(action, &key, 1) == 1)
		tc_keymap_key_name(key, name, sizeof names[0]);
	else
		snprintf(name, sizeof names[0], "%s", action == TC_ACT_REDO ? "Ctrl-R" : "");
	return name;
}

void tc_keymap_directions_text(char *buf, size_t len)
{
	static const enum tc_action order[] = {TC_ACT_LEFT, TC_ACT_DOWN, TC_ACT_UP, TC_ACT_RIGHT};
	static const int arrows[] = {TC_KEY_LEFT, TC_KEY_DOWN, TC_KEY_UP, TC_KEY_RIGHT};
	char letters[4][16];
	bool all_arrows = true, all_letters = true;
	for (int d = 0; d < 4; d++) {
		all_arrows &= in_force(arrows[d]) == order[d];
		int keys[BUILTIN_COUNT + TC_CONFIG_BINDINGS_MAX], letter = -1;
		int n = keys_of(order[d], keys, (int)(sizeof keys / sizeof keys[0]));
		for (int i = 0; i < n && letter < 0; i++)
			if (keys[i] < TC_KEY_UP && keys[i] != ' ')
				letter = keys[i];
		letters[d][0] = '\0';
		if (letter >= 0)
			tc_keymap_key_name(letter, letters[d], sizeof letters[d]);
		all_letters &= letter >= 0;
	}
	buf[0] = '\0';
	if (all_arrows)
		append(buf, len, "arrows");
	/* "hjkl" as vi writes them when all four have one; else those there are, spaced. */
	char joined[4 * sizeof letters[0] + 4] = "";
	for (int d = 0; d < 4; d++) {
		size_t used = strlen(joined);
		if (letters[d][0])
			snprintf(joined + used, sizeof joined - used, "%s%s",
			         used && !all_letters ? " " : "", letters[d]);
	}
	if (joined[0])
		append(buf, len, joined);
}

const char *tc_keymap_action_name(enum tc_action action)
{
	for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
		if (actions[i].action == action)
			return actions[i].name;
	return "?";
}

bool tc_keymap_literal_keys(const char *part, size_t len, int *first, int *last)
{
	char text[16];
	if (len == 0 || len >= sizeof text)
		return false;
	snprintf(text, sizeof text, "%.*s", (int)len, part);
	if (len == 3 && text[1] == '-' && text[0] > ' ' && text[0] < text[2] && text[2] < 0x7f) {
		*first = text[0];
		*last = text[2];
		return true;
	}
	*first = *last = tc_keymap_key_named(text);
	return *first >= 0;
}

int tc_keymap_clashes(char *buf, size_t len)
{
	int clashes = 0;
	if (len > 0)
		buf[0] = '\0';
	for (int i = 0; i < bound_count; i++) {
		enum tc_action was = tc_keymap_builtin(bound[i].key);
		if (was == TC_ACT_NONE || was == bound[i].action)
			continue;
		char name[16], other[48];
		tc_keymap_key_name(bound[i].key, name, sizeof name);
		const char *still = tc_keymap_key_text(was);
		if (*still)
			snprintf(other, sizeof other, "%s: %s", tc_keymap_action_name(was), still);
		else
			snprintf(other, sizeof other, "%s has no key left", tc_keymap_action_name(was));
		size_t used = clashes ? strlen(buf) : 0;
		if (used < len)
			snprintf(buf + used, len - used, "%s%s is %s now, not %s (%s)",
			         clashes ? "; " : "keys: ", name, tc_keymap_action_name(bound[i].action),
			         tc_keymap_action_name(was), other);
		clashes++;
	}
	return clashes;
}

void tc_keymap_clashes_cut(const char *clashes, int count, size_t most, char *buf, size_t len)
{
	size_t kept = 0; /* the whole clauses that fit, "keys: " with the first */
	int told = 0;
	for (const char *at = clashes; *at; told++) {
		const char *end = strstr(at, "; ");
		size_t upto = end ? (size_t)(end - clashes) : strlen(clashes);
		if (upto > most)
			break;
		kept = upto;
		at = clashes + upto + (end ? 2 : 0);
	}
	if (told >= count) {
		snprintf(buf, len, "%s", clashes);
		return;
	}
	const char *help = tc_keymap_key_text(TC_ACT_HELP);
	if (told)
		snprintf(buf, len, "%.*s; and %d more: see %s help", (int)kept, clashes,
		         count - told, *help ? help : "the");
	else
		snprintf(buf, len, "keys: %d bound keys meant something else: see %s help", count,
		         *help ? help : "the");
}
