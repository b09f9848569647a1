/* N level data (nl_parse): never crash; an accepted line prints back byte for byte (nlevel.h
 * promises it) and parses again to the same level, and nl_object_offset finds each object. */
#include "fuzz.h"

#include "tilecade/nlevel.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	char err[160];
	static struct nl_level l, again;
	static char out[NL_LINE_MAX + 64];
	memset(&l, 0, sizeof l);
	if (nl_parse(text, &l, err, sizeof err) == 0) {
		int n = nl_print(&l, out, sizeof out);
		FUZZ_CHECK(n > 0 && (size_t)n < sizeof out);
		FUZZ_CHECK(strcmp(out, text) == 0);
		memset(&again, 0, sizeof again);
		FUZZ_CHECK(nl_parse(out, &again, err, sizeof err) == 0);
		FUZZ_CHECK(memcmp(&l, &again, sizeof l) == 0);
		for (int k = 0; k < l.objects; k++) { /* where errors say an object starts */
			size_t at = nl_object_offset(&l, k);
			FUZZ_CHECK(at < (size_t)n && text[at] >= '0' && text[at] <= '9');
			FUZZ_CHECK(text[at - 1] == (k ? '!' : '|'));
		}
	} else {
		FUZZ_CHECK(strlen(err) > 0);
	}
	free(text);
	return 0;
}
