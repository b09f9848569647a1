/* Saved sessions: a save restores exactly the game it was, and no damaged save is played. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/g2048.h"
#include "tilecade/match3.h"
#include "tilecade/gameid.h"
#include "tilecade/rng.h"
#include "tilecade/session.h"
#include "tilecade/sudoku.h"
#include "tilecade/znumbers.h"

#define SAVE_SEED 424242

/* Where session_save.c puts each field: the damage tests aim at them. A change of the format
 * fails save_layout_is_the_documented_one first. */
enum {
	AT_MAGIC = 0,
	AT_NAME = 8,
	AT_STATE_SIZE = 24,
	AT_PARAMS_SIZE = 32,
	AT_PARAMS = 40,
	AT_SEED = 104,
	AT_COUNT = 112,
	AT_CURRENT = 120,
	AT_ELAPSED = 128,
	AT_KEEP_GOING = 136,
	AT_BEST = 144,
	AT_STATES = 152,
};

struct save_clock {
	uint64_t now;
};

static uint64_t save_now(void *ctx)
{
	return ((struct save_clock *)ctx)->now;
}

/* Plays one move a player might make; false when there is none. */
typedef bool (*save_player)(struct tc_session *s);

/* Toward a corner, as players do, so that a big board gets to 2048. */
static bool save_play_2048(struct tc_session *s)
{
	static const uint8_t order[] = {G2048_LEFT, G2048_DOWN, G2048_RIGHT, G2048_UP};
	for (size_t i = 0; i < sizeof order; i++)
		if (tc_session_apply(s, &(struct tc_move){.kind = order[i]}))
			return true;
	return false;
}

/* A legal move, from a tile that changes with the move count. */
static bool save_play_znumbers(struct tc_session *s)
{
	const struct znumbers *z = tc_session_state(s);
	int cells = z->board.rows * z->board.cols;
	int first = (int)(tc_session_moves(s) * 7u % (unsigned)cells);
	for (int k = 0; k < cells; k++) {
		int from = (first + k) % cells;
		uint8_t to[8];
		int n = zn_destinations(&z->board, from, to);
		if (n > 0) {
			struct tc_move m = {
			        .kind = 0,
			        .arg = {(int16_t)from, to[tc_session_moves(s) % (unsigned)n]}};
			return tc_session_apply(s, &m);
		}
	}
	return false;
}

/* A digit or a pencil mark in an empty cell that changes with the move count. */
static bool save_play_sudoku(struct tc_session *s)
{
	const struct sudoku *g = tc_session_state(s);
	unsigned n = (unsigned)tc_session_moves(s);
	for (int k = 0; k < SDK_CELLS; k++) {
		int c = (int)((n * 7u + (unsigned)k) % SDK_CELLS);
		if (g->entry.cell[c] == 0) {
			struct tc_move m = {.kind = n % 3 == 2 ? SDK_MOVE_MARK : SDK_MOVE_DIGIT,
			                    .arg = {(int16_t)c, (int16_t)(n % 9 + 1)}};
			return tc_session_apply(s, &m);
		}
	}
	return false;
}

/* A valid swap that changes with the move count. */
static bool save_play_match3(struct tc_session *s)
{
	const struct match3 *m = tc_session_state(s);
	int swaps[2 * M3_CELLS][2];
	int n = m3_valid_swaps(&m->field, swaps, 2 * M3_CELLS);
	if (n == 0)
		return false;
	int k = (int)(tc_session_moves(s) * 7u % (unsigned)n);
	struct tc_move mv = {.kind = 0, .arg = {(int16_t)swaps[k][0], (int16_t)swaps[k][1]}};
	return tc_session_apply(s, &mv);
}

static const struct {
	const char *game;
	save_player play;
} save_players[] = {
        {"2048", save_play_2048},
        {"znumbers", save_play_znumbers},
        {"sudoku", save_play_sudoku},
        {"match3", save_play_match3},
};

static save_player save_player_of(const struct tc_game *game)
{
	for (size_t i = 0; i < sizeof save_players / sizeof save_players[0]; i++)
		if (strcmp(save_players[i].game, game->name) == 0)
			return save_players[i].play;
	return NULL;
}

struct save_case {
	const char *game, *params;
	int moves;       /* at most; a zNumbers level may end sooner */
	int64_t carried; /* a best score from earlier games of the run */
};

