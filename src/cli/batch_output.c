/* What every batch command does with its output. */
#include <errno.h>
#include <string.h>

#include "batch.h"

bool tc_batch_flushed(FILE *out, char *err, size_t errlen)
{
	if (fflush(out) == 0 && !ferror(out))
		return true;
	snprintf(err, errlen, "cannot write the output: %s", strerror(errno));
	return false;
}
