/* `tilecade ninja --generate`, `--parse` and `--check`: N v1.4 levels as one line each, for level
 * packs, tests and other N tools, with no terminal; `--solve` and `--replay FILE --headless`:
 * replays (issue 8). */
#include "batch.h"

#include <stdlib.h>
#include <string.h>

#include "tilecade/file_open.h"
#include "tilecade/ninja.h"
#include "tilecade/nlevel.h"

/* --check and --solve search each level (some 0.055 s a generated level on this kind of
 * machine, up to a second or so for a hard one): at most this many levels a run, so that one
 * command ends within a few minutes (5000 took 4.5). */
#define SEARCHES_MAX 2000L

int tc_batch_nl_generate(uint64_t seed, int count, bool playable, FILE *out, char *err,
                         size_t errlen)
{
	static struct nl_level l; /* large: kept off the stack */
	static char text[NL_LINE_MAX];
	for (int i = 0; i < count; i++) {
		struct tc_rng rng;
		tc_rng_seed(&rng, seed + (uint64_t)i, NL_RNG_STREAM); /* wraps, as documented */
		if (playable)
			nl_generate_playable(&rng, &l);
		else
			nl_generate(&rng, &l);
		nl_print(&l, text, sizeof text);
		fprintf(out, "%s\n", text);
	}
	return tc_batch_flushed(out, err, errlen) ? 0 : 1;
}

/* The answer for one input line (without its newline; len bytes that may hold NULs). Returns
 * whether the line is a valid level. */
static bool answer_line(bool check, const char *line, size_t len, FILE *out)
{
	static struct nl_level l;
	static char text[NL_LINE_MAX];
	static struct nl_reach r;
	char why[200];
	const char *nul = memchr(line, '\0', len);
	if (nul) { /* nl_parse reads a C string, which would end here */
		fprintf(out, "invalid: offset %zu: a NUL byte; levels are text\n",
		        (size_t)(nul - line));
		return false;
	}
	if (nl_parse(line, &l, why, sizeof why) != 0) {
		fprintf(out, "invalid: %s\n", why);
		return false;
	}
	if (!check) {
		nl_print(&l, text, sizeof text);
		fprintf(out, "%s%s", text, nl_line_end(&l)); /* a CR at its end reads back */
		return true;
	}
	static struct nj_world w;
	if (nj_world_from_level(&l, &w, why, sizeof why) != 0) { /* a ninja at NaN, NaN */
		fprintf(out, "invalid: %s\n", why);
		return false;
	}
	if (nl_check(&l, &r) != 0) {
		fprintf(out, "invalid: out of memory\n");
		return false;
	}
	bool exit_ok = r.has_exit && r.exit_reachable && r.switch_reachable;
	fprintf(out, "ok gold=%d reachable=%d mines=%d exit=%s boxed=%s\n", r.gold,
	        r.gold_reachable, r.mines, exit_ok ? "yes" : "no", r.boxed ? "yes" : "no");
	return true;
}

struct nl_answer {
	bool check;
	FILE *out;
};

static bool answer_each(const char *line, size_t len, void *ctx)
{
	const struct nl_answer *a = ctx;
	return answer_line(a->check, line, len, a->out);
}

int tc_batch_nl_read(bool check, FILE *in, FILE *out, char *err, size_t errlen)
{
	struct nl_answer a = {check, out};
	return tc_batch_lines(in, out, NL_LINE_MAX, check ? SEARCHES_MAX : 0, answer_each, &a, err,
	                      errlen);
}

/* ---- Replays (issue 8) ---- */

/* No replay comes near this: a level line and a 90 s run of inputs are some 60 KB. */
#define REPLAY_FILE_MAX (1024 * 1024)

