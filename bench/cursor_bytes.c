/* Bytes on the wire per cursor move at 80x24 in Sudoku, zNumbers and Match-3, by arrow keys and
 * by h j k l, and, when installed, in Debian's /usr/games/nudoku for Sudoku: over a slow SSH
 * link the bytes are the latency. Prints a table; never fails (a benchmark is not a test).
 *
 * The path visits every cell: from where the cursor starts to the top left corner, then row by
 * row, right along one and left along the next. A move whose output also carries the clock's
 * tick (the status line changed) is left out and counted: the tick costs the same whatever
 * the key, and would only blur the comparison of keys.
 *
 * usage: cursor_bytes [TILECADE]   (default: $TILECADE_BIN) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "mean_median.h"
#include "sandbox.h"

#define ROWS 24
#define COLS 80
#define SEED "42"
#define NUDOKU "/usr/games/nudoku"
#define WAIT_MS 5000
#define FIRST_QUIET_MS 200
#define MOVE_QUIET_MS 60
#define MAX_MOVES 256
#define GOAL 64

enum keys { ARROWS, LETTERS, KEY_KINDS };

/* Up, down, left, right. nudoku turns on the keypad's application mode, in which an xterm
 * sends its arrows as ESC O x; tilecade leaves the normal mode, ESC [ x. */
static const char *const normal_arrows[4] = {E2E_KEY_UP, E2E_KEY_DOWN, E2E_KEY_LEFT, E2E_KEY_RIGHT};
static const char *const keypad_arrows[4] = {"\033OA", "\033OB", "\033OD", "\033OC"};
static const char *const letters[4] = {"k", "j", "h", "l"};

struct program {
	const char *name;
	const char *argv[8];
	const char *ready; /* text that shows the board has been drawn */
	int side;          /* the board's rows and columns */
	int start_row, start_col;
	bool keypad; /* arrows in application mode */
};

#define STATUS_ROW 0 /* tilecade's clock; nudoku's top line is blank */

struct result {
	bool ok;
	char error[160];
	int moves, ticks; /* moves measured; moves left out because the clock ticked */
	double mean, median;
};

static void summarise(struct result *r, uint64_t *bytes, int n)
{
	r->moves = n;
	mean_median(bytes, n, &r->mean, &r->median);
}

/* The path as directions (0 up, 1 down, 2 left, 3 right); returns its length. */
static int make_path(const struct program *p, int path[MAX_MOVES])
{
	int n = 0;
	for (int i = 0; i < p->start_row; i++)
		path[n++] = 0;
	for (int i = 0; i < p->start_col; i++)
		path[n++] = 2;
	for (int r = 0; r < p->side; r++) {
		for (int c = 1; c < p->side; c++)
			path[n++] = r % 2 ? 2 : 3;
		if (r + 1 < p->side)
			path[n++] = 1;
	}
	return n;
}

/* Every move of the path moves the cursor: it draws something. */
static bool wrote_since(struct e2e_term *t, void *before)
{
	return e2e_bytes(t) > *(uint64_t *)before;
}

static void walk(struct e2e_term *t, const struct program *p, enum keys keys, struct result *r)
{
	const char *const *arrows = p->keypad ? keypad_arrows : normal_arrows;
	int path[MAX_MOVES], n = make_path(p, path), kept = 0;
	uint64_t bytes[MAX_MOVES];
	for (int i = 0; i < n; i++) {
		char status[256];
		snprintf(status, sizeof status, "%s", e2e_row(t, STATUS_ROW));
		uint64_t before = e2e_bytes(t);
		const char *key = keys == ARROWS ? arrows[path[i]] : letters[path[i]];
		/* The move's frame first, then quiet: a program slower than the quiet time (a
		 * loaded machine) had its frame counted with the next move's. */
		if (!e2e_send_str(t, key) || !e2e_wait(t, wrote_since, &before, WAIT_MS) ||
		    !e2e_wait_quiet(t, MOVE_QUIET_MS, WAIT_MS)) {
			snprintf(r->error, sizeof r->error, "no frame or no quiet after move %d",
			         i + 1);
			return;
		}
		if (strcmp(status, e2e_row(t, STATUS_ROW)) != 0)
			r->ticks++;
		else
			bytes[kept++] = e2e_bytes(t) - before;
	}
	if (kept == 0) {
		snprintf(r->error, sizeof r->error, "no move without a tick of the clock");
		return;
	}
	summarise(r, bytes, kept);
	r->ok = true;
}

