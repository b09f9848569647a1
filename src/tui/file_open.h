/* Opening a file at a path the player typed for reading (N's level `o`): only a regular file.
 * A named pipe would block the screen until someone wrote to it, a device could be read
 * forever; those are refused at once, without reading a byte. */
#ifndef TILECADE_TUI_FILE_OPEN_H
#define TILECADE_TUI_FILE_OPEN_H

#include <stddef.h>
#include <stdio.h>

/* The regular file at path, open for reading; NULL with the reason (without the path) in why.
 * The caller reads it with a bound of its own and closes it. */
FILE *tc_file_open_regular(const char *path, char *why, size_t whylen);

#endif
