/* The host's shared scoreboard (README, "One scoreboard for everyone on a host"), with two
 * players: the first player to run tilecade must not create the board (it was then theirs, 0644,
 * and every other player read-only for good); the board the admin makes (root, the games group,
 * 0664) takes both players' scores; a board that is a link, or that the group cannot write, is
 * refused with one line, and scores stay in the player's own database.
 *
 * Two players need root: the test runs them as uids and gids of its own (no accounts are made)
 * with the board's group as their supplementary group, as a setgid tilecade would have it. Run
 * as another user, it says so and checks what one player can: the board not created, a link and
 * a board the group cannot write refused, a good board read. TILECADE_BIN comes from meson. */
#define _GNU_SOURCE /* setresuid, setresgid, setgroups */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <sqlite3.h>

#include "harness.h"
#include "sandbox.h"
#include "tilecade/store.h"

#define GAMES_GID 61700 /* the board's group, as `games` on a host */
#define PLAYER_A 61701
#define PLAYER_B 61702

static char board_dir[4300], board[4400], host_config[4400], bin[4400];

struct player_run {
	int status;
	char out[4096], err[4096];
};

/* Becomes player uid (its group of the same number, the games group beside), in a home of its
 * own, as a login would. Only in a child. */
static void become(uid_t uid)
{
	char home[4400];
	snprintf(home, sizeof home, "%s/home-%u", e2e_sandbox, (unsigned)uid);
	gid_t games = GAMES_GID;
	if (uid != getuid() && (setgroups(1, &games) != 0 || setresgid(uid, uid, uid) != 0 ||
	                        setresuid(uid, uid, uid) != 0))
		_exit(126);
	umask(022); /* a player's usual umask: tilecade must keep the board group-writable itself */
	setenv("HOME", home, 1);
	unsetenv("XDG_DATA_HOME");
	unsetenv("XDG_CONFIG_HOME");
}

static void read_back(FILE *f, char *buf, size_t len)
{
	rewind(f);
	size_t n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
}

/* Runs `tilecade scores` as player uid, with the host settings naming the board. */
static void scores_as(uid_t uid, struct player_run *r)
{
	FILE *out = tmpfile(), *err = tmpfile();
	assert_non_null(out);
	assert_non_null(err);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fileno(out), 1);
		dup2(fileno(err), 2);
		become(uid);
		execl(bin, bin, "scores", (char *)NULL);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &r->status, 0), pid);
	read_back(out, r->out, sizeof r->out);
	read_back(err, r->err, sizeof r->err);
	fclose(out);
	fclose(err);
}

static struct tc_score score_of(const char *player, int64_t points)
{
	struct tc_score s = {.points = points, .time_ms = 1000, .moves = 10, .date = 1795262400};
	snprintf(s.board.game, sizeof s.board.game, "2048");
	snprintf(s.board.mode, sizeof s.board.mode, "random");
	snprintf(s.board.level, sizeof s.board.level, "4x4");
	snprintf(s.player, sizeof s.player, "%s", player);
	return s;
}

