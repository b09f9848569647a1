/* Bytes on the wire per frame while N's ninja runs, at 80x24: a replay played on screen
 * (`tilecade ninja --replay FILE`), its output cut into frames where it pauses (curses sends
 * each frame in one burst), from the first frame after the full first paint to the end of the
 * run. Over SSH the bytes per frame times the frames per second are the bandwidth the game
 * needs. The peer line is 2048's bytes per slide (as bench/bytes_per_move measures it), the
 * front end's other moving screen. Prints a table; never fails (a benchmark is not a test).
 *
 * usage: ninja_frames [TILECADE [REPLAY]]   (default: $TILECADE_BIN, $NINJA_REPLAY) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "sandbox.h"

#define ROWS 24
#define COLS 80
#define WAIT_MS 8000
#define RUN_MS 120000    /* the longest replay this waits for */
#define FRAME_GAP_MS 4.0 /* output pausing this long ends a frame */
#define MAX_FRAMES 20000
#define SLIDES 20
#define SLIDE_QUIET_MS 200

struct frames {
	int n;
	uint64_t bytes[MAX_FRAMES];
	double start_ms[MAX_FRAMES];
	uint64_t last_bytes;
	double last_ms;
	const char *end_text;
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Called by e2e_wait after every read: new bytes join the current frame, or start one. */
static bool record(struct e2e_term *t, void *ctx)
{
	struct frames *f = ctx;
	uint64_t b = e2e_bytes(t);
	if (b > f->last_bytes) {
		double now = now_ms();
		if (f->n == 0 || now - f->last_ms > FRAME_GAP_MS) {
			if (f->n == MAX_FRAMES)
				return true;
			f->start_ms[f->n] = now;
			f->bytes[f->n++] = 0;
		}
		f->bytes[f->n - 1] += b - f->last_bytes;
		f->last_bytes = b;
		f->last_ms = now;
	}
	return strstr(e2e_screen(t), f->end_text) != NULL;
}

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

struct stats {
	bool ok;
	char error[200];
	int frames, steps;
	double first; /* bytes of the first, full paint */
	double mean, p95, max, fps, seconds, total, per_step;
};

static void summarise(struct stats *s, struct frames *f, int first, int last)
{
	int n = last - first;
	if (n < 2) {
		snprintf(s->error, sizeof s->error, "only %d frames", n);
		return;
	}
	uint64_t *b = malloc((size_t)n * sizeof *b);
	if (!b) {
		snprintf(s->error, sizeof s->error, "out of memory");
		return;
	}
	uint64_t total = 0;
	for (int i = 0; i < n; i++)
		total += b[i] = f->bytes[first + i];
	qsort(b, (size_t)n, sizeof *b, compare_u64);
	s->frames = n;
	s->total = (double)total;
	s->mean = (double)total / n;
	s->p95 = (double)b[(n * 95 + 99) / 100 - 1];
	s->max = (double)b[n - 1];
	s->seconds = (f->start_ms[last - 1] - f->start_ms[first]) / 1e3;
	s->fps = s->seconds > 0 ? (n - 1) / s->seconds : 0;
	s->per_step = s->steps > 0 ? s->total / s->steps : 0;
	s->ok = true;
	free(b);
}

/* The number of steps of the replay, from its "# a win in N steps" comment, or 0. */
static int replay_steps(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	char line[512];
	int steps = 0;
	for (int i = 0; i < 10 && !steps && fgets(line, sizeof line, f); i++) {
		const char *in = line[0] == '#' ? strstr(line, " in ") : NULL;
		if (in && strstr(in, " steps"))
			steps = atoi(in + 4);
	}
	fclose(f);
	return steps;
}

static struct frames frames; /* big: not on the stack */

static void measure_replay(struct stats *s, const char *bin, const char *replay)
{
	const char *argv[] = {bin, "ninja", "--replay", replay, NULL};
	struct e2e_term *t = e2e_start(ROWS, COLS, argv, NULL);
	if (!t) {
		snprintf(s->error, sizeof s->error, "could not start");
		return;
	}
	memset(&frames, 0, sizeof frames);
	frames.end_text = "r: replay again";
	/* From the start: the first frame is the full paint, reported apart. */
	if (!e2e_wait(t, record, &frames, RUN_MS)) {
		snprintf(s->error, sizeof s->error, "the replay did not end within %d s (%s)",
		         RUN_MS / 1000, e2e_screen(t));
	} else {
		/* The last frame draws the end overlay: not a running frame either. */
		summarise(s, &frames, 1, frames.n - 1);
		s->first = frames.n > 0 ? (double)frames.bytes[0] : 0;
	}
	e2e_free(t);
}

/* 2048's bytes per slide, animated, for comparison (bytes_per_move measures it fully). */
static void measure_2048(struct stats *s, const char *bin)
{
	const char *argv[] = {bin, "2048", "--seed", "42", NULL};
	struct e2e_term *t = e2e_start(ROWS, COLS, argv, NULL);
	if (!t) {
		snprintf(s->error, sizeof s->error, "could not start");
		return;
	}
	static const char *const keys[] = {E2E_KEY_LEFT, E2E_KEY_DOWN, E2E_KEY_RIGHT, E2E_KEY_DOWN};
	uint64_t total = 0;
	int n = 0;
	if (e2e_wait_text(t, "Score:", WAIT_MS) && e2e_wait_quiet(t, SLIDE_QUIET_MS, WAIT_MS))
		for (; n < SLIDES && e2e_wait_exit(t, 0) == -1; n++) {
			uint64_t before = e2e_bytes(t);
			if (!e2e_send_str(t, keys[n % 4]) ||
			    !e2e_wait_quiet(t, SLIDE_QUIET_MS, WAIT_MS))
				break;
			total += e2e_bytes(t) - before;
		}
	if (n > 0) {
		s->ok = true;
		s->frames = n;
		s->mean = (double)total / n;
	} else {
		snprintf(s->error, sizeof s->error, "no slide measured");
	}
	e2e_free(t);
}

int main(int argc, char **argv)
{
	const char *bin = argc > 1 ? argv[1] : getenv("TILECADE_BIN");
	const char *replay = argc > 2 ? argv[2] : getenv("NINJA_REPLAY");
	if (!bin || !replay) {
		printf("ninja_frames: give the tilecade binary and a replay file as arguments or "
		       "in "
		       "TILECADE_BIN and NINJA_REPLAY\n");
		return 0;
	}
	if (access(replay, R_OK) != 0) {
		printf("ninja_frames: no replay %s (data/ninja-demo.replay comes with issue 8)\n",
		       replay);
		return 0;
	}
	char *sandbox = e2e_sandbox_enter(); /* tilecade may keep records: not in the home */
	struct stats run = {.steps = replay_steps(replay)}, peer = {0};
	measure_replay(&run, bin, replay);
	measure_2048(&peer, bin);
	e2e_sandbox_leave(sandbox);

	printf("N at %dx%d, TERM=xterm-256color: `tilecade ninja --replay %s`\n", COLS, ROWS,
	       replay);
	printf("frames: output bursts %.0f ms apart or more, the first (full) paint and the end "
	       "overlay left out\n\n",
	       FRAME_GAP_MS);
	printf("%-28s %8s %8s %8s %8s %8s %10s %10s\n", "", "frames", "B/frame", "p95", "max",
	       "frames/s", "B/s", "B/step");
	if (run.ok)
		printf("%-28s %8d %8.0f %8.0f %8.0f %8.1f %10.0f %10.0f\n", "ninja replay",
		       run.frames, run.mean, run.p95, run.max, run.fps, run.mean * run.fps,
		       run.per_step);
	else
		printf("ninja replay: %s\n", run.error);
	if (peer.ok)
		printf("%-28s %8d %8.0f %8s %8s %8s %10s %10s\n", "2048, per slide (animated)",
		       peer.frames, peer.mean, "-", "-", "-", "-", "-");
	else
		printf("2048 peer: %s\n", peer.error);
	if (run.ok)
		printf("\nthe run: %d steps (40 a second) shown in %.2f s; the first paint %.0f "
		       "B\n",
		       run.steps, run.seconds, run.first);
	return 0;
}