static const struct save_case save_cases[] = {
        {"2048", "3x3", 15, 0},
        {"2048", "4x4", 30, 0},
        {"2048", "8x8", 60, 1000000},
        {"znumbers", "level3", 8, 0},
        {"znumbers", "6x6a60", 8, 0},
        {"znumbers", "10x10a80", 12, 77},
        {"sudoku", "level1", 10, 0},
        {"sudoku", "classic-easy", 12, 0},
        {"sudoku", "level4", 9, 0},
        {"sudoku", "latin-easy", 9, 0},
        {"match3", "endless-8x8t8", 8, 0},
        {"match3", "goals-level2", 8, 0},
        {"match3", "timed-6x6t4", 8, 50},
};
#define SAVE_CASES (sizeof save_cases / sizeof save_cases[0])

static const struct tc_game *save_game(const char *name)
{
	const struct tc_game *game = tc_game_find(name);
	assert_non_null(game);
	return game;
}

/* A game part-way through: moves on a ticking clock, the last one undone so that there is a
 * redo chain, and some time spent looking at the board after. */
static struct tc_session *save_case_session(const struct save_case *c, struct save_clock *clock)
{
	const struct tc_game *game = save_game(c->game);
	struct tc_params params;
	char err[160];
	memset(&params, 0, sizeof params);
	assert_int_equal(game->parse_params(c->params, params.bytes, err, sizeof err), 0);
	clock->now = 1000;
	struct tc_session *s =
	        tc_session_new(game, params.bytes, SAVE_SEED, &(struct tc_clock){save_now, clock});
	assert_non_null(s);
	tc_session_carry_best_score(s, c->carried);
	save_player play = save_player_of(game);
	assert_non_null(play);
	int played = 0;
	while (played < c->moves) {
		clock->now += 250 + 7 * (uint64_t)played;
		if (!play(s))
			break;
		played++;
	}
	assert_true(played >= 3);
	clock->now += 100;
	assert_true(tc_session_undo(s));
	clock->now += 333;
	return s;
}

static uint64_t save_get_u64(const unsigned char *blob, size_t at)
{
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)blob[at + i] << (8 * i);
	return v;
}

static void save_put_u64(unsigned char *blob, size_t at, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		blob[at + i] = (unsigned char)(v >> (8 * i));
}

/* Restores bytes from a buffer of exactly their length, so that the sanitizer sees any read
 * past the end. */
static struct tc_session *save_restore_exact(const unsigned char *bytes, size_t len,
                                             struct save_clock *clock, char *err, size_t errlen)
{
	unsigned char *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	if (len)
		memcpy(copy, bytes, len);
	err[0] = '\0';
	struct tc_session *s =
	        tc_session_restore(copy, len, &(struct tc_clock){save_now, clock}, err, errlen);
	free(copy);
	return s;
}

/* A refused save says why, on one line. */
static void save_assert_refused(const unsigned char *bytes, size_t len)
{
	struct save_clock clock = {5};
	char err[160];
	struct tc_session *s = save_restore_exact(bytes, len, &clock, err, sizeof err);
	assert_null(s);
	assert_true(err[0] != '\0');
	assert_null(strchr(err, '\n'));
}

/* Everything a player can do with a restored session, which must work on whatever state was
 * accepted: every position of the history is one the game accepts, and moves, status, score,
 * game ID and another save all work. */
static void save_exercise(struct tc_session *s)
{
	const struct tc_game *game = tc_session_game(s);
	char id[TC_GAMEID_MAX];
	assert_true(tc_session_game_id(s, id, sizeof id) > 0);
	while (tc_session_undo(s))
		;
	for (;;) {
		const void *state = tc_session_state(s);
		if (game->valid_state)
			assert_true(game->valid_state(state));
		(void)tc_session_status(s);
		(void)tc_session_score(s);
		if (!tc_session_redo(s))
			break;
	}
	save_player play = save_player_of(game);
	for (int i = 0; i < 4 && play(s); i++)
		(void)tc_session_status(s);
	for (uint8_t kind = 0; kind < 8; kind++)
		(void)tc_session_apply(s, &(struct tc_move){.kind = kind, .arg = {0, 1, 2, 3}});
	size_t len;
	void *again = tc_session_save(s, &len);
	assert_non_null(again);
	struct save_clock clock = {0};
	char err[160];
	struct tc_session *r = save_restore_exact(again, len, &clock, err, sizeof err);
	assert_non_null(r);
	tc_session_free(r);
	free(again);
}

static void save_covers_every_game(void **unused)
{
	for (int g = 0; tc_games[g]; g++) {
		assert_non_null(save_player_of(tc_games[g]));
		int cases = 0;
		for (size_t i = 0; i < SAVE_CASES; i++)
			cases += strcmp(save_cases[i].game, tc_games[g]->name) == 0;
		assert_true(cases >= 3);
	}
}

