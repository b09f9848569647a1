/* Recordings and replays (issue 18) as a player meets them: a finished game gets a number on
 * its scoreboard row (#N in `tilecade scores`), `tilecade replay N --headless` prints its
 * outcome, `tilecade replay N` and Enter on a row of the Scores screen play it again, step by
 * step forward and back, each step's board the one the batch mode gives for the moves so far; a
 * game left for good and a continued one are recorded from their start; bad numbers and bad
 * recordings are refused in one line. The model of 2048 is the core and the batch mode.
 * TILECADE_BIN comes from meson. */
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
#include "play_2048.h"
#include "proc.h"
#include "sandbox.h"
#include "screen_2048.h"
#include "lose_2048.h"
#include "tilecade/g2048.h"
#include "tilecade/live.h"
#include "tilecade/match3.h"
#include "tilecade/recordings.h"
#include "tilecade/session.h"
#include "tilecade/store.h"

#define WAIT_MS 5000
#define MENU_TAGLINE "tile games for the terminal"
#define ID "2048:3x3:s1"

static char config[4300]; /* Ann's: a 3x3 board */

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

/* Every test starts as Ann with no saves, no scores and no recordings. */
static int setup(void **state)
{
	e2e_sandbox_forget();
	assert_true(e2e_sandbox_file(config, sizeof config, "ann.ini", "[player]\nname = Ann\n[2048]\nsize = 3\n"));
	*state = NULL;
	return 0;
}

static int teardown(void **state)
{
	e2e_term_teardown(state);
	e2e_sandbox_forget();
	return 0;
}

/* ---- running the program ---- */

#define MAX_ARGS 12

/* tilecade --config Ann's with the arguments that follow (NULL-terminated), on an 80x24
 * terminal kept in *state for the teardown. */
static struct e2e_term *tilecade(void **state, ...)
{
	const char *argv[MAX_ARGS + 4] = {e2e_bin, "--config", config};
	int argc = 3;
	va_list ap;
	va_start(ap, state);
	for (const char *arg; (arg = va_arg(ap, const char *)) && argc < MAX_ARGS + 3;)
		argv[argc++] = arg;
	va_end(ap);
	argv[argc] = NULL;
	const char *env[] = {"NO_COLOR", NULL};
	e2e_free(*state);
	*state = e2e_start(24, 80, argv, env);
	assert_non_null(*state);
	return *state;
}

/* Runs tilecade --config Ann's without a terminal, to its end, and checks its exit status. */
static void run(struct e2e_run *r, int status, ...)
{
	const char *argv[MAX_ARGS + 4] = {e2e_bin, "--config", config};
	int argc = 3;
	va_list ap;
	va_start(ap, status);
	for (const char *arg; (arg = va_arg(ap, const char *)) && argc < MAX_ARGS + 3;)
		argv[argc++] = arg;
	va_end(ap);
	argv[argc] = NULL;
	assert_true(e2e_run(argv, WAIT_MS * 2, r));
	if (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != status)
		fprintf(stderr, "expected exit status %d; stdout:\n%s\nstderr:\n%s\n", status,
		        r->out, r->err);
	assert_true(WIFEXITED(r->status));
	assert_int_equal(WEXITSTATUS(r->status), status);
}

static void type_keys(struct e2e_term *t, const char *keys)
{
	assert_true(e2e_send_str(t, keys));
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

static bool on_screen(struct e2e_term *t, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col);
}

static bool either_text(struct e2e_term *t, void *texts)
{
	const char *const *text = texts;
	return on_screen(t, text[0]) || on_screen(t, text[1]);
}

/* q, and y when it asks, to the menu. */
static void leave_to_menu(struct e2e_term *t)
{
	type_keys(t, "q");
	const char *texts[] = {"(y/n)", MENU_TAGLINE};
	assert_true(e2e_wait(t, either_text, texts, WAIT_MS));
	if (on_screen(t, "(y/n)"))
		type_keys(t, "y");
	wait_text(t, MENU_TAGLINE);
}

static void assert_exits(struct e2e_term *t, int code)
{
	int status = e2e_wait_exit(t, WAIT_MS);
	if (status == -1)
		fprintf(stderr, "still running; screen:\n%s\n", e2e_screen(t));
	assert_true(status != -1);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), code);
}

/* The menu's Scores row, clicked once the menu shows it. */
static void open_scores(struct e2e_term *t)
{
	int row, col;
	wait_text(t, "Scores ");
	assert_true(e2e_find(t, "Scores ", &row, &col));
	assert_true(e2e_mouse_press(t, col + 2, row + 1));
	assert_true(e2e_mouse_release(t, col + 2, row + 1));
}

