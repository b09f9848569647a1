/* Match-3 fields (m3_parse) and pack level lines (m3_parse_level): never crash; an accepted
 * field printed and parsed again is the same field. */
#include "fuzz.h"

#include "tilecade/match3.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	char err[160];
	static struct m3_field f, again;
	if (m3_parse(text, &f, err, sizeof err) == 0) {
		char out[M3_MAX_SIZE * (M3_MAX_SIZE + 1) + 1];
		int n = m3_print(&f, out, sizeof out);
		FUZZ_CHECK(n > 0 && (size_t)n < sizeof out);
		FUZZ_CHECK(m3_parse(out, &again, err, sizeof err) == 0);
		FUZZ_CHECK(again.size == f.size);
		FUZZ_CHECK(memcmp(again.type, f.type, (size_t)f.size * f.size) == 0);
	}

	/* Every line as a level of the pack format. */
	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		struct m3_level level;
		memset(&level, 0, sizeof level);
		if (m3_parse_level(line, &level, err, sizeof err) != 0)
			FUZZ_CHECK(strlen(err) > 0);
	}
	free(text);
	return 0;
}
