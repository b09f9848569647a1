/* `tilecade ninja --generate`, `--parse` and `--check`: N v1.4 levels as one line each, for level
 * packs, tests and other N tools, with no terminal. */
#include "batch.h"

#include <stdlib.h>
#include <string.h>

#include "tilecade/nlevel.h"

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
		fprintf(out, "%s\n", text);
		return true;
	}
	if (nl_check(&l, &r) != 0) {
		fprintf(out, "invalid: the level has no ninja\n");
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
	return tc_batch_lines(in, out, answer_each, &a, err, errlen);
}
