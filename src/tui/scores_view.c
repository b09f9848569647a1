/* The score screen, laid out like the menu and the level list. The boards are read once when
 * the screen opens; a board's top ten are read when it is shown. */
#include "scores_view.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "keymap.h"
#include "list_window.h"
#include "overlay.h"
#include "score_text.h"
#include "term.h"
#include "theme.h"

#define SCORES_W 72
#define SCORES_MIN_W 40
#define SCORES_H 17
/* A short window leaves out the title and blank lines and shows some rows at a time: the
 * board, the table's heading, three rows, a message and the keys. */
#define SCORES_MIN_H 7
#define PLAYER_MIN_W 8 /* narrower windows leave the date out, then the hints, to keep this */

/* Columns of a table row, from the left edge of the screen's area. */
#define MARK_X 1
#define RANK_X 2
#define RANK_W 2
#define PLAYER_X 6
#define PLAYER_MAX_W 24
#define RESULT_W 10
#define MOVES_W 6
#define HINTS_W 5
#define END_W 6
#define DATE_W 10
#define REPLAY_W 6 /* "#12345": the row's recording */
#define GAP 2

struct columns {
	int player_w, result_x, moves_x, hints_x, end_x, date_x, replay_x; /* < 0: none */
};

static int marked_row(const struct tc_scores_view *v);

static void load_top(struct tc_scores_view *v)
{
	v->top_count = 0;
	v->selected = -1;
	if (v->board_count == 0)
		return;
	const struct tc_board_key *b = &v->boards[v->current];
	int n = tc_store_top_scores(v->store, b, tc_rank_of(b->game), v->top, TC_SCORES_TOP);
	v->top_count = n < 0 ? 0 : n > TC_SCORES_TOP ? TC_SCORES_TOP : n;
	v->selected = marked_row(v);
}

void tc_scores_open(struct tc_scores_view *v, struct tc_store *st, const char *player)
{
	*v = (struct tc_scores_view){.store = st, .recent = tc_store_last_score_id(st)};
	snprintf(v->player, sizeof v->player, "%s", player ? player : "");
	v->board_count = tc_read_boards(st, &v->boards);
	load_top(v);
}

void tc_scores_close(struct tc_scores_view *v)
{
	free(v->boards);
	v->boards = NULL;
	v->board_count = 0;
}

bool tc_scores_select(struct tc_scores_view *v, const struct tc_board_key *board)
{
	int same_game = -1;
	for (int i = 0; i < v->board_count; i++) {
		const struct tc_board_key *b = &v->boards[i];
		if (strcmp(b->game, board->game) != 0)
			continue;
		if (strcmp(b->mode, board->mode) == 0 && strcmp(b->level, board->level) == 0) {
			v->current = i;
			load_top(v);
			return true;
		}
		if (same_game < 0)
			same_game = i;
	}
	if (same_game >= 0) {
		v->current = same_game;
		load_top(v);
	}
	return false;
}

static void turn(struct tc_scores_view *v, int step)
{
	if (v->board_count < 2)
		return;
	v->current = (v->current + step + v->board_count) % v->board_count;
	load_top(v);
}

/* The columns after the player's, left to right; a column that does not fit is left out,
 * the recording's first, then the date, then the hints. */
static struct columns lay_out(int w)
{
	int always = PLAYER_X + GAP + RESULT_W + GAP + MOVES_W + GAP + END_W + 1;
	bool hints = w - always - (GAP + HINTS_W) >= PLAYER_MIN_W;
	int fixed = always + (hints ? GAP + HINTS_W : 0);
	bool date = w - fixed - (GAP + DATE_W) >= PLAYER_MIN_W;
	fixed += date ? GAP + DATE_W : 0;
	bool replay = date && w - fixed - (GAP + REPLAY_W) >= PLAYER_MIN_W;
	fixed += replay ? GAP + REPLAY_W : 0;
	struct columns c = {.player_w = w - fixed};
	if (c.player_w > PLAYER_MAX_W)
		c.player_w = PLAYER_MAX_W;
	c.result_x = PLAYER_X + c.player_w + GAP;
	c.moves_x = c.result_x + RESULT_W + GAP;
	int x = c.moves_x + MOVES_W + GAP;
	c.hints_x = hints ? x : -1;
	x += hints ? HINTS_W + GAP : 0;
	c.end_x = x;
	c.date_x = date ? x + END_W + GAP : -1;
	x += END_W + GAP + (date ? DATE_W + GAP : 0);
	c.replay_x = replay ? x : -1;
	return c;
}

