/* Ghost races (issue 19) as a player meets them: `tilecade GAME --ghost N|best` plays the
 * recording's game with its ghost in the race pane, its progress coming in at the recording's
 * times and its finish at the recording's time; g on a row of Scores races that row; N's runs
 * race too; options that do not fit the recording are refused in one line. The recordings are
 * written here with the store, each event at a time of the test's choosing, so that what the
 * pane must show is known exactly. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "harness.h"
#include "proc.h"
#include "sandbox.h"
#include "tilecade/live.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/recordings.h"
#include "tilecade/store.h"
#include "tilecade/znumbers.h"

#define WAIT_MS 5000
#define MENU_TAGLINE "tile games for the terminal"
#define ZN_ID "znumbers:level1:s0"

static char config[4300]; /* Ann's */

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	setenv("TZ", "UTC", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	e2e_sandbox_no_host_config();
	return 0;
}

static int group_teardown(void **state)
{
	return e2e_game_group_teardown(state);
}

static int setup(void **state)
{
	e2e_sandbox_forget();
	assert_true(e2e_sandbox_file(config, sizeof config, "ann.ini", "[player]\nname = Ann\n"));
	*state = NULL;
	return 0;
}

static int teardown(void **state)
{
	e2e_term_teardown(state);
	e2e_sandbox_forget();
	return 0;
}

/* ---- the recordings ---- */

/* zNumbers' level 1 and a solution of it. */
static struct zn_board level;
static struct zn_move solution[ZN_MAX_MOVES];
static int tiles;

static void solve_level(void)
{
	zn_pack_level(1, &level);
	assert_int_equal(zn_solve(&level, 0, solution, &tiles, NULL), ZN_SOLVABLE);
	assert_true(tiles > 5);
}

/* A recording of rec's game with the events of log, in Ann's database, and a row on board
 * (game "" for none) linked to it; returns its number. */
static int64_t store(struct tc_recording *rec, const struct tc_live_log *log,
                     const struct tc_board_key *board)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice); /* the default, made */
	assert_true(tc_store_ok(st));
	rec->events = log->bytes;
	rec->events_len = log->len;
	int64_t id = tc_store_add_recording(st, rec);
	assert_true(id > 0);
	if (*board->game) {
		struct tc_score s = {.board = *board,
		                     .time_ms = rec->time_ms,
		                     .moves = rec->moves,
		                     .date = 1700000000,
		                     .recording = id};
		snprintf(s.player, sizeof s.player, "%s", rec->player);
		snprintf(s.game_id, sizeof s.game_id, "%s", rec->game_id);
		assert_true(tc_store_add_score(st, &s, TC_RANK_TIME) >= 1);
	}
	tc_store_close(st);
	return id;
}

/* Bob's win of zNumbers' level 1: his first move at first_ms, then one every step_ms. On the
 * level's board when ranked. */
static int64_t bobs_win(uint32_t first_ms, uint32_t step_ms, bool ranked)
{
	struct tc_live_log log = {0};
	struct tc_live_event ev = {.kind = TC_LIVE_START, .text = ZN_ID, .text_len = strlen(ZN_ID)};
	assert_true(tc_live_log_add(&log, &ev));
	uint32_t at = first_ms;
	for (int i = 0; i < tiles; i++, at += step_ms) {
		ev = (struct tc_live_event){.kind = TC_LIVE_MOVE,
		                            .at_ms = at,
		                            .move = {.arg = {solution[i].from, solution[i].to}}};
		assert_true(tc_live_log_add(&log, &ev));
	}
	at -= step_ms; /* the clock stopped at the winning move */
	ev = (struct tc_live_event){.kind = TC_LIVE_END, .at_ms = at};
	assert_true(tc_live_log_add(&log, &ev));
	struct tc_recording rec = {.time_ms = at, .moves = (unsigned)tiles};
	snprintf(rec.player, sizeof rec.player, "Bob");
	snprintf(rec.game, sizeof rec.game, "znumbers");
	snprintf(rec.game_id, sizeof rec.game_id, ZN_ID);
	snprintf(rec.result, sizeof rec.result, "won");
	struct tc_board_key board = {.game = "znumbers", .mode = "pack", .level = "level1"};
	struct tc_board_key none = {.game = ""};
	int64_t id = store(&rec, &log, ranked ? &board : &none);
	tc_live_log_free(&log);
	return id;
}