/* ---- 2048 ---- */

/* The batch mode's letters (l d r u) of vi keys (h j l k). */
static char batch_letter(char key)
{
	return key == 'h' ? 'l' : key == 'j' ? 'd' : key == 'l' ? 'r' : 'u';
}

static bool moves_shown(struct e2e_term *t, void *moves)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.moves == *(int *)moves;
}

/* Types keys[from..to), each slide waited for. */
static void slide(struct e2e_term *t, const char *keys, int from, int to)
{
	for (int i = from; i < to; i++) {
		char key[2] = {keys[i], '\0'};
		type_keys(t, key);
		int moves = i + 1;
		if (!e2e_wait(t, moves_shown, &moves, WAIT_MS))
			fprintf(stderr, "no 'Moves: %d' after '%s':\n%s\n", moves, key,
			        e2e_screen(t));
		assert_true(moves_shown(t, &moves));
	}
}

/* Ann's 3x3 game of seed 1 played to its end and left; keys gets its slides. */
static int play_a_lost_game(void **state, char *keys, size_t len, uint64_t *score)
{
	int n = e2e_play_losing_moves(1, keys, len, score);
	struct e2e_term *t = tilecade(state, "2048", "--seed", "1", "--no-anim", NULL);
	slide(t, keys, 0, n);
	wait_text(t, "Game over: no moves left");
	leave_to_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	return n;
}

/* The replay screen shows the game after its first `moves` slides of keys. */
static void assert_replay_at(struct e2e_term *t, const char *keys, int moves)
{
	struct e2e_play p = {.t = t, .bin = e2e_bin, .id = ID};
	for (int i = 0; i < moves; i++)
		p.moves[i] = batch_letter(keys[i]);
	e2e_play_check(&p);
}

/* The replay screen shows the game's end after its n slides. */
static void assert_replay_ended(struct e2e_term *t, int n)
{
	if (!e2e_wait(t, moves_shown, &n, WAIT_MS))
		fprintf(stderr, "no 'Moves: %d' at the end:\n%s\n", n, e2e_screen(t));
	assert_true(moves_shown(t, &n));
	wait_text(t, "Game over: no moves left");
}

/* ---- tests ---- */

/* A game played to its end is #1 on its board; its outcome is printed without a terminal, and
 * on screen it steps on and back through the moves played, Home and End its start and end. */
static void test_a_finished_game_is_recorded_and_replayed(void **state)
{
	char keys[512], line[128];
	uint64_t score;
	int n = play_a_lost_game(state, keys, sizeof keys, &score);
	assert_true(n >= 8);
	struct e2e_run r;
	run(&r, 0, "scores", "2048", NULL);
	if (!strstr(r.out, "lost") || !strstr(r.out, "  #1\n"))
		fprintf(stderr, "tilecade scores 2048:\n%s\n", r.out);
	assert_non_null(strstr(r.out, "  #1\n"));
	assert_non_null(strstr(r.out, "  Date        Replay\n")); /* #1 under its heading */
	e2e_run_free(&r);
	snprintf(line, sizeof line, "lost score=%llu moves=%d id=" ID "\n",
	         (unsigned long long)score, n);
	run(&r, 0, "replay", "1", "--headless", NULL);
	assert_string_equal(r.out, line);
	e2e_run_free(&r);
	run(&r, 0, "replay", "#1", "--headless", NULL);
	assert_string_equal(r.out, line);
	e2e_run_free(&r);

	struct e2e_term *t = tilecade(state, "replay", "1", NULL);
	wait_text(t, "replay #1");
	wait_text(t, "Ann");
	type_keys(t, " "); /* paused where it is, then to the start */
	type_keys(t, "\033[H");
	wait_text(t, "event 0 of"); /* nothing has happened yet */
	wait_text(t, "paused");
	assert_replay_at(t, keys, 0);
	for (int i = 1; i <= 4; i++) {
		type_keys(t, E2E_KEY_RIGHT);
		assert_replay_at(t, keys, i);
	}
	char where[32];
	snprintf(where, sizeof where, "event %d of", 4);
	wait_text(t, where);
	type_keys(t, E2E_KEY_LEFT);
	assert_replay_at(t, keys, 3);
	type_keys(t, E2E_KEY_LEFT);
	assert_replay_at(t, keys, 2);
	type_keys(t, "\033[F"); /* End: the end's box over the board, as the player saw it */
	assert_replay_ended(t, n);
	wait_text(t, "finished");
	type_keys(t, "+");
	wait_text(t, " 2x ");
	type_keys(t, "?");
	wait_text(t, "Replay of 2048: keys");
	type_keys(t, "x");
	wait_text(t, "finished");
	type_keys(t, "q");
	assert_exits(t, 0);

	/* At 40x12 the moves stay on the top line: the time goes first. */
	const char *argv[] = {e2e_bin, "--config", config, "replay", "1", NULL};
	const char *env[] = {"NO_COLOR", NULL};
	e2e_free(*state);
	*state = t = e2e_start(12, 40, argv, env);
	assert_non_null(t);
	type_keys(t, "G");
	snprintf(where, sizeof where, "Moves: %d", n);
	wait_text(t, where);
	assert_false(on_screen(t, "Time:"));
	type_keys(t, "q");
	assert_exits(t, 0);
}