static void save_layout_is_the_documented_one(void **unused)
{
	struct save_clock clock;
	struct tc_session *s = save_case_session(&save_cases[1], &clock);
	size_t len;
	unsigned char *blob = tc_session_save(s, &len);
	assert_non_null(blob);
	assert_memory_equal(blob + AT_MAGIC, "tcsave1", 8);
	assert_string_equal((const char *)blob + AT_NAME, "2048");
	assert_int_equal(save_get_u64(blob, AT_STATE_SIZE), sizeof(struct g2048));
	assert_int_equal(save_get_u64(blob, AT_PARAMS_SIZE), sizeof(struct g2048_params));
	assert_int_equal(save_get_u64(blob, AT_SEED), SAVE_SEED);
	uint64_t count = save_get_u64(blob, AT_COUNT);
	assert_int_equal(save_get_u64(blob, AT_CURRENT), count - 1);
	assert_int_equal(save_get_u64(blob, AT_ELAPSED), tc_session_elapsed_ms(s));
	assert_int_equal(len, AT_STATES + (count + 1) * sizeof(struct g2048));
	assert_memory_equal(blob + AT_STATES + (count - 1) * sizeof(struct g2048),
	                    tc_session_state(s), sizeof(struct g2048));
	free(blob);
	tc_session_free(s);
}

static void save_round_trip_case(const struct save_case *c)
{
	struct save_clock clock;
	struct tc_session *s = save_case_session(c, &clock);
	const struct tc_game *game = tc_session_game(s);
	size_t size = game->state_size, len;
	unsigned char *blob = tc_session_save(s, &len);
	assert_non_null(blob);

	char err[160];
	struct tc_session *r = save_restore_exact(blob, len, &clock, err, sizeof err);
	if (!r)
		fail_msg("%s %s: %s", c->game, c->params, err);
	assert_ptr_equal(tc_session_game(r), game);
	assert_memory_equal(tc_session_state(r), tc_session_state(s), size);
	assert_memory_equal(tc_session_params(r), tc_session_params(s), game->params_size);
	assert_int_equal(tc_session_seed(r), tc_session_seed(s));
	assert_int_equal(tc_session_moves(r), tc_session_moves(s));
	assert_int_equal(tc_session_elapsed_ms(r), tc_session_elapsed_ms(s));
	assert_int_equal(tc_session_best_score(r), tc_session_best_score(s));
	assert_true(tc_session_best_score(r) >= c->carried);
	assert_int_equal(tc_session_score(r), tc_session_score(s));
	assert_int_equal(tc_session_status(r), tc_session_status(s));
	assert_true(tc_session_in_progress(r));
	char id_s[TC_GAMEID_MAX], id_r[TC_GAMEID_MAX];
	tc_session_game_id(s, id_s, sizeof id_s);
	tc_session_game_id(r, id_r, sizeof id_r);
	assert_string_equal(id_r, id_s);

	/* Saved again at once, it is the same save. */
	size_t len_again;
	unsigned char *again = tc_session_save(r, &len_again);
	assert_non_null(again);
	assert_int_equal(len_again, len);
	assert_memory_equal(again, blob, len);
	free(again);

	/* The clock goes on from where it was. */
	clock.now += 500;
	assert_int_equal(tc_session_elapsed_ms(r), tc_session_elapsed_ms(s));

	/* The undone move is there to redo. */
	assert_true(tc_session_can_redo(r));
	assert_true(tc_session_redo(s));
	assert_true(tc_session_redo(r));
	assert_memory_equal(tc_session_state(r), tc_session_state(s), size);
	assert_int_equal(tc_session_moves(r), tc_session_moves(s));
	assert_false(tc_session_can_redo(r));

	/* And every position back to the start, which is the game's start for this ID. */
	unsigned moves = tc_session_moves(s);
	for (unsigned back = 0; back <= moves; back++) {
		assert_memory_equal(tc_session_state(r), tc_session_state_back(s, back), size);
		assert_int_equal(tc_session_undo(r), back < moves);
	}
	assert_int_equal(tc_session_moves(r), 0);
	assert_false(tc_session_can_undo(r));
	struct tc_session *fresh =
	        tc_session_new(game, tc_session_params(s), tc_session_seed(s), NULL);
	assert_non_null(fresh);
	assert_memory_equal(tc_session_state(r), tc_session_state(fresh), size);

	tc_session_free(fresh);
	tc_session_free(r);
	tc_session_free(s);
	free(blob);
}

static void save_restores_every_game_exactly(void **unused)
{
	for (size_t i = 0; i < SAVE_CASES; i++)
		save_round_trip_case(&save_cases[i]);
}

