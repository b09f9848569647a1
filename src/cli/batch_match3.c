/* `tilecade match3 --generate` and `--swaps`: fields and their swaps as text, for tests and bug
 * reports, with no terminal. */
#include "batch.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/match3.h"

#define SWAPS_INPUT_MAX (1u << 20) /* a field is about 110 bytes; comments may add some */

int tc_batch_m3_generate(const struct m3_params *params, uint64_t seed, int count, FILE *out,
                         char *err, size_t errlen)
{
	static struct match3 m;
	for (int i = 0; i < count; i++) {
		/* The field the game endless-NxNtK:s(seed+i) starts with. */
		match3_game.new_game(&m, params, seed + (uint64_t)i);
		char text[M3_MAX_SIZE * (M3_MAX_SIZE + 1) + 1];
		m3_print(&m.field, text, sizeof text);
		if (i > 0)
			fputc('\n', out);
		fputs(text, out);
	}
	return tc_batch_flushed(out, err, errlen) ? 0 : 1;
}

int tc_batch_m3_swaps(FILE *in, FILE *out, char *err, size_t errlen)
{
	char *text = malloc(SWAPS_INPUT_MAX + 1);
	if (!text) {
		snprintf(err, errlen, "out of memory reading the input");
		return 2;
	}
	size_t n = fread(text, 1, SWAPS_INPUT_MAX + 1, in);
	if (ferror(in)) {
		snprintf(err, errlen, "cannot read the input: %s", strerror(errno));
		free(text);
		return 2;
	}
	if (n > SWAPS_INPUT_MAX) {
		snprintf(err, errlen, "the input is too large (at most %u bytes)", SWAPS_INPUT_MAX);
		free(text);
		return 2;
	}
	text[n] = '\0';
	/* A NUL byte would end the parser's text early: report it where it is. */
	const char *nul = memchr(text, '\0', n);
	struct m3_field f;
	int status = 0;
	if (nul) {
		int line = 1;
		const char *start = text;
		for (const char *q = text; q < nul; q++)
			if (*q == '\n') {
				line++;
				start = q + 1;
			}
		snprintf(err, errlen, "line %d, column %d: a NUL byte; a field is text", line,
		         (int)(nul - start) + 1);
		status = 2;
	} else if (m3_parse(text, &f, err, errlen) != 0) {
		status = 2;
	}
	free(text);
	if (status)
		return status;
	int swaps[2 * M3_CELLS][2];
	int count = m3_valid_swaps(&f, swaps, 2 * M3_CELLS);
	for (int i = 0; i < count; i++)
		fprintf(out, "%d,%d %d,%d\n", swaps[i][0] / f.size, swaps[i][0] % f.size,
		        swaps[i][1] / f.size, swaps[i][1] % f.size);
	return tc_batch_flushed(out, err, errlen) ? 0 : 2;
}