/* Text right-aligned in a cell of width w at column x. */
static void draw_right(int x, int y, int w, attr_t attr, const char *text)
{
	int used = tc_text_columns(text);
	tc_draw_text(x + (used < w ? w - used : 0), y, w, attr, text);
}

/* The row to highlight first: the score recorded last in this run if it is on the board, else the
 * player's best, else the first (a row is always chosen, for Enter). On a player's own
 * database every row is theirs: marking them all would say nothing. -1 on an empty board. */
static int marked_row(const struct tc_scores_view *v)
{
	for (int i = 0; v->recent > 0 && i < v->top_count; i++)
		if (v->top[i].id == v->recent)
			return i;
	for (int i = 0; *v->player && i < v->top_count; i++)
		if (strcmp(v->top[i].player, v->player) == 0)
			return i;
	return v->top_count > 0 ? 0 : -1;
}

static void draw_row(const struct tc_scores_view *v, int i, int x, int y, int w,
                     const struct columns *c, enum tc_rank_by by)
{
	const struct tc_score *s = &v->top[i];
	bool marked = i == v->selected;
	attr_t attr = tc_theme_attr(marked ? TC_ROLE_SELECTED : TC_ROLE_TEXT);
	if (marked) {
		tc_fill_rect((struct tc_rect){x, y, w, 1}, attr);
		/* Never colour alone: the row carries a mark too. */
		tc_draw_text(x + MARK_X, y, 1, attr, tc_term_unicode() ? "▸" : ">");
	}
	char text[64], player[sizeof s->player], fitted[sizeof s->player];
	snprintf(text, sizeof text, "%d", i + 1);
	draw_right(x + RANK_X, y, RANK_W, attr, text);
	tc_sanitize(s->player, player, sizeof player);
	tc_fit_columns(player, c->player_w, fitted, sizeof fitted);
	/* Drawn cell by cell at fixed columns, so that wide or combining characters in a name
	 * cannot shift the columns after it. */
	tc_draw_text(x + PLAYER_X, y, (int)sizeof fitted, attr, fitted);
	tc_score_result(s, by, text, sizeof text);
	draw_right(x + c->result_x, y, RESULT_W, attr, text);
	snprintf(text, sizeof text, "%u", s->moves);
	draw_right(x + c->moves_x, y, MOVES_W, attr, text);
	if (c->hints_x >= 0) {
		snprintf(text, sizeof text, "%u", s->hints);
		draw_right(x + c->hints_x, y, HINTS_W, attr, text);
	}
	tc_draw_text(x + c->end_x, y, END_W, attr, tc_score_end(s));
	if (c->date_x >= 0) {
		tc_score_date(s->date, text, sizeof text);
		tc_draw_text(x + c->date_x, y, DATE_W, attr, text);
	}
	if (c->replay_x >= 0 && s->recording > 0) {
		snprintf(text, sizeof text, "#%" PRId64, s->recording);
		tc_draw_text(x + c->replay_x, y, REPLAY_W, attr, text);
	}
}

