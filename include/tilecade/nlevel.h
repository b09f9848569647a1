/* N (Metanet's ninja platformer, v1.4) levels: the exact level data format, the seed's
 * generator, and a reachability check that plays the ninja's physics (ninja.h).
 *
 * The map is 31 columns × 23 rows of tiles, stored column-major (index = column * 23 + row), 24
 * pixels a tile, with an implicit one-tile border: a tile's centre is at (24 * column + 36,
 * 24 * row + 36). Tile characters are chr(48 + id), '0' (empty) to 'Q'. */
#ifndef TILECADE_NLEVEL_H
#define TILECADE_NLEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/rng.h"

#define NL_COLS 31
#define NL_ROWS 23
#define NL_TILES (NL_COLS * NL_ROWS) /* 713 */
#define NL_CENTRE 356
#define NL_TILE_PX 24
#define NL_MAX_OBJECTS 256
#define NL_MAX_FIELDS 9 /* a door has the most */
#define NL_LINE_MAX 16384

/* Tile ids (the character minus '0'). */
enum nl_tile {
	NL_EMPTY = 0,
	NL_FULL = 1,
	NL_SLOPE45 = 2,        /* 2..5 */
	NL_CONCAVE = 6,        /* 6..9 quarter pipes */
	NL_CONVEX = 10,        /* ':' ';' '<' '=' quarter circles */
	NL_SLOPE22_SMALL = 14, /* '>'..'A' */
	NL_SLOPE22_BIG = 18,   /* 'B'..'E' */
	NL_SLOPE67_SMALL = 22, /* 'F'..'I' */
	NL_SLOPE67_BIG = 26,   /* 'J'..'M' */
	NL_HALF = 30,          /* 'N' bottom, 'O' right, 'P' top, 'Q' left */
	NL_TILE_KINDS = 34,
};

enum nl_object_type {
	NL_GOLD = 0,
	NL_BOUNCE_BLOCK = 1,
	NL_LAUNCH_PAD = 2,
	NL_GAUSS_TURRET = 3,
	NL_FLOOR_GUARD = 4,
	NL_NINJA = 5,
	NL_DRONE = 6,
	NL_ONE_WAY = 7,
	NL_THWUMP = 8,
	NL_DOOR = 9,
	NL_HOMING_LAUNCHER = 10,
	NL_EXIT = 11,
	NL_MINE = 12,
	NL_OBJECT_TYPES = 13,
};

/* Bytes of parameter text a level holds: at most a whole line's object section. */
#define NL_TEXT_MAX (NL_LINE_MAX - NL_TILES - 1)

/* An object as written: its type and the numbers its type uses (x, y first, in pixels).
 * N's reading is lenient and so is nl_parse: an object may carry more numbers than its type
 * uses (N ignores them; so does tilecade, counting them in extra) and a parameter that is not a
 * number reads as NaN. The parameters' text as written ("444,540,1", extras and all) stays in
 * the level's text pool, so printing gives back the input byte for byte. An object with no text
 * (text_len 0: a generated one, or one edited by hand, whose text_len must then be cleared) is
 * printed from field[]: count numbers, whole ones without a decimal point, others in the fewest
 * digits that read back the same, NaN as "NaN". */
struct nl_object {
	uint8_t type;
	uint8_t count;               /* numbers in field[]: nl_field_count(type) */
	uint16_t extra;              /* numbers after those, ignored */
	uint16_t text_at;            /* the parameters as written: the level's text[text_at..] */
	uint16_t text_len;           /* 0: none, print field[] */
	double field[NL_MAX_FIELDS]; /* NaN where the text is not a number */
};

/* About 37 KB, whatever the level: the text pool is shared by all objects, so a number's text
 * costs its own bytes and no more. */
struct nl_level {
	uint8_t tile[NL_TILES]; /* enum nl_tile ids */
	int objects;
	struct nl_object object[NL_MAX_OBJECTS];
	uint16_t text_used; /* bytes of text[] in use */
	char text[NL_TEXT_MAX];
};

/* The PCG stream of the N generators, so that "ninja --generate --seed S" is reproducible. */
#define NL_RNG_STREAM 0x4e4c /* "NL" */

