/* N's tile shapes and the circle-against-tile test the physics resolves collisions with.
 *
 * Every shape is exact: the polygons (full, 45°, 22°, 67°, half tiles) by their edges, the
 * curved ones (concave quarter pipes, convex quarter circles) as true arcs of radius 24, whose
 * closest point to a centre is a projection onto the circle (one sqrt). The orientations follow
 * the glyph tables of src/tui/nlevel_view.c: each group of four is solid at bottom-left,
 * bottom-right, top-right, top-left; the half tiles are bottom, right, top, left.
 *
 * A contact is found from the closest point of the solid's boundary to the circle's centre:
 * outside the solid, the circle overlaps when that point is nearer than the radius and is pushed
 * away from it; inside (only after a deep overlap), it is pushed out through the nearest boundary
 * by the radius plus the distance. Only +, -, *, / and sqrt, for determinism (ninja.h). */
#include "ninja_shape.h"

#include <math.h>
#include <stddef.h>

#include "tilecade/ninja.h"

#define S 24.0 /* a tile's side */
#define H 12.0 /* half of it */

enum shape_kind {
	SHAPE_NONE,
	SHAPE_POLY,    /* a convex polygon */
	SHAPE_RECT,    /* a polygon that is a rectangle, from v[0] (top-left) to v[2] */
	SHAPE_CONVEX,  /* a quarter disc of radius S centred on the corner (cx, cy) */
	SHAPE_CONCAVE, /* the tile minus the disc of radius S centred on the corner (cx, cy) */
};

struct shape {
	enum shape_kind kind;
	int n;          /* polygon vertices */
	double v[4][2]; /* polygon vertices, clockwise on the screen */
	double cx, cy;  /* the arc's centre: a corner of the tile */
};

static const struct shape shapes[NL_TILE_KINDS] = {
        [NL_EMPTY] = {.kind = SHAPE_NONE},
        [NL_FULL] = {SHAPE_RECT, 4, {{0, 0}, {S, 0}, {S, S}, {0, S}}, 0, 0},
        /* 45°: the triangle of the solid corner. */
        [2] = {SHAPE_POLY, 3, {{0, 0}, {S, S}, {0, S}}, 0, 0},
        [3] = {SHAPE_POLY, 3, {{S, 0}, {S, S}, {0, S}}, 0, 0},
        [4] = {SHAPE_POLY, 3, {{0, 0}, {S, 0}, {S, S}}, 0, 0},
        [5] = {SHAPE_POLY, 3, {{0, 0}, {S, 0}, {0, S}}, 0, 0},
        /* Quarter pipes: the open quarter circle is centred on the corner opposite the solid. */
        [6] = {SHAPE_CONCAVE, 0, {{0}}, S, 0},
        [7] = {SHAPE_CONCAVE, 0, {{0}}, 0, 0},
        [8] = {SHAPE_CONCAVE, 0, {{0}}, 0, S},
        [9] = {SHAPE_CONCAVE, 0, {{0}}, S, S},
        /* Quarter circles: the disc is centred on the solid corner. */
        [10] = {SHAPE_CONVEX, 0, {{0}}, 0, S},
        [11] = {SHAPE_CONVEX, 0, {{0}}, S, S},
        [12] = {SHAPE_CONVEX, 0, {{0}}, S, 0},
        [13] = {SHAPE_CONVEX, 0, {{0}}, 0, 0},
        /* Small 22°: a wedge 12 high at the solid side, 0 at the other. */
        [14] = {SHAPE_POLY, 3, {{0, H}, {S, S}, {0, S}}, 0, 0},
        [15] = {SHAPE_POLY, 3, {{S, H}, {S, S}, {0, S}}, 0, 0},
        [16] = {SHAPE_POLY, 3, {{0, 0}, {S, 0}, {S, H}}, 0, 0},
        [17] = {SHAPE_POLY, 3, {{0, 0}, {S, 0}, {0, H}}, 0, 0},
        /* Big 22°: 24 high at the solid side, 12 at the other. */
        [18] = {SHAPE_POLY, 4, {{0, 0}, {S, H}, {S, S}, {0, S}}, 0, 0},
        [19] = {SHAPE_POLY, 4, {{S, 0}, {S, S}, {0, S}, {0, H}}, 0, 0},
        [20] = {SHAPE_POLY, 4, {{0, 0}, {S, 0}, {S, S}, {0, H}}, 0, 0},
        [21] = {SHAPE_POLY, 4, {{0, 0}, {S, 0}, {S, H}, {0, S}}, 0, 0},
        /* Small 67°: 12 wide at the solid side's edge, 0 at the other. */
        [22] = {SHAPE_POLY, 3, {{0, 0}, {H, S}, {0, S}}, 0, 0},
        [23] = {SHAPE_POLY, 3, {{S, 0}, {S, S}, {H, S}}, 0, 0},
        [24] = {SHAPE_POLY, 3, {{H, 0}, {S, 0}, {S, S}}, 0, 0},
        [25] = {SHAPE_POLY, 3, {{0, 0}, {H, 0}, {0, S}}, 0, 0},
        /* Big 67°: 24 wide at the solid side's edge, 12 at the other. */
        [26] = {SHAPE_POLY, 4, {{0, 0}, {H, 0}, {S, S}, {0, S}}, 0, 0},
        [27] = {SHAPE_POLY, 4, {{H, 0}, {S, 0}, {S, S}, {0, S}}, 0, 0},
        [28] = {SHAPE_POLY, 4, {{0, 0}, {S, 0}, {S, S}, {H, S}}, 0, 0},
        [29] = {SHAPE_POLY, 4, {{0, 0}, {S, 0}, {H, S}, {0, S}}, 0, 0},
        /* Half tiles: bottom, right, top, left. */
        [30] = {SHAPE_RECT, 4, {{0, H}, {S, H}, {S, S}, {0, S}}, 0, 0},
        [31] = {SHAPE_RECT, 4, {{H, 0}, {S, 0}, {S, S}, {H, S}}, 0, 0},
        [32] = {SHAPE_RECT, 4, {{0, 0}, {S, 0}, {S, H}, {0, H}}, 0, 0},
        [33] = {SHAPE_RECT, 4, {{0, 0}, {H, 0}, {H, S}, {0, S}}, 0, 0},
};

