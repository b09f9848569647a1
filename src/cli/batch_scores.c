/* `tilecade scores`: the scoreboards as text, for a shell, a script or a quick look over SSH. */
#define _POSIX_C_SOURCE 200809L /* nl_langinfo */
#include <inttypes.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "batch.h"
#include "score_text.h"
#include "tilecade/store.h"

#define TOP 10

struct widths {
	int player, result, moves, hints;
};

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

/* Columns as wide as their widest entry, so that a script can also split on runs of spaces. */
static struct widths measure(const struct tc_score *top, int count, enum tc_rank_by by)
{
	struct widths w = {(int)strlen("Player"), (int)strlen(tc_score_result_heading(by)),
	                   (int)strlen("Moves"), (int)strlen(TC_SCORE_HINTS_HEADING)};
	for (int i = 0; i < count; i++) {
		char text[64];
		tc_sanitize(top[i].player, text, sizeof text);
		w.player = max_int(w.player, tc_text_columns(text));
		tc_score_result(&top[i], by, text, sizeof text);
		w.result = max_int(w.result, (int)strlen(text));
		snprintf(text, sizeof text, "%u", top[i].moves);
		w.moves = max_int(w.moves, (int)strlen(text));
		snprintf(text, sizeof text, "%u", top[i].hints);
		w.hints = max_int(w.hints, (int)strlen(text));
	}
	return w;
}

static void print_board(const struct tc_board_key *board, bool unicode, struct tc_store *st,
                        FILE *out)
{
	enum tc_rank_by by = tc_rank_of(board->game);
	struct tc_score top[TOP];
	int count = tc_store_top_scores(st, board, by, top, TOP);
	count = count < 0 ? 0 : count > TOP ? TOP : count;
	char title[128];
	tc_board_title(board, unicode, title, sizeof title);
	fprintf(out, "%s\n", title);
	if (count == 0) {
		fprintf(out, "no scores yet\n");
		return;
	}
	struct widths w = measure(top, count, by);
	bool replays = false; /* a column of recordings, headed as the Scores screen heads it */
	for (int i = 0; i < count; i++)
		replays = replays || top[i].recording > 0;
	fprintf(out, " #  %-*s  %*s  %*s  %*s  %-*s  %s\n", w.player, "Player", w.result,
	        tc_score_result_heading(by), w.moves, "Moves", w.hints, TC_SCORE_HINTS_HEADING,
	        (int)strlen(TC_SCORE_END_HEADING), TC_SCORE_END_HEADING,
	        replays ? "Date        " TC_SCORE_REPLAY_HEADING : "Date");
	for (int i = 0; i < count; i++) {
		char player[sizeof top[i].player], result[64], date[32];
		tc_sanitize(top[i].player, player, sizeof player);
		tc_score_result(&top[i], by, result, sizeof result);
		tc_score_date(top[i].date, date, sizeof date);
		/* printf pads by bytes; a name's padding is counted in terminal columns. */
		int pad = w.player - tc_text_columns(player);
		fprintf(out, "%2d  %s%*s  %*s  %*u  %*u  %-*s  %s", i + 1, player, pad, "",
		        w.result, result, w.moves, top[i].moves, w.hints, top[i].hints,
		        (int)strlen(TC_SCORE_END_HEADING), tc_score_end(&top[i]), date);
		/* The game's recording, for `tilecade replay N`; rows of none end at the date. */
		if (top[i].recording > 0)
			fprintf(out, "%*s  #%" PRId64, 10 - (int)strlen(date), "", top[i].recording);
		fputc('\n', out);
	}
}

static bool wanted(const struct tc_board_key *board, const char *game, const char *level)
{
	if (game && strcasecmp(board->game, game) != 0)
		return false;
	return !level || strcmp(board->level, level) == 0;
}

int tc_batch_scores(struct tc_store *st, const char *game, const char *level, FILE *out,
                    char *err, size_t errlen)
{
	/* The middle dot of "2048 · 4x4" only where the locale can show it. */
	bool unicode = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	struct tc_board_key *boards;
	int count = tc_read_boards(st, &boards), printed = 0;
	for (int i = 0; i < count; i++) {
		if (!wanted(&boards[i], game, level))
			continue;
		if (printed++ > 0)
			fputc('\n', out);
		print_board(&boards[i], unicode, st, out);
	}
	if (printed == 0)
		fprintf(out, "no scores yet\n");
	free(boards);
	if (fflush(out) != 0 || ferror(out)) {
		snprintf(err, errlen, "cannot write the scores");
		return 1;
	}
	return 0;
}
