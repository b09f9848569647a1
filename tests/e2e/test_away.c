/* The database away (issue 20): a game played on a PostgreSQL database that goes away mid-game
 * plays on, says once that its score waits, and the score is on the board once the database is
 * back, exactly once; a database unreachable from the start never stops play, and its URL's
 * password is never shown. A second host, a home of its own on the same database, lists the
 * game while it is played, and again once the database is back, and has its score. Runs inside
 * a throwaway cluster of its own (tests/pg/in_cluster.sh: PGVERSION and TC_TEST_DB set), which
 * it stops and starts. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <time.h>
#include <sys/wait.h>

#include "harness.h"
#include "lose_2048.h"
#include "proc.h"
#include "sandbox.h"
#include "screen_2048.h"

#define WAIT_MS 10000
/* The store tries an away database every few seconds, less often the longer it stays away. */
#define BACK_MS 60000
#define WAITING_LINE "scores are waiting: the database is away"

/* A configuration naming player name, in the sandbox: its path in buf. */
static void player_config(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.conf", e2e_sandbox, name);
	FILE *f = fopen(buf, "w");
	assert_non_null(f);
	fprintf(f, "[player]\nname = %s\n", name);
	assert_int_equal(fclose(f), 0);
}

static bool cmdline_holds(pid_t pid, const char *text);

static bool board_shown(struct e2e_term *t, void *status)
{
	return e2e_2048_status(t, status);
}

static struct e2e_term *start(void **state, const char *db, const char *seed)
{
	const char *argv[] = {e2e_bin, "2048",      "--size", "3", "--seed",
	                      seed,    "--no-anim", "--db",   db,  NULL};
	const char *env[] = {"NO_COLOR", NULL};
	e2e_free(*state);
	*state = e2e_start(24, 80, argv, env);
	assert_non_null(*state);
	struct e2e_2048_status s;
	assert_true(e2e_wait_new_game(*state, board_shown, &s, WAIT_MS));
	return *state;
}

static bool moves_shown(struct e2e_term *t, void *moves)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.moves == *(int *)moves;
}

