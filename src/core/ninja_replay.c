/* Replays: a level and one input a step, as text (the format is in ninja.h), and their playback.
 * The inputs are run-length encoded so that a 90 s run stays a few lines long. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/ninja.h"

#define REPLAY_STEM "tilecade ninja replay " /* then the format's version */
#define REPLAY_HEADER REPLAY_STEM "1"
/* The last line of a replay of a run saved before it ended. */
#define UNFINISHED_LINE "unfinished"
/* Printed input lines stay readable in a terminal and a mail. */
#define WRAP_COLUMN 72

static int fail(char *err, size_t errlen, long line, long col, const char *why)
{
	snprintf(err, errlen, "line %ld, column %ld: %s", line, col, why);
	return -1;
}

/* The length of the line at p, without its end: a '\n' or the end of the text, and one '\r'
 * before it (as nlevel.h says every level file is read). */
static size_t line_length(const char *p, const char **next)
{
	size_t n = strcspn(p, "\n");
	*next = p[n] ? p + n + 1 : p + n;
	if (n > 0 && p[n - 1] == '\r')
		n--;
	return n;
}

static bool blank(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t')
			return false;
	return true;
}

/* Reads the input tokens of one line into rp; returns 0 or -1 with the place at fault. */
static int read_inputs(const char *p, size_t n, long line, struct nj_replay *rp, char *err,
                       size_t errlen)
{
	size_t i = 0;
	while (i < n) {
		if (p[i] == ' ' || p[i] == '\t') {
			i++;
			continue;
		}
		long col = (long)i + 1;
		if (p[i] < '0' || p[i] > '0' + NJ_INPUT_BITS)
			return fail(err, errlen, line, col,
			            "expected an input, a digit 0-7 (1 left, 2 right, 4 jump)");
		uint8_t input = (uint8_t)(p[i++] - '0');
		long count = 1;
		long count_col = col; /* where a bad count is told: at its first digit */
		if (i < n && p[i] == '*') {
			i++;
			count_col = (long)i + 1;
			if (i >= n || p[i] < '0' || p[i] > '9')
				return fail(err, errlen, line, (long)i + 1,
				            "expected a count of steps after '*'");
			count = 0;
			while (i < n && p[i] >= '0' && p[i] <= '9') {
				count = count * 10 + (p[i++] - '0');
				if (count > NJ_MAX_STEPS) /* also keeps count from overflowing */
					break;
			}
			if (count < 1 || count > NJ_MAX_STEPS) {
				char why[96];
				snprintf(why, sizeof why, "a count must be 1 to %d steps",
				         NJ_MAX_STEPS);
				return fail(err, errlen, line, count_col, why);
			}
		}
		if (i < n && p[i] != ' ' && p[i] != '\t')
			return fail(err, errlen, line, (long)i + 1,
			            "expected a space between inputs");
		if (count > NJ_MAX_STEPS - rp->steps) {
			char why[96];
			snprintf(why, sizeof why, "more than %d steps of input in all",
			         NJ_MAX_STEPS);
			return fail(err, errlen, line, col, why);
		}
		memset(rp->input + rp->steps, input, (size_t)count);
		rp->steps += (int32_t)count;
	}
	return 0;
}

/* nl_parse says "offset N: why"; a replay's reader wants the line and the column. */
static int level_error(const char *why, long line, char *err, size_t errlen)
{
	char *end;
	if (strncmp(why, "offset ", 7) == 0) {
		long offset = strtol(why + 7, &end, 10);
		if (end != why + 7 && end[0] == ':' && end[1] == ' ')
			return fail(err, errlen, line, offset + 1, end + 2);
	}
	return fail(err, errlen, line, 1, why);
}

/* Whether a run can be played on the level (its ninja placed somewhere); -1 with the world's
 * reason, "offset N: why", in err when not. */
static int playable(const struct nl_level *l, char *err, size_t errlen)
{
	struct nj_world *w = malloc(sizeof *w);
	if (!w) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int bad = nj_world_from_level(l, w, err, errlen);
	free(w);
	return bad;
}

bool nj_replay_is_newer(const char *text)
{
	for (const char *p = text, *next; *p; p = next) {
		size_t n = line_length(p, &next);
		if ((n > 0 && p[0] == '#') || blank(p, n))
			continue; /* as nj_replay_parse skips them */
		return n > strlen(REPLAY_STEM) &&
		       memcmp(p, REPLAY_STEM, strlen(REPLAY_STEM)) == 0 &&
		       !(n == strlen(REPLAY_HEADER) && memcmp(p, REPLAY_HEADER, n) == 0);
	}
	return false;
}

