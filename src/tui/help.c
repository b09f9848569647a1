/* Help text laid out as two columns, keys and what they do. */
#include "help.h"

#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "keymap.h"
#include "overlay.h"
#include "term.h"
#include "text_wrap.h"

#define MAX_HELP_LINES 48
#define LINE_BYTES 96
#define KEYS_W 21 /* the keys' column at the least, with the gap after it */
#define KEYS_GAP 2 /* between the widest keys and what they do */

static const struct tc_help_line shared_keys[] = {
        {"{undo}", "undo"},
        {"{redo}", "redo"},
        {"{restart}", "restart this game"},
        {"{new}", "new game"},
        {"{pause}", "pause (the clock stops)"},
        {"{help}", "this help"},
        {"{back}", "back to the menu"},
        {"Ctrl-Z", "suspend (fg resumes)"},
        {"Ctrl-C", "quit"},
        {NULL, NULL},
};

static bool game_says(const struct tc_help_line *own, const char *keys)
{
	for (const struct tc_help_line *h = own; h && h->keys; h++)
		if (strcmp(h->keys, keys) == 0)
			return true;
	return false;
}

/* Appends text to buf, after ", " when buf holds something already. */
static void append(char *buf, size_t len, const char *text)
{
	size_t used = strlen(buf);
	if (used < len)
		snprintf(buf + used, len - used, "%s%s", used ? ", " : "", text);
}

/* A part naming keys the game reads itself ("a", "Tab", "1-9"), less those bound to an action:
 * a bound key does that action, not the game's own ("1-4, 6-9" with undo = 5). */
static void own_keys_now(const char *part, size_t len, int first, int last, char *buf,
                         size_t buflen)
{
	if (first == last) {
		if (tc_keymap_lookup(first) == TC_ACT_NONE)
			snprintf(buf, buflen, "%.*s", (int)len, part);
		return;
	}
	for (int key = first; key <= last; key++) {
		if (tc_keymap_lookup(key) != TC_ACT_NONE)
			continue;
		int end = key;
		while (end < last && tc_keymap_lookup(end + 1) == TC_ACT_NONE)
			end++;
		char run[8];
		if (end > key)
			snprintf(run, sizeof run, "%c-%c", key, end);
		else
			snprintf(run, sizeof run, "%c", key);
		append(buf, buflen, run);
		key = end;
	}
}

/* One part of a help entry's keys (help.h): the keys doing an action now, the mouse's part
 * while the mouse is on, a game's own keys not bound away (game: the help is a game's, where
 * a bound key does its action), or the text itself. */
static void key_part(const char *part, size_t len, bool game, char *buf, size_t buflen)
{
	char name[LINE_BYTES];
	buf[0] = '\0';
	int first, last;
	if (game && tc_keymap_literal_keys(part, len, &first, &last)) {
		own_keys_now(part, len, first, last, buf, buflen);
		return;
	}
	if (part[0] != '{' || part[len - 1] != '}' || len - 2 >= sizeof name) {
		snprintf(buf, buflen, "%.*s", (int)len, part);
		return;
	}
	snprintf(name, sizeof name, "%.*s", (int)len - 2, part + 1);
	if (!strncmp(name, "mouse:", 6)) {
		if (tc_term_mouse())
			snprintf(buf, buflen, "%s", name + 6);
	} else if (!strcmp(name, "moves")) {
		tc_keymap_directions_text(buf, buflen);
	} else {
		tc_keymap_keys_text(tc_keymap_action_named(name), buf, buflen);
	}
}

/* The length of an entry's part (parts are separated by ", "), and where the next starts. */
static size_t part_length(const char *part, const char **next)
{
	const char *end = strstr(part, ", ");
	size_t len = end ? (size_t)(end - part) : strlen(part);
	*next = part + len + (end ? 2 : 0);
	return len;
}

/* An entry's keys as they are now: its parts each as key_part makes it, those that come to
 * nothing left out. */
static void keys_now(const char *keys, bool game, char *buf, size_t len)
{
	buf[0] = '\0';
	for (const char *part = keys, *next; *part; part = next) {
		char text[LINE_BYTES];
		key_part(part, part_length(part, &next), game, text, sizeof text);
		if (text[0])
			append(buf, len, text);
	}
}

int tc_help_clashes(const char *game, const struct tc_help_line *own, char *buf, size_t len)
{
	int clashes = 0;
	for (const struct tc_help_line *h = own; h && h->keys; h++)
		for (const char *part = h->keys, *next; *part; part = next) {
			int first, last;
			bool keys = tc_keymap_literal_keys(part, part_length(part, &next), &first,
			                                   &last);
			for (int key = first; keys && key <= last; key++) {
				enum tc_action now = tc_keymap_lookup(key);
				if (now == TC_ACT_NONE)
					continue;
				char name[16];
				tc_keymap_key_name(key, name, sizeof name);
				size_t used = strlen(buf);
				if (used < len)
					snprintf(buf + used, len - used, "%s%s is %s now, not %s's %s",
					         used ? "; " : "keys: ", name,
					         tc_keymap_action_name(now), game, h->what);
				clashes++;
			}
		}
	return clashes;
}

