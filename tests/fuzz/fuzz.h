/* Shared by the fuzz targets: a NUL-terminated copy of the input, and a check that stops the
 * run (libFuzzer saves the input) when an invariant fails, whether or not NDEBUG is set. */
#ifndef TILECADE_FUZZ_H
#define TILECADE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                                           \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__,       \
			        #cond);                                                            \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

/* The input as a C string (it ends at the first NUL byte, as a file read with fgets would for
 * the parsers' callers); free() it. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
