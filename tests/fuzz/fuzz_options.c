/* Command-line options (tc_options_parse): the input split on NUL bytes is argv after
 * "tilecade". Never crash; accepted values are in their ranges. */
#include "fuzz.h"

#include "options.h"
#include "tilecade/znumbers.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	FUZZ_CHECK(text);
	if (size)
		memcpy(text, data, size);
	text[size] = '\0';

	char *argv[MAX_ARGS + 2];
	int argc = 0;
	argv[argc++] = "tilecade";
	for (size_t i = 0; i < size && argc < MAX_ARGS + 1;) {
		argv[argc++] = text + i;
		i += strlen(text + i) + 1;
	}
	argv[argc] = NULL;

	struct tc_options o;
	char err[256];
	if (tc_options_parse(argc, argv, &o, err, sizeof err) == 0) {
		FUZZ_CHECK(o.count >= 1 && o.count <= TC_MAX_GENERATE);
		FUZZ_CHECK(o.games >= 1 && o.games <= TC_MAX_GENERATE);
		/* 0: no level of any game, refused once the game is known */
		FUZZ_CHECK(!o.has_level ||
		           (o.level_text && o.level >= 0 && o.level <= TC_MAX_LEVEL));
		FUZZ_CHECK(!o.has_attempts ||
		           (o.attempts >= ZN_MIN_ATTEMPTS && o.attempts <= ZN_MAX_ATTEMPTS));
	} else {
		FUZZ_CHECK(strlen(err) > 0);
	}
	free(text);
	return 0;
}
