/* Bytes on the wire per 2048 slide, and time to the first frame, for tilecade (animated and
 * not) and, when installed, Debian's /usr/games/2048, which repaints everything: over SSH the
 * bytes are the latency. Two key sequences, each played by both programs: what a slide costs
 * depends on which tiles it moves, and the goal holds for every sequence. Prints a table; never
 * fails (a benchmark is not a test).
 *
 * usage: bytes_per_move [TILECADE]   (default: $TILECADE_BIN) */
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
#define SLIDES 50
#define OTHER "/usr/games/2048"
#define WAIT_MS 5000
/* Output quiet this long means a frame is complete. After a slide it must outlast pauses
 * inside one move: /usr/games/2048 draws the slide, waits 150 ms, then draws the new tile. */
#define FIRST_QUIET_MS 100
#define SLIDE_QUIET_MS 200

/* A game: tilecade's seed and the slides, repeated. /usr/games/2048 has no seed. */
struct sequence {
	const char *seed;
	const char *label;
	const char *keys[4];
};

static const struct sequence sequences[] = {
        /* A corner strategy, so the game lasts. */
        {"42", "left down right down", {E2E_KEY_LEFT, E2E_KEY_DOWN, E2E_KEY_RIGHT, E2E_KEY_DOWN}},
        /* Round the compass: tiles cross the whole board and every row and column changes. */
        {"3", "left up right down", {E2E_KEY_LEFT, E2E_KEY_UP, E2E_KEY_RIGHT, E2E_KEY_DOWN}},
};
#define SEQUENCES (int)(sizeof sequences / sizeof sequences[0])

struct result {
	char name[40];
	bool ok;
	char error[160];
	int slides;
	double mean, median, first_ms;
};

static void summarise(struct result *r, uint64_t *bytes, int n)
{
	r->slides = n;
	mean_median(bytes, n, &r->mean, &r->median);
}

/* Slides the sequence's keys over and over, waiting for the output to settle after each. */
static bool slide_all(struct e2e_term *t, const struct sequence *seq, struct result *r)
{
	uint64_t bytes[SLIDES];
	int n = 0;
	for (; n < SLIDES && e2e_wait_exit(t, 0) == -1; n++) {
		uint64_t before = e2e_bytes(t);
		if (!e2e_send_str(t, seq->keys[n % 4]) ||
		    !e2e_wait_quiet(t, SLIDE_QUIET_MS, WAIT_MS)) {
			snprintf(r->error, sizeof r->error, "no quiet after slide %d", n + 1);
			return false;
		}
		bytes[n] = e2e_bytes(t) - before;
	}
	if (n == 0) {
		snprintf(r->error, sizeof r->error, "exited before the first slide");
		return false;
	}
	summarise(r, bytes, n);
	return true;
}

/* Runs argv and measures; ready is text that shows the board has been drawn. */
static void measure(struct result *r, const char *const argv[], const char *ready,
                    const struct sequence *seq)
{
	struct e2e_term *t = e2e_start(ROWS, COLS, argv, NULL);
	if (!t) {
		snprintf(r->error, sizeof r->error, "could not start");
		return;
	}
	if (!e2e_wait_text(t, ready, WAIT_MS) || !e2e_wait_quiet(t, FIRST_QUIET_MS, WAIT_MS)) {
		snprintf(r->error, sizeof r->error, "no first frame with '%s' within %d ms", ready,
		         WAIT_MS);
	} else {
		r->first_ms = e2e_last_output_ms(t);
		r->ok = slide_all(t, seq, r);
	}
	e2e_free(t);
}

static void print_row(const struct result *r, const struct result *other)
{
	if (!r->ok) {
		printf("  %-34s error: %s\n", r->name, r->error);
		return;
	}
	printf("  %-34s %12.0f %8.0f %10.1f", r->name, r->mean, r->median, r->first_ms);
	if (other->ok)
		printf(" %10.2f\n", r->mean / other->mean);
	else
		printf(" %10s\n", "-");
}

/* tilecade animated and not, and the peer, on one sequence. */
struct row {
	struct result anim, still, other;
};

static void measure_sequence(const char *bin, const struct sequence *seq, struct row *row)
{
	snprintf(row->anim.name, sizeof row->anim.name, "tilecade 2048 --seed %s", seq->seed);
	snprintf(row->still.name, sizeof row->still.name, "tilecade 2048 --seed %s --no-anim",
	         seq->seed);
	snprintf(row->other.name, sizeof row->other.name, "%s", OTHER);
	const char *anim_argv[] = {bin, "2048", "--seed", seq->seed, NULL};
	const char *still_argv[] = {bin, "2048", "--seed", seq->seed, "--no-anim", NULL};
	const char *other_argv[] = {OTHER, NULL};
	measure(&row->anim, anim_argv, "Score:", seq);
	measure(&row->still, still_argv, "Score:", seq);
	if (access(OTHER, X_OK) == 0)
		measure(&row->other, other_argv, "pts", seq);
	else
		snprintf(row->other.error, sizeof row->other.error, "not installed");
}

/* Whether a tilecade row is within a quarter of the peer's bytes; false when not measured. */
static bool within_goal(const struct result *r, const struct result *other)
{
	return r->ok && other->ok && r->mean * 4 <= other->mean;
}

int main(int argc, char **argv)
{
	const char *bin = argc > 1 ? argv[1] : getenv("TILECADE_BIN");
	if (!bin) {
		printf("bytes_per_move: give the tilecade binary as argument or in TILECADE_BIN\n");
		return 0;
	}
	/* tilecade may keep scores: not in the user's home. */
	char *sandbox = e2e_sandbox_enter();
	struct row rows[SEQUENCES];
	memset(rows, 0, sizeof rows);
	for (int i = 0; i < SEQUENCES; i++)
		measure_sequence(bin, &sequences[i], &rows[i]);
	e2e_sandbox_leave(sandbox);

	printf("bytes per slide at %dx%d, TERM=xterm-256color, %d slides of each sequence, quiet "
	       "%d ms\nafter each; first frame: start to the last byte before %d ms quiet\n",
	       COLS, ROWS, SLIDES, SLIDE_QUIET_MS, FIRST_QUIET_MS);
	bool measured = true, met = true;
	for (int i = 0; i < SEQUENCES; i++) {
		struct row *r = &rows[i];
		printf("\n%s ...\n", sequences[i].label);
		printf("  %-34s %12s %8s %10s %10s\n", "program", "mean B/move", "median",
		       "first ms", "vs " OTHER);
		print_row(&r->anim, &r->other);
		print_row(&r->still, &r->other);
		print_row(&r->other, &r->other);
		measured = measured && r->anim.ok && r->still.ok && r->other.ok;
		met = met && within_goal(&r->anim, &r->other) && within_goal(&r->still, &r->other);
	}
	printf("\ngoal: tilecade <= 1/4 of " OTHER " bytes per move on every sequence\n");
	if (!measured) {
		printf("result: not measured\n");
		return 0;
	}
	printf("result: %s (", met ? "met" : "not met");
	for (int i = 0; i < SEQUENCES; i++)
		printf("%s%s: animated %.2f, --no-anim %.2f", i ? "; " : "", sequences[i].label,
		       rows[i].anim.mean / rows[i].other.mean,
		       rows[i].still.mean / rows[i].other.mean);
	printf(")\n");
	return 0;
}
