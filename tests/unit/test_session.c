/* The session around the real 2048 backend, with a hand-driven clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/g2048.h"
#include "tilecade/gameid.h"
#include "tilecade/match3.h"
#include "tilecade/session.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

#define SESSION_SEED 12345

struct session_clock {
	uint64_t now;
};

static uint64_t session_now(void *ctx)
{
	return ((struct session_clock *)ctx)->now;
}

/* Starts 2048 on the fake clock; params NULL means the default 4x4. */
static struct tc_session *session_start(const struct tc_game *game, struct session_clock *clock,
                                        const void *params, uint64_t seed)
{
	struct tc_clock c = {session_now, clock};
	struct tc_session *s = tc_session_new(game, params, seed, &c);
	assert_non_null(s);
	return s;
}

/* Plays the first direction that changes the board, starting from a different one each move so
 * that the game wanders like a player's. Returns false when no direction changes anything. */
static bool session_step(struct tc_session *s)
{
	for (unsigned i = 0; i < 4; i++) {
		struct tc_move m = {.kind = (uint8_t)((tc_session_moves(s) + i) % 4)};
		if (tc_session_apply(s, &m))
			return true;
	}
	return false;
}

static void session_play(struct tc_session *s, int moves)
{
	for (int i = 0; i < moves; i++)
		assert_true(session_step(s));
}

static const struct g2048 *session_board(const struct tc_session *s)
{
	return tc_session_state(s);
}

static void session_undo_and_redo_step_through_positions(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	struct g2048 start = *session_board(s), after;

	assert_false(tc_session_can_undo(s));
	session_play(s, 1);
	after = *session_board(s);

	assert_true(tc_session_undo(s));
	assert_memory_equal(session_board(s), &start, sizeof start);
	assert_false(tc_session_undo(s));
	assert_true(tc_session_can_redo(s));

	assert_true(tc_session_redo(s));
	assert_memory_equal(session_board(s), &after, sizeof after);
	assert_false(tc_session_can_redo(s));
	assert_false(tc_session_redo(s));
	tc_session_free(s);
}

/* Far more moves than any first allocation holds, undone one by one to the very start. */
static void session_undo_is_unlimited(void **unused)
{
	enum { MOVES = 500 };
	static struct g2048 seen[MOVES + 1];
	struct session_clock clock = {0};
	struct g2048_params big = {G2048_MAX_SIZE};
	struct tc_session *s = session_start(&g2048_game, &clock, &big, SESSION_SEED);

	seen[0] = *session_board(s);
	for (int i = 1; i <= MOVES; i++) {
		session_play(s, 1);
		seen[i] = *session_board(s);
	}
	assert_int_equal(tc_session_moves(s), MOVES);
	for (int i = MOVES - 1; i >= 0; i--) {
		assert_true(tc_session_undo(s));
		assert_memory_equal(session_board(s), &seen[i], sizeof seen[i]);
	}
	assert_false(tc_session_can_undo(s));
	for (int i = 1; i <= MOVES; i++)
		assert_true(tc_session_redo(s));
	assert_memory_equal(session_board(s), &seen[MOVES], sizeof seen[MOVES]);
	tc_session_free(s);
}

static void session_new_move_drops_redo_chain(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	session_play(s, 3);
	assert_true(tc_session_undo(s));
	assert_true(tc_session_undo(s));
	assert_true(tc_session_can_redo(s));
	session_play(s, 1);
	assert_false(tc_session_can_redo(s));
	assert_false(tc_session_redo(s));
	assert_int_equal(tc_session_moves(s), 2);
	tc_session_free(s);
}

/* A seed whose start position has a direction that moves nothing, and that direction. */
static uint64_t session_seed_with_blocked_start(enum g2048_dir *blocked)
{
	struct g2048_params p = {G2048_DEFAULT_SIZE};
	for (uint64_t seed = 1;; seed++) {
		struct g2048 g;
		g2048_new(&g, &p, seed);
		for (int dir = G2048_LEFT; dir <= G2048_DOWN; dir++) {
			struct g2048 copy = g;
			if (!g2048_slide_only(&copy, (enum g2048_dir)dir, NULL)) {
				*blocked = (enum g2048_dir)dir;
				return seed;
			}
		}
	}
}

