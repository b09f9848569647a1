/* Settings from config.ini, read with libinih.
 *
 * inih only splits lines into section, name and value. It reaches the file through our own line
 * reader, because packaged builds of inih differ (Debian's passes a line number to the handler
 * that its header does not declare, others do not), and because the reader can then count
 * lines, refuse lines inih would mishandle (too long, NUL bytes, indented ones it would take
 * for continuations) and notice the lines inih drops without a word. */
#define _POSIX_C_SOURCE 200809L

#include "tilecade/config.h"
#include "tilecade/file_open.h"
#include "tilecade/store.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <ini.h>

#include "tilecade/g2048.h"
#include "tilecade/znumbers.h"

/* No config file is this big: a bound on the read of an endless regular file. */
#define MAX_FILE_BYTES (1024 * 1024)
/* Quoted text in a warning is cut here, so that the line number and the reason still fit. */
#define QUOTE "%.40s"

enum section {
	SECTION_NONE, /* before the first header */
	SECTION_BAD,  /* after a header we could not read: its keys are skipped */
	SECTION_UNKNOWN,
	SECTION_DISPLAY,
	SECTION_PLAYER,
	SECTION_STORAGE,
	SECTION_2048,
	SECTION_ZNUMBERS,
	SECTION_KEYS,
};

static const char *const section_names[] = {
        [SECTION_DISPLAY] = "display",   [SECTION_PLAYER] = "player",
        [SECTION_STORAGE] = "storage",   [SECTION_2048] = "2048",
        [SECTION_ZNUMBERS] = "znumbers", [SECTION_KEYS] = "keys",
};

static const char *const action_names[] = {"up",       "down",  "left", "right",   "select",
                                           "undo",     "redo",  "new",  "restart", "hint",
                                           "solution", "pause", "help", "back"};

static const char *const key_names[] = {"Enter", "Space", "Tab",  "Escape",
                                        "Up",    "Down",  "Left", "Right"};

struct parse {
	struct tc_config *c;
	const char *path;
	FILE *file;
	long bytes;
	int lineno;
	bool line_is_entry; /* the line just given to inih is a name = value line */
	bool line_handled;  /* and inih passed it to the handler */
	bool stop;
	int read_errno;
	enum section section;
	int dropped; /* warnings beyond TC_CONFIG_WARNINGS_MAX */
};

/* Length of the UTF-8 sequence at s if it is one valid, printable character; else 0. */
static int printable_utf8_length(const unsigned char *s)
{
	if (s[0] >= 0x20 && s[0] < 0x7f)
		return 1;
	int len;
	unsigned cp;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1fu;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0fu;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07u;
	} else {
		return 0;
	}
	for (int i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	bool overlong = (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
	bool surrogate = cp >= 0xd800 && cp <= 0xdfff;
	bool c1_control = cp < 0xa0; /* would start escape sequences on some terminals */
	if (overlong || surrogate || c1_control || cp > 0x10ffff)
		return 0;
	return len;
}

/* Warnings are printed to a terminal, and quote the file: control bytes and broken UTF-8 from a
 * garbage file become '?' instead of reaching the terminal. */
static void make_printable(char *s)
{
	unsigned char *in = (unsigned char *)s, *out = in;
	while (*in) {
		int len = printable_utf8_length(in);
		if (len == 0) {
			*out++ = '?';
			in++;
			continue;
		}
		memmove(out, in, (size_t)len);
		out += len;
		in += len;
	}
	*out = '\0';
}

/* One warning, "PATH:LINE: what" (line 0: about the whole file). */
__attribute__((format(printf, 3, 4))) static void warn(struct parse *p, int line, const char *fmt,
                                                       ...)
{
	struct tc_config *c = p->c;
	if (c->warning_count >= TC_CONFIG_WARNINGS_MAX) {
		p->dropped++;
		return;
	}
	char what[sizeof c->warnings[0]];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);

	/* A long path would push the reason out; its last part still names the file. */
	const char *path = p->path;
	const char *slash = strrchr(path, '/');
	if (strlen(path) + strlen(what) + 16 > sizeof what && slash && slash[1])
		path = slash + 1;
	char *out = c->warnings[c->warning_count++];
	int n = line > 0 ? snprintf(out, sizeof what, "%s:%d: %s", path, line, what)
	                 : snprintf(out, sizeof what, "%s: %s", path, what);
	if (n >= (int)sizeof what) /* say that it was cut */
		memcpy(out + sizeof what - 4, "...", 4);
	make_printable(out);
}

