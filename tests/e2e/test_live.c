/* Games shared live (issue 18) as two terminals of one player meet them: one plays 2048, the
 * other lists the games in progress (`tilecade live`) and watches (`tilecade watch NAME`),
 * its board checked against the model move by move; the player leaves, or is killed, and the
 * watcher is told. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <pwd.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "play_2048.h"
#include "proc.h"
#include "sandbox.h"
#include "screen_2048.h"

#define WAIT_MS 5000

struct two {
	struct e2e_term *player, *watcher;
};

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	setenv("LC_ALL", "C.UTF-8", 1);
	e2e_sandbox_no_host_config();
	return 0;
}

static int setup(void **state)
{
	e2e_sandbox_forget();
	*state = calloc(1, sizeof(struct two));
	return 0;
}

static int teardown(void **state)
{
	struct two *t = *state;
	e2e_free(t->player);
	e2e_free(t->watcher);
	free(t);
	e2e_sandbox_forget();
	return 0;
}

/* The player's name on a local game: the login name. */
static const char *login_name(void)
{
	struct passwd *pw = getpwuid(getuid());
	assert_non_null(pw);
	return pw->pw_name;
}

/* Runs tilecade with these arguments without a terminal. */
static void run(const char *a, const char *b, struct e2e_run *r)
{
	const char *argv[] = {e2e_bin, a, b, NULL};
	assert_true(e2e_run(argv, WAIT_MS, r));
}

static struct e2e_term *start_player(void)
{
	const char *argv[] = {e2e_bin, "2048", "--seed", "5", NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	return t;
}

/* The watcher, in a window of its own size. */
static struct e2e_term *start_watcher(void)
{
	const char *argv[] = {e2e_bin, "watch", login_name(), NULL};
	struct e2e_term *t = e2e_start(22, 60, argv, NULL);
	assert_non_null(t);
	return t;
}

static void expect_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "no \"%s\" on the screen:\n%s\n", text, e2e_screen(t));
	int row, col;
	assert_true(e2e_find(t, text, &row, &col));
}

/* The model of the watcher's screen: the player's game as it is now. */
static void watch_model(struct e2e_play *watcher, struct e2e_term *t, const struct e2e_play *player)
{
	*watcher = *player;
	watcher->t = t;
	expect_text(t, player->id);
	e2e_play_check(watcher);
}

static bool pane_gone(struct e2e_term *t, void *ctx)
{
	(void)ctx;
	int row, col;
	return !e2e_find(t, "Solution", &row, &col);
}

/* zNumbers' cursor is off the first column of row 1: "[" shows on that row, not after the
 * frame's left side. */
static bool cursor_moved(struct e2e_term *t, void *ctx)
{
	(void)ctx;
	int row, col;
	if (!e2e_find(t, " 1 │", &row, &col) || e2e_find(t, "│[", &row, &col))
		return false;
	return strchr(e2e_row(t, row), '[') != NULL;
}

/* A slide on the player's screen, in both models (watcher NULL: none yet) when it moves
 * anything. */
static void slide(struct e2e_play *player, struct e2e_play *watcher, char dir)
{
	if (!e2e_play_would_move(player, dir))
		return;
	const char *key = dir == 'l'   ? E2E_KEY_LEFT
	                  : dir == 'r' ? E2E_KEY_RIGHT
	                  : dir == 'u' ? E2E_KEY_UP
	                               : E2E_KEY_DOWN;
	assert_true(e2e_send_str(player->t, key));
	e2e_play_slide(player, dir);
	if (watcher)
		e2e_play_slide(watcher, dir);
}

/* The player plays, undoes and redoes; the watcher's board, score and moves follow each step;
 * `tilecade live` lists the game; the player leaves and the watcher is told. */
