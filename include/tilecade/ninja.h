/* N play: the ninja's physics, modelled on N v1.4, as a pure and deterministic step function,
 * with the events of a run (gold, mines, the exit switch and door, the clock), the replay text
 * format, and a bounded search over the same step function that proves what a player can reach.
 *
 * Units are pixels and steps: 24 pixels a tile, 40 steps a second. Coordinates are those of the
 * level format (nlevel.h): the map's tiles span x 24..768 and y 24..576, and the implicit
 * one-tile border around them (x 0..24 and 768..792, y 0..24 and 576..600) is solid.
 *
 * Determinism: the same world and the same inputs give the same run, bit for bit, on every
 * machine. The core uses IEEE double arithmetic with +, -, *, / and sqrt only (no libm function
 * whose rounding differs between C libraries), and is compiled without floating-point
 * contraction (no fused multiply-add). */
#ifndef TILECADE_NINJA_H
#define TILECADE_NINJA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/game.h"
#include "tilecade/nlevel.h"

#define NJ_STEPS_PER_SECOND 40
#define NJ_STEP_MS 25

/* N v1.4's figures (issue 8). */
#define NJ_RADIUS 10.0
#define NJ_GRAVITY 0.15
#define NJ_GRAVITY_JUMP 0.025 /* while jump is held, for at most NJ_JUMP_HOLD_STEPS */
#define NJ_JUMP_HOLD_STEPS 30
#define NJ_DRAG 0.99   /* v = NJ_DRAG * v + g, every step */
#define NJ_MAX_RUN 5.0 /* top running speed, px/step */
#define NJ_ACCEL_GROUND 0.15
#define NJ_ACCEL_AIR 0.1
#define NJ_LANDING_KILL 7.0 /* impact speed into flat ground that kills, px/step */

/* The clock: 90 s at the start; each gold adds NJ_GOLD_STEPS (2 s, as in N). */
#define NJ_START_STEPS (90 * NJ_STEPS_PER_SECOND)
#define NJ_GOLD_STEPS (2 * NJ_STEPS_PER_SECOND)
/* No run lasts longer: the clock plus every gold a level can hold. */
#define NJ_MAX_STEPS (NJ_START_STEPS + NL_MAX_OBJECTS * NJ_GOLD_STEPS)

/* Touch radii of the objects that do something (the ninja touches one when the distance
 * between centres is below NJ_RADIUS plus the object's radius). */
#define NJ_GOLD_RADIUS 6.0
#define NJ_MINE_RADIUS 4.0
#define NJ_SWITCH_RADIUS 6.0
#define NJ_DOOR_RADIUS 12.0

/* One step's input: bits of what is held. A jump starts on a step whose input has NJ_JUMP and
 * the previous step's did not (a fresh press). */
enum nj_input { NJ_LEFT = 1, NJ_RIGHT = 2, NJ_JUMP = 4, NJ_INPUT_BITS = 7 };

enum nj_outcome { NJ_RUNNING, NJ_WIN, NJ_DEATH, NJ_TIMEOUT };

enum nj_death { NJ_ALIVE, NJ_KILLED_BY_MINE, NJ_KILLED_BY_FALL };

/* What a step did, as bits (for sounds of the screen and for tests). */
enum nj_event {
	NJ_EV_GOLD = 1 << 0,      /* a gold was collected */
	NJ_EV_SWITCH = 1 << 1,    /* the exit switch was hit: the door is open */
	NJ_EV_WIN = 1 << 2,       /* the open door was entered */
	NJ_EV_DEATH = 1 << 3,     /* a mine or a hard landing */
	NJ_EV_TIMEOUT = 1 << 4,   /* the clock ran out */
	NJ_EV_JUMP = 1 << 5,      /* a floor jump */
	NJ_EV_WALL_JUMP = 1 << 6, /* a wall jump */
	NJ_EV_LAND = 1 << 7,      /* touched ground after being in the air */
};

/* A level as the physics sees it: the tiles and the objects, built once from an nl_level. */
struct nj_thing {
	uint8_t type; /* enum nl_object_type */
	double x, y;
	double x2, y2; /* an exit's switch; otherwise equal to x, y */
};

struct nj_world {
	uint8_t tile[NL_TILES];
	double start_x, start_y;
	int things; /* every object but the ninja, in level order */
	struct nj_thing thing[NL_MAX_OBJECTS];
	int exit; /* the index of the first exit, or -1 */
	/* Bit k of near[c]: thing k can be touched by a ninja whose centre has x in 24c..24c+24
	 * (c = 0..NL_COLS + 1, the border columns included), so that a step tests only those.
	 * Filled by nj_world_from_level: a world whose things are changed by hand must be built
	 * again. */
	uint64_t near[NL_COLS + 2][NL_MAX_OBJECTS / 64];
};

/* The state of a run: small and flat, so that a search can copy it freely. */
struct nj_run {
	double x, y, vx, vy;
	uint8_t last_input; /* the previous step's input, for fresh presses */
	bool on_ground;     /* standing on a floor after the last step */
	/* wall: a wall within 2 px of the circle counts (near enough for a wall jump). */
	int8_t wall;               /* -1 a wall touching on the left, +1 on the right, 0 none */
	double floor_nx, floor_ny; /* the floor's unit normal when on_ground (y grows downwards) */
	int16_t jump_hold;         /* steps of low gravity left in the current jump; 0 when none */
	uint8_t outcome;           /* enum nj_outcome */
	uint8_t death;             /* enum nj_death */
	bool exit_open;
	int32_t steps;     /* steps played */
	int32_t time_left; /* steps left on the clock */
	int16_t gold;      /* gold collected */
	/* Bit k: thing k was used up: a gold collected, or an exit whose switch was hit (exit_open
	 * says any exit's was). */
	uint64_t taken[NL_MAX_OBJECTS / 64];
};