static void draw_heading(struct tc_scores_view *v, int x, int y, int w)
{
	char title[96], fitted[96];
	tc_board_title(&v->boards[v->current], tc_term_unicode(), title, sizeof title);
	bool arrows = v->board_count > 1;
	int room = w - 10; /* the arrows and the space around them */
	int used = tc_fit_columns(title, room, fitted, sizeof fitted);
	tc_draw_text(x + (w - used) / 2, y, room, tc_theme_attr(TC_ROLE_TITLE), fitted);
	v->arrow_row = arrows ? y : -1;
	v->left_arrow_col = x + 2;
	v->right_arrow_col = x + w - 3;
	if (arrows) {
		bool unicode = tc_term_unicode();
		attr_t attr = tc_theme_attr(TC_ROLE_TEXT);
		tc_draw_text(v->left_arrow_col, y, 1, attr, unicode ? "◀" : "<");
		tc_draw_text(v->right_arrow_col, y, 1, attr, unicode ? "▶" : ">");
	}
}

void tc_scores_draw(struct tc_scores_view *v)
{
	if (COLS < SCORES_MIN_W || LINES < SCORES_MIN_H) {
		tc_draw_too_small(SCORES_MIN_W, SCORES_MIN_H);
		v->arrow_row = -1;
		return;
	}
	erase();
	bool roomy = LINES >= SCORES_H;
	int h = roomy ? SCORES_H : LINES;
	int w = COLS < SCORES_W ? COLS : SCORES_W;
	int x = (COLS - w) / 2;
	int y = (LINES - h) / 2;
	/* Short, the board's heading takes the title's line. */
	int heading_y = roomy ? y + 2 : y, table_y = roomy ? y + 4 : y + 1;
	if (roomy)
		tc_draw_text(x + 2, y, w - 2, tc_theme_attr(TC_ROLE_TITLE), "Scores");
	/* The longest that fits: narrow, the keys the screen says itself (its arrows) go first. */
	static const char *const hints[][3] = {
	        {"Enter: replay   g: race its ghost   left/right: other boards",
	         "Enter: replay   g: race   left/right: boards", "Enter: replay   g: race"},
	        {"Enter: replay   g: race its ghost", "Enter: replay   g: race",
	         "Enter: replay   g: race"},
	};
	const char *const *choice = hints[v->board_count < 2];
	const char *back_key = tc_keymap_key_text(TC_ACT_BACK); /* the key in force, as [keys] bind */
	char hint[128];
	for (int i = 2; i >= 0; i--) {
		char longer[sizeof hint];
		snprintf(longer, sizeof longer, "%s   %s: back", choice[i], back_key);
		if (i == 2 || w - 2 >= tc_text_width(longer))
			memcpy(hint, longer, sizeof hint);
	}
	tc_draw_text(x + 2, y + h - 1, w - 2, tc_theme_attr(TC_ROLE_DIM), hint);
	tc_draw_text(x + 2, y + h - 2, w - 2, tc_theme_attr(TC_ROLE_BAD), v->message);
	v->arrow_row = -1;
	if (!v->store || !tc_store_ok(v->store)) {
		tc_draw_text(x + 2, heading_y, w - 2, tc_theme_attr(TC_ROLE_BAD),
		             "Scores are off: the database cannot be read.");
		return;
	}
	if (v->board_count == 0) {
		tc_draw_text(x + 2, heading_y, w - 2, tc_theme_attr(TC_ROLE_TEXT), "No scores yet");
		return;
	}
	char count[32];
	snprintf(count, sizeof count, "%d of %d", v->current + 1, v->board_count);
	if (roomy)
		draw_right(x, y, w - 2, tc_theme_attr(TC_ROLE_DIM), count);
	draw_heading(v, x, heading_y, w);

	enum tc_rank_by by = tc_rank_of(v->boards[v->current].game);
	struct columns c = lay_out(w);
	int row = table_y;
	attr_t dim = tc_theme_attr(TC_ROLE_DIM);
	draw_right(x + RANK_X, row, RANK_W, dim, "#");
	tc_draw_text(x + PLAYER_X, row, c.player_w, dim, "Player");
	draw_right(x + c.result_x, row, RESULT_W, dim, tc_score_result_heading(by));
	draw_right(x + c.moves_x, row, MOVES_W, dim, "Moves");
	if (c.hints_x >= 0)
		draw_right(x + c.hints_x, row, HINTS_W, dim, TC_SCORE_HINTS_HEADING);
	tc_draw_text(x + c.end_x, row, END_W, dim, TC_SCORE_END_HEADING);
	if (c.date_x >= 0)
		tc_draw_text(x + c.date_x, row, DATE_W, dim, "Date");
	if (c.replay_x >= 0)
		tc_draw_text(x + c.replay_x, row, REPLAY_W, dim, TC_SCORE_REPLAY_HEADING);
	if (v->top_count == 0)
		tc_draw_text(x + PLAYER_X, row + 1, w - PLAYER_X, tc_theme_attr(TC_ROLE_TEXT),
		             "No scores yet");
	int room = y + h - 2 - (row + 1); /* above the message */
	v->first_shown = tc_list_top(v->top_count, v->selected < 0 ? 0 : v->selected,
	                             room < TC_SCORES_TOP ? room : TC_SCORES_TOP, v->first_shown);
	for (int i = v->first_shown; i < v->top_count && i < v->first_shown + room; i++)
		draw_row(v, i, x, row + 1 + i - v->first_shown, w, &c, by);
}

