/* What every batch command does with its input and output. */
#define _POSIX_C_SOURCE 200809L /* getline */
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

int tc_batch_lines(FILE *in, FILE *out, bool (*answer)(const char *line, size_t len, void *ctx),
                   void *ctx, char *err, size_t errlen)
{
	char *line = NULL;
	size_t cap = 0;
	bool all_good = true;
	for (;;) {
		errno = 0;
		ssize_t got = getline(&line, &cap, in);
		if (got <= 0)
			break;
		size_t len = (size_t)got;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r') /* CRLF files: the '\r' is not the line's */
			line[--len] = '\0';
		all_good &= answer(line, len, ctx);
	}
	/* getline stops early, without an error on the stream, when it runs out of memory. */
	bool read_failed = ferror(in) || !feof(in);
	int read_errno = errno;
	free(line);
	if (read_failed) {
		snprintf(err, errlen, "cannot read the input: %s", strerror(read_errno));
		return 2;
	}
	if (!tc_batch_flushed(out, err, errlen))
		return 2;
	return all_good ? 0 : 1;
}