/* Whether the object stands somewhere: its x and y (and an exit's switch x and y) are finite
 * numbers, not NaN nor infinite (text such as 1e999). */
bool nj_placed(const struct nl_object *o);

/* Builds the world of a level; returns 0, or -1 with a reason in err when it has no ninja or
 * the ninja is not placed ("offset N: why", N where the ninja's object starts). Other objects
 * that are not placed are left out. */
int nj_world_from_level(const struct nl_level *l, struct nj_world *w, char *err, size_t errlen);

/* What of a level the play leaves out. N plays every object; this physics plays the ninja,
 * gold, mines and exits, and keeps the other objects inert, where they stand. */
struct nj_ignored {
	int inert[NL_OBJECT_TYPES]; /* objects placed but not played, by type */
	int inert_objects;          /* their sum */
	int unplaced;               /* objects but the ninja not placed: drawn nowhere */
	int extra;                  /* numbers after those of an object's type: N ignores them */
	/* Numbers an object's type uses whose text is not one (NaN, as in N). The ninja's are not
	 * counted: they are not ignored, they leave nothing to play. */
	int not_numbers;
};

/* Counts what nj_world_from_level leaves out of the level l or keeps inert. */
void nj_ignored(const struct nl_level *l, struct nj_ignored *out);

/* Where a ninja placed at (x, y) starts: a start outside the map (a hand-made level) is brought
 * inside the border. The play and every drawing of the level put it there. */
void nj_start_point(double x, double y, double *sx, double *sy);

/* The run at its start: the ninja at rest at its start point (standing on a floor a few px
 * below it), the full clock. */
void nj_run_start(const struct nj_world *w, struct nj_run *r);

/* Plays one step with this input (enum nj_input bits); returns enum nj_event bits. A finished
 * run (outcome not NJ_RUNNING) does not change and returns 0. */
unsigned nj_step(const struct nj_world *w, struct nj_run *r, unsigned input);

/* The run summarised for a race's pane: value the gold collected, text the gold of the level's
 * and whether the ninja is alive, dead (a mine, a fall, the clock) or out (won): "3/12 gold
 * out". */
void nj_progress(const struct nj_run *r, const struct nj_world *w, struct tc_progress *out);

/* Whether the tile shape with this id covers the point (px, py) given relative to the tile's
 * top-left corner (0..24 each way): for drawing the ninja's surroundings finely and for tests. */
bool nj_tile_covers(int tile, double px, double py);

/* ---- Replays ---- */

/* A recorded run: the level and one input a step. The text form:
 *
 *   tilecade ninja replay 1
 *   <the level, one line of N v1.4 level data>
 *   <inputs>
 *
 * The inputs are tokens separated by spaces or newlines: a digit 0-7 (the enum nj_input bits of
 * one step), optionally followed by '*' and a count of steps (1..NJ_MAX_STEPS), e.g.
 * "0*40 2*25 6*12 2", and last, optionally, a line "unfinished": the run was saved before it
 * ended (paused), and its replay stops where the inputs do. Lines that start with '#' are
 * comments. A replay whose inputs end before the run does, without that line (every replay
 * written before it existed), plays on with no input held, so every replay has one outcome. */
struct nj_replay {
	struct nl_level level;
	int32_t steps;
	bool unfinished; /* the "unfinished" line: the run stops after the inputs */
	uint8_t input[NJ_MAX_STEPS];
};

/* Parses a replay (the whole file, NUL-terminated); returns 0, or -1 with "line L, column C:
 * why" in err. */
int nj_replay_parse(const char *text, struct nj_replay *rp, char *err, size_t errlen);
/* Whether text nj_replay_parse refuses is a replay of a newer tilecade (its first line names
 * another version of the format), to be kept for that version rather than dropped as damaged. */
bool nj_replay_is_newer(const char *text);
/* Writes the replay text; returns what snprintf would (the bytes needed, without the NUL). */
int nj_replay_print(const struct nj_replay *rp, char *buf, size_t len);

/* Plays a replay from the start to its outcome, or to its last input when it is unfinished
 * (the run then still NJ_RUNNING); fills the final run. Returns 0, or -1 with a reason in err
 * when the level has no ninja. */
int nj_replay_run(const struct nj_replay *rp, struct nj_run *end, char *err, size_t errlen);

/* ---- The search: what a player can reach, over the same step function ---- */

/* What the search found. reach (nlevel.h) tells the tiles the ninja's centre passed through, the
 * gold it could touch and whether the exit can be won. A winning route, when one was found, is
 * a replay of the win (its level left untouched: the caller fills it when it wants the text). */
struct nj_search_result {
	struct nl_reach reach;
	bool won;            /* a route to the open door was found */
	bool complete;       /* the search ran out of states, not of budget */
	long nodes;          /* search states expanded */
	int32_t route_steps; /* the winning route's length */
	uint8_t route[NJ_MAX_STEPS];
};

/* Searches runs from the start of the world, avoiding death, over at most `budget` states
 * (each a few steps of held input). Deterministic. Returns 0, or -1 when out of memory. */
int nj_search(const struct nj_world *w, long budget, struct nj_search_result *out);

/* The budget nl_check and nl_generate_playable use: some 70 ms a seed level, reaching over 90%
 * of the tiles that 20 times the budget reaches (bench/ninja.c). */
#define NJ_SEARCH_BUDGET 10000L

#endif