/* ---- running the program ---- */

#define MAX_ARGS 12

static const char *const *args_of(va_list ap, const char **argv)
{
	int argc = 3;
	argv[0] = e2e_bin;
	argv[1] = "--config";
	argv[2] = config;
	for (const char *arg; (arg = va_arg(ap, const char *)) && argc < MAX_ARGS + 3;)
		argv[argc++] = arg;
	argv[argc] = NULL;
	return argv;
}

/* tilecade --config Ann's with the arguments that follow (NULL-terminated), on an 80x24
 * terminal kept in *state for the teardown. */
static struct e2e_term *tilecade(void **state, ...)
{
	const char *argv[MAX_ARGS + 4];
	va_list ap;
	va_start(ap, state);
	args_of(ap, argv);
	va_end(ap);
	const char *env[] = {"NO_COLOR", NULL};
	e2e_free(*state);
	*state = e2e_start(24, 80, argv, env);
	assert_non_null(*state);
	return *state;
}

/* Runs tilecade without a terminal to its end: its exit status must be status and its
 * standard error says. */
static void refused(int status, const char *says, ...)
{
	const char *argv[MAX_ARGS + 4];
	va_list ap;
	va_start(ap, says);
	args_of(ap, argv);
	va_end(ap);
	struct e2e_run r;
	assert_true(e2e_run(argv, WAIT_MS * 2, &r));
	const char *newline = strchr(r.err, '\n');
	bool ok = WIFEXITED(r.status) && WEXITSTATUS(r.status) == status && strstr(r.err, says) &&
	          newline && newline[1] == '\0';
	if (!ok)
		fprintf(stderr, "expected status %d saying '%s' in one line; stderr:\n%s\n", status,
		        says, r.err);
	e2e_run_free(&r);
	assert_true(ok);
}

static void wait_text(struct e2e_term *t, const char *text, int ms)
{
	if (!e2e_wait_text(t, text, ms))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

/* A racer's line in the pane: the racer's name, then what it shows, on that line or, where
 * the pane gives a racer two, the next. */
struct racer_line {
	const char *name, *shows;
};

static bool racer_shows(struct e2e_term *t, void *ctx)
{
	const struct racer_line *l = ctx;
	int row = -1, col;
	while (e2e_find_from(t, l->name, row + 1, &row, &col))
		if (strstr(e2e_row(t, row) + col, l->shows) ||
		    strstr(e2e_row(t, row + 1), l->shows))
			return true;
	return false;
}

static void wait_racer(struct e2e_term *t, const char *name, const char *shows, int ms)
{
	struct racer_line l = {name, shows};
	if (!e2e_wait(t, racer_shows, &l, ms))
		fprintf(stderr, "waited for '%s' showing '%s':\n%s\n", name, shows, e2e_screen(t));
	assert_true(racer_shows(t, &l));
}

static void type_keys(struct e2e_term *t, const char *keys)
{
	assert_true(e2e_send_str(t, keys));
}

/* The arrows from the cell at..to on level 1's board: the cursor goes there. */
static void cursor_to(struct e2e_term *t, int from, int to)
{
	int cols = level.cols;
	for (int r = from / cols; r != to / cols; r += r < to / cols ? 1 : -1)
		type_keys(t, r < to / cols ? E2E_KEY_DOWN : E2E_KEY_UP);
	for (int c = from % cols; c != to % cols; c += c < to % cols ? 1 : -1)
		type_keys(t, c < to % cols ? E2E_KEY_RIGHT : E2E_KEY_LEFT);
}

/* Ann plays moves from..to-1 of the solution, her cursor at cell at; returns where it is then. */
static int play_moves(struct e2e_term *t, int at, int from, int to)
{
	for (int k = from; k < to; k++) {
		cursor_to(t, at, solution[k].from);
		type_keys(t, E2E_KEY_ENTER);
		cursor_to(t, solution[k].from, solution[k].to);
		type_keys(t, E2E_KEY_ENTER);
		at = solution[k].to;
	}
	return at;
}

/* "won M:SS.t" at Bob's recording's time: his first move at 4 s, one every 0.1 s. */
static void bobs_time(char *buf, size_t len)
{
	uint32_t time_ms = 4000 + 100 * (uint32_t)(tiles - 1);
	snprintf(buf, len, "won 0:%02u.%u", time_ms / 1000, time_ms % 1000 / 100);
}

static void assert_exits(struct e2e_term *t, int code)
{
	int status = e2e_wait_exit(t, WAIT_MS);
	if (status == -1)
		fprintf(stderr, "still running; screen:\n%s\n", e2e_screen(t));
	assert_true(status != -1 && WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), code);
}