static void session_no_op_move_is_not_recorded(void **unused)
{
	enum g2048_dir blocked;
	uint64_t seed = session_seed_with_blocked_start(&blocked);
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, seed);
	struct g2048 start = *session_board(s);
	struct tc_move no_op = {.kind = (uint8_t)blocked};

	assert_false(tc_session_apply(s, &no_op));
	assert_memory_equal(session_board(s), &start, sizeof start);
	assert_int_equal(tc_session_moves(s), 0);
	assert_false(tc_session_can_undo(s));
	assert_false(tc_session_in_progress(s));
	tc_session_free(s);
}

static void session_no_op_move_keeps_redo_chain(void **unused)
{
	enum g2048_dir blocked;
	uint64_t seed = session_seed_with_blocked_start(&blocked);
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, seed);
	struct tc_move no_op = {.kind = (uint8_t)blocked};

	session_play(s, 1);
	struct g2048 after = *session_board(s);
	assert_true(tc_session_undo(s));
	assert_false(tc_session_apply(s, &no_op));
	assert_true(tc_session_can_redo(s));
	assert_true(tc_session_redo(s));
	assert_memory_equal(session_board(s), &after, sizeof after);
	tc_session_free(s);
}

static void session_restart_returns_to_start(void **unused)
{
	struct session_clock clock = {1000};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	struct g2048 start = *session_board(s);

	session_play(s, 10);
	assert_true(tc_session_undo(s));
	/* A pause banks the time so far: restart must forget that too. */
	clock.now += 5000;
	tc_session_pause(s);
	tc_session_resume(s);
	clock.now += 5000;
	tc_session_restart(s);
	assert_memory_equal(session_board(s), &start, sizeof start);
	assert_int_equal(tc_session_moves(s), 0);
	assert_false(tc_session_can_undo(s));
	assert_false(tc_session_can_redo(s));
	assert_false(tc_session_in_progress(s));
	assert_int_equal(tc_session_elapsed_ms(s), 0);
	assert_int_equal(tc_session_seed(s), SESSION_SEED);
	clock.now += 100;
	assert_int_equal(tc_session_elapsed_ms(s), 100);
	tc_session_free(s);
}

static void session_new_game_starts_from_new_seed(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	struct g2048 old = *session_board(s), fresh;
	struct g2048_params p = {G2048_DEFAULT_SIZE};

	session_play(s, 5);
	tc_session_new_game(s, 777);
	g2048_new(&fresh, &p, 777);
	assert_int_equal(tc_session_seed(s), 777);
	assert_memory_equal(session_board(s)->cell, fresh.cell, sizeof fresh.cell);
	assert_memory_not_equal(session_board(s)->cell, old.cell, sizeof old.cell);
	assert_int_equal(tc_session_moves(s), 0);
	assert_false(tc_session_can_undo(s));
	tc_session_free(s);
}

static void session_moves_follow_undo_and_redo(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	assert_int_equal(tc_session_moves(s), 0);
	session_play(s, 3);
	assert_int_equal(tc_session_moves(s), 3);
	tc_session_undo(s);
	assert_int_equal(tc_session_moves(s), 2);
	tc_session_undo(s);
	assert_int_equal(tc_session_moves(s), 1);
	tc_session_redo(s);
	assert_int_equal(tc_session_moves(s), 2);
	tc_session_free(s);
}

static void session_in_progress_after_first_move(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	assert_false(tc_session_in_progress(s));
	session_play(s, 1);
	assert_true(tc_session_in_progress(s));
	tc_session_restart(s);
	assert_false(tc_session_in_progress(s));
	tc_session_free(s);
}

static void session_clock_stops_while_paused(void **unused)
{
	struct session_clock clock = {1000};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	assert_int_equal(tc_session_elapsed_ms(s), 0);
	clock.now += 500;
	assert_int_equal(tc_session_elapsed_ms(s), 500);
	session_play(s, 2);

	tc_session_pause(s);
	assert_true(tc_session_paused(s));
	clock.now += 10000;
	assert_int_equal(tc_session_elapsed_ms(s), 500);

	tc_session_resume(s);
	assert_false(tc_session_paused(s));
	clock.now += 250;
	assert_int_equal(tc_session_elapsed_ms(s), 750);
	tc_session_free(s);
}

