/* The bottom-line text prompt. */
#include "prompt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "theme.h"

void tc_prompt_start(struct tc_prompt *p, int kind, const char *label, const char *start)
{
	p->kind = kind;
	p->label = label;
	p->yes_no = false;
	snprintf(p->input, sizeof p->input, "%s", start ? start : "");
}

void tc_prompt_ask(struct tc_prompt *p, int kind, const char *question, const char *detail)
{
	p->kind = kind;
	p->label = question;
	p->yes_no = true;
	snprintf(p->input, sizeof p->input, "%s", detail);
}

static void type_key(struct tc_prompt *p, int key)
{
	size_t len = strlen(p->input);
	char utf8[4];
	size_t n = 0;
	if (key < 0x80) {
		utf8[n++] = (char)key;
	} else if (key < 0x800) {
		utf8[n++] = (char)(0xC0 | key >> 6);
		utf8[n++] = (char)(0x80 | (key & 0x3F));
	} else if (key < 0x10000) {
		utf8[n++] = (char)(0xE0 | key >> 12);
		utf8[n++] = (char)(0x80 | (key >> 6 & 0x3F));
		utf8[n++] = (char)(0x80 | (key & 0x3F));
	} else {
		utf8[n++] = (char)(0xF0 | key >> 18);
		utf8[n++] = (char)(0x80 | (key >> 12 & 0x3F));
		utf8[n++] = (char)(0x80 | (key >> 6 & 0x3F));
		utf8[n++] = (char)(0x80 | (key & 0x3F));
	}
	if (len + n < sizeof p->input) {
		memcpy(p->input + len, utf8, n);
		p->input[len + n] = '\0';
	}
}

enum tc_prompt_result tc_prompt_event(struct tc_prompt *p, const struct tc_event *ev)
{
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
		p->kind = 0;
		return TC_PROMPT_DONE;
	}
	if (ev->key == TC_KEY_BACKSPACE) {
		size_t len = strlen(p->input);
		while (len > 0 && (p->input[len - 1] & 0xC0) == 0x80)
			len--; /* a whole UTF-8 character */
		if (len > 0)
			len--;
		p->input[len] = '\0';
	} else if (ev->ctrl && ev->key == 'u') {
		p->input[0] = '\0';
	} else if (!ev->ctrl && ev->key >= ' ' && ev->key < TC_KEY_UP && ev->key != 0x7F) {
		type_key(p, ev->key);
	}
	return TC_PROMPT_EDITING;
}

void tc_prompt_draw(const struct tc_prompt *p, int x, int y, int w)
{
	char line[TC_PROMPT_MAX + 96];
	if (p->yes_no)
		snprintf(line, sizeof line, "%.60s (y/n) %s", p->label, p->input);
	else
		snprintf(line, sizeof line, "%.60s (Enter, Esc cancels): %s_",
		         p->label ? p->label : "", p->input);
	tc_draw_text(x, y, w, tc_theme_attr(TC_ROLE_STATUS), line);
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
