/* `tilecade znumbers --generate` and `--solve`: levels and their solutions as text, for level
 * packs, tests and bug reports, with no terminal. */
#include "batch.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/gameid.h"

/* Bounds on what --solve reads before it parses (the parser counts lines in an int, and the
 * whole input is held): some hundred thousand levels, and lines far longer than a row of ten
 * tiles or a comment needs. A 300 MB line is refused once 4 KiB of it has been read. */
#define INPUT_MAX_BYTES ((size_t)16 << 20)
#define LINE_MAX_BYTES 4096

static void print_board(const struct zn_board *b, FILE *out)
{
	char text[ZN_MAX_SIZE * (ZN_MAX_SIZE + 1) + 1];
	zn_print(b, text, sizeof text);
	fputs(text, out);
}

static void print_solution(const struct zn_board *b, const struct zn_move *moves, int count,
                           FILE *out)
{
	fputs("solution\n", out);
	for (int i = 0; i < count; i++)
		fprintf(out, "%d,%d %d,%d\n", moves[i].from / b->cols, moves[i].from % b->cols,
		        moves[i].to / b->cols, moves[i].to % b->cols);
}

/* True when the moves, played in order, win the level. */
static bool wins(struct zn_board b, const struct zn_move *moves, int count)
{
	for (int i = 0; i < count; i++)
		if (!zn_move(&b, moves[i]))
			return false;
	return zn_status(&b) == TC_WON;
}

int tc_batch_zn_generate(const struct zn_params *params, uint64_t seed, int count, FILE *out,
                         char *err, size_t errlen)
{
	for (int i = 0; i < count; i++) {
		uint64_t level_seed = seed + (uint64_t)i; /* unsigned: wraps, as documented */
		struct zn_board b;
		struct zn_move moves[ZN_MAX_MOVES];
		int n = zn_new_level(&b, params, level_seed, moves);
		/* The printed solution is the generator's; the solver proves the level on its
		 * own, so that a generator bug shows here and not as an unwinnable game. */
		if (!wins(b, moves, n) || zn_solve(&b, 0, NULL, NULL, NULL) != ZN_SOLVABLE) {
			char id[TC_GAMEID_MAX];
			tc_gameid_format(&znumbers_game, params, level_seed, id, sizeof id);
			snprintf(err, errlen,
			         "internal error: %s was generated without a working solution; "
			         "please report it",
			         id);
			return 1;
		}
		if (i > 0)
			fputc('\n', out);
		print_board(&b, out);
		print_solution(&b, moves, n, out);
	}
	return tc_batch_flushed(out, err, errlen) ? 0 : 1;
}

/* Whether the bytes just read, buf[from..to), make a line longer than LINE_MAX_BYTES; *line_no
 * and *line_len carry the current line across calls. */
static bool line_too_long(const char *buf, size_t from, size_t to, long *line_no, size_t *line_len)
{
	for (size_t i = from; i < to; i++) {
		if (buf[i] == '\n') {
			++*line_no;
			*line_len = 0;
		} else if (++*line_len > LINE_MAX_BYTES) {
			return true;
		}
	}
	return false;
}

/* Reads all of `in` into a NUL-terminated buffer; its length (which may count NUL bytes of the
 * input) goes to *len. Returns NULL with err set on failure. */
static char *read_all(FILE *in, size_t *len, char *err, size_t errlen)
{
	size_t cap = 1u << 16, n = 0, line_len = 0;
	long line_no = 1;
	char *buf = malloc(cap);
	while (buf && !feof(in) && !ferror(in)) {
		if (n > INPUT_MAX_BYTES) {
			snprintf(err, errlen, "the input is too large (at most %zu bytes)",
			         INPUT_MAX_BYTES);
			free(buf);
			return NULL;
		}
		if (cap - n < 2) {
			char *bigger = realloc(buf, cap * 2);
			if (!bigger)
				free(buf);
			buf = bigger;
			cap *= 2;
			continue;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, in);
		if (line_too_long(buf, n, n + got, &line_no, &line_len)) {
			snprintf(err, errlen, "line %ld: longer than %d bytes", line_no,
			         LINE_MAX_BYTES);
			free(buf);
			return NULL;
		}
		n += got;
	}
	if (!buf) {
		snprintf(err, errlen, "out of memory reading the input");
		return NULL;
	}
	if (ferror(in)) {
		snprintf(err, errlen, "cannot read the input: %s", strerror(errno));
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Checks the whole input before anything is solved, so that malformed input prints only the
 * error. Returns the number of levels, or -1 with err set. */
static long check_input(char *text, size_t len, char *err, size_t errlen)
{
	/* The parser reads a C string: each NUL byte becomes a byte it refuses in a row, so that
	 * the first error in reading order is reported, at the NUL's place if that comes first. */
	const char *nul = NULL;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\0') {
			nul = nul ? nul : text + i;
			text[i] = '\x01';
		}
	const char *p = text;
	int line = 1, got;
	long levels = 0;
	struct zn_board b;
	while ((got = zn_parse_next(&p, &line, &b, err, errlen)) > 0)
		levels++;
	if (got < 0)
		return -1;
	if (nul) { /* in a comment, where the parser takes any byte */
		int nul_line = 1;
		const char *line_start = text;
		for (const char *q = text; q < nul; q++)
			if (*q == '\n') {
				nul_line++;
				line_start = q + 1;
			}
		snprintf(err, errlen, "line %d, column %d: a NUL byte; levels are text", nul_line,
		         (int)(nul - line_start) + 1);
		return -1;
	}
	return levels;
}

int tc_batch_zn_solve(FILE *in, FILE *out, char *err, size_t errlen)
{
	size_t len;
	char *text = read_all(in, &len, err, errlen);
	if (!text)
		return 2;
	long levels = check_input(text, len, err, errlen);
	if (levels <= 0) {
		if (levels == 0)
			snprintf(err, errlen,
			         "no level in the input (rows of '.' and '1'-'9', a blank line "
			         "between levels; see tilecade --help)");
		free(text);
		return 2;
	}
	bool all_solvable = true;
	const char *p = text;
	int line = 1;
	struct zn_board b;
	for (long i = 0; zn_parse_next(&p, &line, &b, err, errlen) > 0; i++) {
		struct zn_move moves[ZN_MAX_MOVES];
		int n = 0; /* a position without tiles left is solved by no moves */
		if (i > 0)
			fputc('\n', out);
		if (zn_solve(&b, 0, moves, &n, NULL) == ZN_SOLVABLE) {
			print_solution(&b, moves, n, out);
		} else {
			fputs("unsolvable\n", out);
			all_solvable = false;
		}
	}
	free(text);
	if (!tc_batch_flushed(out, err, errlen))
		return 2;
	return all_solvable ? 0 : 1;
}
