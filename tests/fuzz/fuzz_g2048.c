/* 2048 boards (g2048_parse): never crash; an accepted board printed and parsed again is the
 * same board. */
#include "fuzz.h"

#include "tilecade/g2048.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	char err[160];
	struct g2048 g, again;
	if (g2048_parse(text, &g, err, sizeof err) == 0) {
		char out[4096];
		int n = g2048_print(&g, out, sizeof out);
		FUZZ_CHECK(n > 0 && (size_t)n < sizeof out);
		FUZZ_CHECK(g2048_parse(out, &again, err, sizeof err) == 0);
		FUZZ_CHECK(again.size == g.size);
		FUZZ_CHECK(memcmp(again.cell, g.cell, sizeof g.cell) == 0);
		g2048_can_move(&g);
		g2048_max_exponent(&g);
	} else {
		FUZZ_CHECK(strlen(err) > 0);
	}
	free(text);
	return 0;
}