/* A game over stays over with its clock stopped; a win played on stays played on. */
static void save_keeps_a_win_and_keep_going(void **unused)
{
	struct save_clock clock = {1000};
	struct tc_clock c = {save_now, &clock};
	struct g2048_params big = {G2048_MAX_SIZE};
	struct tc_session *s = tc_session_new(&g2048_game, &big, SAVE_SEED, &c);
	assert_non_null(s);
	for (int i = 0; i < 20000 && tc_session_status(s) == TC_PLAYING; i++) {
		clock.now += 10;
		assert_true(save_play_2048(s));
	}
	assert_int_equal(tc_session_status(s), TC_WON);
	uint64_t elapsed = tc_session_elapsed_ms(s);
	clock.now += 100000;

	size_t len;
	unsigned char *won = tc_session_save(s, &len);
	assert_non_null(won);
	char err[160];
	struct tc_session *r = save_restore_exact(won, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_status(r), TC_WON);
	clock.now += 1000;
	assert_int_equal(tc_session_elapsed_ms(r), elapsed);
	tc_session_free(r);

	tc_session_keep_going(s);
	for (int i = 0; i < 5; i++) {
		clock.now += 10;
		assert_true(save_play_2048(s));
	}
	assert_true(tc_session_undo(s));
	assert_int_equal(tc_session_status(s), TC_PLAYING);
	unsigned char *kept = tc_session_save(s, &len);
	assert_non_null(kept);
	r = save_restore_exact(kept, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_status(r), TC_PLAYING);
	assert_true(g2048_max_exponent(tc_session_state(r)) >= G2048_WIN_EXPONENT);
	assert_int_equal(tc_session_elapsed_ms(r), tc_session_elapsed_ms(s));
	clock.now += 40;
	assert_int_equal(tc_session_elapsed_ms(r), tc_session_elapsed_ms(s));
	assert_true(tc_session_redo(r));
	tc_session_free(r);

	/* The flag is what makes the difference. */
	kept[AT_KEEP_GOING] = 0;
	r = save_restore_exact(kept, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_status(r), TC_WON);
	tc_session_free(r);
	kept[AT_KEEP_GOING] = 0x40; /* bits 1-5: marks, the clock's end, the daily; 6-7 unknown */
	save_assert_refused(kept, len);
	assert_true(tc_session_save_is_newer(kept, len)); /* a mark of a newer tilecade */

	free(kept);
	free(won);
	tc_session_free(s);
}

/* A game started as the daily is one after a Continue too, through undo and a restart; a new
 * game of another seed is not. */