/* Help's entries with their keys as they are now. */
struct shown_entries {
	struct tc_help_line line[MAX_HELP_LINES + 1]; /* ends with {NULL, NULL} */
	char keys[MAX_HELP_LINES][LINE_BYTES];
};

/* The entries of lines to show, from shown->line[from]: an entry whose keys come to nothing
 * (or, with own, one the game tells of itself) is left out, with the lines that carry on its
 * text. Returns where the entries end. */
static int show_entries(struct shown_entries *shown, int from, const struct tc_help_line *lines,
                        const struct tc_help_line *own, bool game)
{
	int n = from;
	bool left_out = false;
	for (const struct tc_help_line *h = lines; h && h->keys && n < MAX_HELP_LINES; h++) {
		if (h->keys[0]) {
			keys_now(h->keys, game, shown->keys[n], LINE_BYTES);
			left_out = !shown->keys[n][0] || (own && game_says(own, h->keys));
		} else {
			shown->keys[n][0] = '\0';
		}
		if (!left_out) {
			shown->line[n] = (struct tc_help_line){shown->keys[n], h->what};
			n++;
		}
	}
	shown->line[n] = (struct tc_help_line){NULL, NULL};
	return n;
}

/* The help's lines for a box of `room` columns inside and `rows` lines for keys. */
struct help_text {
	char text[MAX_HELP_LINES][LINE_BYTES];
	bool starts[MAX_HELP_LINES]; /* the line starts an entry (a key and its text) */
	int n;
};

static void add(struct help_text *t, const char *s, bool starts)
{
	if (t->n < MAX_HELP_LINES) {
		t->starts[t->n] = starts;
		snprintf(t->text[t->n++], LINE_BYTES, "%s", s);
	}
}

/* The keys' column with its gap, as wide as the widest keys of the entries whose keys and text
 * fit side by side in room (else the keys ran into their text), from column (the
 * widest of the lists before). */
static int keys_column(const struct tc_help_line *h, int room, int column)
{
	for (; h->keys; h++) {
		int keys_w = tc_text_width(h->keys) + KEYS_GAP;
		if (keys_w > column && keys_w + tc_text_width(h->what) <= room)
			column = keys_w;
	}
	return column;
}

/* Whether an entry (its key's line and the lines with no keys after it, more of its text) fits
 * as two columns, keys then what they do. */
static bool fits_two_columns(const struct tc_help_line *h, int room, int column)
{
	for (const struct tc_help_line *l = h; l->keys && (l == h || !l->keys[0]); l++) {
		int keys_w = tc_text_width(l->keys) + KEYS_GAP;
		if ((keys_w > column ? keys_w : column) + tc_text_width(l->what) > room)
			return false;
	}
	return true;
}

/* One line of the two columns, keys then what they do; where the entry is too wide, what they
 * do goes on lines of its own below, indented, and so does the rest of its text (else that
 * stood far right of what it follows). */
static void key_line(struct help_text *t, const struct tc_help_line *h, int room, int column,
                     bool two)
{
	char line[LINE_BYTES];
	bool starts = h->keys[0] != '\0'; /* no keys: more of the entry before */
	if (two) {
		/* Pad by columns, not bytes: keys may hold arrows, which are 3 bytes each. */
		int pad = column - tc_text_width(h->keys);
		snprintf(line, sizeof line, "%s%*s%s", h->keys, pad, "", h->what);
		add(t, line, starts);
		return;
	}
	if (starts)
		add(t, h->keys, starts);
	/* Broken here, not by the box, so that the page counts every line it shows. */
	for (const char *what = h->what; *what;) {
		size_t len = tc_text_line(what, room - 4);
		snprintf(line, sizeof line, "    %.*s", (int)len, what);
		add(t, line, false);
		for (what += len; *what == ' '; what++)
			;
	}
}

/* "key: what" items, several to a line as the room allows. */
static void packed_line(struct help_text *t, const struct tc_help_line *h, int room, int from)
{
	char item[LINE_BYTES];
	snprintf(item, sizeof item, "%s: %s", h->keys, h->what);
	if (t->n > from && tc_text_width(t->text[t->n - 1]) + 3 + tc_text_width(item) <= room) {
		char *last = t->text[t->n - 1];
		size_t len = strlen(last);
		snprintf(last + len, LINE_BYTES - len, "   %s", item);
		return;
	}
	add(t, item, true);
}

/* The keys' lines: the game's own one a line, then the shared ones, packed several to a line
 * when one a line would not fit in `rows`. */
