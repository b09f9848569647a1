/* Opening a file the player named for reading (a settings file, a replay, N's level `o`): only
 * a regular file. A named pipe would block until someone wrote to it, a device could be read
 * forever; those are refused at once, without reading a byte. */
#ifndef TILECADE_FILE_OPEN_H
#define TILECADE_FILE_OPEN_H

#include <stddef.h>
#include <stdio.h>

/* The regular file at path, open for reading; NULL with the reason (without the path) in why,
 * e.g. "a named pipe, not a file"; errno is kept for the caller (ENOENT: no file there).
 * The caller reads it with a bound of its own and closes it. */
FILE *tc_file_open_regular(const char *path, char *why, size_t whylen);

/* All of the regular file at path, at most max bytes, NUL-terminated, in a buffer the caller
 * frees, its length in *len; NULL with the reason (without the path) in why: one that
 * tc_file_open_regular gives, a read error, or "larger than max bytes". */
char *tc_file_read_regular(const char *path, size_t max, size_t *len, char *why,
                           size_t whylen);

#endif