/* A click within a column of an arrow counts: arrows are small targets. */
static int clicked_arrow(const struct tc_scores_view *v, const struct tc_event *ev)
{
	if (v->arrow_row < 0 || ev->row != v->arrow_row)
		return 0;
	if (ev->col >= v->left_arrow_col - 1 && ev->col <= v->left_arrow_col + 1)
		return -1;
	if (ev->col >= v->right_arrow_col - 1 && ev->col <= v->right_arrow_col + 1)
		return 1;
	return 0;
}

/* Enter on a row (to replay it) or g (to race it): its game's recording into *chosen, or one
 * line on why there is none. */
static void choose_row(struct tc_scores_view *v, int64_t *chosen, const char *what)
{
	if (v->selected < 0 || v->selected >= v->top_count)
		snprintf(v->message, sizeof v->message, "Choose a row with up and down");
	else if (v->top[v->selected].recording > 0)
		*chosen = v->top[v->selected].recording;
	else
		snprintf(v->message, sizeof v->message, "No %s: this game was not recorded", what);
}

static void move_selection(struct tc_scores_view *v, int step)
{
	if (v->top_count == 0)
		return;
	int row = v->selected < 0 ? 0 : v->selected + step;
	v->selected = row < 0 ? 0 : row >= v->top_count ? v->top_count - 1 : row;
}

bool tc_scores_event(struct tc_scores_view *v, const struct tc_event *ev)
{
	if (ev->type == TC_EV_KEY)
		v->message[0] = '\0';
	if (ev->type == TC_EV_MOUSE) {
		if (ev->mouse == TC_MOUSE_WHEEL)
			turn(v, ev->button < 0 ? -1 : 1);
		else if (ev->mouse == TC_MOUSE_PRESS && ev->button == 1)
			turn(v, clicked_arrow(v, ev));
		return true;
	}
	if (ev->type == TC_EV_KEY && ev->key == 'g' && !ev->ctrl &&
	    tc_event_action(ev, false) == TC_ACT_NONE) {
		choose_row(v, &v->ghost, "ghost");
		return true;
	}
	switch (tc_event_action(ev, false)) {
	case TC_ACT_LEFT:
		turn(v, -1);
		break;
	case TC_ACT_RIGHT:
		turn(v, 1);
		break;
	case TC_ACT_UP:
		move_selection(v, -1);
		break;
	case TC_ACT_DOWN:
		move_selection(v, 1);
		break;
	case TC_ACT_SELECT:
		choose_row(v, &v->replay, "replay");
		break;
	case TC_ACT_BACK:
		tc_scores_close(v);
		return false;
	default:
		break;
	}
	return true;
}
