/* Sudoku lines (sdk_parse): never crash; an accepted line printed and parsed again is the same
 * grid. */
#include "fuzz.h"

#include "tilecade/sudoku.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	char err[160];
	struct sdk_grid g, again;
	memset(&g, 0, sizeof g);
	if (sdk_parse(text, &g, err, sizeof err) == 0) {
		char line[SDK_CELLS + 1];
		sdk_print(&g, line);
		FUZZ_CHECK(strlen(line) == SDK_CELLS);
		memset(&again, 0, sizeof again);
		FUZZ_CHECK(sdk_parse(line, &again, err, sizeof err) == 0);
		FUZZ_CHECK(memcmp(&g, &again, sizeof g) == 0);
	} else {
		FUZZ_CHECK(strlen(err) > 0);
	}
	free(text);
	return 0;
}