static const struct shape *shape_of(int tile)
{
	if (tile <= NL_EMPTY || tile >= NL_TILE_KINDS)
		return NULL;
	return &shapes[tile];
}

/* The closest boundary point found so far, with the boundary's outward normal there. */
struct nearest {
	double d2; /* squared distance from the centre */
	double qx, qy;
	double nx, ny; /* not always of unit length */
};

static void offer(struct nearest *best, double px, double py, double qx, double qy, double nx,
                  double ny)
{
	double dx = px - qx, dy = py - qy;
	double d2 = dx * dx + dy * dy;
	if (d2 < best->d2) {
		best->d2 = d2;
		best->qx = qx;
		best->qy = qy;
		best->nx = nx;
		best->ny = ny;
	}
}

/* The segment a-b, whose outward normal points along (nx, ny). */
static void offer_segment(struct nearest *best, double px, double py, double ax, double ay,
                          double bx, double by, double nx, double ny)
{
	double ex = bx - ax, ey = by - ay;
	double t = ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey);
	if (t < 0)
		t = 0;
	else if (t > 1)
		t = 1;
	offer(best, px, py, ax + t * ex, ay + t * ey, nx, ny);
}

/* The polygon's outward normal of edge i (from vertex i to i + 1), not of unit length: the
 * vertices go clockwise on the screen (y downwards), so (dy, -dx) points out. */
static void edge_normal(const struct shape *s, int i, double *nx, double *ny)
{
	const double *a = s->v[i], *b = s->v[(i + 1) % s->n];
	*nx = b[1] - a[1];
	*ny = a[0] - b[0];
}

static bool poly_covers(const struct shape *s, double px, double py)
{
	for (int i = 0; i < s->n; i++) {
		double nx, ny;
		edge_normal(s, i, &nx, &ny);
		if ((px - s->v[i][0]) * nx + (py - s->v[i][1]) * ny > 0)
			return false;
	}
	return true;
}

/* The signs that point from the arc's centre corner into the tile. */
static double toward(double c)
{
	return c < H ? 1.0 : -1.0;
}

bool nj_tile_covers(int tile, double px, double py)
{
	const struct shape *s = shape_of(tile);
	if (!s || !(px >= 0 && px <= S && py >= 0 && py <= S))
		return false;
	if (s->kind == SHAPE_POLY || s->kind == SHAPE_RECT)
		return poly_covers(s, px, py);
	double dx = px - s->cx, dy = py - s->cy;
	double d2 = dx * dx + dy * dy;
	return s->kind == SHAPE_CONVEX ? d2 <= S * S : d2 >= S * S;
}