static void test_watcher_follows_the_player(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player, watcher;
	e2e_play_begin(&player, t->player, e2e_bin);
	slide(&player, NULL, 'l'); /* played before anyone watches: sent to the watcher late */
	e2e_play_check(&player);

	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &player);
	char names[96];
	snprintf(names, sizeof names, "watching %s, 1 watching", login_name());
	expect_text(t->watcher, names);
	expect_text(t->player, "1 watching");

	const char dirs[] = "uldrrdlulurdldru";
	for (const char *d = dirs; *d; d++) {
		slide(&player, &watcher, *d);
		e2e_play_check(&player);
		e2e_play_check(&watcher);
	}
	assert_true(e2e_send_str(t->player, "u"));
	e2e_play_undo(&player);
	e2e_play_undo(&watcher);
	e2e_play_check(&watcher);
	assert_true(e2e_send_str(t->player, "\022")); /* Ctrl-R: redo */
	e2e_play_redo(&player);
	e2e_play_redo(&watcher);
	e2e_play_check(&watcher);

	/* The watcher's keys change nothing. */
	assert_true(e2e_send_str(t->watcher, "u" E2E_KEY_LEFT));
	expect_text(t->watcher, "read-only");
	expect_text(t->watcher, names); /* whose game, first on the line */
	e2e_play_check(&watcher);
	e2e_play_check(&player);
	assert_true(e2e_send_str(t->watcher, "?"));
	expect_text(t->watcher, "stop watching");
	assert_true(e2e_send_str(t->watcher, " "));

	struct e2e_run r;
	run("live", NULL, &r);
	assert_int_equal(WEXITSTATUS(r.status), 0);
	char line[96];
	snprintf(line, sizeof line, "%s", login_name());
	assert_non_null(strstr(r.out, line));
	assert_non_null(strstr(r.out, "2048:4x4:s5"));
	char moves[32];
	snprintf(moves, sizeof moves, " %zu moves", strlen(player.moves));
	assert_non_null(strstr(r.out, moves));
	e2e_run_free(&r);

	/* The player leaves: the watcher is told, and q ends the watch. */
	assert_true(e2e_send_str(t->player, "qy"));
	char left[64];
	snprintf(left, sizeof left, "%s left", login_name());
	expect_text(t->watcher, left);
	e2e_play_check(&watcher); /* the last position stays */
	assert_true(e2e_send_str(t->watcher, "q"));
	int status = e2e_wait_exit(t->watcher, WAIT_MS);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(e2e_terminal_given_back(t->watcher));

	run("live", NULL, &r);
	assert_string_equal(r.out, "no games in progress\n");
	e2e_run_free(&r);
}

/* A player killed with -9 sends no end: the watcher reads a dropped connection, and the list
 * forgets the socket left behind. */
static void test_killed_player_is_dropped(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player, watcher;
	e2e_play_begin(&player, t->player, e2e_bin);
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &player);
	expect_text(t->player, "1 watching");
	assert_int_equal(kill(e2e_pid(t->player), SIGKILL), 0);
	char dropped[96];
	snprintf(dropped, sizeof dropped, "%s's connection dropped", login_name());
	expect_text(t->watcher, dropped);
	assert_true(e2e_send_str(t->watcher, E2E_KEY_ESC));
	int status = e2e_wait_exit(t->watcher, WAIT_MS);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);

	struct e2e_run r;
	run("live", NULL, &r);
	assert_string_equal(r.out, "no games in progress\n");
	e2e_run_free(&r);
}

/* The screen shows a 2048 game whose ID is not old_id. */
static bool another_game(struct e2e_term *t, void *old_id)
{
	struct e2e_2048_status status;
	return e2e_2048_status(t, &status) && strcmp(status.id, old_id) != 0 && status.moves == 0;
}

/* A new game (n) comes to the watcher as it starts; a game continued from its save comes whole,
 * the moves played before the save too. */