/* Adds a score to the board as player uid, as tilecade records one; returns whether it was. */
static bool add_score_as(uid_t uid, const char *player, int64_t points)
{
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		become(uid); /* umask 022: SQLite gives the board's -wal and -shm the board's mode */
		char notice[TC_STORE_NOTICE_MAX];
		struct tc_store *st = tc_store_open_existing(board, notice, sizeof notice);
		struct tc_score s = score_of(player, points);
		int rank = tc_store_add_score(st, &s, TC_RANK_POINTS);
		if (rank < 1)
			fprintf(stderr, "# %s cannot write the board: %s\n", player, notice);
		tc_store_close(st);
		_exit(rank >= 1 ? 0 : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Sets the board's schema version, as a newer tilecade would have. */
static bool shared_set_user_version(const char *path, int version)
{
	sqlite3 *db;
	char sql[48];
	snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
	bool ok = sqlite3_open(path, &db) == SQLITE_OK &&
	          sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK;
	sqlite3_close(db);
	return ok;
}

/* The admin's set-up of the README: the board made once, owned by root (here: this process),
 * group games, 0664, in a directory of the group. */
static void admin_creates_the_board(gid_t group)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(board, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	tc_store_close(st);
	assert_int_equal(chown(board, getuid(), group), 0);
	assert_int_equal(chmod(board, 0664), 0);
}

static void make_home(uid_t uid)
{
	char home[4400];
	snprintf(home, sizeof home, "%s/home-%u", e2e_sandbox, (unsigned)uid);
	assert_int_equal(mkdir(home, 0700), 0);
	if (uid != getuid())
		assert_int_equal(chown(home, uid, uid), 0);
}

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	snprintf(board_dir, sizeof board_dir, "%s/games", e2e_sandbox);
	snprintf(board, sizeof board, "%s/scores.db", board_dir);
	snprintf(host_config, sizeof host_config, "%s/host.ini", e2e_sandbox);
	FILE *f = fopen(host_config, "w");
	if (!f)
		return -1;
	fprintf(f, "[storage]\nshared_scores = %s\n", board);
	fclose(f);
	setenv("TILECADE_SYSTEM_CONFIG", host_config, 1);
	setenv("TZ", "UTC", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	/* The players must reach the program: a copy in the sandbox, which they may enter. */
	snprintf(bin, sizeof bin, "%s/tilecade", e2e_sandbox);
	int in = open(e2e_bin, O_RDONLY), out = open(bin, O_WRONLY | O_CREAT | O_EXCL, 0755);
	char buf[1 << 16];
	ssize_t n;
	while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			return -1;
	close(in);
	close(out);
	return chmod(e2e_sandbox, 0755);
}

/* Two players on a host: the first run makes no board; the admin's board takes both players'
 * scores, each seeing the other's. */
static void test_two_players_share_the_board(void **state)
{
	bool root = geteuid() == 0;
	uid_t a = root ? PLAYER_A : getuid(), b = root ? PLAYER_B : getuid();
	gid_t games = root ? GAMES_GID : getgid();
	if (!root)
		print_message("# not root: one player only (two need uids of their own)\n");
	assert_int_equal(mkdir(board_dir, 02775), 0);
	make_home(a);
	if (root) {
		assert_int_equal(chown(board_dir, 0, games), 0);
		assert_int_equal(chmod(board_dir, 02775), 0);
		make_home(b);
	}

	struct player_run r;
	scores_as(a, &r); /* player A's first run on the host */
	struct stat st;
	assert_int_not_equal(stat(board, &st), 0);
	assert_non_null(strstr(r.err, "no board there, the admin creates it"));
	assert_int_equal(strchr(r.err, '\n') - r.err + 1, (long)strlen(r.err)); /* one line */

	admin_creates_the_board(games);
	assert_true(add_score_as(a, "alice", 2048));
	assert_true(add_score_as(b, "bob", 4096)); /* A's writing did not lock B out */
	assert_true(add_score_as(a, "alice", 1024));
	scores_as(b, &r);
	assert_string_equal(r.err, "");
	assert_non_null(strstr(r.out, "bob"));
	assert_non_null(strstr(r.out, "alice"));
	scores_as(a, &r);
	assert_non_null(strstr(r.out, "bob"));
	assert_int_equal(stat(board, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0664);
}

/* A board the group cannot write (what the first player's run used to make) and a link are
 * refused with one line; the player's own scores are shown instead. */
static void test_a_board_not_the_admins_is_refused(void **state)
{
	bool root = geteuid() == 0;
	uid_t b = root ? PLAYER_B : getuid();
	struct player_run r;
	assert_int_equal(chmod(board, 0644), 0);
	scores_as(b, &r);
	assert_non_null(strstr(r.err, "it is not writable by the games group"));
	assert_null(strstr(r.out, "alice"));
	assert_int_equal(chmod(board, 0664), 0);

	if (root) { /* a board some player owns could be made theirs alone at any time */
		assert_int_equal(chown(board, PLAYER_A, GAMES_GID), 0);
		scores_as(b, &r);
		assert_non_null(strstr(r.err, "it is owned by a player, not by root"));
		assert_int_equal(chown(board, 0, GAMES_GID), 0);
	}

	char real[4500];
	snprintf(real, sizeof real, "%s.real", board);
	assert_int_equal(rename(board, real), 0);
	assert_int_equal(symlink(real, board), 0);
	scores_as(b, &r);
	assert_non_null(strstr(r.err, "it is a symbolic link"));
	assert_null(strstr(r.out, "alice"));
	unlink(board);
	assert_int_equal(rename(real, board), 0);
}

/* A board there but not usable (not a database, made by a newer tilecade, in a folder the
 * group cannot write) is off as a missing one is: one line in the shared board's words, the
 * player's own scores shown, exit status 0; the menu says the same, not "scores and saves are
 * off" (saves work). */
static void test_a_board_that_cannot_be_used_is_off_like_a_missing_one(void **state)
{
	bool root = geteuid() == 0;
	uid_t b = root ? PLAYER_B : getuid();
	char kept[4500], expected[4600];
	snprintf(kept, sizeof kept, "%s.kept", board);
	assert_int_equal(rename(board, kept), 0);
	snprintf(expected, sizeof expected, "; yours are kept in your own database: %s\n", board);
	struct player_run r;

	FILE *f = fopen(board, "w"); /* the admin's, group-writable: but text */
	assert_non_null(f);
	fputs("player,points\nann,2048\n", f);
	fclose(f);
	assert_int_equal(chown(board, getuid(), root ? GAMES_GID : getgid()), 0);
	assert_int_equal(chmod(board, 0664), 0);
	scores_as(b, &r);
	assert_true(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0);
	assert_non_null(strstr(r.err, "shared scores off, file is not a database"));
	assert_non_null(strstr(r.err, expected));
	assert_non_null(strstr(r.out, "no scores yet"));

	assert_int_equal(chown(board, getuid(), getgid()), 0); /* this process's group: it plays */
	const char *argv[] = {e2e_bin, NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	if (!e2e_wait_text(t, "shared scores off, file is not a database", 5000))
		fail_msg("no notice:\n%s", e2e_screen(t));
	assert_null(strstr(e2e_screen(t), "scores and saves are off"));
	unlink(board);

	admin_creates_the_board(root ? GAMES_GID : getgid()); /* then a newer tilecade's */
	assert_true(shared_set_user_version(board, TC_STORE_SCHEMA + 1));
	scores_as(b, &r);
	assert_true(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0);
	assert_non_null(strstr(r.err, "shared scores off, made by a newer tilecade"));
	assert_non_null(strstr(r.err, expected));
	assert_true(shared_set_user_version(board, TC_STORE_SCHEMA));

	if (root) { /* the group cannot make the board's -wal and -shm beside it */
		assert_int_equal(chmod(board_dir, 0755), 0);
		scores_as(b, &r);
		assert_true(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0);
		assert_non_null(strstr(r.err, "shared scores off, its folder "));
		assert_non_null(strstr(r.err, "is not writable by the games group"));
		assert_int_equal(chmod(board_dir, 02775), 0);
	}
	unlink(board);
	assert_int_equal(rename(kept, board), 0);
}

/* A usable board leaves the player's own files alone: a level saved from N's browser while
 * the board is open is made with the player's umask (022: 0644), not group-writable. */
static void test_own_files_keep_the_players_umask(void **state)
{
	char own_board[4500], own_config[4500], saved[4500];
	snprintf(own_board, sizeof own_board, "%s/own-board", e2e_sandbox);
	assert_int_equal(mkdir(own_board, 0775), 0); /* its folder is kept from saves */
	strcat(own_board, "/scores.db");
	snprintf(own_config, sizeof own_config, "%s/own-host.ini", e2e_sandbox);
	snprintf(saved, sizeof saved, "%s/levels", e2e_sandbox);
	assert_int_equal(mkdir(saved, 0755), 0); /* not tilecade's own data folder */
	strcat(saved, "/saved-level.txt");
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(own_board, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	tc_store_close(st);
	assert_int_equal(chmod(own_board, 0664), 0); /* ours, our group's: usable */
	FILE *f = fopen(own_config, "w");
	assert_non_null(f);
	fprintf(f, "[storage]\nshared_scores = %s\n", own_board);
	fclose(f);
	char env_config[4600];
	snprintf(env_config, sizeof env_config, "TILECADE_SYSTEM_CONFIG=%s", own_config);
	const char *env[] = {env_config, NULL};
	const char *argv[] = {e2e_bin, "ninja", NULL};
	mode_t before = umask(022);
	struct e2e_term *t = e2e_start(24, 80, argv, env);
	umask(before);
	assert_non_null(t);
	*state = t;
	assert_true(e2e_wait_text(t, "seed ", 5000));
	assert_true(e2e_wait_quiet(t, 60, 5000)); /* the level's check done */
	e2e_send_str(t, "w");
	assert_true(e2e_wait_text(t, "Save to", 5000));
	e2e_send_str(t, "\025"); /* Ctrl-U */
	e2e_send_str(t, saved);
	e2e_send_str(t, E2E_KEY_ENTER);
	if (!e2e_wait_text(t, "saved to", 5000))
		fail_msg("not saved: %s", e2e_row(t, 23));
	struct stat sb;
	assert_int_equal(stat(saved, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0644);
	assert_null(strstr(e2e_screen(t), "shared scores off")); /* the board was in use */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_two_players_share_the_board),
	        cmocka_unit_test(test_a_board_not_the_admins_is_refused),
	        cmocka_unit_test_teardown(test_a_board_that_cannot_be_used_is_off_like_a_missing_one,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_own_files_keep_the_players_umask, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, e2e_game_group_teardown);
}