static void save_keeps_the_daily_mark(void **unused)
{
	struct save_clock clock = {1000};
	struct tc_clock c = {save_now, &clock};
	struct tc_session *s = tc_session_new(&g2048_game, NULL, 1020261207, &c);
	assert_non_null(s);
	assert_false(tc_session_daily(s));
	tc_session_mark_daily(s);
	assert_true(save_play_2048(s) && save_play_2048(s));
	size_t len;
	unsigned char *blob = tc_session_save(s, &len);
	assert_non_null(blob);
	char err[160];
	struct tc_session *r = save_restore_exact(blob, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_true(tc_session_daily(r));
	assert_true(tc_session_undo(r));
	tc_session_restart(r);
	assert_true(tc_session_daily(r));
	tc_session_new_game(r, SAVE_SEED);
	assert_false(tc_session_daily(r));
	tc_session_free(r);
	free(blob);
	tc_session_free(s);
}

/* A game the computer played in stays off the scoreboards after a save, with its hints and
 * marks, through a restart too; keep-going is still its own flag beside them. A save of before, whose bit 1
 * was 2048's autoplay, reads as autoplay. */
static void save_keeps_the_assisted_marks_and_hints(void **unused)
{
	struct save_clock clock = {1000};
	struct tc_clock c = {save_now, &clock};
	struct tc_session *s = tc_session_new(&g2048_game, NULL, SAVE_SEED, &c);
	assert_non_null(s);
	for (int i = 0; i < 5; i++)
		assert_true(save_play_2048(s));
	size_t len;
	unsigned char *plain = tc_session_save(s, &len);
	assert_non_null(plain);
	tc_session_mark_assisted(s, TC_ASSIST_AUTOPLAY);
	unsigned char *marked = tc_session_save(s, &len);
	assert_non_null(marked);
	assert_int_equal(save_get_u64(plain, AT_KEEP_GOING), 0);
	assert_int_equal(save_get_u64(marked, AT_KEEP_GOING), 2); /* as saves of before */
	char err[160];
	struct tc_session *r = save_restore_exact(plain, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_assisted(r), 0);
	tc_session_free(r);
	r = save_restore_exact(marked, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_assisted(r), TC_ASSIST_AUTOPLAY);
	assert_int_equal(tc_session_status(r), TC_PLAYING);
	tc_session_restart(r); /* the same start: still not the player's own */
	assert_int_equal(tc_session_assisted(r), TC_ASSIST_AUTOPLAY);
	tc_session_free(r);
	free(marked);

	/* The solution's moves, a reveal and hints, all at once. */
	for (int i = 0; i < 3; i++) /* hints for three positions */
		assert_true(tc_session_count_hint(s) && save_play_2048(s));
	tc_session_mark_assisted(s, TC_ASSIST_REVEAL);
	for (unsigned kind = 0, played = 0; played < 2; kind++) {
		struct tc_move m = {.kind = (uint8_t)(kind % 4)};
		played += tc_session_apply_assisted(s, &m, TC_ASSIST_SOLUTION);
	}
	assert_true(tc_session_undo(s));
	marked = tc_session_save(s, &len);
	assert_non_null(marked);
	r = save_restore_exact(marked, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_assisted(r),
	                 TC_ASSIST_AUTOPLAY | TC_ASSIST_SOLUTION | TC_ASSIST_REVEAL);
	assert_int_equal(tc_session_hints(r), 3);
	assert_int_equal(tc_session_moves(r), tc_session_moves(s));
	tc_session_free(r);
	free(marked);
	/* Saves of before counted the solution's moves in bits 32-63: read, and no longer kept. */
	marked = tc_session_save(s, &len);
	assert_non_null(marked);
	assert_int_equal(marked[AT_KEEP_GOING + 4], 0);
	marked[AT_KEEP_GOING + 4] = 25;
	r = tc_session_restore(marked, len, &c, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_hints(r), 3);
	tc_session_free(r);
	free(marked);

	/* The clock's end stays the clock's, and cannot be undone. */
	for (unsigned kind = 0;
	     !tc_session_apply_timeout(s, &(struct tc_move){.kind = (uint8_t)kind}); kind++)
		assert_true(kind < 4);
	marked = tc_session_save(s, &len);
	assert_non_null(marked);
	r = save_restore_exact(marked, len, &clock, err, sizeof err);
	assert_non_null(r);
	assert_int_equal(tc_session_moves(r), tc_session_moves(s));
	assert_false(tc_session_can_undo(r));
	tc_session_free(r);
	marked[AT_CURRENT] -= 1; /* the clock's end not the last position: no such save */
	save_assert_refused(marked, len);
	free(plain);
	free(marked);
	tc_session_free(s);
}

static unsigned char *save_case_blob(const struct save_case *c, size_t *len)
{
	struct save_clock clock;
	struct tc_session *s = save_case_session(c, &clock);
	unsigned char *blob = tc_session_save(s, len);
	assert_non_null(blob);
	tc_session_free(s);
	return blob;
}

static void save_refuses_every_truncation(void **unused)
{
	for (size_t i = 0; i < SAVE_CASES; i++) {
		size_t len;
		unsigned char *blob = save_case_blob(&save_cases[i], &len);
		for (size_t n = 0; n < len; n++) {
			save_assert_refused(blob, n);
			assert_false(tc_session_save_is_newer(blob, n));
		}
		free(blob);
	}
	save_assert_refused(NULL, 0);
}

static void save_refuses_trailing_bytes(void **unused)
{
	size_t len;
	unsigned char *blob = save_case_blob(&save_cases[0], &len);
	unsigned char *longer = calloc(1, len + 1);
	assert_non_null(longer);
	memcpy(longer, blob, len);
	save_assert_refused(longer, len + 1);
	free(longer);
	free(blob);
}

/* Restores damaged bytes; what is accepted must be playable. Returns whether it was. */
static bool save_try(const unsigned char *bytes, size_t len)
{
	struct save_clock clock = {0};
	char err[160];
	struct tc_session *s = save_restore_exact(bytes, len, &clock, err, sizeof err);
	if (!s) {
		assert_true(err[0] != '\0');
		return false;
	}
	save_exercise(s);
	tc_session_free(s);
	return true;
}

static void save_survives_single_byte_flips(void **unused)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, 1, 1);
	for (size_t i = 0; i < SAVE_CASES; i++) {
		size_t len;
		unsigned char *blob = save_case_blob(&save_cases[i], &len);
		unsigned char *copy = malloc(len);
		assert_non_null(copy);
		for (int k = 0; k < 1500; k++) {
			memcpy(copy, blob, len);
			size_t at = tc_rng_below(&rng, (uint32_t)len);
			copy[at] ^= (unsigned char)(1 + tc_rng_below(&rng, 255));
			bool accepted = save_try(copy, len);
			/* The magic and the sizes cannot change and still be a save. (The name
			 * can: games are found whatever the case, and bytes after its NUL are
			 * not read.) */
			if (at < AT_NAME || (at >= AT_STATE_SIZE && at < AT_PARAMS))
				assert_false(accepted);
		}
		free(copy);
		free(blob);
	}
}