/* ---- tests ---- */

/* The ghost waits at the start until its first move's time (4 s of Ann's clock), then its
 * tiles go at its pace, and it wins at its recording's time, 4 s + 0.1 s a move: "won 0:06.0"
 * for 21 moves. Ann's own line counts her move. */
static void test_the_pane_follows_the_recordings_times(void **state)
{
	solve_level();
	assert_int_equal(bobs_win(4000, 100, false), 1);
	char left[32], won[32];
	struct e2e_term *t = tilecade(state, "znumbers", "--ghost", "1", "--no-anim", NULL);
	wait_text(t, "Ghost: Bob #1", WAIT_MS);
	snprintf(left, sizeof left, "%d left", tiles);
	wait_racer(t, "Bob #1", left, WAIT_MS);
	/* Ann's first move: her line, marked, one tile fewer. */
	cursor_to(t, 0, solution[0].from);
	type_keys(t, E2E_KEY_ENTER);
	cursor_to(t, solution[0].from, solution[0].to);
	type_keys(t, E2E_KEY_ENTER);
	snprintf(left, sizeof left, "%d left", tiles - 1);
	wait_racer(t, "Ann", left, WAIT_MS);
	uint32_t time_ms = 4000 + 100 * (uint32_t)(tiles - 1);
	snprintf(won, sizeof won, "won 0:%02u.%u", time_ms / 1000, time_ms % 1000 / 100);
	wait_racer(t, "Bob #1", won, 3 * WAIT_MS);
	wait_text(t, "1 Bob #1", 0); /* the winner first */
	type_keys(t, "q");
	wait_text(t, "(y/n)", WAIT_MS);
	type_keys(t, "y");
	wait_text(t, "zNumbers: choose a level", WAIT_MS); /* as after znumbers --level 1 */
	type_keys(t, "q");
	wait_text(t, MENU_TAGLINE, WAIT_MS);
	type_keys(t, "q");
	assert_exits(t, 0);
}

/* A restart starts the race again: the ghost, finished, goes back to its start with Ann's
 * clock (its first move is 4 s away). */
static void test_a_restart_starts_the_race_again(void **state)
{
	solve_level();
	assert_int_equal(bobs_win(4000, 100, false), 1);
	char left[32], won[32];
	struct e2e_term *t = tilecade(state, "znumbers", "--ghost", "1", "--no-anim", NULL);
	wait_text(t, "Ghost: Bob #1", WAIT_MS);
	play_moves(t, 0, 0, 1);
	bobs_time(won, sizeof won);
	wait_racer(t, "Bob #1", won, 3 * WAIT_MS);
	type_keys(t, "r");
	wait_text(t, "Restart? (y/n)", WAIT_MS);
	type_keys(t, "y");
	snprintf(left, sizeof left, "%d left", tiles);
	wait_racer(t, "Ann", left, WAIT_MS);
	wait_racer(t, "Bob #1", left, 0);
	wait_text(t, "Time: 0:0", 0);
}

/* Ann wins; the ghost plays on to its finish by the wall clock; an undo puts her game back in
 * play, on its own clock again, and her win after a redo is at her game's time, the one her
 * top line shows. */
static void test_an_undo_after_the_end_races_on_the_games_clock(void **state)
{
	solve_level();
	assert_int_equal(bobs_win(4000, 100, false), 1);
	char won[32];
	struct e2e_term *t = tilecade(state, "znumbers", "--ghost", "1", "--no-anim", NULL);
	wait_text(t, "Ghost: Bob #1", WAIT_MS);
	play_moves(t, 0, 0, tiles);
	wait_racer(t, "Ann", "won ", WAIT_MS);
	bobs_time(won, sizeof won);
	wait_racer(t, "Bob #1", won, 3 * WAIT_MS);
	type_keys(t, "u");
	wait_racer(t, "Ann", "1 left", WAIT_MS);
	type_keys(t, "U");
	wait_racer(t, "Ann", "won ", WAIT_MS);
	/* The status line's time is read from a whole frame (a frame goes out in passes). */
	assert_true(e2e_wait_quiet(t, 50, WAIT_MS));
	int row, col;
	assert_true(e2e_find(t, "Time: ", &row, &col));
	char time[16];
	snprintf(time, sizeof time, "won %.4s.", e2e_row(t, row) + col + 6);
	wait_racer(t, "Ann", time, 0);
}