/* Enter on a row of the Scores screen replays its game; q goes back to Scores. */
static void test_enter_on_a_scores_row_replays_it(void **state)
{
	char keys[512];
	uint64_t score;
	int n = play_a_lost_game(state, keys, sizeof keys, &score);
	struct e2e_term *t = tilecade(state, NULL);
	wait_text(t, MENU_TAGLINE);
	open_scores(t);
	wait_text(t, "2048 · 3x3");
	wait_text(t, "#1");
	type_keys(t, "\r");
	wait_text(t, "replay #1");
	type_keys(t, "\033[F"); /* End */
	assert_replay_ended(t, n);
	type_keys(t, "q");
	wait_text(t, "2048 · 3x3");
	wait_text(t, "Enter: replay");
	type_keys(t, "q");
	wait_text(t, MENU_TAGLINE);
	type_keys(t, "q");
	assert_exits(t, 0);
}

/* A game left for a new one is recorded as left, from its start; a game left to be continued
 * is recorded once it ends, from its real start too. */
static void test_left_and_continued_games_are_recorded_whole(void **state)
{
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(1, keys, sizeof keys, &score);
	struct e2e_term *t = tilecade(state, "2048", "--seed", "1", "--no-anim", NULL);
	slide(t, keys, 0, 3);
	type_keys(t, "n");
	wait_text(t, "(y/n)");
	type_keys(t, "y");
	int none = 0;
	assert_true(e2e_wait(t, moves_shown, &none, WAIT_MS));
	leave_to_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	struct e2e_run r;
	run(&r, 0, "replay", "1", "--headless", NULL);
	assert_true(strncmp(r.out, "left score=", 11) == 0);
	assert_non_null(strstr(r.out, " moves=3 id=" ID "\n"));
	e2e_run_free(&r);
	/* Its end says it was left, as its watchers were told; the clock was not paused. */
	t = tilecade(state, "replay", "1", NULL);
	wait_text(t, "replay #1");
	type_keys(t, "G");
	wait_text(t, "Ann left this game");
	assert_false(on_screen(t, "paused"));
	type_keys(t, "q");
	assert_exits(t, 0);

	/* Played, left, continued and played to its end: one game, from its start. */
	t = tilecade(state, "2048", "--seed", "1", "--no-anim", NULL);
	slide(t, keys, 0, 6);
	leave_to_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	t = tilecade(state, "--continue", "--no-anim", NULL);
	int six = 6;
	assert_true(e2e_wait(t, moves_shown, &six, WAIT_MS));
	slide(t, keys, 6, n);
	wait_text(t, "Game over: no moves left");
	leave_to_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	char line[128];
	snprintf(line, sizeof line, "lost score=%llu moves=%d id=" ID "\n",
	         (unsigned long long)score, n);
	run(&r, 0, "replay", "2", "--headless", NULL);
	assert_string_equal(r.out, line);
	e2e_run_free(&r);
	/* `replay` lists them, newest first: the game left for good is on no board, found here. */
	run(&r, 0, "replay", NULL);
	char lost[128];
	snprintf(lost, sizeof lost, "  Ann  " ID "  lost score=%llu moves=%d\n",
	         (unsigned long long)score, n);
	const char *second = strchr(r.out, '\n');
	if (strncmp(r.out, "#2  ", 4) != 0 || !strstr(r.out, lost) || !second ||
	    strncmp(second + 1, "#1  ", 4) != 0 || !strstr(second, "  Ann  " ID "  left score=") ||
	    !strstr(second, " moves=3\n") || strchr(second + 1, '\n')[1] != '\0')
		fail_msg("expected #2 (%s) then #1 (left, 3 moves):\n%s", lost, r.out);
	assert_string_equal(r.err, "");
	e2e_run_free(&r);
	t = tilecade(state, "replay", "2", NULL);
	wait_text(t, "replay #2");
	type_keys(t, "\033[H");
	assert_replay_at(t, keys, 0);
	type_keys(t, E2E_KEY_RIGHT);
	assert_replay_at(t, keys, 1);
	type_keys(t, "q");
	assert_exits(t, 0);
}