static void wait_text(struct e2e_term *t, const char *text, int timeout_ms)
{
	if (!e2e_wait_text(t, text, timeout_ms))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

/* Slides keys[from..to), each move seen on the screen before the next. */
static void slide(struct e2e_term *t, const char *keys, int from, int to)
{
	for (int i = from; i < to; i++) {
		char key[2] = {keys[i], '\0'};
		assert_true(e2e_send_str(t, key));
		int moves = i + 1;
		if (!e2e_wait(t, moves_shown, &moves, WAIT_MS))
			fprintf(stderr, "no 'Moves: %d':\n%s\n", moves, e2e_screen(t));
		assert_true(moves_shown(t, &moves));
	}
}

static void cluster(const char *how)
{
	char command[160];
	snprintf(command, sizeof command, "pg_ctlcluster \"$PGVERSION\" regress %s >&2", how);
	int status = system(command);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* `tilecade ARGS` run to its end with status 0, its output in r: on this host (host NULL), or on
 * another, a home of its own in the sandbox named host. */
static void run_on(const char *host, const char *const args[], struct e2e_run *r)
{
	char home[4200], config[4300], data[4300];
	const char *argv[16] = {"env"};
	int n = 1;
	if (host) {
		snprintf(home, sizeof home, "HOME=%s/%s", e2e_sandbox, host);
		snprintf(config, sizeof config, "XDG_CONFIG_HOME=%s/config", home + 5);
		snprintf(data, sizeof data, "XDG_DATA_HOME=%s/data", home + 5);
		argv[n++] = home;
		argv[n++] = config;
		argv[n++] = data;
	}
	argv[n++] = e2e_bin;
	for (int i = 0; args[i] && n < 15; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	assert_true(e2e_run(argv, WAIT_MS, r));
	if (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != 0)
		fprintf(stderr, "%s on %s: %s%s\n", args[0], host ? host : "this host", r->out,
		        r->err);
	assert_true(WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0);
}

/* The lines of `tilecade scores 2048 --db db` on host (run_on), and how many of them hold
 * text. */
static int score_lines(const char *db, const char *host, const char *text, int *holding)
{
	const char *args[] = {"scores", "2048", "--db", db, NULL};
	struct e2e_run r;
	run_on(host, args, &r);
	int lines = 0;
	*holding = 0;
	for (char *line = r.out; line && *line; lines++) {
		char *next = strchr(line, '\n');
		if (next)
			*next = '\0';
		*holding += strstr(line, text) != NULL;
		line = next ? next + 1 : NULL;
	}
	e2e_run_free(&r);
	return lines;
}

/* The files waiting in the sandbox's waiting folder. */
static int waiting_files(void)
{
	char dir[4200];
	snprintf(dir, sizeof dir, "%s/tilecade/waiting", getenv("XDG_DATA_HOME"));
	DIR *d = opendir(dir);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += strstr(e->d_name, ".wait") != NULL;
	if (d)
		closedir(d);
	return n;
}

static void test_the_database_going_away_mid_game(void **state)
{
	const char *db = getenv("TC_TEST_DB");
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(3, keys, sizeof keys, &score);
	assert_true(n > 4);
	int before = waiting_files(); /* the other test's, for another database: left */
	struct e2e_term *t = start(state, db, "3");
	slide(t, keys, 0, n / 2);
	cluster("stop");
	slide(t, keys, n / 2, n); /* play goes on */
	wait_text(t, "Game over: no moves left", WAIT_MS);
	wait_text(t, WAITING_LINE, WAIT_MS);
	assert_true(waiting_files() > before);
	cluster("start");
	wait_text(t, "1 waiting score written", BACK_MS);
	assert_int_equal(waiting_files(), before);
	assert_true(e2e_send_str(t, "q"));
	if (e2e_wait_text(t, "(y/n)", 2000))
		assert_true(e2e_send_str(t, "y"));
	assert_true(e2e_send_str(t, "q"));
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);

	char points[32];
	int holding;
	snprintf(points, sizeof points, " %llu ", (unsigned long long)score);
	assert_int_equal(score_lines(db, NULL, points, &holding), 3); /* title, columns, one row */
	assert_int_equal(holding, 1);
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Until host's `tilecade live` lists the game of this ID at this many moves (another host's
 * game reaches the list once its program has written it), for at most timeout_ms. */
static void wait_listed(const char *db, const char *host, const char *id, int moves, int timeout_ms)
{
	const char *args[] = {"live", "--db", db, NULL};
	char at[32];
	snprintf(at, sizeof at, "%5d move", moves);
	for (int64_t end = now_ms() + timeout_ms;;) {
		struct e2e_run r;
		run_on(host, args, &r);
		const char *game = strstr(r.out, id);
		bool listed = game && strstr(game, at);
		if (listed || now_ms() > end)
			fprintf(stderr, "%s", listed ? "" : r.out);
		e2e_run_free(&r);
		if (listed)
			return;
		assert_true(now_ms() <= end);
	}
}

/* Two hosts, each a home of its own, on one database (issue 20): host B's `live` lists host A's
 * game; the cluster stops while A plays, A plays on, the cluster starts again and B lists A's
 * game again as it stands; A finishes, and the score is on B's `scores`, once. */
static void test_two_hosts_and_the_database_away_between(void **state)
{
	const char *db = getenv("TC_TEST_DB");
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(7, keys, sizeof keys, &score);
	assert_true(n > 6);
	struct e2e_term *t = start(state, db, "7");
	slide(t, keys, 0, n / 3);
	wait_listed(db, "host-b", "2048:3x3:s7", n / 3, WAIT_MS);
	cluster("stop");
	slide(t, keys, n / 3, 2 * n / 3); /* play goes on */
	cluster("start");
	wait_listed(db, "host-b", "2048:3x3:s7", 2 * n / 3, BACK_MS);
	slide(t, keys, 2 * n / 3, n);
	wait_text(t, "Game over: no moves left", WAIT_MS);

	/* Written at once, or once the store tries the database again. */
	char points[32];
	int holding = 0;
	snprintf(points, sizeof points, " %llu ", (unsigned long long)score);
	for (int64_t end = now_ms() + BACK_MS; holding == 0 && now_ms() <= end;)
		score_lines(db, "host-b", points, &holding);
	assert_int_equal(holding, 1); /* one row (the other test's game scored otherwise) */
	assert_true(e2e_send_str(t, "q"));
	assert_true(e2e_send_str(t, "q"));
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
}

static void test_the_database_away_from_the_start(void **state)
{
	/* A port nothing listens on: connections are refused at once. */
	const char *db = "postgresql://ann:sesame@127.0.0.1:9/arcade";
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(5, keys, sizeof keys, &score);
	struct e2e_term *t = start(state, db, "5");
	struct e2e_2048_status s;
	assert_true(e2e_wait(t, moves_shown, &(int){0}, WAIT_MS));
	assert_true(e2e_2048_status(t, &s));
	assert_false(cmdline_holds(e2e_pid(t), "sesame")); /* ps shows no password */
	slide(t, keys, 0, n);
	wait_text(t, "Game over: no moves left", WAIT_MS);
	wait_text(t, WAITING_LINE, WAIT_MS);
	assert_null(strstr(e2e_screen(t), "sesame"));
	assert_true(waiting_files() >= 1);
	assert_true(e2e_send_str(t, "q"));
	if (e2e_wait_text(t, "(y/n)", 2000))
		assert_true(e2e_send_str(t, "y"));
	assert_true(e2e_wait_quiet(t, 300, WAIT_MS));
	assert_null(strstr(e2e_screen(t), "sesame"));
	assert_true(e2e_send_str(t, "q"));
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
}

/* At 40 columns the waiting line is its short form, whole. */
static void test_the_waiting_line_when_narrow(void **state)
{
	const char *db = "postgresql://ann:sesame@127.0.0.1:9/arcade";
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(5, keys, sizeof keys, &score);
	const char *argv[] = {e2e_bin, "2048", "--size", "3", "--seed", "5", "--no-anim", "--db", db,
	                      NULL};
	const char *env[] = {"NO_COLOR", NULL};
	struct e2e_term *t = *state = e2e_start(12, 40, argv, env);
	assert_non_null(t);
	assert_true(e2e_wait_quiet(t, 300, WAIT_MS));
	keys[n] = '\0';
	assert_true(e2e_send_str(t, keys));
	wait_text(t, "scores wait: database away", WAIT_MS);
	assert_null(strstr(e2e_screen(t), "database is awa"));
}

/* Whether the arguments of process pid, as ps shows them, hold text. */
static bool cmdline_holds(pid_t pid, const char *text)
{
	char path[64], args[4096];
	snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	size_t n = fread(args, 1, sizeof args - 1, f);
	fclose(f);
	for (size_t i = 0; i < n; i++)
		if (args[i] == '\0')
			args[i] = ' ';
	args[n] = '\0';
	return strstr(args, text) != NULL;
}

/* A program started with the database down: the menu says it cannot be reached, and no more
 * once it is back, no key pressed. */
static void test_the_menu_once_the_database_is_back(void **state)
{
	const char *db = getenv("TC_TEST_DB");
	const char *argv[] = {e2e_bin, "--no-anim", "--db", db, NULL};
	const char *env[] = {"NO_COLOR", NULL};
	cluster("stop");
	struct e2e_term *t = *state = e2e_start(24, 80, argv, env);
	assert_non_null(t);
	wait_text(t, "cannot be reached", WAIT_MS);
	cluster("start");
	if (!e2e_wait_gone(t, "cannot be reached", BACK_MS))
		fail_msg("still:\n%s", e2e_screen(t));
}

/* Whether Best shows at least *best (the board holds the other tests' games too). */
static bool best_shown(struct e2e_term *t, void *best)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.best >= *(int64_t *)best;
}

/* A game started with the database down shows Best 0; once it is back, the player's best (a
 * program started so kept 0 for good). */
static void test_best_once_the_database_is_back(void **state)
{
	const char *db = getenv("TC_TEST_DB");
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(13, keys, sizeof keys, &score);
	struct e2e_term *t = start(state, db, "13");
	slide(t, keys, 0, n);
	wait_text(t, "Game over: no moves left", WAIT_MS);
	cluster("stop");
	t = start(state, db, "13");
	struct e2e_2048_status s = {0};
	assert_true(e2e_wait(t, moves_shown, &(int){0}, WAIT_MS));
	assert_true(e2e_2048_status(t, &s));
	assert_int_equal(s.best, 0);
	cluster("start");
	int64_t best = (int64_t)score;
	if (!e2e_wait(t, best_shown, &best, BACK_MS))
		fprintf(stderr, "no 'Best: %lld':\n%s\n", (long long)best, e2e_screen(t));
	assert_true(best_shown(t, &best));
}

/* Two players on one database: each continues their own game, never the other's. */
static void test_players_continue_their_own_games(void **state)
{
	const char *db = getenv("TC_TEST_DB");
	char ann[4300], bob[4300];
	player_config("ann", ann, sizeof ann);
	player_config("bob", bob, sizeof bob);
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(11, keys, sizeof keys, &score);
	assert_true(n > 2);
	const char *env[] = {"NO_COLOR", NULL};
	const char *ann_plays[] = {e2e_bin, "2048", "--size", "3",   "--seed", "11", "--no-anim",
	                           "--db",  db,     "--config", ann, NULL};
	struct e2e_term *t = *state = e2e_start(24, 80, ann_plays, env);
	assert_non_null(t);
	slide(t, keys, 0, 2);
	assert_true(e2e_send_str(t, "q"));
	wait_text(t, "(y/n)", WAIT_MS);
	assert_true(e2e_send_str(t, "y"));
	wait_text(t, "Continue ", WAIT_MS);
	assert_true(e2e_send_str(t, "q"));
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);

	const char *bob_menu[] = {e2e_bin, "--no-anim", "--db", db, "--config", bob, NULL};
	e2e_free(*state);
	*state = t = e2e_start(24, 80, bob_menu, env);
	assert_non_null(t);
	wait_text(t, "Scores", WAIT_MS);
	assert_true(e2e_wait_quiet(t, 300, WAIT_MS));
	assert_null(strstr(e2e_screen(t), "Continue "));
	assert_true(e2e_send_str(t, "q"));
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);

	const char *ann_menu[] = {e2e_bin, "--no-anim", "--db", db, "--config", ann, NULL};
	e2e_free(*state);
	*state = t = e2e_start(24, 80, ann_menu, env);
	assert_non_null(t);
	wait_text(t, "Continue ", WAIT_MS);
}