/* The last kept warning makes way for a count of those that did not fit. */
static void finish_warnings(struct parse *p)
{
	if (p->dropped == 0)
		return;
	struct tc_config *c = p->c;
	int more = p->dropped + 1;
	c->warning_count--;
	p->dropped = 0;
	warn(p, 0, "... and %d more problems", more);
}

static bool name_is(const char *name, const char *expected)
{
	return strcasecmp(name, expected) == 0;
}

static bool parse_bool(const char *value, bool *out)
{
	static const char *const yes[] = {"yes", "true", "on", "1"};
	static const char *const no[] = {"no", "false", "off", "0"};
	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		if (name_is(value, yes[i])) {
			*out = true;
			return true;
		}
		if (name_is(value, no[i])) {
			*out = false;
			return true;
		}
	}
	return false;
}

/* A decimal number in [min, max], nothing before or after it. */
static bool parse_int(const char *value, int min, int max, int *out)
{
	if (!isdigit((unsigned char)value[0]))
		return false;
	errno = 0;
	char *end;
	long n = strtol(value, &end, 10);
	if (errno != 0 || *end != '\0' || n < min || n > max)
		return false;
	*out = (int)n;
	return true;
}

/* zNumbers' size: "RxC", or "N" for NxN as on the command line. */
static bool parse_zn_size(const char *value, int *rows, int *cols)
{
	char text[16];
	if (strlen(value) >= sizeof text)
		return false;
	strcpy(text, value);
	char *x = strpbrk(text, "xX");
	int r, c;
	if (!x)
		return parse_int(text, ZN_MIN_SIZE, ZN_MAX_SIZE, &r) && (*rows = *cols = r, true);
	*x = '\0';
	if (!parse_int(text, ZN_MIN_SIZE, ZN_MAX_SIZE, &r) ||
	    !parse_int(x + 1, ZN_MIN_SIZE, ZN_MAX_SIZE, &c))
		return false;
	*rows = r;
	*cols = c;
	return true;
}

/* A path for the store: absolute, or under the home directory as "~/...". */
static bool parse_path(const char *value, char *out, size_t len)
{
	int n;
	if (value[0] == '\0' || value[0] == '/') {
		n = snprintf(out, len, "%s", value);
	} else if (value[0] == '~' && value[1] == '/') {
		const char *home = getenv("HOME");
		if (!home || home[0] != '/')
			return false;
		n = snprintf(out, len, "%s%s", home, value + 1);
	} else {
		return false;
	}
	return n >= 0 && (size_t)n < len;
}

static bool is_key_name(const char *key)
{
	if (printable_utf8_length((const unsigned char *)key) == (int)strlen(key) && key[0])
		return true;
	for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
		if (name_is(key, key_names[i]))
			return true;
	return false;
}

/* Two ways of writing the same key: named keys ignore case, characters do not. */
static bool same_key(const char *a, const char *b)
{
	return strlen(a) > 1 && strlen(b) > 1 ? name_is(a, b) : strcmp(a, b) == 0;
}

static void set_display(struct parse *p, const char *name, const char *value)
{
	struct tc_config *c = p->c;
	if (name_is(name, "theme")) {
		static const struct {
			const char *name;
			enum tc_config_theme theme;
		} themes[] = {{"auto", TC_CONFIG_THEME_AUTO},
		              {"256", TC_CONFIG_THEME_256},
		              {"16", TC_CONFIG_THEME_16},
		              {"mono", TC_CONFIG_THEME_MONO}};
		for (size_t i = 0; i < sizeof themes / sizeof themes[0]; i++) {
			if (name_is(value, themes[i].name)) {
				c->theme = themes[i].theme;
				return;
			}
		}
		warn(p, p->lineno, "bad value '" QUOTE "' for theme (auto, 256, 16 or mono)",
		     value);
	} else if (name_is(name, "animations") || name_is(name, "mouse")) {
		bool *field = name_is(name, "mouse") ? &c->mouse : &c->animations;
		if (!parse_bool(value, field))
			warn(p, p->lineno, "bad value '" QUOTE "' for %s (yes or no)", value,
			     name_is(name, "mouse") ? "mouse" : "animations");
	} else {
		warn(p, p->lineno, "unknown key '" QUOTE "' in [display]", name);
	}
}