/* How many numbers an object of this type uses (x and y included), as N v1.4 and its editor
 * write them: gold, bounce block, gauss turret, ninja, homing launcher and mine 2 (x, y);
 * floor guard 3 (x, y and a facing direction the game never used); one-way platform and thwump
 * 3 (x, y, direction); launch pad 4 (x, y, thrust x, thrust y); exit 4 (door x, y, switch x, y);
 * drone 6 (x, y, path, seeking, weapon, direction); door 9 (switch x, y, then the door's kind,
 * tile and offset); 0 for an unknown type. */
int nl_field_count(int type);

/* The accepted text, exactly: 713 tile characters '0'..'Q', '|', then one or more objects
 * separated by single '!' (no empty object, so no leading or trailing '!'), each "T^P,P,..."
 * with T a known type written without leading zeros and at least nl_field_count(T) parameters.
 * A parameter is any run of bytes but ',' and '!' (empty too); it is a number when it is a
 * decimal: an optional sign, digits with an optional fraction (or a fraction alone), an
 * optional exponent, white space around it allowed (as Flash's Number() reads); any other
 * parameter reads as NaN, as in N. Exactly one ninja; at most
 * NL_MAX_OBJECTS objects and NL_LINE_MAX - 1 bytes in all. Offsets in errors count bytes
 * from 0. */
/* Parses one level (no newline). Returns 0, or -1 with "offset N: why" in err. */
int nl_parse(const char *line, struct nl_level *l, char *err, size_t errlen);
/* Writes the level as one line (no newline); returns what snprintf would. */
int nl_print(const struct nl_level *l, char *buf, size_t len);
/* Where object k (0 <= k < l->objects) starts in the level's printed line: for a level nl_parse
 * read, the offset of its type in the line read. For errors about an object. */
size_t nl_object_offset(const struct nl_level *l, int k);

/* Lines of levels, in every file tilecade reads: a line ends at a LF or the end of the input,
 * and one CR just before that end belongs to the line end (CRLF files); every other byte is the
 * line's. So a level whose text ends in a CR is written with CRLF after it, and reads back the
 * same. The line end to write after the level printed: "\r\n" or "\n". */
const char *nl_line_end(const struct nl_level *l);

/* The seed's generator: every tile drawn from "001" x 12 + "2345", the ninja at 396,300, 63
 * objects each a mine or gold at 1:2 odds at x = 24 * (1..31), y = 24 * (1..23), and tile 356
 * emptied. */
void nl_generate(struct tc_rng *rng, struct nl_level *l);

/* What the physics search (nj_search in ninja.h) finds from the ninja's start, playing runs of
 * held input that do not die. What it finds is real (a run does it); what it misses may still be
 * possible with finer control, or beyond its budget. */
struct nl_reach {
	int gold;           /* gold objects in the level */
	int gold_reachable; /* gold some run touched */
	int mines;
	bool has_exit;
	bool exit_reachable;      /* some run entered the open door: the level can be won */
	bool switch_reachable;    /* some run hit the first exit's switch */
	bool boxed;               /* the ninja's centre reaches fewer than 12 tiles, or none more
	                           * than 3 tiles (either way) from its start */
	bool idle_dies;           /* a ninja that holds no key for NL_IDLE_STEPS dies (falls on a
	                           * mine or too far) before a player could act */
	bool reachable[NL_TILES]; /* tiles the ninja's centre passed through */
};

/* How long a ninja left alone must survive for its level to count as playable: 3 s of steps
 * (ninja.h: 40 a second), a player's time to see the level and reach for the keys. */
#define NL_IDLE_STEPS 120

/* Runs the physics search over the level with the budget NJ_SEARCH_BUDGET (ninja.h): under a
 * tenth of a second on a seed level. Deterministic. Returns 0, or -1 when the level has no ninja
 * or memory ran out. */
int nl_check(const struct nl_level *l, struct nl_reach *r);

/* Like nl_generate, until the search finds the level playable: the ninja not boxed in, its
 * centre reaching at least 60 tiles, and surviving NL_IDLE_STEPS with no key held. Then places an exit (object 11) with its door and switch
 * on tiles the ninja reached, each standing on a full tile, and keeps it only when the search
 * wins it (the switch, then the door), so nl_check says exit_reachable. Gives up, leaving the
 * last seed level without an exit, only after 1000 levels (never seen). Deterministic. */
void nl_generate_playable(struct tc_rng *rng, struct nl_level *l);

#endif
