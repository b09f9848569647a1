/* Private to N's physics: the tile shapes as geometry, for ninja.c's collision.
 *
 * Coordinates are relative to a tile's top-left corner, 0..24 each way, y downwards. */
#ifndef TILECADE_NINJA_SHAPE_H
#define TILECADE_NINJA_SHAPE_H

#include <stdbool.h>

/* An overlap of a circle with a solid: moving the circle by depth along (nx, ny), a unit vector
 * pointing out of the solid, ends it. */
struct njs_contact {
	double nx, ny;
	double depth;
};

/* Whether a circle centred at (px, py) with radius rad overlaps the solid part of this tile;
 * fills c when it does (depth > 0). Empty and unknown tile ids have no solid part. */
bool njs_tile_contact(int tile, double px, double py, double rad, struct njs_contact *c);

#endif