static void save_survives_random_garbage(void **unused)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, 2, 1);
	unsigned char bytes[2048];
	for (int k = 0; k < 3000; k++) {
		size_t len = tc_rng_below(&rng, sizeof bytes + 1);
		for (size_t i = 0; i < len; i++)
			bytes[i] = (unsigned char)tc_rng_next(&rng);
		assert_false(save_try(bytes, len));
	}
}

/* The header of a real save and snapshots with some bytes set to small values, which the
 * game's checks accept far more often than random bytes: the states a damaged disk or a
 * hand-edited file could bring. */
static void save_survives_random_snapshots(void **unused)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, 3, 1);
	int accepted = 0;
	for (size_t i = 0; i < SAVE_CASES; i++) {
		size_t len;
		unsigned char *blob = save_case_blob(&save_cases[i], &len);
		unsigned char *copy = malloc(len);
		assert_non_null(copy);
		for (int k = 0; k < 1500; k++) {
			memcpy(copy, blob, len);
			int changes = 1 + (int)tc_rng_below(&rng, 6);
			for (int j = 0; j < changes; j++) {
				size_t at =
				        AT_STATES + tc_rng_below(&rng, (uint32_t)(len - AT_STATES));
				copy[at] = (unsigned char)tc_rng_below(&rng, 24);
			}
			accepted += save_try(copy, len);
		}
		free(copy);
		free(blob);
	}
	/* The exercise above must have been reached. */
	assert_true(accepted > 100);
}

static unsigned char *save_blob_of(const char *game, size_t *len)
{
	for (size_t i = 0; i < SAVE_CASES; i++)
		if (strcmp(save_cases[i].game, game) == 0)
			return save_case_blob(&save_cases[i], len);
	fail();
	return NULL;
}

static void save_refuses_wrong_magic(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("2048", &len);
	blob[AT_MAGIC] = 'T';
	save_assert_refused(blob, len);
	assert_false(tc_session_save_is_newer(blob, len)); /* damaged: not kept */
	memcpy(blob + AT_MAGIC, "tcsave2", 8);             /* a later format: kept for it */
	save_assert_refused(blob, len);
	assert_true(tc_session_save_is_newer(blob, len));
	free(blob);
}

static void save_refuses_unknown_game(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("2048", &len);
	memset(blob + AT_NAME, 0, 16);
	memcpy(blob + AT_NAME, "tetris", 6);
	save_assert_refused(blob, len);
	assert_true(tc_session_save_is_newer(blob, len)); /* a game of a newer tilecade */
	memset(blob + AT_NAME, 0, 16);
	save_assert_refused(blob, len);
	memset(blob + AT_NAME, 'z', 16); /* no terminator */
	save_assert_refused(blob, len);
	free(blob);
}

static void save_refuses_wrong_sizes(void **unused)
{
	for (int g = 0; tc_games[g]; g++) {
		size_t len;
		unsigned char *blob = save_blob_of(tc_games[g]->name, &len);
		uint64_t size = save_get_u64(blob, AT_STATE_SIZE);
		uint64_t count = save_get_u64(blob, AT_COUNT);
		/* One byte more a snapshot, and the bytes to go with it. */
		size_t bigger_len = len + count + 1;
		unsigned char *bigger = calloc(1, bigger_len);
		assert_non_null(bigger);
		memcpy(bigger, blob, len);
		save_put_u64(bigger, AT_STATE_SIZE, size + 1);
		save_assert_refused(bigger, bigger_len);
		free(bigger);

		save_put_u64(blob, AT_STATE_SIZE, 0);
		save_assert_refused(blob, len);
		save_put_u64(blob, AT_STATE_SIZE, size);
		save_put_u64(blob, AT_PARAMS_SIZE, save_get_u64(blob, AT_PARAMS_SIZE) + 4);
		save_assert_refused(blob, len);
		free(blob);
	}
}

static void save_put_params(unsigned char *blob, const void *params, size_t size)
{
	memset(blob + AT_PARAMS, 0, TC_PARAMS_MAX);
	memcpy(blob + AT_PARAMS, params, size);
}

