/* Bytes on the wire per 2048 slide, and time to the first frame, for tilecade (animated and
 * not) and, when installed, Debian's /usr/games/2048, which repaints everything: over SSH the
 * bytes are the latency. Prints a table; never fails (a benchmark is not a test).
 *
 * usage: bytes_per_move [TILECADE]   (default: $TILECADE_BIN) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "sandbox.h"

#define ROWS 24
#define COLS 80
#define SLIDES 50
#define SEED "42"
#define OTHER "/usr/games/2048"
#define WAIT_MS 5000
/* Output quiet this long means a frame is complete. After a slide it must outlast pauses
 * inside one move: /usr/games/2048 draws the slide, waits 150 ms, then draws the new tile. */
#define FIRST_QUIET_MS 100
#define SLIDE_QUIET_MS 200

struct result {
	const char *name;
	bool ok;
	char error[160];
	int slides;
	double mean, median, first_ms;
};

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static void summarise(struct result *r, uint64_t *bytes, int n)
{
	uint64_t total = 0;
	for (int i = 0; i < n; i++)
		total += bytes[i];
	qsort(bytes, (size_t)n, sizeof bytes[0], compare_u64);
	r->slides = n;
	r->mean = (double)total / n;
	r->median = n % 2 ? (double)bytes[n / 2] : (bytes[n / 2 - 1] + bytes[n / 2]) / 2.0;
}

/* Slides left, down, right, down, ... (a corner strategy, so the game lasts), waiting for the
 * output to settle after each. */
static bool slide_all(struct e2e_term *t, struct result *r)
{
	static const char *const keys[] = {E2E_KEY_LEFT, E2E_KEY_DOWN, E2E_KEY_RIGHT, E2E_KEY_DOWN};
	uint64_t bytes[SLIDES];
	int n = 0;
	for (; n < SLIDES && e2e_wait_exit(t, 0) == -1; n++) {
		uint64_t before = e2e_bytes(t);
		if (!e2e_send_str(t, keys[n % 4]) || !e2e_wait_quiet(t, SLIDE_QUIET_MS, WAIT_MS)) {
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
static void measure(struct result *r, const char *const argv[], const char *ready)
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
		r->ok = slide_all(t, r);
	}
	e2e_free(t);
}

static void print_row(const struct result *r, const struct result *other)
{
	if (!r->ok) {
		printf("%-34s error: %s\n", r->name, r->error);
		return;
	}
	printf("%-34s %12.0f %8.0f %10.1f", r->name, r->mean, r->median, r->first_ms);
	if (other->ok)
		printf(" %10.2f\n", r->mean / other->mean);
	else
		printf(" %10s\n", "-");
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
	struct result anim = {.name = "tilecade 2048 --seed " SEED};
	struct result still = {.name = "tilecade 2048 --seed " SEED " --no-anim"};
	struct result other = {.name = OTHER};
	const char *anim_argv[] = {bin, "2048", "--seed", SEED, NULL};
	const char *still_argv[] = {bin, "2048", "--seed", SEED, "--no-anim", NULL};
	const char *other_argv[] = {OTHER, NULL};
	measure(&anim, anim_argv, "Score:");
	measure(&still, still_argv, "Score:");
	if (access(OTHER, X_OK) == 0)
		measure(&other, other_argv, "pts");
	else
		snprintf(other.error, sizeof other.error, "not installed");
	e2e_sandbox_leave(sandbox);

	printf("bytes per slide at %dx%d, TERM=xterm-256color, %d slides (left down right down "
	       "...),\nquiet %d ms after each; first frame: start to the last byte before %d ms "
	       "quiet\n\n",
	       COLS, ROWS, SLIDES, SLIDE_QUIET_MS, FIRST_QUIET_MS);
	printf("%-34s %12s %8s %10s %10s\n", "program", "mean B/move", "median", "first ms",
	       "vs " OTHER);
	print_row(&anim, &other);
	print_row(&still, &other);
	print_row(&other, &other);
	printf("\ngoal: tilecade <= 1/4 of " OTHER " bytes per move\n");
	if (anim.ok && still.ok && other.ok)
		printf("result: %s (animated %.2f, --no-anim %.2f)\n",
		       anim.mean * 4 <= other.mean && still.mean * 4 <= other.mean ? "met"
		                                                                   : "not met",
		       anim.mean / other.mean, still.mean / other.mean);
	else
		printf("result: not measured\n");
	return 0;
}
