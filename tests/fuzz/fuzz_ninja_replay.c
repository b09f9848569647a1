/* N replays (nj_replay_parse): never crash; an accepted replay printed and parsed again is the
 * same replay, and prints the same text. */
#include "fuzz.h"

#include "tilecade/ninja.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	char err[160];
	static struct nj_replay rp, again;
	memset(&rp, 0, sizeof rp);
	if (nj_replay_parse(text, &rp, err, sizeof err) == 0) {
		FUZZ_CHECK(rp.steps >= 0 && rp.steps <= NJ_MAX_STEPS);
		int n = nj_replay_print(&rp, NULL, 0);
		FUZZ_CHECK(n > 0);
		char *out = malloc((size_t)n + 1), *out2 = malloc((size_t)n + 1);
		FUZZ_CHECK(out && out2);
		FUZZ_CHECK(nj_replay_print(&rp, out, (size_t)n + 1) == n);
		memset(&again, 0, sizeof again);
		FUZZ_CHECK(nj_replay_parse(out, &again, err, sizeof err) == 0);
		FUZZ_CHECK(again.steps == rp.steps);
		FUZZ_CHECK(memcmp(again.input, rp.input, (size_t)rp.steps) == 0);
		FUZZ_CHECK(memcmp(&again.level, &rp.level, sizeof rp.level) == 0);
		FUZZ_CHECK(nj_replay_print(&again, out2, (size_t)n + 1) == n);
		FUZZ_CHECK(strcmp(out, out2) == 0);
		free(out);
		free(out2);
	} else {
		FUZZ_CHECK(strlen(err) > 0);
	}
	free(text);
	return 0;
}