static void set_player(struct parse *p, const char *name, const char *value)
{
	struct tc_config *c = p->c;
	if (!name_is(name, "name")) {
		warn(p, p->lineno, "unknown key '" QUOTE "' in [player]", name);
		return;
	}
	size_t len = strlen(value);
	if (len < sizeof c->player) {
		memcpy(c->player, value, len + 1);
		return;
	}
	/* Cut between characters, not inside one. */
	len = sizeof c->player - 1;
	while (len > 0 && ((unsigned char)value[len] & 0xc0) == 0x80)
		len--;
	memcpy(c->player, value, len);
	c->player[len] = '\0';
	warn(p, p->lineno, "player name longer than %zu bytes; cut to '%s'", sizeof c->player - 1,
	     c->player);
}

static void set_storage(struct parse *p, const char *name, const char *value)
{
	struct tc_config *c = p->c;
	char *field;
	size_t len;
	if (name_is(name, "database")) {
		field = c->database;
		len = sizeof c->database;
	} else if (name_is(name, "shared_scores")) {
		field = c->shared_scores;
		len = sizeof c->shared_scores;
	} else {
		warn(p, p->lineno, "unknown key '" QUOTE "' in [storage]", name);
		return;
	}
	/* The database may be a PostgreSQL one, named by its URL, taken as it is; the host's
	 * shared scoreboard is a file. A URL is never quoted back: it may hold a password. */
	if (tc_store_is_url(value)) {
		if (field == c->database && strlen(value) < len)
			strcpy(field, value);
		else if (field == c->database)
			warn(p, p->lineno, "database URL longer than %zu bytes", len - 1);
		else
			warn(p, p->lineno, "shared_scores takes a file's path, not a database URL");
		return;
	}
	char path[sizeof c->database];
	if (!parse_path(value, path, sizeof path) || strlen(path) >= len) {
		warn(p, p->lineno, "bad value '" QUOTE "' for %s (an absolute path, or ~/...%s)",
		     value, field == c->database ? "database" : "shared_scores",
		     field == c->database ? ", or a postgresql:// URL" : "");
		return;
	}
	strcpy(field, path);
}

static void set_2048(struct parse *p, const char *name, const char *value)
{
	if (!name_is(name, "size")) {
		warn(p, p->lineno, "unknown key '" QUOTE "' in [2048]", name);
		return;
	}
	if (!parse_int(value, G2048_MIN_SIZE, G2048_MAX_SIZE, &p->c->size_2048))
		warn(p, p->lineno, "bad value '" QUOTE "' for size (%d to %d)", value,
		     G2048_MIN_SIZE, G2048_MAX_SIZE);
}

static void set_znumbers(struct parse *p, const char *name, const char *value)
{
	struct tc_config *c = p->c;
	if (name_is(name, "size")) {
		if (!parse_zn_size(value, &c->zn_rows, &c->zn_cols))
			warn(p, p->lineno, "bad value '" QUOTE "' for size (RxC, %d to %d each)",
			     value, ZN_MIN_SIZE, ZN_MAX_SIZE);
	} else if (name_is(name, "attempts")) {
		if (!parse_int(value, ZN_MIN_ATTEMPTS, ZN_MAX_ATTEMPTS, &c->zn_attempts))
			warn(p, p->lineno, "bad value '" QUOTE "' for attempts (%d to %d)", value,
			     ZN_MIN_ATTEMPTS, ZN_MAX_ATTEMPTS);
	} else {
		warn(p, p->lineno, "unknown key '" QUOTE "' in [znumbers]", name);
	}
}