int nj_replay_parse(const char *text, struct nj_replay *rp, char *err, size_t errlen)
{
	memset(&rp->level, 0, sizeof rp->level);
	rp->steps = 0;
	rp->unfinished = false;
	enum { WANT_HEADER, WANT_LEVEL, INPUTS } part = WANT_HEADER;
	long line = 1;
	for (const char *p = text, *next; *p; p = next, line++) {
		size_t n = line_length(p, &next);
		if (n >= NL_LINE_MAX) {
			char why[96];
			snprintf(why, sizeof why, "the line is longer than %d characters",
			         NL_LINE_MAX - 1);
			return fail(err, errlen, line, NL_LINE_MAX, why);
		}
		if ((n > 0 && p[0] == '#') || blank(p, n))
			continue;
		if (part == WANT_HEADER) {
			if (n != strlen(REPLAY_HEADER) || memcmp(p, REPLAY_HEADER, n) != 0)
				return fail(err, errlen, line, 1,
				            "expected \"" REPLAY_HEADER "\": this is not a replay "
				            "this version reads");
			part = WANT_LEVEL;
		} else if (part == WANT_LEVEL) {
			/* nl_parse reads a C string: the line alone, copied. */
			char *level = malloc(n + 1), why[200];
			if (!level)
				return fail(err, errlen, line, 1, "out of memory");
			memcpy(level, p, n);
			level[n] = '\0';
			int bad = nl_parse(level, &rp->level, why, sizeof why);
			free(level);
			if (!bad)
				bad = playable(&rp->level, why, sizeof why);
			if (bad)
				return level_error(why, line, err, errlen);
			part = INPUTS;
		} else if (rp->unfinished) {
			return fail(err, errlen, line, 1,
			            "expected the end of the replay after \"" UNFINISHED_LINE "\"");
		} else if (n == strlen(UNFINISHED_LINE) && memcmp(p, UNFINISHED_LINE, n) == 0) {
			rp->unfinished = true;
		} else if (read_inputs(p, n, line, rp, err, errlen) != 0) {
			return -1;
		}
	}
	if (part == WANT_HEADER)
		return fail(err, errlen, line, 1,
		            "expected \"" REPLAY_HEADER "\"; the file is empty");
	if (part == WANT_LEVEL)
		return fail(err, errlen, line, 1, "the replay ends before its level line");
	return 0;
}

/* Output into a buffer of len bytes that counts what it could not hold, as snprintf does. */
struct out {
	char *buf;
	size_t len, n;
};

static char *out_at(const struct out *o)
{
	return o->n < o->len ? o->buf + o->n : NULL;
}

static size_t out_room(const struct out *o)
{
	return o->n < o->len ? o->len - o->n : 0;
}

__attribute__((format(printf, 2, 3))) static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(out_at(o), out_room(o), fmt, ap);
	va_end(ap);
	o->n += w > 0 ? (size_t)w : 0;
}

int nj_replay_print(const struct nj_replay *rp, char *buf, size_t len)
{
	struct out o = {buf, len, 0};
	if (len)
		buf[0] = '\0';
	put(&o, "%s\n", REPLAY_HEADER);
	int w = nl_print(&rp->level, out_at(&o), out_room(&o));
	o.n += w > 0 ? (size_t)w : 0;
	put(&o, "%s", nl_line_end(&rp->level));
	int steps = rp->steps < 0 ? 0 : rp->steps > NJ_MAX_STEPS ? NJ_MAX_STEPS : rp->steps;
	int column = 0;
	for (int i = 0; i < steps;) {
		int run = 1;
		while (i + run < steps && rp->input[i + run] == rp->input[i])
			run++;
		/* nj_step ignores other bits, so the text keeps what the run does. */
		unsigned input = rp->input[i] & NJ_INPUT_BITS;
		char token[24];
		int t = run > 1 ? snprintf(token, sizeof token, "%u*%d", input, run)
		                : snprintf(token, sizeof token, "%u", input);
		if (column > 0 && column + 1 + t > WRAP_COLUMN) {
			put(&o, "\n");
			column = 0;
		}
		put(&o, "%s%s", column > 0 ? " " : "", token);
		column += (column > 0) + t;
		i += run;
	}
	if (column > 0)
		put(&o, "\n");
	if (rp->unfinished)
		put(&o, "%s\n", UNFINISHED_LINE);
	return (int)o.n;
}

int nj_replay_run(const struct nj_replay *rp, struct nj_run *end, char *err, size_t errlen)
{
	struct nj_world *w = malloc(sizeof *w);
	if (!w) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (nj_world_from_level(&rp->level, w, err, errlen) != 0) {
		free(w);
		return -1;
	}
	nj_run_start(w, end);
	for (int32_t i = 0; i < rp->steps && end->outcome == NJ_RUNNING; i++)
		nj_step(w, end, rp->input[i]);
	/* The clock ends every finished run; the bound only guards against a step that never
	 * drains it. */
	for (long extra = 0; !rp->unfinished && end->outcome == NJ_RUNNING && extra <= NJ_MAX_STEPS;
	     extra++)
		nj_step(w, end, 0);
	free(w);
	return 0;
}
