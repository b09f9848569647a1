/* A key's code point as the bytes of UTF-8, for the prompt that types it and the help that
 * names it. */
#ifndef TILECADE_TUI_UTF8_H
#define TILECADE_TUI_UTF8_H

#include <stddef.h>

/* Writes cp (0 to 0x10ffff) as UTF-8 in out; returns how many bytes (1 to 4), no NUL. */
size_t tc_utf8_encode(int cp, char out[4]);

#endif