static void lay_out(struct help_text *t, const struct tc_help_line *own, bool shared, int room,
                    int rows)
{
	static struct shown_entries shown;
	int own_end = show_entries(&shown, 0, own, NULL, shared);
	if (shared)
		show_entries(&shown, own_end + 1, shared_keys, own, true);
	else
		shown.line[own_end + 1] = (struct tc_help_line){NULL, NULL};
	const struct tc_help_line *common = &shown.line[own_end + 1];
	/* One column for the game's keys and the shared ones, so that their texts line up. */
	int column = keys_column(common, room, keys_column(shown.line, room, KEYS_W));
	t->n = 0;
	bool two = true; /* the entry's layout, kept by the lines that carry on its text */
	for (const struct tc_help_line *h = shown.line; h->keys; h++) {
		if (h->keys[0] || h == shown.line)
			two = fits_two_columns(h, room, column);
		key_line(t, h, room, column, two);
	}
	int from = t->n;
	for (const struct tc_help_line *h = common; h->keys; h++)
		key_line(t, h, room, column, fits_two_columns(h, room, column));
	if (t->n <= rows)
		return;
	t->n = from;
	for (const struct tc_help_line *h = common; h->keys; h++)
		packed_line(t, h, room, from);
}

/* Pages of whole entries of at most rows lines each, filled in turn: a key and its text are
 * never split between two pages (but an entry longer than a page). Returns how many; first
 * (when not NULL) gets where each begins, and t->n after the last. */
static int paginate(const struct help_text *t, int rows, int *first)
{
	int pages = 0;
	for (int i = 0; pages == 0 || i < t->n;) {
		if (first)
			first[pages] = i;
		pages++;
		int cut = i + rows;
		while (cut > i && cut < t->n && !t->starts[cut])
			cut--;
		i = cut > i ? cut : i + rows;
	}
	if (first)
		first[pages] = t->n;
	return pages;
}

/* tc_help_draw_page's box, over the tiles of a board when tiles is not NULL. */
static int draw_page(struct tc_rect area, const struct tc_tiles *tiles, const char *title,
                     const struct tc_help_line *own, bool shared, int page)
{
	static struct help_text t;
	int room = area.w - 4 < LINE_BYTES ? area.w - 4 : LINE_BYTES - 1;
	int rows = area.h - 4; /* the box's edges, the title and the closing line */
	if (rows < 1)
		rows = 1;
	lay_out(&t, own, shared, room, rows);
	/* As few pages as the lines need, as even as they go: filled one after the other, the
	 * last page could hold a lone line ("Ctrl-C: quit"). */
	int first[MAX_HELP_LINES + 1];
	int pages = paginate(&t, rows, first);
	for (int even = (t.n + pages - 1) / pages; even < rows; even++)
		if (paginate(&t, even, NULL) == pages) {
			paginate(&t, even, first);
			break;
		}
	if (page >= pages)
		page = pages - 1;
	char head[LINE_BYTES], foot[LINE_BYTES];
	const char *lines[MAX_HELP_LINES + 2];
	int n = 0;
	if (pages > 1) {
		snprintf(head, sizeof head, "%s (%d/%d)", title, page + 1, pages);
		snprintf(foot, sizeof foot, "%s",
		         page + 1 < pages ? "(any key: more keys)" : "(any key closes this help)");
	} else {
		snprintf(head, sizeof head, "%s", title);
		snprintf(foot, sizeof foot, "(any key closes this help)");
	}
	/* Every page's box as wide as the widest page's, so that its left margin stays put from
	 * page to page: the closing line is padded (spaces, unseen). */
	int widest = tc_text_width(head);
	for (int i = 0; i < t.n; i++)
		if (tc_text_width(t.text[i]) > widest)
			widest = tc_text_width(t.text[i]);
	if (pages > 1 && widest < tc_text_width("(any key closes this help)"))
		widest = tc_text_width("(any key closes this help)");
	int pad = (widest < room ? widest : room) - tc_text_width(foot);
	if (pad > 0) {
		size_t len = strlen(foot);
		snprintf(foot + len, sizeof foot - len, "%*s", pad, "");
	}
	lines[n++] = head;
	for (int i = first[page]; i < first[page + 1]; i++)
		lines[n++] = t.text[i];
	lines[n++] = foot;
	tc_overlay_box_over(area, tiles, lines, n, TC_ROLE_OVERLAY);
	return pages;
}

int tc_help_draw_page(struct tc_rect area, const char *title, const struct tc_help_line *own,
                      bool shared, int page)
{
	return draw_page(area, NULL, title, own, shared, page);
}

void tc_help_draw_in(struct tc_rect area, const struct tc_tiles *tiles, const char *title,
                     const struct tc_help_line *own, bool shared)
{
	draw_page(area, tiles, title, own, shared, 0);
}

const char *tc_help_choose(void)
{
	return tc_term_mouse() ? "Enter or click" : "Enter";
}

void tc_help_draw(const char *title, const struct tc_help_line *own, bool shared)
{
	tc_help_draw_in((struct tc_rect){0, 0, COLS, LINES}, NULL, title, own, shared);
}
