/* Splitting an arcade request into words. */
#include "arcade_request.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "arcade_policy.h"
#include "options.h"
#include "tilecade/store.h"

/* Everything a game's options need (--seed=5, --id 2048:4x4:s5, --puzzle 0.3..., --size 6x6);
 * nothing a shell or a path would: a request names no file. */
static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c != '\0' && strchr("-_.,:=#", c));
}

/* The option whose value holds byte `at` of the request's text into option: "--seed" for
 * --seed=/5, "--config" for --config /x; false when it is in no option's value. */
static bool option_of(const struct tc_arcade_request *r, int word, size_t at, char *option,
                      size_t len)
{
	const char *w = r->argv[word], *eq = strchr(w, '=');
	if (w[0] == '-' && eq && r->text + at > eq) {
		snprintf(option, len, "%.*s", (int)(eq - w), w);
		return true;
	}
	if (word > 1 && tc_policy_file_option(r->argv[word - 1])) {
		snprintf(option, len, "%s", r->argv[word - 1]);
		return true;
	}
	return false;
}

/* Byte `at` of the request's text is refused: which word holds it, and why, in err. */
static void refuse_byte(struct tc_arcade_request *r, size_t at, char *err, size_t errlen)
{
	for (int i = 1; i < r->argc; i++)
		if (r->argv[i] <= r->text + at)
			r->refused_word = i;
	char shown[8], option[32];
	char one[2] = {r->text[at] ? r->text[at] : ' ', '\0'};
	tc_sanitize(one, shown, sizeof shown);
	if (!option_of(r, r->refused_word, at, option, sizeof option))
		snprintf(err, errlen,
		         "'%s' is not taken here: the arcade runs no shell and names no files "
		         "(try: help)",
		         shown);
	else if (tc_policy_file_option(option))
		tc_policy_file_refusal(option, err, errlen);
	else
		snprintf(err, errlen,
		         "'%s' is not taken in %s's value: the arcade runs no shell and names no "
		         "files (try: help)",
		         shown, option);
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
			refuse_byte(r, i, err, errlen);
			return -1;
		}
	return 0;
}