/* The arc: the quarter of the circle of radius S about (cx, cy) that lies in the tile. Its
 * outward normal points away from the centre for a convex shape, towards it for a concave one. */
static void offer_arc(struct nearest *best, const struct shape *s, double px, double py)
{
	double sx = toward(s->cx), sy = toward(s->cy);
	double out = s->kind == SHAPE_CONVEX ? 1.0 : -1.0;
	double dx = px - s->cx, dy = py - s->cy;
	double len = sqrt(dx * dx + dy * dy);
	if (len > 1e-9 && dx * sx >= 0 && dy * sy >= 0) {
		double ux = dx / len, uy = dy / len;
		offer(best, px, py, s->cx + S * ux, s->cy + S * uy, out * ux, out * uy);
		return;
	}
	/* Outside the arc's quarter (or at its centre): one of its two ends is the nearest. */
	offer(best, px, py, s->cx + S * sx, s->cy, out * sx, 0);
	offer(best, px, py, s->cx, s->cy + S * sy, 0, out * sy);
}

/* A rectangle (the full and half tiles, most of a level): the closest point is a clamp. */
static bool rect_contact(const struct shape *s, double px, double py, double rad,
                         struct njs_contact *c)
{
	double x0 = s->v[0][0], y0 = s->v[0][1], x1 = s->v[2][0], y1 = s->v[2][1];
	double qx = px < x0 ? x0 : px > x1 ? x1 : px;
	double qy = py < y0 ? y0 : py > y1 ? y1 : py;
	if (qx != px || qy != py) {
		double dx = px - qx, dy = py - qy;
		double d2 = dx * dx + dy * dy;
		if (d2 >= rad * rad)
			return false;
		double d = sqrt(d2);
		c->nx = dx / d;
		c->ny = dy / d;
		c->depth = rad - d;
		return true;
	}
	/* Inside: out through the nearest side. */
	double best = px - x0;
	c->nx = -1;
	c->ny = 0;
	if (x1 - px < best) {
		best = x1 - px;
		c->nx = 1;
	}
	if (py - y0 < best) {
		best = py - y0;
		c->nx = 0;
		c->ny = -1;
	}
	if (y1 - py < best) {
		best = y1 - py;
		c->nx = 0;
		c->ny = 1;
	}
	c->depth = rad + best;
	return true;
}

bool njs_tile_contact(int tile, double px, double py, double rad, struct njs_contact *c)
{
	const struct shape *s = shape_of(tile);
	if (!s)
		return false;
	/* Far from the tile's box: no contact, cheaply. */
	if (px < -rad || px > S + rad || py < -rad || py > S + rad)
		return false;
	if (s->kind == SHAPE_RECT)
		return rect_contact(s, px, py, rad, c);
	struct nearest best = {1e300, 0, 0, 0, 0};
	if (s->kind == SHAPE_POLY) {
		for (int i = 0; i < s->n; i++) {
			const double *a = s->v[i], *b = s->v[(i + 1) % s->n];
			double nx, ny;
			edge_normal(s, i, &nx, &ny);
			offer_segment(&best, px, py, a[0], a[1], b[0], b[1], nx, ny);
		}
	} else {
		offer_arc(&best, s, px, py);
		/* The two straight sides along the tile's edges: through the disc's centre for a
		 * quarter circle, through the solid corner (opposite the centre) for a pipe. */
		double kx = s->kind == SHAPE_CONVEX ? s->cx : S - s->cx;
		double ky = s->kind == SHAPE_CONVEX ? s->cy : S - s->cy;
		/* The side along x at y = ky, the side along y at x = kx; their normals point out
		 * of the tile. */
		offer_segment(&best, px, py, 0, ky, S, ky, 0, ky < H ? -1.0 : 1.0);
		offer_segment(&best, px, py, kx, 0, kx, S, kx < H ? -1.0 : 1.0, 0);
	}
	double d = sqrt(best.d2);
	bool inside = nj_tile_covers(tile, px, py);
	if (!inside && d >= rad)
		return false;
	if (inside || d <= 1e-9) {
		/* Out through the nearest boundary, along its normal (a polygon's is not of
		 * unit length yet). */
		double len = sqrt(best.nx * best.nx + best.ny * best.ny);
		c->nx = best.nx / len;
		c->ny = best.ny / len;
		c->depth = inside ? rad + d : rad - d;
		return true;
	}
	c->nx = (px - best.qx) / d;
	c->ny = (py - best.qy) / d;
	c->depth = rad - d;
	return true;
}