/* A recording's events written as given, in Ann's database; returns its number. */
static int64_t stored_recording(const char *game, const void *events, size_t len)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice); /* the default, made */
	assert_true(tc_store_ok(st));
	struct tc_recording rec = {
	        .moves = 1, .events = (unsigned char *)events, .events_len = len};
	snprintf(rec.player, sizeof rec.player, "Ann");
	snprintf(rec.game, sizeof rec.game, "%s", game);
	snprintf(rec.game_id, sizeof rec.game_id, ID);
	snprintf(rec.result, sizeof rec.result, "left");
	int64_t id = tc_store_add_recording(st, &rec);
	assert_true(id > 0);
	tc_store_close(st);
	return id;
}

/* Bad numbers are usage errors (2); a missing recording, one whose events are damaged or of a
 * game this version cannot play, and N's, are told in one line (1). */
static void test_bad_recordings_are_refused(void **state)
{
	(void)state;
	static const struct {
		const char *args[4];
		int status;
		const char *says;
	} cases[] = {
	        {{"replay", "--headless"}, 2, "--headless needs a recording's number"},
	        {{"replay", "01"}, 2, "'01' is not a recording's number"},
	        {{"replay", "x"}, 2, "'x' is not a recording's number"},
	        {{"replay", "0"}, 2, "'0' is not a recording's number"},
	        {{"replay", "#-3"}, 2, "not a recording's number"},
	        {{"replay", "99999999999999999999"}, 2, "not a recording's number"},
	        {{"replay", "1", "2"}, 2, "unexpected argument '2'"},
	        {{"replay", "1", "--seed", "3"}, 2, "not --seed"},
	        {{"replay", "7", "--headless"}, 1, "no recording #7"},
	        {{"replay", "7"}, 1, "no recording #7"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct e2e_run r;
		run(&r, cases[i].status, cases[i].args[0], cases[i].args[1], cases[i].args[2],
		    cases[i].args[3], NULL);
		if (!strstr(r.err, cases[i].says) ||
		    strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
			fprintf(stderr, "%s %s: expected one line with '%s':\n%s\n",
			        cases[i].args[0], cases[i].args[1] ? cases[i].args[1] : "",
			        cases[i].says, r.err);
		assert_non_null(strstr(r.err, cases[i].says));
		assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1);
		assert_string_equal(r.out, "");
		e2e_run_free(&r);
	}
	struct e2e_run none;
	run(&none, 0, "replay", NULL);
	assert_string_equal(none.out, "no recordings yet\n");
	e2e_run_free(&none);
	static const unsigned char junk[] = {0xff, 0xff, 0xff};
	static const unsigned char unknown_game[] = {1,   0,   9,   'n', 'o', 'p',
	                                             'e', ':', '3', ':', 's', '1'};
	/* The game's start, then an undo with nothing to undo. */
	static const unsigned char undo_first[] = {1,   0,   11,  '2', '0', '4', '8', ':',
	                                           '3', 'x', '3', ':', 's', '1', 5,   0};
	char number[4][24];
	snprintf(number[0], sizeof number[0], "%lld", (long long)stored_recording("2048", junk, 3));
	snprintf(number[1], sizeof number[1], "%lld",
	         (long long)stored_recording("nope", unknown_game, sizeof unknown_game));
	snprintf(number[2], sizeof number[2], "%lld",
	         (long long)stored_recording("2048", undo_first, sizeof undo_first));
	snprintf(number[3], sizeof number[3], "%lld",
	         (long long)stored_recording("ninja", unknown_game, sizeof unknown_game));
	const char *says[] = {"cannot be replayed: its events are damaged",
	                      "cannot be replayed: the stream's game ID", "does not fit the game",
	                      "cannot be replayed: the run's level"};
	for (int i = 0; i < 4; i++) {
		struct e2e_run r;
		run(&r, 1, "replay", number[i], "--headless", NULL);
		if (!strstr(r.err, says[i]))
			fprintf(stderr, "replay %s: expected '%s':\n%s\n", number[i], says[i],
			        r.err);
		assert_non_null(strstr(r.err, says[i]));
		assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1);
		e2e_run_free(&r);
	}
}

/* A save made before games were recorded (no stream with it): the game continues, and ends on
 * the scoreboard with no recording, since its moves before the save are not known; Enter on its
 * row says so in one line. */