/* 3x3 boards fill up fast, so playing on reaches a loss in a few dozen moves. */
static void session_clock_stops_when_lost_until_undo(void **unused)
{
	struct session_clock clock = {0};
	struct g2048_params small = {G2048_MIN_SIZE};
	struct tc_session *s = session_start(&g2048_game, &clock, &small, SESSION_SEED);
	while (session_step(s))
		clock.now += 10;
	assert_int_equal(tc_session_status(s), TC_LOST);
	uint64_t at_loss = tc_session_elapsed_ms(s);
	/* The clock stopped at the losing move, before the last 10 ms. */
	assert_int_equal(at_loss, 10 * ((uint64_t)tc_session_moves(s) - 1));

	clock.now += 60000;
	assert_int_equal(tc_session_elapsed_ms(s), at_loss);
	assert_true(tc_session_undo(s));
	assert_int_equal(tc_session_status(s), TC_PLAYING);
	clock.now += 100;
	assert_int_equal(tc_session_elapsed_ms(s), at_loss + 100);
	tc_session_free(s);
}

/* Plays until no move is left. */
static void session_play_to_the_end(struct tc_session *s)
{
	while (session_step(s))
		;
	assert_int_equal(tc_session_status(s), TC_LOST);
}

/* Best is what a scoreboard could hold: a game's end, or the live score while it is higher. A
 * position undone before the game ended counts no more (issue 17: Best said 468 when the board
 * said 288); an end counts whatever undo and restart do after it. */
static void session_best_score_is_a_games_end(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	assert_int_equal(tc_session_best_score(s), 0);
	session_play(s, 40);
	assert_true(tc_session_score(s) > 0);
	assert_int_equal(tc_session_best_score(s), tc_session_score(s));
	while (tc_session_undo(s))
		;
	assert_int_equal(tc_session_best_score(s), 0); /* no end yet */
	session_play_to_the_end(s);
	int64_t end = tc_session_score(s);
	assert_int_equal(tc_session_best_score(s), end);
	for (int i = 0; i < 10; i++)
		assert_true(tc_session_undo(s));
	assert_true(tc_session_score(s) < end);
	assert_int_equal(tc_session_best_score(s), end);
	tc_session_restart(s);
	assert_int_equal(tc_session_best_score(s), end);
	tc_session_new_game(s, 1);
	assert_int_equal(tc_session_best_score(s), end);
	tc_session_free(s);
}

static void session_carries_an_earlier_best_score(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	tc_session_carry_best_score(s, 5000);
	assert_int_equal(tc_session_best_score(s), 5000);
	tc_session_carry_best_score(s, 10); /* a lower one changes nothing */
	assert_int_equal(tc_session_best_score(s), 5000);
	assert_int_equal(tc_session_score(s), 0);
	tc_session_free(s);
}

/* Once the computer has played in a game, it stays marked through undo, redo and restart (the
 * same start again: issue 17, a restart made a revealed game rankable), and its moves raise no
 * best score; a new game from another start is the player's own again, the same start is not. */
static void session_assisted_until_another_start(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	session_play(s, 10);
	int64_t best = tc_session_best_score(s);
	assert_int_equal(tc_session_assisted(s), 0);
	tc_session_mark_assisted(s, TC_ASSIST_AUTOPLAY);
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_AUTOPLAY);
	for (int i = 0; i < 30; i++)
		session_play(s, 1);
	assert_true(tc_session_score(s) > best);
	assert_int_equal(tc_session_best_score(s), 0); /* an assisted game's scores never count */
	while (tc_session_undo(s))
		;
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_AUTOPLAY);
	assert_true(tc_session_redo(s));
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_AUTOPLAY);
	tc_session_restart(s);
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_AUTOPLAY);
	assert_false(tc_session_in_progress(s));
	tc_session_new_game(s, SESSION_SEED); /* the same start: a restart */
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_AUTOPLAY);
	tc_session_new_game(s, SESSION_SEED + 1);
	assert_int_equal(tc_session_assisted(s), 0);
	tc_session_mark_assisted(s, TC_ASSIST_REVEAL);
	tc_session_new_game(s, SESSION_SEED);
	assert_int_equal(tc_session_assisted(s), 0);
	tc_session_free(s);
}

