/* Boards for the zNumbers tests, written as the text players and bug reports use. */
#ifndef TILECADE_TESTS_ZN_BOARDS_H
#define TILECADE_TESTS_ZN_BOARDS_H

#include "tilecade/znumbers.h"

/* Room for the largest board: 10 rows of 10 cells and a newline each. */
#define ZN_TEXT_MAX (ZN_MAX_SIZE * (ZN_MAX_SIZE + 1) + 1)

/* The board of this text; the test fails, saying why, when the text is not a level. */
struct zn_board zn_board_of(const char *text);

#endif
