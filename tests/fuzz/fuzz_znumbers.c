/* zNumbers levels as text (zn_parse, zn_parse_next): never crash; an accepted level printed and
 * parsed again is the same board. */
#include "fuzz.h"

#include "tilecade/znumbers.h"

static void round_trip(const struct zn_board *b)
{
	char text[ZN_CELLS + ZN_MAX_SIZE + 1], err[160];
	int n = zn_print(b, text, sizeof text);
	FUZZ_CHECK(n > 0 && (size_t)n < sizeof text);
	struct zn_board again;
	FUZZ_CHECK(zn_parse(text, 1, &again, err, sizeof err) == 0);
	FUZZ_CHECK(again.rows == b->rows && again.cols == b->cols);
	FUZZ_CHECK(memcmp(again.cell, b->cell, (size_t)b->rows * b->cols) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	char err[160];
	struct zn_board b;

	if (zn_parse(text, 1, &b, err, sizeof err) == 0) {
		FUZZ_CHECK(b.rows >= ZN_MIN_SIZE && b.rows <= ZN_MAX_SIZE);
		FUZZ_CHECK(b.cols >= ZN_MIN_SIZE && b.cols <= ZN_MAX_SIZE);
		round_trip(&b);
		char name[4];
		zn_cell_name(&b, b.rows * b.cols - 1, name);
	}

	/* The reader of many levels (--solve): it must always make progress. */
	const char *p = text;
	int line = 1, got, levels = 0;
	while ((got = zn_parse_next(&p, &line, &b, err, sizeof err)) == 1) {
		round_trip(&b);
		FUZZ_CHECK(++levels <= (int)size);
	}
	FUZZ_CHECK(got == 0 || strlen(err) > 0);
	free(text);
	return 0;
}