/* A fixed level keeps its marks through a restart; n goes on to the next level, another start
 * with none. */
static void session_same_level_again_stays_assisted(void **unused)
{
	struct session_clock clock = {0};
	struct zn_params p;
	znumbers_game.default_params(&p);
	p.level = 3;
	struct tc_session *s = session_start(&znumbers_game, &clock, &p, 0);
	tc_session_mark_assisted(s, TC_ASSIST_REVEAL);
	tc_session_restart(s);
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_REVEAL);
	tc_session_new_game(s, 99); /* the next level: another start */
	assert_int_equal(((const struct zn_params *)tc_session_params(s))->level, 4);
	assert_int_equal(tc_session_assisted(s), 0);
	tc_session_free(s);
}

/* The solution's moves mark the game; a move that changes nothing marks nothing. */
static void session_assisted_moves_mark_the_game(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	struct tc_move m = {.kind = G2048_LEFT};
	while (tc_session_apply(s, &m))
		; /* until left changes nothing */
	assert_false(tc_session_apply_assisted(s, &m, TC_ASSIST_SOLUTION));
	assert_int_equal(tc_session_assisted(s), 0);
	unsigned moves = tc_session_moves(s);
	for (unsigned kind = 0; kind < 4; kind++) {
		m.kind = (uint8_t)kind;
		if (tc_session_apply_assisted(s, &m, TC_ASSIST_SOLUTION))
			break;
	}
	assert_int_equal(tc_session_moves(s), moves + 1);
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_SOLUTION);
	assert_true(tc_session_undo(s));
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_SOLUTION);
	tc_session_free(s);
}

/* A hint counts once per position (issue 17: each stage of a stepwise hint and each repeat
 * counted, 162 for 54): asked again there, after undo or after a restart, it counts no more;
 * another position counts. A new game from another start begins at 0. */
static void session_counts_a_hint_once_per_position(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	assert_true(tc_session_count_hint(s));
	assert_false(tc_session_count_hint(s));
	assert_false(tc_session_count_hint(s));
	assert_int_equal(tc_session_hints(s), 1);
	session_play(s, 3);
	assert_true(tc_session_count_hint(s));
	assert_false(tc_session_count_hint(s));
	assert_int_equal(tc_session_hints(s), 2);
	assert_true(tc_session_undo(s));
	assert_true(tc_session_count_hint(s)); /* a position of its own */
	assert_int_equal(tc_session_hints(s), 3);
	assert_true(tc_session_redo(s));
	assert_false(tc_session_count_hint(s));
	assert_int_equal(tc_session_hints(s), 3);
	assert_int_equal(tc_session_assisted(s), 0); /* a hint leaves the game ranked */
	tc_session_restart(s);
	assert_int_equal(tc_session_hints(s), 3);
	assert_false(tc_session_count_hint(s)); /* the start had its hint */
	session_play(s, 3);
	assert_false(tc_session_count_hint(s)); /* the same moves: the same position */
	assert_int_equal(tc_session_hints(s), 3);
	tc_session_new_game(s, 2);
	assert_int_equal(tc_session_hints(s), 0);
	assert_true(tc_session_count_hint(s));
	assert_int_equal(tc_session_hints(s), 1);
	tc_session_free(s);
}

/* Every game whose H plays or tells the computer's move has a limit of hints, past which a game
 * is not ranked (issue 27: a zNumbers, Match-3 or 2048 game played by H alone ranked first). The
 * limit is the session's rule: given at one position after another, the last hint within it
 * leaves the game ranked, the next one marks it. */
