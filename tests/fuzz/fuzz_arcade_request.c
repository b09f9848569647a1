/* The arcade's request line (SSH_ORIGINAL_COMMAND, any key's to write), as tc_arcade_main reads
 * it: split into words, then parsed as options under the arcade's policy. Never crash; a request
 * taken is its words as they were, each of bytes the arcade takes, and one refused says why. */
#include "fuzz.h"

#include "arcade_policy.h"
#include "arcade_request.h"
#include "options.h"

/* Whether the words, one space between each, are text with its spaces and tabs run together. */
static bool same_words(const struct tc_arcade_request *r, const char *text)
{
	char joined[TC_ARCADE_REQUEST_MAX + 1] = "", spaced[TC_ARCADE_REQUEST_MAX + 1] = "";
	size_t n = 0;
	for (int i = 1; i < r->argc; i++)
		n += (size_t)snprintf(joined + n, sizeof joined - n, "%s%s", i > 1 ? " " : "",
		                      r->argv[i]);
	n = 0;
	for (const char *p = text; *p; p++) {
		bool blank = *p == ' ' || *p == '\t';
		if (blank && (n == 0 || spaced[n - 1] == ' '))
			continue;
		spaced[n++] = blank ? ' ' : *p;
	}
	if (n > 0 && spaced[n - 1] == ' ')
		n--;
	spaced[n] = '\0';
	return strcmp(joined, spaced) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool confined;
	if (!confined) {
		tc_policy_confine(); /* as the arcade does first */
		confined = true;
	}
	char *text = fuzz_cstr(data, size);
	struct tc_arcade_request r;
	char err[512] = "";
	int rc = tc_arcade_request_split(size ? text : NULL, &r, err, sizeof err);
	FUZZ_CHECK(r.argc >= 1 && r.argc <= TC_ARCADE_WORDS_MAX + 1 && !r.argv[r.argc]);
	FUZZ_CHECK(strcmp(r.argv[0], "tilecade") == 0);
	for (int i = 1; i < r.argc; i++)
		FUZZ_CHECK(r.argv[i][0] && !strpbrk(r.argv[i], " \t"));
	if (rc != 0) {
		FUZZ_CHECK(strlen(err) > 0 && r.refused_word >= 0 && r.refused_word < r.argc);
		free(text);
		return 0;
	}
	FUZZ_CHECK(r.refused_word == 0 && same_words(&r, text));
	for (int i = 1; i < r.argc; i++)
		for (const char *p = r.argv[i]; *p; p++)
			FUZZ_CHECK((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			           (*p >= '0' && *p <= '9') || strchr("-_.,:=#", *p));
	struct tc_options o;
	if (tc_options_parse(r.argc, r.argv, &o, err, sizeof err) == 0)
		tc_policy_refused_option(&o, err, sizeof err);
	else
		FUZZ_CHECK(strlen(err) > 0);
	free(text);
	return 0;
}
