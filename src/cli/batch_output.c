/* What every batch command does with its input and output. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"

bool tc_batch_flushed(FILE *out, char *err, size_t errlen)
{
	if (fflush(out) == 0 && !ferror(out))
		return true;
	snprintf(err, errlen, "cannot write the output: %s", strerror(errno));
	return false;
}

/* Reads the next line of in into line (room for room bytes and a NUL), without its LF; a line
 * longer than room is read to its end and dropped. Returns the line's length, -2 for a dropped
 * line, or -1 at the end of the input (or on a read error). Memory stays room bytes, whatever the
 * input. */
static long next_line(FILE *in, char *line, size_t room)
{
	size_t n = 0;
	bool too_long = false;
	int c;
	while ((c = getc(in)) != EOF && c != '\n') {
		if (n < room)
			line[n++] = (char)c;
		else
			too_long = true;
	}
	if (c == EOF && n == 0 && !too_long)
		return -1;
	line[n] = '\0';
	return too_long ? -2 : (long)n;
}

int tc_batch_lines(FILE *in, FILE *out, size_t max, long max_lines,
                   bool (*answer)(const char *line, size_t len, void *ctx), void *ctx, char *err,
                   size_t errlen)
{
	/* One byte more than max: a CR before the LF (CRLF files) is not the line's. */
	char *line = malloc(max + 2);
	if (!line) {
		snprintf(err, errlen, "out of memory reading the input");
		return 2;
	}
	bool all_good = true;
	long got;
	for (long line_no = 1; (got = next_line(in, line, max + 1)) != -1; line_no++) {
		if (max_lines > 0 && line_no > max_lines) {
			fprintf(stderr,
			        "tilecade: line %ld: more than %ld lines in one run; the rest is "
			        "not "
			        "read\n",
			        line_no, max_lines);
			all_good = false;
			break;
		}
		size_t len = got < 0 ? 0 : (size_t)got;
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		if (got == -2 || len > max) {
			fprintf(stderr, "tilecade: line %ld: longer than %zu bytes, skipped\n",
			        line_no, max);
			all_good = false;
			continue;
		}
		all_good &= answer(line, len, ctx);
	}
	int read_errno = errno;
	bool read_failed = ferror(in);
	free(line);
	if (read_failed) {
		snprintf(err, errlen, "cannot read the input: %s", strerror(read_errno));
		return 2;
	}
	if (!tc_batch_flushed(out, err, errlen))
		return 2;
	return all_good ? 0 : 1;
}
