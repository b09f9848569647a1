/* N's run as a live stream (tilecade/ninja_stream.h): the bytes a second a watcher is sent while
 * a run is played (a STEPS every frame the player's screen plays, a NINJA every change of keys),
 * and the bytes a recording keeps, beside the replay's text. On the demo replay's run (the
 * search's route, which changes keys far more often than a player) and on the same run with
 * its keys held at least a quarter second (more like a player's). Only the core. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/ninja_stream.h"

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	static char text[1 << 20];
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	return text;
}

struct count {
	size_t bytes;
	unsigned events;
};

static void counted(void *ctx, const struct tc_live_event *ev)
{
	struct count *c = ctx;
	c->bytes += tc_live_encode(ev, NULL, 0);
	c->events++;
}

/* The stream's bytes after its START while the run is played `frame` steps a frame. */
static struct count live_bytes(const struct nj_replay *rp, int frame)
{
	struct count c = {0, 0};
	for (int32_t k = 0; k < rp->steps; k += frame) {
		int32_t to = k + frame < rp->steps ? k + frame : rp->steps;
		nj_stream_tell_steps(rp->input, k, to, counted, &c);
	}
	return c;
}

static void row(const char *what, const struct nj_replay *rp)
{
	int changes = 0;
	for (int32_t k = 0; k < rp->steps; k++)
		changes += rp->input[k] != (k ? rp->input[k - 1] : 0);
	double seconds = (double)rp->steps / NJ_STEPS_PER_SECOND;
	struct count one = live_bytes(rp, 1), two = live_bytes(rp, 2);
	struct tc_live_log log = {0};
	nj_stream_of_replay(rp, "seed 3", TC_LIVE_END_FINISHED, &log);
	char text[TC_LIVE_TEXT_MAX + 1];
	size_t start = nj_stream_start_text(&rp->level, "seed 3", text, sizeof text);
	int replay_text = nj_replay_print(rp, NULL, 0);
	printf("%-22s %6.2f %7d %9.0f %9.0f %9zu %9zu %8d\n", what, seconds, changes,
	       (double)one.bytes / seconds, (double)two.bytes / seconds, log.len - start, log.len,
	       replay_text);
	tc_live_log_free(&log);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : getenv("NINJA_REPLAY");
	char *text = path ? read_file(path) : NULL;
	static struct nj_replay rp;
	char err[200];
	if (!text || nj_replay_parse(text, &rp, err, sizeof err) != 0) {
		fprintf(stderr, "usage: ninja_stream REPLAY (or NINJA_REPLAY): %s\n",
		        text ? err : "cannot read it");
		return 1;
	}
	printf("N's stream: bytes a second sent to a watcher (a STEPS a frame of 1 or 2 steps),\n"
	       "and a recording's bytes (inputs only, and with its START's level) beside the "
	       "replay's text\n\n");
	printf("%-22s %6s %7s %9s %9s %9s %9s %8s\n", "run", "secs", "changes", "B/s 40fps",
	       "B/s 20fps", "rec-in", "rec-all", "replay");
	row("demo (search's route)", &rp);
	/* Keys held at least 10 steps: each 10-step stretch takes its first step's input. */
	for (int32_t k = 0; k < rp.steps; k++)
		rp.input[k] = rp.input[k - k % 10];
	row("keys held >= 0.25 s", &rp);
	return 0;
}