static void save_refuses_bad_2048_params(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("2048", &len);
	static const int sizes[] = {9, 2, 0, -4, 44};
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct g2048_params p = {sizes[i]};
		save_put_params(blob, &p, sizeof p);
		save_assert_refused(blob, len);
	}
	free(blob);
}

static void save_refuses_bad_znumbers_params(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("znumbers", &len);
	static const struct zn_params bad[] = {
	        {11, 6, 60, 0}, {6, 3, 60, 0},  {6, 6, 1, 0},  {6, 6, 1001, 0},
	        {6, 6, 60, 10}, {6, 6, 60, -1}, {7, 6, 60, 3}, /* a level carries no size */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		save_put_params(blob, &bad[i], sizeof bad[i]);
		save_assert_refused(blob, len);
	}
	free(blob);
}

static void save_refuses_impossible_history(void **unused)
{
	for (int g = 0; tc_games[g]; g++) {
		size_t len;
		unsigned char *blob = save_blob_of(tc_games[g]->name, &len);
		uint64_t size = save_get_u64(blob, AT_STATE_SIZE);
		uint64_t count = save_get_u64(blob, AT_COUNT);
		save_put_u64(blob, AT_CURRENT, count + 1);
		save_assert_refused(blob, len);
		save_put_u64(blob, AT_CURRENT, UINT64_MAX);
		save_assert_refused(blob, len);
		save_put_u64(blob, AT_CURRENT, 0);
		save_put_u64(blob, AT_COUNT, UINT64_MAX);
		save_assert_refused(blob, len);
		save_put_u64(blob, AT_COUNT, count + 1);
		save_assert_refused(blob, len);
		/* A count whose bytes, multiplied out in 64 bits, come to exactly the length. */
		uint64_t wrap = size & (~size + 1) ? UINT64_MAX / (size & (~size + 1)) + 1 : 0;
		if (wrap) {
			save_put_u64(blob, AT_COUNT, count + wrap);
			assert_true((count + wrap + 1) * size == (count + 1) * size);
			save_assert_refused(blob, len);
		}
		free(blob);
	}
}

static void save_refuses_bad_znumbers_cells(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("znumbers", &len);
	const size_t size = sizeof(struct znumbers);
	uint64_t count = save_get_u64(blob, AT_COUNT);
	const size_t cell = offsetof(struct znumbers, board) + offsetof(struct zn_board, cell);
	const size_t rows = offsetof(struct znumbers, board) + offsetof(struct zn_board, rows);
	/* In the first snapshot, the shown one and the redo chain alike. */
	const uint64_t snapshots[] = {0, save_get_u64(blob, AT_CURRENT), count};
	for (size_t k = 0; k < 3; k++) {
		unsigned char *state = blob + AT_STATES + snapshots[k] * size;
		static const struct {
			size_t at;
			unsigned char value;
		} bad[] = {{cell, 0xEE}, {cell, 0x0A},
		           {cell, 0x20}, {cell + ZN_CELLS - 1, 3},
		           {rows, 11},   {rows, 3},
		           {rows, 0},    {offsetof(struct znumbers, level), 10}};
		for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
			unsigned char was = state[bad[b].at];
			state[bad[b].at] = bad[b].value;
			save_assert_refused(blob, len);
			state[bad[b].at] = was;
		}
	}
	assert_true(save_try(blob, len)); /* and put back, it is a save again */
	free(blob);
}

static void save_refuses_bad_2048_cells(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("2048", &len); /* 3x3 */
	const size_t size = sizeof(struct g2048);
	uint64_t count = save_get_u64(blob, AT_COUNT);
	const uint64_t snapshots[] = {0, save_get_u64(blob, AT_CURRENT), count};
	for (size_t k = 0; k < 3; k++) {
		unsigned char *state = blob + AT_STATES + snapshots[k] * size;
		static const struct {
			size_t at;
			unsigned char value;
		} bad[] = {
		        {offsetof(struct g2048, cell), 200},
		        {offsetof(struct g2048, cell) + 4, 64},
		        {offsetof(struct g2048, cell) + 9, 1}, /* outside a 3x3 board */
		        {offsetof(struct g2048, size), 9},
		        {offsetof(struct g2048, size), 2},
		};
		for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
			unsigned char was = state[bad[b].at];
			state[bad[b].at] = bad[b].value;
			save_assert_refused(blob, len);
			state[bad[b].at] = was;
		}
		/* A score beyond what the session's int64_t can show. */
		uint64_t score, huge = (uint64_t)INT64_MAX + 1;
		memcpy(&score, state + offsetof(struct g2048, score), sizeof score);
		memcpy(state + offsetof(struct g2048, score), &huge, sizeof huge);
		save_assert_refused(blob, len);
		memcpy(state + offsetof(struct g2048, score), &score, sizeof score);
	}
	assert_true(save_try(blob, len));
	free(blob);
}