/* Help is the player's own business against a ghost (a race of people refuses it): zNumbers'
 * solution pane opens, beside the board with the race pane beside it, or with the race as a
 * ticker where both do not fit. */
static void test_the_solution_pane_and_the_ghost_share_the_screen(void **state)
{
	solve_level();
	assert_int_equal(bobs_win(60000, 100, false), 1);
	struct e2e_term *t = tilecade(state, "znumbers", "--ghost", "1", "--no-anim", NULL);
	wait_text(t, "Ghost: Bob #1", WAIT_MS);
	type_keys(t, "s");
	wait_text(t, "(y/n)", WAIT_MS);
	type_keys(t, "y");
	wait_text(t, "Solution", WAIT_MS);
	assert_true(e2e_wait_quiet(t, 50, WAIT_MS)); /* the whole frame drawn, not its top */
	int sol_row, sol_col, race_row, race_col;
	assert_true(e2e_find(t, "Solution", &sol_row, &sol_col));
	assert_true(e2e_find(t, "Ghost:", &race_row, &race_col));
	assert_true(race_col > sol_col); /* both beside the board */
	assert_false(e2e_find(t, "Too small for the solution pane", &sol_row, &sol_col));

	/* Too low for the solution under the board beside the race: the solution pane keeps its
	 * place beside the board, and the race goes to a ticker on the line above the status
	 * line. */
	assert_true(e2e_resize(t, 14, 64));
	assert_true(e2e_wait_quiet(t, 50, WAIT_MS));
	assert_false(e2e_find(t, "Ghost:", &race_row, &race_col));
	assert_true(e2e_find(t, "Solution", &sol_row, &sol_col));
	assert_false(e2e_find(t, "Too small for the solution pane", &sol_row, &sol_col));
	assert_true(e2e_find(t, "1 Ann ", &race_row, &race_col));
	assert_int_equal(race_row, 12);
}

/* g on a row of Scores plays its game against its ghost; leaving it goes back to Scores.
 * --ghost best races the same row from the command line. */
static void test_g_on_a_scores_row_races_it(void **state)
{
	solve_level();
	assert_int_equal(bobs_win(60000, 100, true), 1);
	struct e2e_term *t = tilecade(state, NULL);
	wait_text(t, MENU_TAGLINE, WAIT_MS);
	int row, col;
	wait_text(t, "Scores ", WAIT_MS);
	assert_true(e2e_find(t, "Scores ", &row, &col));
	assert_true(e2e_mouse_press(t, col + 2, row + 1));
	assert_true(e2e_mouse_release(t, col + 2, row + 1));
	wait_text(t, "zNumbers · level 1", WAIT_MS);
	wait_text(t, "g: race its ghost", WAIT_MS);
	type_keys(t, "g");
	wait_text(t, "Ghost: Bob #1", WAIT_MS);
	wait_text(t, "Level 1", WAIT_MS);
	type_keys(t, "q"); /* nothing played: no question */
	wait_text(t, "g: race its ghost", WAIT_MS);
	type_keys(t, "q");
	wait_text(t, MENU_TAGLINE, WAIT_MS);
	type_keys(t, "q");
	assert_exits(t, 0);

	t = tilecade(state, "znumbers", "--level", "1", "--ghost", "best", NULL);
	wait_text(t, "Ghost: Bob #1", WAIT_MS);
	type_keys(t, "q");
	wait_text(t, "zNumbers: choose a level", WAIT_MS);
	type_keys(t, "q");
	wait_text(t, MENU_TAGLINE, WAIT_MS);
	type_keys(t, "q");
	assert_exits(t, 0);
}

/* N: the ghost of the demo run (a win of 263 steps) finishes at 263 x 25 ms, once Ann's run
 * has started: N's clock waits for her first key. */