int tc_batch_nj_load(const char *path, struct nj_replay *rp, char *err, size_t errlen)
{
	size_t size;
	char why[300];
	char *text = tc_file_read_regular(path, REPLAY_FILE_MAX, &size, why, sizeof why);
	if (!text) {
		snprintf(err, errlen, "%s: %s", path, why);
		return 2;
	}
	const char *nul = memchr(text, '\0', size);
	int status = 0;
	if (nul) { /* the parser reads a C string, which would end here */
		long line = 1;
		const char *line_start = text;
		for (const char *p = text; p < nul; p++)
			if (*p == '\n') {
				line++;
				line_start = p + 1;
			}
		snprintf(err, errlen, "%s: line %ld, column %ld: a NUL byte; replays are text",
		         path, line, (long)(nul - line_start) + 1);
		status = 2;
	} else if (nj_replay_parse(text, rp, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s", path, why);
		status = 2;
	}
	free(text);
	return status;
}

static const char *outcome_name(int outcome)
{
	return outcome == NJ_WIN       ? "win"
	       : outcome == NJ_DEATH   ? "death"
	       : outcome == NJ_TIMEOUT ? "timeout"
	                               : "unfinished"; /* a replay of a run saved before its end */
}

int tc_batch_nj_outcome(const struct nj_replay *rp, const char *what, FILE *out, char *err,
                        size_t errlen)
{
	struct nj_run end;
	char why[200];
	if (nj_replay_run(rp, &end, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s", what, why);
		return 2;
	}
	fprintf(out, "%s steps=%ld gold=%d\n", outcome_name(end.outcome), (long)end.steps,
	        end.gold);
	return tc_batch_flushed(out, err, errlen) ? 0 : 1;
}

int tc_batch_nj_headless(const char *path, FILE *out, char *err, size_t errlen)
{
	static struct nj_replay rp; /* large: kept off the stack */
	int status = tc_batch_nj_load(path, &rp, err, errlen);
	return status != 0 ? status : tc_batch_nj_outcome(&rp, path, out, err, errlen);
}

struct nj_solve {
	FILE *out;
	int answers;
};

/* Prints the answer to one level line, after a blank line when it is not the first. */
static bool solve_line(const char *line, size_t len, void *ctx)
{
	struct nj_solve *s = ctx;
	static struct nj_replay rp;
	static struct nj_world w;
	static struct nj_search_result res;
	static char text[NL_LINE_MAX + 4 * NJ_MAX_STEPS];
	char why[200];
	FILE *out = s->out;
	if (s->answers++)
		fputc('\n', out);
	const char *nul = memchr(line, '\0', len);
	if (nul) {
		fprintf(out, "invalid: offset %zu: a NUL byte; levels are text\n",
		        (size_t)(nul - line));
		return false;
	}
	if (nl_parse(line, &rp.level, why, sizeof why) != 0) {
		fprintf(out, "invalid: %s\n", why);
		return false;
	}
	if (nj_world_from_level(&rp.level, &w, why, sizeof why) != 0) {
		fprintf(out, "invalid: %s\n", why);
		return false;
	}
	if (w.exit < 0) {
		bool exit = false; /* but none placed (nj_placed) */
		for (int k = 0; k < rp.level.objects; k++)
			exit |= rp.level.object[k].type == NL_EXIT;
		fprintf(out, "unsolved: %s\n",
		        exit ? "the level's exit is placed nowhere: its door's or switch's "
		               "position is not a finite number"
		             : "the level has no exit");
		return false;
	}
	if (nj_search(&w, NJ_SEARCH_BUDGET, &res) != 0) {
		fprintf(out, "unsolved: out of memory\n");
		return false;
	}
	if (!res.won) {
		fprintf(out, "unsolved: no win found in %ld states of the search%s\n", res.nodes,
		        res.complete ? " (all it could reach)" : "");
		return false;
	}
	rp.steps = res.route_steps;
	memcpy(rp.input, res.route, (size_t)res.route_steps);
	struct nj_run end;
	if (nj_replay_run(&rp, &end, why, sizeof why) != 0 || end.outcome != NJ_WIN) {
		fprintf(out, "unsolved: the route found does not replay to a win (a bug)\n");
		return false;
	}
	nj_replay_print(&rp, text, sizeof text);
	/* The comment goes after the header line, where the format allows it. */
	const char *level = strchr(text, '\n') + 1;
	fprintf(out, "%.*s# a win in %ld steps (%.2f s) with %d gold\n%s", (int)(level - text),
	        text, (long)end.steps, end.steps / (double)NJ_STEPS_PER_SECOND, end.gold, level);
	return true;
}

int tc_batch_nj_solve(FILE *in, FILE *out, char *err, size_t errlen)
{
	struct nj_solve s = {out, 0};
	return tc_batch_lines(in, out, NL_LINE_MAX, SEARCHES_MAX, solve_line, &s, err, errlen);
}