static void save_refuses_bad_sudoku_cells(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("sudoku", &len); /* level1: the Latin stage */
	const size_t size = sizeof(struct sudoku);
	uint64_t count = save_get_u64(blob, AT_COUNT);
	const uint64_t snapshots[] = {0, save_get_u64(blob, AT_CURRENT), count};
	const size_t given = offsetof(struct sudoku, given), entry = offsetof(struct sudoku, entry),
	             solution = offsetof(struct sudoku, solution);
	for (size_t k = 0; k < 3; k++) {
		unsigned char *state = blob + AT_STATES + snapshots[k] * size;
		const struct {
			size_t at;
			unsigned char value;
		} bad[] = {
		        {offsetof(struct sudoku, stage), SDK_CLASSIC}, /* level 1 is latin */
		        {offsetof(struct sudoku, stage), 2},
		        {offsetof(struct sudoku, level), SDK_LEVELS + 1},
		        {offsetof(struct sudoku, revealed), 1}, /* the grid is not the solution */
		        {offsetof(struct sudoku, revealed), 2},
		        {given, 10},
		        {entry + SDK_CELLS - 1, 10},
		        {solution + 40, 0},
		        {offsetof(struct sudoku, marks) + 1, 0x80}}; /* little-endian */
		for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
			unsigned char was = state[bad[b].at];
			state[bad[b].at] = bad[b].value;
			save_assert_refused(blob, len);
			state[bad[b].at] = was;
		}
	}
	assert_true(save_try(blob, len));
	free(blob);
}

/* The game ID must reproduce the game: a save whose first position is not the start of the
 * game its parameters and seed name would file its scores under another game. */
static void save_refuses_a_start_its_game_id_does_not_make(void **unused)
{
	size_t len;
	unsigned char *blob = save_blob_of("2048", &len); /* 3x3, whose boards 4x4 would accept */
	struct g2048_params p = {4};
	save_put_params(blob, &p, sizeof p);
	save_assert_refused(blob, len);
	free(blob);

	for (int g = 0; tc_games[g]; g++) {
		blob = save_blob_of(tc_games[g]->name, &len);
		/* A fixed level (zNumbers' pack, Sudoku's campaign) is the same whatever the seed,
		 * which the session keeps at 0 for it. */
		bool fixed = tc_games[g]->uses_seed && save_get_u64(blob, AT_SEED) == 0;
		if (!fixed) {
			save_put_u64(blob, AT_SEED, save_get_u64(blob, AT_SEED) + 1);
			save_assert_refused(blob, len);
			save_put_u64(blob, AT_SEED, save_get_u64(blob, AT_SEED) - 1);
		}
		assert_true(save_try(blob, len));
		free(blob);
	}

	/* A start with one tile fewer, which the game's checks alone accept. */
	blob = save_blob_of("znumbers", &len);
	unsigned char *cell = blob + AT_STATES + offsetof(struct znumbers, board) +
	                      offsetof(struct zn_board, cell);
	int k = 0;
	while (cell[k] == 0)
		k++;
	cell[k] = 0;
	save_assert_refused(blob, len);
	free(blob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(save_covers_every_game),
	        cmocka_unit_test(save_layout_is_the_documented_one),
	        cmocka_unit_test(save_restores_every_game_exactly),
	        cmocka_unit_test(save_keeps_a_win_and_keep_going),
	        cmocka_unit_test(save_keeps_the_assisted_marks_and_hints),
	        cmocka_unit_test(save_keeps_the_daily_mark),
	        cmocka_unit_test(save_refuses_every_truncation),
	        cmocka_unit_test(save_refuses_trailing_bytes),
	        cmocka_unit_test(save_survives_single_byte_flips),
	        cmocka_unit_test(save_survives_random_garbage),
	        cmocka_unit_test(save_survives_random_snapshots),
	        cmocka_unit_test(save_refuses_wrong_magic),
	        cmocka_unit_test(save_refuses_unknown_game),
	        cmocka_unit_test(save_refuses_wrong_sizes),
	        cmocka_unit_test(save_refuses_bad_2048_params),
	        cmocka_unit_test(save_refuses_bad_znumbers_params),
	        cmocka_unit_test(save_refuses_impossible_history),
	        cmocka_unit_test(save_refuses_bad_znumbers_cells),
	        cmocka_unit_test(save_refuses_bad_2048_cells),
	        cmocka_unit_test(save_refuses_bad_sudoku_cells),
	        cmocka_unit_test(save_refuses_a_start_its_game_id_does_not_make),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