/* Waits, without a key, until the waiting folder holds n files. */
static bool waiting_files_become(int n, int timeout_ms)
{
	for (int64_t end = now_ms() + timeout_ms; waiting_files() != n && now_ms() < end;)
		nanosleep(&(struct timespec){0, 100 * 1000000L}, NULL);
	return waiting_files() == n;
}

/* A game left while the database is away is continued all the same (its save waits on this
 * machine), and the save is written once the database is back, the program idle at the menu. */
static void test_a_game_left_while_the_database_is_away(void **state)
{
	const char *db = getenv("TC_TEST_DB");
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(7, keys, sizeof keys, &score);
	assert_true(n > 4);
	int before = waiting_files();
	struct e2e_term *t = start(state, db, "7");
	slide(t, keys, 0, 2);
	cluster("stop");
	slide(t, keys, 2, 3);
	assert_true(e2e_send_str(t, "q"));
	wait_text(t, "(y/n)", WAIT_MS);
	assert_true(e2e_send_str(t, "y"));
	wait_text(t, "Continue ", WAIT_MS);
	assert_int_equal(waiting_files(), before + 1);
	assert_true(e2e_send_str(t, "c"));
	assert_true(e2e_wait(t, moves_shown, &(int){3}, WAIT_MS));
	assert_true(e2e_send_str(t, "q"));
	wait_text(t, "(y/n)", WAIT_MS);
	assert_true(e2e_send_str(t, "y"));
	wait_text(t, "Continue ", WAIT_MS);
	cluster("start");
	assert_true(waiting_files_become(before, BACK_MS)); /* no key pressed */
	assert_true(e2e_send_str(t, "q"));
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);

	/* Written: the next run continues it from the database. */
	const char *argv[] = {e2e_bin, "--continue", "--no-anim", "--db", db, NULL};
	const char *env[] = {"NO_COLOR", NULL};
	e2e_free(*state);
	*state = t = e2e_start(24, 80, argv, env);
	assert_non_null(t);
	assert_true(e2e_wait(t, moves_shown, &(int){3}, WAIT_MS));
}

int main(void)
{
	if (!getenv("PGVERSION") || !getenv("TC_TEST_DB")) {
		printf("1..0 # SKIP not in a test cluster (tests/pg/in_cluster.sh)\n");
		return 0;
	}
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_the_database_away_from_the_start, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_the_database_going_away_mid_game, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_two_hosts_and_the_database_away_between,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_a_game_left_while_the_database_is_away,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_the_waiting_line_when_narrow, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_the_menu_once_the_database_is_back, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_best_once_the_database_is_back, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_players_continue_their_own_games, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
