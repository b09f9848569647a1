/* The bottom-line text prompt. */
#include "prompt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "click_key.h"
#include "grid.h"
#include "score_text.h"
#include "theme.h"
#include "tilecade/store.h"
#include "utf8.h"

void tc_prompt_start(struct tc_prompt *p, int kind, const char *label, const char *start)
{
	p->kind = kind;
	p->label = label;
	p->yes_no = false;
	p->too_long = false;
	snprintf(p->input, sizeof p->input, "%s", start ? start : "");
	p->selected = p->input[0] != '\0';
}

void tc_prompt_ask(struct tc_prompt *p, int kind, const char *question, const char *detail)
{
	p->kind = kind;
	p->label = question;
	p->yes_no = true;
	p->too_long = false;
	p->selected = false;
	snprintf(p->input, sizeof p->input, "%s", detail);
}

static void type_key(struct tc_prompt *p, int key)
{
	if (p->too_long)
		return; /* a paste past the end: dropped at once, key by key */
	size_t len = strlen(p->input);
	char utf8[4];
	size_t n = tc_utf8_encode(key, utf8);
	if (len + n < sizeof p->input) {
		memcpy(p->input + len, utf8, n);
		p->input[len + n] = '\0';
	} else {
		p->too_long = true;
	}
}

enum tc_prompt_result tc_prompt_event(struct tc_prompt *p, const struct tc_event *ev)
{
	/* A question answers a left click on the y or the n of its "(y/n)". */
	if (p->yes_no && ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS &&
	    ev->button == 1) {
		int k = tc_click_key(ev->row, ev->col);
		if (k != 'y' && k != 'n')
			return TC_PROMPT_EDITING;
		p->kind = 0;
		return k == 'y' ? TC_PROMPT_DONE : TC_PROMPT_CANCEL;
	}
	/* Key releases (kitty keyboard protocol) are not typing. */
	if (ev->type != TC_EV_KEY || ev->release)
		return TC_PROMPT_EDITING;
	if (p->yes_no) {
		p->kind = 0;
		return !ev->ctrl && (ev->key == 'y' || ev->key == 'Y') ? TC_PROMPT_DONE
		                                                       : TC_PROMPT_CANCEL;
	}
	if (ev->key == TC_KEY_ESCAPE) {
		p->kind = 0;
		return TC_PROMPT_CANCEL;
	}
	if (ev->key == TC_KEY_ENTER) {
		if (p->too_long)
			return TC_PROMPT_EDITING; /* the line says so */
		p->kind = 0;
		return TC_PROMPT_DONE;
	}
	if (p->too_long && !(ev->ctrl && ev->key == 'u'))
		return TC_PROMPT_EDITING;
	bool typed = !ev->ctrl && ev->key >= ' ' && ev->key < TC_KEY_UP && ev->key != 0x7F;
	if (p->selected && typed)
		p->input[0] = '\0'; /* the starting text is replaced */
	p->selected = false;
	if (ev->key == TC_KEY_BACKSPACE) {
		size_t len = strlen(p->input);
		while (len > 0 && (p->input[len - 1] & 0xC0) == 0x80)
			len--; /* a whole UTF-8 character */
		if (len > 0)
			len--;
		p->input[len] = '\0';
	} else if (ev->ctrl && ev->key == 'u') {
		p->input[0] = '\0';
		p->too_long = false;
	} else if (typed) {
		type_key(p, ev->key);
	}
	return TC_PROMPT_EDITING;
}

/* The end of text that fits in columns, after "…" when the start is left out: the end of a
 * typed path is where the cursor is. */
static const char *tail_in(const char *text, int columns, char *out, size_t len)
{
	if (tc_text_columns(text) <= columns)
		return text;
	const char *from = text + strlen(text);
	int used = 1; /* the "…" */
	while (from > text) {
		const char *start = from - 1;
		while (start > text && (*start & 0xC0) == 0x80)
			start--; /* a whole UTF-8 character */
		char one[8];
		snprintf(one, sizeof one, "%.*s", (int)(from - start), start);
		int w = tc_text_columns(one);
		if (used + w > columns)
			break;
		used += w;
		from = start;
	}
	snprintf(out, len, "…%s", from);
	return out;
}

void tc_prompt_draw(const struct tc_prompt *p, int x, int y, int w)
{
	/* What was typed reaches the screen sanitized: a U+202E would reorder the line. */
	static char safe[TC_PROMPT_MAX], shown[TC_PROMPT_MAX + 4];
	tc_sanitize(p->input, safe, sizeof safe);
	char head[160];
	if (p->yes_no)
		snprintf(head, sizeof head, "%.60s (y/n) ", p->label);
	else if (p->too_long)
		snprintf(head, sizeof head, "%.60s: the path is too long (Ctrl-U clears, Esc cancels)",
		         p->label ? p->label : "");
	else
		snprintf(head, sizeof head, "%.60s (Enter, Esc cancels): ", p->label ? p->label : "");
	attr_t attr = tc_theme_attr(TC_ROLE_STATUS);
	int used = tc_draw_text(x, y, w, attr, head);
	if (p->too_long)
		return;
	if (p->yes_no) { /* the question first: the detail is cut at its end */
		tc_draw_text(x + used, y, w - used, attr, safe);
		return;
	}
	int room = w - used - 1; /* the cursor's column */
	if (room < 2)
		return;
	/* The starting text stands out as selected: typing replaces it. */
	used += tc_draw_text(x + used, y, room, p->selected ? attr ^ A_REVERSE : attr,
	                     tail_in(safe, room, shown, sizeof shown));
	tc_draw_text(x + used, y, w - used, attr, "_");
}

bool tc_prompt_path(const char *typed, char *path, size_t len)
{
	const char *home = getenv("HOME");
	int n;
	if (typed[0] == '~' && typed[1] == '/' && home && *home)
		n = snprintf(path, len, "%s%s", home, typed + 1);
	else
		n = snprintf(path, len, "%s", typed);
	return n >= 0 && (size_t)n < len;
}