static void test_a_game_saved_without_its_stream_is_not_recorded(void **state)
{
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(1, keys, sizeof keys, &score);
	struct tc_session *s = tc_session_new(&g2048_game, &(struct g2048_params){3}, 1, NULL);
	assert_non_null(s);
	for (int i = 0; i < 3; i++) {
		static const char letters[] = "hjlk";
		struct tc_move m = {.kind = (uint8_t)(strchr(letters, keys[i]) - letters)};
		assert_true(tc_session_apply(s, &m));
	}
	size_t len;
	void *blob = tc_session_save(s, &len);
	assert_non_null(blob);
	tc_session_free(s);
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice);
	assert_int_equal(tc_store_save_game(st, "2048", blob, len, ID ", 3 moves"), 0);
	tc_store_close(st);
	free(blob);

	struct e2e_term *t = tilecade(state, "--continue", "--no-anim", NULL);
	int three = 3;
	assert_true(e2e_wait(t, moves_shown, &three, WAIT_MS));
	slide(t, keys, 3, n);
	wait_text(t, "Game over: no moves left");
	leave_to_menu(t);
	open_scores(t);
	wait_text(t, "2048 · 3x3");
	assert_false(on_screen(t, "#1"));
	type_keys(t, "\r");
	wait_text(t, "No replay: this game was not recorded");
	type_keys(t, "q");
	wait_text(t, MENU_TAGLINE);
	type_keys(t, "q");
	assert_exits(t, 0);
	struct e2e_run r;
	run(&r, 0, "scores", "2048", NULL);
	assert_non_null(strstr(r.out, " lost "));
	assert_null(strstr(r.out, "  #")); /* the heading's " #" is the rank's */
	e2e_run_free(&r);
	run(&r, 1, "replay", "1", "--headless", NULL);
	e2e_run_free(&r);
}

/* A replay shows what the player's screen showed: zNumbers' solution pane, open when the game
 * was won (without its keys: they were the player's), "not ranked" at 80x24, and whose win it
 * was. */
static void test_replay_shows_what_the_player_saw(void **state)
{
	struct e2e_term *t = tilecade(state, "znumbers", "--seed", "3", NULL);
	wait_text(t, "znumbers:6x6a60:s3");
	type_keys(t, "s");
	wait_text(t, "(y/n)");
	type_keys(t, "y");
	wait_text(t, "Solution (s hides)");
	for (int i = 0; i < 34; i++) /* the solution, step by step */
		type_keys(t, ">");
	wait_text(t, "You won!");
	type_keys(t, "q");
	t = tilecade(state, "replay", "1", NULL);
	wait_text(t, "replay #1");
	type_keys(t, "G"); /* the end */
	wait_text(t, "Ann won");
	wait_text(t, "Solution");
	wait_text(t, "not ranked");
	int row, col;
	assert_false(e2e_find(t, "s hides", &row, &col));
}

/* A timed Match-3 whose time ran out ended: it could not be won, so it was not lost. */
static void test_a_game_that_cannot_be_won_ends(void **state)
{
	static const char id[] = "match3:timed-8x8t6:s5";
	const struct tc_live_event events[] = {
	        {.kind = TC_LIVE_START, .text = id, .text_len = sizeof id - 1},
	        {.kind = TC_LIVE_TIMEOUT, .at_ms = 60000, .move = {.kind = M3_MOVE_TIME_UP}},
	        {.kind = TC_LIVE_END, .at_ms = 60000, .value = TC_LIVE_END_FINISHED},
	};
	unsigned char bytes[256];
	size_t len = 0;
	for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
		size_t n = tc_live_encode(&events[i], bytes + len, sizeof bytes - len);
		assert_true(n > 0);
		len += n;
	}
	char number[24];
	snprintf(number, sizeof number, "%lld", (long long)stored_recording("match3", bytes, len));
	struct e2e_term *t = tilecade(state, "replay", number, NULL);
	wait_text(t, "replay #");
	type_keys(t, "G"); /* the end */
	wait_text(t, "Ann's game ended: Out of time");
	assert_false(on_screen(t, "lost"));
}

#define REPLAY_TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	        REPLAY_TEST(test_a_finished_game_is_recorded_and_replayed),
	        REPLAY_TEST(test_enter_on_a_scores_row_replays_it),
	        REPLAY_TEST(test_left_and_continued_games_are_recorded_whole),
	        REPLAY_TEST(test_a_game_saved_without_its_stream_is_not_recorded),
	        REPLAY_TEST(test_bad_recordings_are_refused),
	        REPLAY_TEST(test_replay_shows_what_the_player_saw),
	        REPLAY_TEST(test_a_game_that_cannot_be_won_ends),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