static void test_an_n_run_races_its_ghost(void **state)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/data/ninja-demo.replay", TILECADE_SRC);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char text[1 << 16];
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	static struct nj_replay rp;
	char err[256];
	assert_int_equal(nj_replay_parse(text, &rp, err, sizeof err), 0);
	struct nj_run end;
	assert_int_equal(nj_replay_run(&rp, &end, err, sizeof err), 0);
	assert_int_equal(end.outcome, NJ_WIN);
	struct tc_live_log log = {0};
	assert_true(nj_stream_of_replay(&rp, "demo", TC_LIVE_END_FINISHED, &log));
	struct tc_recording rec = {.time_ms = end.steps * NJ_STEP_MS, .moves = (unsigned)end.steps};
	snprintf(rec.player, sizeof rec.player, "Cy");
	snprintf(rec.game, sizeof rec.game, "ninja");
	nj_game_id(&rp.level, "demo", rec.game_id, sizeof rec.game_id);
	snprintf(rec.result, sizeof rec.result, "won");
	struct tc_board_key none = {.game = ""};
	assert_int_equal(store(&rec, &log, &none), 1);
	tc_live_log_free(&log);

	struct e2e_term *t = tilecade(state, "ninja", "--ghost", "1", NULL);
	wait_text(t, "Ghost: Cy #1", WAIT_MS);
	wait_racer(t, "Cy #1", "gold alive", WAIT_MS);
	type_keys(t, " "); /* the run starts: jump */
	char won[32];
	int ms = end.steps * NJ_STEP_MS;
	snprintf(won, sizeof won, "won 0:%02d.%d", ms / 1000, ms % 1000 / 100);
	wait_text(t, won, 3 * WAIT_MS);
	type_keys(t, "q");
	wait_text(t, MENU_TAGLINE, WAIT_MS);
	type_keys(t, "q");
	assert_exits(t, 0);
}

/* What does not fit the recording (its stream's game, whatever its row says), one line each: 2
 * for the command line, 1 for no recording. */
static void test_options_that_do_not_fit_are_refused(void **state)
{
	(void)state;
	solve_level();
	assert_int_equal(bobs_win(1000, 100, false), 1);
	refused(2, "recording #1 is a znumbers game, not 2048", "2048", "--ghost", "1", NULL);
	/* A damaged row: its game column says 2048, its stream plays zNumbers. */
	struct tc_live_log log = {0};
	struct tc_live_event ev = {.kind = TC_LIVE_START, .text = ZN_ID, .text_len = strlen(ZN_ID)};
	assert_true(tc_live_log_add(&log, &ev));
	struct tc_recording rec = {
	        .game = "2048", .game_id = "2048:4x4:s1", .player = "Bob", .result = "left"};
	struct tc_board_key none = {.game = ""};
	assert_int_equal(store(&rec, &log, &none), 2);
	tc_live_log_free(&log);
	refused(2, "recording #2 is a znumbers game, not 2048", "2048", "--ghost", "2", NULL);
	refused(2, "--ghost 1 races the game " ZN_ID ", not the one --level asks for", "znumbers",
	        "--level", "2", "--ghost", "1", NULL);
	refused(2, "--ghost must be a recording's number (#N in tilecade scores) or best, not 'x'",
	        "znumbers", "--ghost", "x", NULL);
	refused(2, "--ghost best needs a game", "--ghost", "best", NULL);
	refused(2, "--ghost races a game on screen; drop --continue", "--ghost", "1", "--continue",
	        NULL);
	refused(2, "scores takes a game, --level and --db, not --ghost", "scores", "--ghost", "1",
	        NULL);
	refused(1, "no recording #9", "znumbers", "--ghost", "9", NULL);
	refused(1, "no recorded game to race on the board zNumbers", "znumbers", "--level", "1",
	        "--ghost", "best", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_the_pane_follows_the_recordings_times, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_a_restart_starts_the_race_again, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_an_undo_after_the_end_races_on_the_games_clock,
	                                        setup, teardown),
	        cmocka_unit_test_setup_teardown(
	                test_the_solution_pane_and_the_ghost_share_the_screen, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_g_on_a_scores_row_races_it, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_an_n_run_races_its_ghost, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_options_that_do_not_fit_are_refused, setup,
	                                        teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
