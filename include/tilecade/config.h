/* Settings from an INI file ($XDG_CONFIG_HOME/tilecade/config.ini, else
 * ~/.config/tilecade/config.ini, or --config PATH). A missing file means the defaults; unknown
 * sections and keys and bad values are reported, one line each naming the line, and the default
 * is kept. */
#ifndef TILECADE_CONFIG_H
#define TILECADE_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#define TC_CONFIG_WARNINGS_MAX 16
#define TC_CONFIG_BINDINGS_MAX 32

enum tc_config_theme {
	TC_CONFIG_THEME_AUTO,
	TC_CONFIG_THEME_256,
	TC_CONFIG_THEME_16,
	TC_CONFIG_THEME_MONO
};

/* A key bound to an action of the shared key map: action names are those of DESIGN.md's keys
 * ("up", "down", "left", "right", "select", "undo", "redo", "new", "restart", "hint",
 * "solution", "pause", "help", "back"); key is a character or "Enter", "Space", "Tab",
 * "Escape", "Up", "Down", "Left", "Right". */
struct tc_binding {
	char action[16];
	char key[16]; /* as written; the front end reads it (src/tui/keymap.c) */
};

struct tc_config {
	enum tc_config_theme theme; /* [display] theme = auto | 256 | 16 | mono */
	bool animations;            /* [display] animations = yes | no */
	bool mouse;                 /* [display] mouse = yes | no */
	char player[32];            /* [player] name; "" means the login name; longer is cut */
	/* [storage] paths are absolute or "~/..." (made absolute here). */
	char database[512];      /* [storage] database; "" means the default path */
	char shared_scores[512]; /* [storage] shared_scores: the host's scoreboard; "" for none */
	int size_2048;           /* [2048] size, 3 to 8 */
	int zn_rows, zn_cols;    /* [znumbers] size = RxC (or N for NxN), 4 to 10 each */
	int zn_attempts;         /* [znumbers] attempts, 2 to 1000 */
	struct tc_binding bindings[TC_CONFIG_BINDINGS_MAX]; /* [keys] action = key */
	int binding_count;
	/* "PATH:12: unknown key 'x' in [display]", printable; when there were more problems than
	 * fit, the last says "PATH: ... and N more problems". */
	char warnings[TC_CONFIG_WARNINGS_MAX][160];
	int warning_count;
};

void tc_config_defaults(struct tc_config *c);

/* Reads the file at path over c (which should hold the defaults). Returns 0, also when the file
 * does not exist and `required` is false; -1 with a reason in err when it cannot be read (or
 * does not exist and is required, as with --config), leaving c unchanged. Problems inside the
 * file are warnings: a line too long for libinih (about 200 bytes), NUL bytes, a line that is
 * not "name = value"; past 1 MiB the rest of the file is ignored. */
int tc_config_load(struct tc_config *c, const char *path, bool required, char *err, size_t errlen);

/* The default config path; returns 0, or -1 when there is no home directory. */
int tc_config_default_path(char *buf, size_t len);

#endif