static void test_new_and_continued_games_follow(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player, watcher;
	e2e_play_begin(&player, t->player, e2e_bin);
	slide(&player, NULL, 'l');
	slide(&player, NULL, 'u');
	e2e_play_check(&player);
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &player);

	assert_true(e2e_send_str(t->player, "n"));
	expect_text(t->player, "(y/n)");
	assert_true(e2e_send_str(t->player, "y"));
	struct e2e_play fresh;
	/* Moves and ID are on two status lines, which may come in two passes: the new ID first. */
	assert_true(e2e_wait(t->player, another_game, player.id, WAIT_MS));
	e2e_play_begin(&fresh, t->player, e2e_bin);
	assert_string_not_equal(fresh.id, player.id);
	watch_model(&watcher, t->watcher, &fresh);
	/* One slide that moves (the new game's seed is any: down may move nothing). */
	for (const char *d = "dulr"; *d && !fresh.moves[0]; d++)
		slide(&fresh, &watcher, *d);
	e2e_play_check(&watcher);

	/* Left to be continued: saved with its stream, and continued whole. */
	assert_true(e2e_send_str(t->player, "qy"));
	char left[64];
	snprintf(left, sizeof left, "%s left", login_name());
	expect_text(t->watcher, left);
	assert_true(e2e_send_str(t->watcher, "q"));
	assert_true(WIFEXITED(e2e_wait_exit(t->watcher, WAIT_MS)));
	e2e_free(t->watcher);
	e2e_free(t->player);
	t->watcher = t->player = NULL;
	const char *argv[] = {e2e_bin, "--continue", NULL};
	t->player = e2e_start(24, 80, argv, NULL);
	assert_non_null(t->player);
	fresh.t = t->player;
	e2e_play_check(&fresh);
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &fresh);
}

/* The watcher's Best is the player's at every moment: a game left for a new one takes its
 * score with it on both screens. */
static void test_watcher_best_is_the_players(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player, watcher;
	e2e_play_begin(&player, t->player, e2e_bin);
	uint64_t score = 0;
	for (int i = 0; i < 16 && score == 0; i++) {
		struct e2e_board board;
		slide(&player, NULL, "lurd"[i % 4]);
		e2e_play_batch(e2e_bin, player.id, player.moves, &board, &score);
	}
	assert_true(score > 0);
	e2e_play_check(&player);
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &player);
	struct e2e_2048_status seen;
	assert_true(e2e_2048_status(t->watcher, &seen));
	assert_int_equal(seen.best, (int64_t)score);
	assert_true(e2e_send_str(t->player, "n"));
	expect_text(t->player, "(y/n)");
	assert_true(e2e_send_str(t->player, "y"));
	assert_true(e2e_wait(t->player, another_game, player.id, WAIT_MS));
	struct e2e_play fresh;
	e2e_play_begin(&fresh, t->player, e2e_bin);
	watch_model(&watcher, t->watcher, &fresh);
	struct e2e_2048_status played;
	assert_true(e2e_2048_status(t->player, &played));
	assert_true(e2e_2048_status(t->watcher, &seen));
	assert_int_equal(played.best, 0);
	assert_int_equal(seen.best, played.best);
}

/* Two watchers: each is counted, and the player sees how many. */
static void test_two_watchers_are_counted(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player;
	e2e_play_begin(&player, t->player, e2e_bin);
	t->watcher = start_watcher();
	expect_text(t->player, "1 watching");
	struct e2e_term *second = start_watcher();
	expect_text(t->player, "2 watching");
	char names[96];
	snprintf(names, sizeof names, "watching %s, 2 watching", login_name());
	expect_text(second, names);
	expect_text(t->watcher, names);
	assert_true(e2e_send_str(second, "q"));
	assert_true(WIFEXITED(e2e_wait_exit(second, WAIT_MS)));
	e2e_free(second);
	expect_text(t->player, "1 watching");
}

/* The player on zNumbers' seed 3 at 80x24, watched, and told so. */
static void watched_znumbers(struct two *t)
{
	const char *argv[] = {e2e_bin, "znumbers", "--seed", "3", NULL};
	t->player = e2e_start(24, 80, argv, NULL);
	assert_non_null(t->player);
	expect_text(t->player, "znumbers:6x6a60:s3");
	t->watcher = start_watcher();
	expect_text(t->watcher, "znumbers:6x6a60:s3");
	expect_text(t->player, "1 watching");
}

