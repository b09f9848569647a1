/* The race pane's words: lines cut to columns, the ticker fitted racer by racer. */
#include "race_text.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "score_text.h"

#define NAME_MIN 4 /* a name keeps this much before the result is cut */
/* The widest result that fits beside a name of NAME_MIN in the pane (the marker and the rank
 * take 4 columns). */
#define RESULT_W (TC_RACE_PANE_W - 4 - NAME_MIN - 1)

const char tc_race_leave_question[] = "Leave the race? (y/n)";

bool tc_race_pane_place(struct tc_rect area, int board_w, int board_h, struct tc_rect *board,
                        struct tc_rect *pane, bool *ticker)
{
	*ticker = false;
	if (area.w - TC_RACE_PANE_W - 1 >= board_w && area.h >= board_h) {
		*board = (struct tc_rect){area.x, area.y, area.w - TC_RACE_PANE_W - 1, area.h};
		*pane = (struct tc_rect){area.x + board->w + 1, area.y, TC_RACE_PANE_W, area.h};
		return true;
	}
	if (area.h - 1 >= board_h && area.w >= board_w) {
		*board = (struct tc_rect){area.x, area.y, area.w, area.h - 1};
		*pane = (struct tc_rect){area.x, area.y + area.h - 1, area.w, 1};
		*ticker = true;
		return true;
	}
	*board = area;
	return false;
}

int tc_race_pane_lines(const struct tc_race_standing *st)
{
	return 1 + (st->line ? 1 : 0) + 1 + st->n;
}

bool tc_race_is_you(const struct tc_race_standing *st, int i)
{
	return st->you && strcmp(st->racers[i].player, st->you) == 0;
}

static int you_index(const struct tc_race_standing *st)
{
	for (int i = 0; i < st->n; i++)
		if (tc_race_is_you(st, i))
			return i;
	return -1;
}

int tc_race_shown(const struct tc_race_standing *st, int lines, int *idx, int *more)
{
	*more = 0;
	if (lines <= 0)
		return 0;
	int rows = st->n;
	if (st->n > lines) {
		rows = lines > 1 ? lines - 1 : 1; /* the last line says how many more */
		*more = st->n - rows;
	}
	for (int i = 0; i < rows; i++)
		idx[i] = i;
	int you = you_index(st);
	if (you >= rows) {
		idx[rows - 1] = you;
		*more = st->n - rows;
	}
	return rows;
}

void tc_race_result(const struct tc_racer *r, char *out, size_t len)
{
	char time[32];
	tc_score_time(r->time_ms, time, sizeof time);
	switch (r->outcome) {
	case TC_RACER_RACING:
		snprintf(out, len, "%s", r->progress.text);
		break;
	case TC_RACER_LEFT: /* no time: they did not finish */
	case TC_RACER_DROPPED:
		snprintf(out, len, "%s", tc_racer_outcome_name(r->outcome));
		break;
	case TC_RACER_WON:
		snprintf(out, len, "won %s", time);
		break;
	default: /* lost or ended: the points they rank by, where the game has points, else the
	          * progress they rank by (30/81 against 28/81) where it fits, else the time */
		if (r->points > 0) {
			snprintf(out, len, "%s %" PRId64 " pts", tc_racer_outcome_name(r->outcome),
			         r->points);
			break;
		}
		snprintf(out, len, "%s %s", tc_racer_outcome_name(r->outcome), r->progress.text);
		if (!*r->progress.text || tc_text_columns(out) > RESULT_W)
			snprintf(out, len, "%s %s", tc_racer_outcome_name(r->outcome), time);
		break;
	}
}

/* Appends text to out, which holds *used bytes, as much as fits in len. */
static void append(char *out, size_t len, size_t *used, const char *text)
{
	int n = snprintf(out + *used, len - *used, "%s", text);
	*used = n < 0 || (size_t)n >= len - *used ? strlen(out) : *used + (size_t)n;
}

/* Appends n spaces. */
static void pad(char *out, size_t len, size_t *used, int n)
{
	while (n-- > 0 && *used + 1 < len)
		out[(*used)++] = ' ';
	out[*used] = '\0';
}

/* The marker and the rank ("▸ 1 "), cut to width, into out: their columns. The marker is one
 * column either way, the rank two (a race has at most 64 racers). */
static int line_head(const struct tc_racer *r, bool you, bool unicode, int width, char *out,
                     size_t len)
{
	char head[16];
	if (r->rank > 0)
		snprintf(head, sizeof head, "%s%2d ", you ? (unicode ? "▸" : ">") : " ", r->rank);
	else
		snprintf(head, sizeof head, "%s   ", you ? (unicode ? "▸" : ">") : " ");
	return tc_fit_columns(head, width, out, len);
}

