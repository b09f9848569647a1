/* A board's frame on the screen (┌ ┐ └ ┘ and its lines), for the tests of the boxes that go
 * inside it: the won and lost boxes of every grid game leave it whole. */
#ifndef E2E_FRAME_H
#define E2E_FRAME_H

#include <stdbool.h>

#include "harness.h"

struct e2e_frame {
	int top, left, bottom, right;
};

/* The first frame on the screen: its corners. */
bool e2e_find_frame(struct e2e_term *t, struct e2e_frame *f);
/* Every cell of the frame's four sides is a border glyph. */
bool e2e_frame_whole(struct e2e_term *t, const struct e2e_frame *f);
/* text shows whole on one row inside the frame. */
bool e2e_inside_frame(struct e2e_term *t, const struct e2e_frame *f, const char *text);

/* Whether the box holding text covers what it covers whole: on each of its rows, the cell on
 * either side of its fill is no cursor's bracket, and a tile seen there is seen whole, as wide
 * as the tile at tile_y, tile_x (a tile: cells of one colour other than the board's, which
 * the cell at board_y, board_x shows). Says on stderr what it found. */
bool e2e_box_alone(struct e2e_term *t, const char *text, int board_y, int board_x, int tile_y,
                   int tile_x);

/* An e2e_wait test: each of the lines (NULL-terminated) shows inside the first frame, which is
 * whole. */
bool e2e_box_in_frame(struct e2e_term *t, void *lines);

#endif
