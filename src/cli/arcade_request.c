/* Splitting an arcade request into words. */
#include "arcade_request.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "tilecade/store.h"

/* Everything a game's options need (--seed=5, --id 2048:4x4:s5, --puzzle 0.3..., --size 6x6);
 * nothing a shell or a path would: a request names no file. */
static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c != '\0' && strchr("-_.,:=#", c));
}

int tc_arcade_request_split(const char *text, struct tc_arcade_request *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	static char program[] = "tilecade";
	r->argv[r->argc++] = program;
	if (!text)
		return 0;
	size_t len = strlen(text);
	if (len > TC_ARCADE_REQUEST_MAX)
		return tc_cli_fail(err, errlen, "that request is too long (at most %d characters)",
		                   TC_ARCADE_REQUEST_MAX);
	memcpy(r->text, text, len + 1);
	for (char *p = r->text; *p;) {
		p += strspn(p, " \t");
		if (!*p)
			break;
		if (r->argc > TC_ARCADE_WORDS_MAX)
			return tc_cli_fail(err, errlen,
			                   "that request has too many words (at most %d)",
			                   TC_ARCADE_WORDS_MAX);
		r->argv[r->argc++] = p;
		p += strcspn(p, " \t");
		if (*p)
			*p++ = '\0';
	}
	for (size_t i = 0; i < len; i++)
		if (text[i] != ' ' && text[i] != '\t' && !word_char(text[i])) {
			char shown[8];
			char one[2] = {text[i], '\0'};
			tc_sanitize(one, shown, sizeof shown);
			return tc_cli_fail(err, errlen,
			                   "'%s' is not taken here: the arcade runs no shell and "
			                   "names no files (try: help)",
			                   shown);
		}
	return 0;
}