static void add_binding(struct parse *p, const char *action, const char *key)
{
	struct tc_config *c = p->c;
	const char *canonical = NULL;
	for (size_t i = 0; i < sizeof action_names / sizeof action_names[0]; i++)
		if (name_is(action, action_names[i]))
			canonical = action_names[i];
	if (!canonical) {
		warn(p, p->lineno, "unknown action '" QUOTE "' in [keys]", action);
		return;
	}
	if (!is_key_name(key)) {
		warn(p, p->lineno,
		     "bad key '" QUOTE
		     "' for %s (one character, Enter, Space, Tab, Escape, Up, Down, "
		     "Left or Right)",
		     key, canonical);
		return;
	}
	if (c->binding_count >= TC_CONFIG_BINDINGS_MAX) {
		warn(p, p->lineno, "more than %d key bindings; this one is ignored",
		     TC_CONFIG_BINDINGS_MAX);
		return;
	}
	for (int i = 0; i < c->binding_count; i++)
		if (same_key(c->bindings[i].key, key) && strcmp(c->bindings[i].action, canonical))
			warn(p, p->lineno, "key '%s' was bound to %s; it is now %s", key,
			     c->bindings[i].action, canonical);
	struct tc_binding *b = &c->bindings[c->binding_count++];
	snprintf(b->action, sizeof b->action, "%s", canonical);
	snprintf(b->key, sizeof b->key, "%s", key); /* a valid key is at most 6 bytes */
}

static int on_entry(void *user, const char *section, const char *name, const char *value)
{
	(void)section; /* ours, from the reader, also knows about headers inih rejected */
	struct parse *p = user;
	p->line_handled = true;
	switch (p->section) {
	case SECTION_BAD:
	case SECTION_UNKNOWN:
		break; /* reported once, at the header */
	case SECTION_NONE:
		warn(p, p->lineno, "key '" QUOTE "' is outside any [section]", name);
		break;
	case SECTION_DISPLAY:
		set_display(p, name, value);
		break;
	case SECTION_PLAYER:
		set_player(p, name, value);
		break;
	case SECTION_STORAGE:
		set_storage(p, name, value);
		break;
	case SECTION_2048:
		set_2048(p, name, value);
		break;
	case SECTION_ZNUMBERS:
		set_znumbers(p, name, value);
		break;
	case SECTION_KEYS:
		add_binding(p, name, value);
		break;
	}
	return 1; /* inih's own error report is only the first line; ours are the warnings */
}

/* Reads "[name]" the way inih does: the name ends at ']', and "; comment" after a space ends the
 * line first. */
static void read_section_header(struct parse *p, const char *line)
{
	const char *end = line + 1;
	bool was_space = false;
	while (*end && *end != ']' && !(was_space && *end == ';')) {
		was_space = isspace((unsigned char)*end);
		end++;
	}
	if (*end != ']') {
		warn(p, p->lineno, "cannot read this section header (expected [name])");
		p->section = SECTION_BAD;
		return;
	}
	const char *name = line + 1;
	while (name < end && isspace((unsigned char)*name))
		name++;
	while (end > name && isspace((unsigned char)end[-1]))
		end--;
	int len = (int)(end - name);
	for (size_t i = 0; i < sizeof section_names / sizeof section_names[0]; i++) {
		const char *known = section_names[i];
		if (known && strlen(known) == (size_t)len &&
		    strncasecmp(name, known, (size_t)len) == 0) {
			p->section = (enum section)i;
			return;
		}
	}
	p->section = SECTION_UNKNOWN;
	warn(p, p->lineno, "unknown section [%.*s]", len < 40 ? len : 40, name);
}

/* inih drops a line without '=' or ':' silently; the handler not being called tells us. */
static void check_previous_line(struct parse *p)
{
	if (p->line_is_entry && !p->line_handled)
		warn(p, p->lineno, "cannot read this line (expected name = value)");
	p->line_is_entry = false;
}

/* inih's line reader (fgets-like): one whole line per call, ending in '\n', so that inih never
 * sees part of a line. */