static void every_game_with_hints_unranks_past_its_limit(void **unused)
{
	const struct tc_game *hinted[] = {&znumbers_game, &match3_game, &sudoku_game, &g2048_game};
	for (size_t i = 0; i < sizeof hinted / sizeof hinted[0]; i++)
		assert_true(hinted[i]->ranked_hints > 0);
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	for (unsigned hints = 1; hints <= g2048_game.ranked_hints; hints++) {
		assert_true(tc_session_count_hint(s));
		session_play(s, 1);
	}
	assert_int_equal(tc_session_assisted(s), 0);
	assert_true(tc_session_count_hint(s));
	assert_int_equal(tc_session_assisted(s), TC_ASSIST_HINTS);
	tc_session_free(s);
}

/* The clock's end of a game (Match-3's timed mode) is no move of the player's and cannot be
 * undone (the time would only run out again); a restart plays on. Played here on 2048's rules,
 * which the session does not look into. */
static void session_timeout_is_no_move_and_stays(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	session_play(s, 1);
	struct tc_move m;
	for (m.kind = 0; m.kind < 4; m.kind++)
		if (tc_session_apply_timeout(s, &m))
			break;
	assert_true(m.kind < 4);
	assert_int_equal(tc_session_moves(s), 1); /* "Score 240 in 2 moves" after one swap */
	assert_false(tc_session_can_undo(s));
	assert_false(tc_session_undo(s));
	assert_false(tc_session_apply_timeout(s, &m)); /* once */
	tc_session_restart(s);
	assert_int_equal(tc_session_moves(s), 0);
	session_play(s, 2);
	assert_true(tc_session_can_undo(s));
	tc_session_free(s);
}

/* The real 2048 rules from a start one merge away from winning. */
static void session_near_win_new(void *state, const void *params, uint64_t seed)
{
	struct g2048 *g = state;
	char err[128];
	g2048_parse("1024 1024 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", g, err, sizeof err);
	tc_rng_seed(&g->rng, seed, 2048);
}

static void session_keep_going_plays_on_after_win(void **unused)
{
	struct tc_game near_win = g2048_game;
	near_win.new_game = session_near_win_new;
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&near_win, &clock, NULL, SESSION_SEED);
	struct tc_move left = {.kind = G2048_LEFT};

	assert_int_equal(tc_session_status(s), TC_PLAYING);
	clock.now += 100;
	assert_true(tc_session_apply(s, &left));
	assert_int_equal(tc_session_status(s), TC_WON);
	assert_int_equal(tc_session_score(s), 2048);
	clock.now += 1000;
	assert_int_equal(tc_session_elapsed_ms(s), 100);

	tc_session_keep_going(s);
	assert_int_equal(tc_session_status(s), TC_PLAYING);
	clock.now += 50;
	assert_int_equal(tc_session_elapsed_ms(s), 150);

	assert_true(tc_session_won(s));
	/* The win was an end; the moves played on from it are not, until the game ends again. */
	session_play(s, 3);
	assert_int_equal(tc_session_best_score(s), tc_session_score(s));
	/* Played on to the end, it was still won; undone past the win, it was not. */
	session_play_to_the_end(s);
	int64_t end = tc_session_score(s);
	assert_true(tc_session_won(s));
	while (tc_session_undo(s))
		;
	assert_false(tc_session_won(s));

	/* Restarting forgets the choice: winning again asks again. */
	tc_session_restart(s);
	assert_true(tc_session_apply(s, &left));
	assert_int_equal(tc_session_status(s), TC_WON);
	/* A new game keeps the best end, not the live score of a game left unfinished. */
	tc_session_keep_going(s);
	session_play(s, 3);
	tc_session_new_game(s, SESSION_SEED + 1);
	assert_int_equal(tc_session_best_score(s), end);
	tc_session_free(s);
}

static void session_game_id_names_game_params_and_seed(void **unused)
{
	struct session_clock clock = {0};
	char id[TC_GAMEID_MAX];
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	assert_int_equal(tc_session_game_id(s, id, sizeof id), (int)strlen("2048:4x4:s12345"));
	assert_string_equal(id, "2048:4x4:s12345");
	tc_session_new_game(s, 0);
	tc_session_game_id(s, id, sizeof id);
	assert_string_equal(id, "2048:4x4:s0");
	tc_session_free(s);

	struct g2048_params p = {6};
	s = session_start(&g2048_game, &clock, &p, UINT64_MAX);
	tc_session_game_id(s, id, sizeof id);
	assert_string_equal(id, "2048:6x6:s18446744073709551615");
	tc_session_free(s);
}

