/* The screen's 2048 game checked against the batch mode's. */
#include "play_2048.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "proc.h"

#define E2E_PLAY_WAIT_MS 5000
/* Long enough for curses to finish a frame; a timer tick in between does no harm. */
#define E2E_PLAY_QUIET_MS 60

void e2e_play_batch(const char *bin, const char *id, const char *moves, struct e2e_board *board,
                    uint64_t *score)
{
	/* With no moves, play one and keep the first board: the batch mode needs a move. */
	const char *argv[] = {bin, "2048", "--id", id, "--moves", *moves ? moves : "l", NULL};
	struct e2e_run r;
	bool ran = e2e_run(argv, E2E_PLAY_WAIT_MS, &r);
	struct e2e_board boards[E2E_PLAY_MAX + 1];
	int n = ran ? e2e_boards_parse(r.out, boards, E2E_PLAY_MAX + 1, score) : -1;
	if (n < 0)
		fprintf(stderr, "%s 2048 --id %s --moves '%s' printed:\n%s%s\n", bin, id, moves,
		        r.out, r.err);
	e2e_run_free(&r);
	assert_int_equal(n, *moves ? (int)strlen(moves) + 1 : 2);
	*board = *moves ? boards[n - 1] : boards[0];
	if (!*moves)
		*score = 0;
}

void e2e_play_board(const struct e2e_play *p, struct e2e_board *board)
{
	uint64_t score;
	e2e_play_batch(p->bin, p->id, p->moves, board, &score);
}

static bool e2e_play_has_status(struct e2e_term *t, void *status)
{
	return e2e_2048_status(t, status);
}

void e2e_play_begin(struct e2e_play *p, struct e2e_term *t, const char *bin)
{
	memset(p, 0, sizeof *p);
	p->t = t;
	p->bin = bin;
	struct e2e_2048_status status;
	if (!e2e_wait_new_game(t, e2e_play_has_status, &status, E2E_PLAY_WAIT_MS))
		fprintf(stderr, "no 2048 status line and game ID on the screen:\n%s\n",
		        e2e_screen(t));
	assert_true(e2e_2048_status(t, &status));
	strcpy(p->id, status.id);
	e2e_play_check(p);
}

bool e2e_play_would_move(const struct e2e_play *p, char dir)
{
	char next[E2E_PLAY_MAX + 2];
	snprintf(next, sizeof next, "%s%c", p->moves, dir);
	struct e2e_board now, after;
	uint64_t score;
	e2e_play_batch(p->bin, p->id, p->moves, &now, &score);
	e2e_play_batch(p->bin, p->id, next, &after, &score);
	return !e2e_board_equal(&now, &after);
}

void e2e_play_slide(struct e2e_play *p, char dir)
{
	size_t n = strlen(p->moves);
	assert_true(n < E2E_PLAY_MAX);
	/* A slide that moves nothing is no move: it is not counted and keeps the redos. */
	if (!e2e_play_would_move(p, dir))
		return;
	p->moves[n] = dir;
	p->moves[n + 1] = '\0';
	p->redo[0] = '\0';
}

/* Moves the last letter of from to the end of to, if from has one. */
static void e2e_play_shift(char *from, char *to)
{
	size_t n = strlen(from), m = strlen(to);
	if (n == 0)
		return;
	to[m] = from[n - 1];
	to[m + 1] = '\0';
	from[n - 1] = '\0';
}

void e2e_play_undo(struct e2e_play *p)
{
	e2e_play_shift(p->moves, p->redo);
}

void e2e_play_redo(struct e2e_play *p)
{
	e2e_play_shift(p->redo, p->moves);
}

struct e2e_expect {
	struct e2e_board board;
	uint64_t score;
	int moves;
	char why[160];
};

static bool e2e_play_shown(struct e2e_term *t, void *ctx)
{
	struct e2e_expect *e = ctx;
	struct e2e_2048_status s;
	if (!e2e_2048_status(t, &s)) {
		snprintf(e->why, sizeof e->why, "no status line and game ID");
		return false;
	}
	if (s.moves != e->moves || s.score < 0 || (uint64_t)s.score != e->score) {
		snprintf(e->why, sizeof e->why, "Moves: %d, Score: %lld; expected %d and %llu",
		         s.moves, (long long)s.score, e->moves, (unsigned long long)e->score);
		return false;
	}
	return e2e_2048_shows(t, &e->board, e->why, sizeof e->why);
}

void e2e_play_check(struct e2e_play *p)
{
	struct e2e_expect e = {.moves = (int)strlen(p->moves)};
	e2e_play_batch(p->bin, p->id, p->moves, &e.board, &e.score);
	/* Then it must stay so: a wrong spawn or a late frame would come after the right one. */
	bool ok = e2e_wait(p->t, e2e_play_shown, &e, E2E_PLAY_WAIT_MS) &&
	          e2e_wait_quiet(p->t, E2E_PLAY_QUIET_MS, E2E_PLAY_WAIT_MS) &&
	          e2e_play_shown(p->t, &e);
	if (!ok) {
		char board[E2E_BOARD_MAX * E2E_BOARD_MAX * 8];
		e2e_board_format(&e.board, board, sizeof board);
		fprintf(stderr, "%s after moves '%s' of %s\nexpected board, score %llu:\n%s", e.why,
		        p->moves, p->id, (unsigned long long)e.score, board);
		fprintf(stderr, "screen:\n%s\n", e2e_screen(p->t));
	}
	assert_true(ok);
}

void e2e_play_to(struct e2e_play *p, size_t n)
{
	static const char dirs[] = "ldru";
	static const char *const keys[] = {E2E_KEY_LEFT, E2E_KEY_DOWN, E2E_KEY_RIGHT, E2E_KEY_UP};
	for (int i = 0; strlen(p->moves) < n; i++) {
		assert_true(i < 4 * E2E_PLAY_MAX);
		if (!e2e_play_would_move(p, dirs[i % 4]))
			continue;
		e2e_play_slide(p, dirs[i % 4]);
		assert_true(e2e_send_str(p->t, keys[i % 4]));
		e2e_play_check(p);
	}
}