static char *next_line(char *buf, int size, void *stream)
{
	struct parse *p = stream;
	check_previous_line(p);
	if (p->stop || size < 3)
		return NULL;

	size_t room = (size_t)size - 2; /* for '\n' and '\0' */
	size_t len = 0;
	bool any = false, nul = false, too_long = false;
	int ch;
	while ((ch = getc(p->file)) != EOF) {
		any = true;
		if (++p->bytes > MAX_FILE_BYTES) {
			warn(p, 0, "larger than %d KiB; the rest is ignored",
			     MAX_FILE_BYTES / 1024);
			p->stop = true;
			return NULL;
		}
		if (ch == '\n')
			break;
		if (ch == '\0')
			nul = true;
		if (len < room)
			buf[len++] = (char)ch;
		else
			too_long = true;
	}
	if (ch == EOF && ferror(p->file)) {
		p->read_errno = errno;
		return NULL;
	}
	if (!any)
		return NULL;
	p->lineno++;
	buf[len] = '\0';

	if (nul || too_long) {
		if (nul)
			warn(p, p->lineno, "binary data (a NUL byte); line ignored");
		else
			warn(p, p->lineno, "line longer than %zu characters; ignored", room);
		strcpy(buf, "\n");
		return buf;
	}

	char *start = buf;
	if (p->lineno == 1 && strncmp(start, "\xef\xbb\xbf", 3) == 0) /* a UTF-8 byte order mark */
		start += 3;
	/* Without leading spaces inih never takes a line for the continuation of the one before:
	 * an indented "mouse = no" stays a setting of its own. */
	while (isspace((unsigned char)*start))
		start++;
	len = strlen(start);
	while (len > 0 && isspace((unsigned char)start[len - 1]))
		len--;
	memmove(buf, start, len);
	buf[len] = '\n';
	buf[len + 1] = '\0';

	if (buf[0] == '[')
		read_section_header(p, buf);
	else if (buf[0] != '\n' && buf[0] != ';' && buf[0] != '#')
		p->line_is_entry = true;
	p->line_handled = false;
	return buf;
}

void tc_config_defaults(struct tc_config *c)
{
	memset(c, 0, sizeof *c);
	c->theme = TC_CONFIG_THEME_AUTO;
	c->animations = true;
	c->mouse = true;
	c->size_2048 = G2048_DEFAULT_SIZE;
	c->zn_rows = ZN_DEFAULT_SIZE;
	c->zn_cols = ZN_DEFAULT_SIZE;
	c->zn_attempts = ZN_DEFAULT_ATTEMPTS;
}

int tc_config_load(struct tc_config *c, const char *path, bool required, char *err, size_t errlen)
{
	/* A named pipe or a device would be waited on or read forever: refused at once. */
	char why[96];
	FILE *file = tc_file_open_regular(path, why, sizeof why);
	if (!file) {
		if (!required && (errno == ENOENT || errno == ENOTDIR))
			return 0;
		snprintf(err, errlen, "cannot read %s: %s", path, why);
		return -1;
	}

	/* Parsed into a copy, so that a file that cannot be read leaves c as it was. */
	struct tc_config work = *c;
	struct parse p = {.c = &work, .path = path, .file = file};
	int rc = ini_parse_stream(next_line, &p, on_entry, &p);
	check_previous_line(&p);
	fclose(file);
	if (p.read_errno != 0) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(p.read_errno));
		return -1;
	}
	if (rc < 0) { /* inih's only failure of its own: no memory for the line */
		snprintf(err, errlen, "cannot read %s: out of memory", path);
		return -1;
	}
	finish_warnings(&p);
	*c = work;
	return 0;
}

int tc_config_default_path(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	int n;
	if (xdg && xdg[0] == '/') { /* the XDG spec: a relative value is invalid, ignore it */
		n = snprintf(buf, len, "%s/tilecade/config.ini", xdg);
	} else {
		const char *home = getenv("HOME");
		if (!home || home[0] != '/')
			return -1;
		n = snprintf(buf, len, "%s/.config/tilecade/config.ini", home);
	}
	return n >= 0 && (size_t)n < len ? 0 : -1;
}