/* A pack of fixed levels: a new game plays the next level, and a level's ID has no seed. */
static void session_new_game_moves_through_a_level_pack(void **unused)
{
	struct session_clock clock = {0};
	char id[TC_GAMEID_MAX];
	struct zn_params p = {6, 6, 60, ZN_PACK_SIZE - 1};
	struct tc_session *s = session_start(&znumbers_game, &clock, &p, SESSION_SEED);
	tc_session_game_id(s, id, sizeof id);
	assert_string_equal(id, "znumbers:level8:s0");
	const struct znumbers *start = tc_session_state(s);
	assert_int_equal(start->level, ZN_PACK_SIZE - 1);
	tc_session_new_game(s, SESSION_SEED);
	tc_session_game_id(s, id, sizeof id);
	assert_string_equal(id, "znumbers:level9:s0");
	/* After the last level of the pack come generated levels, which do use the seed. */
	tc_session_new_game(s, SESSION_SEED);
	tc_session_game_id(s, id, sizeof id);
	assert_string_equal(id, "znumbers:6x6a60:s12345");
	assert_int_equal(((const struct znumbers *)tc_session_state(s))->level, 0);
	tc_session_free(s);
}

/* The position some moves back, as the solution pane needs to find a solvable one. */
static void session_state_back_reaches_every_earlier_position(void **unused)
{
	struct session_clock clock = {0};
	struct tc_session *s = session_start(&g2048_game, &clock, NULL, SESSION_SEED);
	struct g2048 positions[4];
	memcpy(&positions[0], tc_session_state(s), sizeof positions[0]);
	int moves = 0;
	for (int dir = 0; dir < 4 && moves < 3; dir++)
		if (tc_session_apply(s, &(struct tc_move){.kind = (uint8_t)dir}))
			memcpy(&positions[++moves], tc_session_state(s), sizeof positions[0]);
	assert_true(moves >= 2);
	for (int back = 0; back <= moves; back++)
		assert_memory_equal(tc_session_state_back(s, (unsigned)back),
		                    &positions[moves - back], sizeof positions[0]);
	assert_null(tc_session_state_back(s, (unsigned)moves + 1));
	tc_session_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(session_undo_and_redo_step_through_positions),
	        cmocka_unit_test(session_undo_is_unlimited),
	        cmocka_unit_test(session_new_move_drops_redo_chain),
	        cmocka_unit_test(session_no_op_move_is_not_recorded),
	        cmocka_unit_test(session_no_op_move_keeps_redo_chain),
	        cmocka_unit_test(session_restart_returns_to_start),
	        cmocka_unit_test(session_new_game_starts_from_new_seed),
	        cmocka_unit_test(session_moves_follow_undo_and_redo),
	        cmocka_unit_test(session_in_progress_after_first_move),
	        cmocka_unit_test(session_clock_stops_while_paused),
	        cmocka_unit_test(session_clock_stops_when_lost_until_undo),
	        cmocka_unit_test(session_best_score_is_a_games_end),
	        cmocka_unit_test(session_carries_an_earlier_best_score),
	        cmocka_unit_test(session_assisted_until_another_start),
	        cmocka_unit_test(session_same_level_again_stays_assisted),
	        cmocka_unit_test(session_assisted_moves_mark_the_game),
	        cmocka_unit_test(session_counts_a_hint_once_per_position),
	        cmocka_unit_test(every_game_with_hints_unranks_past_its_limit),
	        cmocka_unit_test(session_timeout_is_no_move_and_stays),
	        cmocka_unit_test(session_keep_going_plays_on_after_win),
	        cmocka_unit_test(session_game_id_names_game_params_and_seed),
	        cmocka_unit_test(session_new_game_moves_through_a_level_pack),
	        cmocka_unit_test(session_state_back_reaches_every_earlier_position),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