/* What the player's screen shows beyond the position: zNumbers' solution pane, opened and
 * closed, opens and closes on the watcher's. */
static void test_watcher_sees_the_solution_pane(void **state)
{
	struct two *t = *state;
	watched_znumbers(t);
	assert_true(e2e_send_str(t->player, "s"));
	expect_text(t->player, "(y/n)");
	assert_true(e2e_send_str(t->player, "y"));
	expect_text(t->player, "Solution (s hides)");
	expect_text(t->watcher, "Solution");
	expect_text(t->watcher, "1 A1");
	/* The watcher's pane names no keys: they are the player's. */
	int row, col;
	assert_false(e2e_find(t->watcher, "s hides", &row, &col));
	assert_false(e2e_find(t->watcher, "> plays the next", &row, &col));
	assert_true(e2e_send_str(t->player, "s"));
	assert_true(e2e_wait(t->watcher, pane_gone, NULL, WAIT_MS));
	/* The player's cursor, where the player moves it. */
	assert_true(e2e_find(t->watcher, "│[", &row, &col));
	assert_true(e2e_send_str(t->player, E2E_KEY_RIGHT E2E_KEY_RIGHT));
	assert_true(e2e_wait(t->watcher, cursor_moved, NULL, WAIT_MS));
}

/* The menu's Watch: the games in progress as they start, go on and end; Enter watches one and
 * q comes back to the list. */
static void test_watch_menu_lists_games_live(void **state)
{
	struct two *t = *state;
	const char *argv[] = {e2e_bin, NULL};
	t->watcher = e2e_start(24, 80, argv, NULL);
	assert_non_null(t->watcher);
	expect_text(t->watcher, "Watch ");
	int row, col;
	assert_true(e2e_find(t->watcher, "Watch ", &row, &col));
	assert_true(e2e_mouse_press(t->watcher, col + 1, row + 1));
	assert_true(e2e_mouse_release(t->watcher, col + 1, row + 1));
	expect_text(t->watcher, "No games in progress");

	t->player = start_player(); /* it shows as it starts */
	struct e2e_play player;
	e2e_play_begin(&player, t->player, e2e_bin);
	expect_text(t->watcher, "2048:4x4:s5");
	expect_text(t->watcher, "0 moves");
	slide(&player, NULL, 'l');
	e2e_play_check(&player);
	expect_text(t->watcher, "1 move ");
	expect_text(t->player, "Moves: 1"); /* a list is not counted among the watchers */
	assert_false(e2e_find(t->player, "watching", &row, &col));

	assert_true(e2e_send_str(t->watcher, E2E_KEY_ENTER));
	struct e2e_play watcher;
	watch_model(&watcher, t->watcher, &player);
	expect_text(t->player, "1 watching");
	assert_true(e2e_send_str(t->watcher, "q"));
	expect_text(t->watcher, "Games in progress");
	expect_text(t->watcher, "2048:4x4:s5");

	assert_true(e2e_send_str(t->player, "qy")); /* left: gone from the list */
	expect_text(t->watcher, "No games in progress");
	assert_true(e2e_send_str(t->watcher, E2E_KEY_ESC));
	expect_text(t->watcher, "Scores ");
	assert_true(e2e_send_str(t->watcher, "w")); /* the menu's key for Watch */
	expect_text(t->watcher, "No games in progress");
}

