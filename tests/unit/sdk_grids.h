/* Sudoku grids for the tests, written as the 81-character lines players and bug reports use. */
#ifndef TILECADE_TESTS_SDK_GRIDS_H
#define TILECADE_TESTS_SDK_GRIDS_H

#include "tilecade/sudoku.h"

/* The grid of this line; the test fails, saying why, when it is not one. */
struct sdk_grid grid_of(const char *text);

#endif