void tc_race_line(const struct tc_racer *r, bool you, bool unicode, int width, char *out,
                  size_t len)
{
	char name[sizeof r->player], result[TC_PROGRESS_TEXT_MAX + 32];
	int head_w = line_head(r, you, unicode, width, out, len);
	int left = width - head_w;
	tc_race_result(r, result, sizeof result);
	int name_w = tc_text_columns(r->player), result_w = tc_text_columns(result);
	if (name_w + 1 + result_w > left) { /* the name keeps NAME_MIN, the result the rest */
		int keep = name_w < NAME_MIN ? name_w : NAME_MIN;
		if (left - 1 - result_w > keep)
			keep = left - 1 - result_w;
		name_w = tc_fit_columns(r->player, keep < left ? keep : left, name, sizeof name);
		result_w = left - name_w - 1 > 0 ? tc_fit_columns(result, left - name_w - 1, result,
		                                                  sizeof result)
		                                 : 0;
	} else {
		snprintf(name, sizeof name, "%s", r->player);
	}
	size_t used = strlen(out);
	append(out, len, &used, name);
	if (result_w == 0)
		return;
	pad(out, len, &used, left - name_w - result_w);
	append(out, len, &used, result);
}

void tc_race_two_lines(const struct tc_racer *r, bool you, bool unicode, int width, char *first,
                       char *second, size_t len)
{
	char name[sizeof r->player], result[TC_PROGRESS_TEXT_MAX + 32];
	int head_w = line_head(r, you, unicode, width, first, len);
	size_t used = strlen(first);
	tc_fit_columns(r->player, width - head_w, name, sizeof name);
	append(first, len, &used, name);
	tc_race_result(r, result, sizeof result);
	int result_w = tc_fit_columns(result, width, name, sizeof name);
	used = 0;
	second[0] = '\0';
	pad(second, len, &used, width - result_w);
	append(second, len, &used, name);
}

void tc_race_more(int more, bool unicode, int width, char *out, size_t len)
{
	char text[64];
	snprintf(text, sizeof text, "  %s %d more", unicode ? "…" : "...", more);
	tc_fit_columns(text, width, out, len);
}

/* One racer in the ticker: "2 you 880 pts". */
static int ticker_entry(const struct tc_racer *r, char *out, size_t len)
{
	char result[TC_PROGRESS_TEXT_MAX + 32];
	tc_race_result(r, result, sizeof result);
	if (r->rank > 0)
		snprintf(out, len, "%d %s %s", r->rank, r->player, result);
	else
		snprintf(out, len, "%s %s", r->player, result);
	return tc_text_columns(out);
}

void tc_race_ticker(const struct tc_race_standing *st, bool unicode, int width, char *out,
                    size_t len, size_t *you_from, size_t *you_to)
{
	const char *sep = unicode ? " · " : " - ";
	const int sep_w = 3;
	int you = you_index(st);
	char entry[TC_RACE_TEXT_MAX];
	/* Room kept for the player's own entry until it is written: columns, and bytes of out
	 * (names of marks that take no column are many bytes). */
	int you_w = you >= 0 ? ticker_entry(&st->racers[you], entry, sizeof entry) : 0;
	size_t you_bytes = you >= 0 ? strlen(sep) + strlen(entry) : 0;
	int used_w = 0;
	size_t used = 0;
	bool full = false; /* a racer did not fit: the next ones are left out (but the player) */
	out[0] = '\0';
	*you_from = *you_to = 0;
	/* The standing's line first (the time left), where it fits with the player's own. */
	int line_w = st->line ? tc_text_columns(st->line) : 0;
	if (line_w > 0 && line_w + (you >= 0 ? sep_w + you_w : 0) <= width &&
	    strlen(st->line) + you_bytes < len) {
		append(out, len, &used, st->line);
		used_w = line_w;
	}
	for (int i = 0; i < st->n; i++) {
		int w = ticker_entry(&st->racers[i], entry, sizeof entry);
		int need = (used_w > 0 ? sep_w : 0) + w;
		size_t bytes = (used > 0 ? strlen(sep) : 0) + strlen(entry);
		if (i == you && (used_w + need > width || used + bytes >= len)) {
			if (used_w == 0) /* alone, and too long: cut */
				*you_to = (size_t)tc_fit_columns(entry, width, out, len) > 0
				                  ? strlen(out)
				                  : 0;
			return;
		}
		bool room = used_w + need + (i < you ? sep_w + you_w : 0) <= width &&
		            used + bytes + (i < you ? you_bytes : 0) < len;
		if (i != you && (full || !room)) {
			full = true;
			if (i > you)
				break;
			continue;
		}
		full = false;
		if (used_w > 0)
			append(out, len, &used, sep);
		if (i == you)
			*you_from = used;
		append(out, len, &used, entry);
		if (i == you)
			*you_to = used;
		used_w += need;
	}
}