/* Nothing in progress, nobody of that name, and a bad command line. */
static void test_commands_without_games(void **state)
{
	(void)state;
	struct e2e_run r;
	run("live", NULL, &r);
	assert_int_equal(WEXITSTATUS(r.status), 0);
	assert_string_equal(r.out, "no games in progress\n");
	e2e_run_free(&r);

	run("watch", "nobody", &r);
	assert_int_equal(WEXITSTATUS(r.status), 1);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err,
	                    "tilecade: nobody has no game in progress (tilecade live lists them)\n");
	e2e_run_free(&r);

	const char *bad[][3] = {{"watch", NULL}, {"live", "x"}, {"live", "--seed=3"},
	                        {"watch", "--level=2"}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		run(bad[i][0], bad[i][1], &r);
		assert_int_equal(WEXITSTATUS(r.status), 2);
		assert_true(r.err_len > 0);
		assert_ptr_equal(strchr(r.err, '\n'), r.err + r.err_len - 1); /* one line */
		e2e_run_free(&r);
	}
}

static struct e2e_term *start_game(const char *size, const char *seed)
{
	const char *argv[] = {e2e_bin, "2048", "--size", size, "--seed", seed, NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	return t;
}

/* `watch NAME` follows the player's newest game when they play two, whatever the order of
 * their sockets' names (an older game's sorted first). */
static void test_watch_follows_the_newest_game(void **state)
{
	struct two *t = *state;
	struct e2e_term *older = start_game("4", "5");
	struct e2e_play first, second, watcher;
	e2e_play_begin(&first, older, e2e_bin);
	t->player = start_game("4", "7");
	e2e_play_begin(&second, t->player, e2e_bin);
	assert_string_not_equal(first.id, second.id);
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &second);
	int row, col;
	assert_false(e2e_find(t->watcher, first.id, &row, &col));
	e2e_free(older);
}

/* The line of the screen that shows text, copied into line; false when none does. */
static bool line_with(struct e2e_term *t, const char *text, char *line, size_t len)
{
	const char *screen = e2e_screen(t), *at = strstr(screen, text);
	if (!at)
		return false;
	const char *start = at, *end = strchr(at, '\n');
	while (start > screen && start[-1] != '\n')
		start--;
	snprintf(line, len, "%.*s", (int)(end ? end - start : (ptrdiff_t)strlen(start)), start);
	return true;
}

/* A game that has ended, its player looking at the result, shows as over in `live` and in the
 * menu's Watch list; `watch NAME` follows the player's game still played before it, though it
 * is newer. */
static void test_game_over_is_marked(void **state)
{
	struct two *t = *state;
	struct e2e_term *playing = start_game("4", "5");
	struct e2e_play going, ended;
	e2e_play_begin(&going, playing, e2e_bin);
	t->player = start_game("3", "5");
	e2e_play_begin(&ended, t->player, e2e_bin);
	/* Each time the first slide that moves, to the end (whose box hides part of the board). */
	for (const char *d = "lurd"; *d;) {
		if (!e2e_play_would_move(&ended, *d)) {
			d++;
			continue;
		}
		e2e_play_check(&ended);
		slide(&ended, NULL, *d);
		d = "lurd";
	}
	expect_text(t->player, "Game over: no moves left");

	struct e2e_run r;
	run("live", NULL, &r);
	assert_int_equal(WEXITSTATUS(r.status), 0);
	const char *over = strstr(r.out, ended.id), *going_line = strstr(r.out, going.id);
	assert_non_null(over);
	assert_non_null(going_line);
	const char *over_end = strchr(over, '\n'), *going_end = strchr(going_line, '\n');
	assert_true(over_end - over > 4 && memcmp(over_end - 4, "over", 4) == 0);
	assert_false(going_end - going_line > 4 && memcmp(going_end - 4, "over", 4) == 0);
	e2e_run_free(&r);

	const char *argv[] = {e2e_bin, NULL};
	struct e2e_term *menu = e2e_start(24, 80, argv, NULL);
	assert_non_null(menu);
	expect_text(menu, "Watch ");
	int row, col;
	assert_true(e2e_find(menu, "Watch ", &row, &col));
	assert_true(e2e_mouse_press(menu, col + 1, row + 1));
	assert_true(e2e_mouse_release(menu, col + 1, row + 1));
	expect_text(menu, ended.id);
	expect_text(menu, going.id);
	expect_text(menu, " over");
	char line[256];
	assert_true(line_with(menu, ended.id, line, sizeof line));
	assert_non_null(strstr(line, " over"));
	assert_true(line_with(menu, going.id, line, sizeof line));
	assert_null(strstr(line, " over"));
	e2e_free(menu);

	struct e2e_play watcher;
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &going);
	e2e_free(playing);
}