static void measure(const struct program *p, enum keys keys, struct result *r)
{
	struct e2e_term *t = e2e_start(ROWS, COLS, p->argv, NULL);
	if (!t) {
		snprintf(r->error, sizeof r->error, "could not start");
		return;
	}
	if (!e2e_wait_text(t, p->ready, WAIT_MS) || !e2e_wait_quiet(t, FIRST_QUIET_MS, WAIT_MS))
		snprintf(r->error, sizeof r->error, "no first frame with '%s' within %d ms",
		         p->ready, WAIT_MS);
	else
		walk(t, p, keys, r);
	e2e_free(t);
}

static void print_row(const char *name, const char *keys, const struct result *r,
                      const struct result *other)
{
	if (!r->ok) {
		printf("%-26s %-7s error: %s\n", name, keys, r->error);
		return;
	}
	printf("%-26s %-7s %6d %6d %8.0f %8.1f", name, keys, r->moves, r->ticks, r->median,
	       r->mean);
	if (other && other->ok)
		printf(" %10.2f\n", r->median / other->median);
	else
		printf(" %10s\n", "-");
}

int main(int argc, char **argv)
{
	const char *bin = argc > 1 ? argv[1] : getenv("TILECADE_BIN");
	if (!bin) {
		printf("cursor_bytes: give the tilecade binary as argument or in TILECADE_BIN\n");
		return 0;
	}
	/* tilecade may keep scores: not in the user's home. */
	char *sandbox = e2e_sandbox_enter();
	/* Cursors start in the middle (Sudoku) or the top left corner. */
	const struct program programs[] = {
	        {.name = "tilecade sudoku",
	         .argv = {bin, "sudoku", "--seed", SEED, NULL},
	         .ready = "Digits",
	         .side = 9,
	         .start_row = 4,
	         .start_col = 4},
	        {.name = "tilecade znumbers",
	         .argv = {bin, "znumbers", "--seed", SEED, NULL},
	         .ready = "Time:",
	         .side = 6},
	        {.name = "tilecade match3",
	         .argv = {bin, "match3", "--seed", SEED, NULL},
	         .ready = "Time:",
	         .side = 8},
	        {.name = NUDOKU,
	         .argv = {NUDOKU, NULL},
	         .ready = "nudoku",
	         .side = 9,
	         .keypad = true},
	};
	enum { SUDOKU, ZNUMBERS, MATCH3, OTHER, PROGRAMS };
	static const char *const key_names[KEY_KINDS] = {"arrows", "hjkl"};
	struct result results[PROGRAMS][KEY_KINDS] = {0};
	bool have_other = access(NUDOKU, X_OK) == 0;
	for (int p = 0; p < PROGRAMS; p++)
		for (int k = 0; k < KEY_KINDS; k++) {
			if (p == OTHER && !have_other)
				snprintf(results[p][k].error, sizeof results[p][k].error,
				         "not installed");
			else
				measure(&programs[p], (enum keys)k, &results[p][k]);
		}
	e2e_sandbox_leave(sandbox);

	printf("bytes per cursor move at %dx%d, TERM=xterm-256color, seed %s, a path over every "
	       "cell;\nquiet %d ms after each move; moves that shared their output with the "
	       "clock's tick left out\n\n",
	       COLS, ROWS, SEED, MOVE_QUIET_MS);
	printf("%-26s %-7s %6s %6s %8s %8s %10s\n", "program", "keys", "moves", "ticks", "median",
	       "mean", "vs nudoku");
	for (int p = 0; p < PROGRAMS; p++)
		for (int k = 0; k < KEY_KINDS; k++)
			print_row(programs[p].name, key_names[k], &results[p][k],
			          p == SUDOKU || p == OTHER ? &results[OTHER][k] : NULL);
	printf("\ngoal: a median of at most %d bytes per cursor move in every game, by either "
	       "key\n",
	       GOAL);
	bool all = true, met = true;
	for (int p = 0; p < OTHER; p++)
		for (int k = 0; k < KEY_KINDS; k++) {
			all = all && results[p][k].ok;
			met = met && results[p][k].ok && results[p][k].median <= GOAL;
		}
	printf("result: %s\n", !all ? "not measured" : met ? "met" : "not met");
	return 0;
}