/* A hang-up (the player's ssh connection dropped: SIGHUP) saves the game, and the watcher
 * reads it as the dropped connection it is, not as the player leaving. */
static void test_hung_up_player_reads_as_dropped(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player, watcher;
	e2e_play_begin(&player, t->player, e2e_bin);
	slide(&player, NULL, 'l');
	e2e_play_check(&player);
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &player);
	expect_text(t->player, "1 watching");
	assert_int_equal(kill(e2e_pid(t->player), SIGHUP), 0);
	char dropped[96];
	snprintf(dropped, sizeof dropped, "%s's connection dropped", login_name());
	expect_text(t->watcher, dropped);
	int row, col;
	assert_false(e2e_find(t->watcher, "1 watching", &row, &col)); /* the player has gone */
	e2e_play_check(&watcher);
}

/* A game the player finished: the watcher's end box names the player ("ann won"), never "You
 * won!", and offers only the watcher's key. */
static void test_watcher_is_told_who_won(void **state)
{
	struct two *t = *state;
	watched_znumbers(t);
	/* Watched, the player's line keeps its long form where it fits: the title goes first. */
	expect_text(t->player, "Generated, fiendish   Tiles left: 34");
	assert_true(e2e_send_str(t->player, "s"));
	expect_text(t->player, "(y/n)");
	assert_true(e2e_send_str(t->player, "y"));
	expect_text(t->player, "Solution (s hides)");
	for (int i = 0; i < 34; i++) /* the solution, played step by step */
		assert_true(e2e_send_str(t->player, ">"));
	expect_text(t->player, "You won!");
	char won[96];
	snprintf(won, sizeof won, "%s won", login_name());
	expect_text(t->watcher, won);
	expect_text(t->watcher, "q: back");
	int row, col;
	assert_false(e2e_find(t->watcher, "You won!", &row, &col));
	assert_false(e2e_find(t->watcher, "n: new game", &row, &col));
}

static bool marks_not_digits(struct e2e_term *t, void *ctx)
{
	(void)ctx;
	int row, col;
	return e2e_find(t, "Marks", &row, &col) && !e2e_find(t, "Digits", &row, &col);
}

/* Sudoku's pencil-mark mode is part of what the player sees: the watcher's bar says "Marks". */
static void test_watcher_sees_sudoku_marks_mode(void **state)
{
	struct two *t = *state;
	const char *argv[] = {e2e_bin, "sudoku", "--seed", "3", NULL};
	t->player = e2e_start(24, 80, argv, NULL);
	assert_non_null(t->player);
	expect_text(t->player, "Digits");
	t->watcher = start_watcher();
	expect_text(t->watcher, "Digits");
	assert_true(e2e_send_str(t->player, "m"));
	expect_text(t->player, "Marks");
	if (!e2e_wait(t->watcher, marks_not_digits, NULL, WAIT_MS))
		fprintf(stderr, "the watcher's bar:\n%s\n", e2e_screen(t->watcher));
	assert_true(marks_not_digits(t->watcher, NULL));
}

/* In a small window the watcher's bottom line still says whose game it is, first: the game ID
 * goes before it does. */
static void test_small_watcher_says_whose(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player;
	e2e_play_begin(&player, t->player, e2e_bin);
	const char *argv[] = {e2e_bin, "watch", login_name(), NULL};
	t->watcher = e2e_start(12, 40, argv, NULL);
	assert_non_null(t->watcher);
	char names[96];
	snprintf(names, sizeof names, " watching %s, 1 watching", login_name());
	expect_text(t->watcher, names);
	int row, col;
	assert_true(e2e_find(t->watcher, names, &row, &col));
	assert_int_equal(row, 11);
	assert_int_equal(col, 0);
}

/* The player comes back (continues the game left, in a new program): the watcher, still on
 * the screen that told them the player left, follows the new game by itself and says so. */
static void test_watcher_follows_the_player_back(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player, watcher;
	e2e_play_begin(&player, t->player, e2e_bin);
	for (const char *d = "lurd"; *d && !player.moves[0]; d++)
		slide(&player, NULL, *d);
	e2e_play_check(&player);
	t->watcher = start_watcher();
	watch_model(&watcher, t->watcher, &player);
	assert_true(e2e_send_str(t->player, "qy"));
	char text[96];
	snprintf(text, sizeof text, "%s left, to continue later", login_name());
	expect_text(t->watcher, text);
	e2e_free(t->player); /* its game is saved */
	const char *argv[] = {e2e_bin, "--continue", NULL};
	t->player = e2e_start(24, 80, argv, NULL);
	assert_non_null(t->player);
	player.t = t->player;
	e2e_play_check(&player);
	snprintf(text, sizeof text, "%s is back", login_name());
	expect_text(t->watcher, text);
	watch_model(&watcher, t->watcher, &player);
	expect_text(t->player, "1 watching");
	slide(&player, &watcher, player.moves[0] == 'l' ? 'r' : 'l');
	e2e_play_check(&watcher);
	/* Anything newer about the player outdates "is back". */
	assert_int_equal(kill(e2e_pid(t->player), SIGKILL), 0);
	snprintf(text, sizeof text, "%s's connection dropped", login_name());
	expect_text(t->watcher, text);
	assert_true(e2e_wait_gone(t->watcher, "is back", WAIT_MS));
}

/* The player leaves the game watched while another of theirs runs: the watcher is told of the
 * one left, then follows the other, and says so (not "is back": they never went). */
static void test_watcher_told_of_the_game_left_for_another(void **state)
{
	struct two *t = *state;
	t->player = start_player();
	struct e2e_play player;
	e2e_play_begin(&player, t->player, e2e_bin);
	for (const char *d = "lurd"; *d && !player.moves[0]; d++)
		slide(&player, NULL, *d);
	e2e_play_check(&player);
	t->watcher = start_watcher();
	expect_text(t->watcher, player.id);
	struct e2e_term *other = start_game("3", "7"); /* started while the first is watched */
	expect_text(other, "2048:3x3:s7");
	assert_true(e2e_send_str(t->player, "qy"));
	char text[160];
	snprintf(text, sizeof text, "%s left; watching their 2048", login_name());
	if (!e2e_wait_text(t->watcher, text, WAIT_MS))
		fprintf(stderr, "no \"%s\" on the screen:\n%s\n", text, e2e_screen(t->watcher));
	int row, col;
	bool told = e2e_find(t->watcher, text, &row, &col);
	bool keyed = e2e_send_str(t->watcher, "x"); /* the message goes: the ID shows */
	bool followed = e2e_wait_text(t->watcher, "2048:3x3:s7", WAIT_MS);
	bool back = e2e_find(t->watcher, "is back", &row, &col);
	e2e_free(other);
	assert_true(told);
	assert_true(keyed);
	assert_true(followed);
	assert_false(back);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_watcher_follows_the_player, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_killed_player_is_dropped, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_two_watchers_are_counted, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_watcher_best_is_the_players, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_new_and_continued_games_follow, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_watcher_sees_the_solution_pane, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_watch_menu_lists_games_live, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_commands_without_games, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_watch_follows_the_newest_game, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_game_over_is_marked, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_hung_up_player_reads_as_dropped, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_watcher_is_told_who_won, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_small_watcher_says_whose, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_watcher_sees_sudoku_marks_mode, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_watcher_follows_the_player_back, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_watcher_told_of_the_game_left_for_another,
	                                        setup, teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, e2e_game_group_teardown);
}
