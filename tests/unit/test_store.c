/* The store: what a player notices of scores and saves, including when the database is not
 * one the store can use. Every test works in a directory of its own, removed after. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <ftw.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_dirs.h"
#include "tilecade/recordings.h"
#include "tilecade/store.h"

static bool store_exists(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0;
}

static void store_write_file(const char *path, const void *bytes, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The whole file, malloc'd. */
static unsigned char *store_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	size_t cap = 4096, n = 0;
	unsigned char *bytes = malloc(cap);
	assert_non_null(bytes);
	size_t got;
	while ((got = fread(bytes + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			bytes = realloc(bytes, cap);
			assert_non_null(bytes);
		}
	}
	fclose(f);
	*len = n;
	return bytes;
}

static void store_assert_schema(const char *path)
{
	bool pg = tc_store_is_url(path);
	assert_int_equal(store_sql_int_on(path, pg ? "SELECT version FROM tilecade_schema"
	                                           : "PRAGMA user_version"),
	                 TC_STORE_SCHEMA);
	assert_int_equal(store_sql_int_on(path, pg ? "SELECT COUNT(*) FROM pg_tables WHERE"
	                                             " schemaname = current_schema() AND"
	                                             " tablename IN ('scores', 'saves')"
	                                           : "SELECT COUNT(*) FROM sqlite_master WHERE"
	                                             " type = 'table' AND name IN ('scores',"
	                                             " 'saves')"),
	                 2);
}

/* A notice is one line for the player. */
static void store_assert_notice(const char *notice)
{
	assert_true(notice[0] != '\0');
	assert_null(strchr(notice, '\n'));
}

static struct tc_store *store_open_ok(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	assert_non_null(st);
	if (!tc_store_ok(st))
		fail_msg("%s: %s", path, notice);
	assert_string_equal(notice, "");
	return st;
}

static struct tc_store *store_open_refused(const char *path, char notice[TC_STORE_NOTICE_MAX])
{
	struct tc_store *st = tc_store_open(path, notice, TC_STORE_NOTICE_MAX);
	assert_non_null(st);
	assert_false(tc_store_ok(st));
	store_assert_notice(notice);
	return st;
}

static const struct tc_board_key store_board_4x4 = {"2048", "normal", "4x4"};
static const struct tc_board_key store_board_level3 = {"znumbers", "pack", "level3"};

static struct tc_score store_score(const struct tc_board_key *board, const char *id, int64_t points,
                                   int64_t time_ms, unsigned moves, int64_t date)
{
	struct tc_score s;
	memset(&s, 0, sizeof s);
	s.board = *board;
	snprintf(s.player, sizeof s.player, "player-%s", id);
	s.points = points;
	s.time_ms = time_ms;
	s.moves = moves;
	s.date = date;
	snprintf(s.game_id, sizeof s.game_id, "%s", id);
	return s;
}

static void store_creates_a_new_database(void **state)
{
	char path[STORE_PATH_MAX], mode[16];
	store_in(state, "new.db", path);
	struct tc_store *st = store_open_ok(path);
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	store_assert_schema(path);
	store_sql_text_on(path, "PRAGMA journal_mode", mode, sizeof mode);
	assert_string_equal(mode, "wal");
	tc_store_close(st);

	/* Opened again, it is used as it is. */
	st = store_open_ok(path);
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	tc_store_close(st);
}

static void store_migrates_an_unversioned_database(void **state)
{
	char path[STORE_PATH_MAX], empty[STORE_PATH_MAX];
	/* A database file with a header, user_version 0 and no tables. */
	store_in(state, "old.db", path);
	store_sql_on(path, "CREATE TABLE t (x); DROP TABLE t;");
	assert_int_equal(store_sql_int_on(path, "PRAGMA user_version"), 0);
	/* And a file of no bytes at all, which SQLite reads as an empty database. */
	store_in(state, "empty.db", empty);
	store_write_file(empty, "", 0);

	const char *paths[] = {path, empty};
	for (int i = 0; i < 2; i++) {
		struct tc_store *st = store_open_ok(paths[i]);
		assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
		struct tc_score s = store_score(&store_board_4x4, "a", 10, 1000, 5, 100);
		assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 1);
		tc_store_close(st);
		store_assert_schema(paths[i]);
	}
}

/* Opening must refuse the file and leave every byte of it alone. */
static void store_assert_refused_untouched(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	size_t len_before, len_after;
	unsigned char *before = store_read_file(path, &len_before);
	struct tc_store *st = store_open_refused(path, notice);
	struct tc_score s = store_score(&store_board_4x4, "a", 10, 1000, 5, 100);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), -1);
	assert_int_equal(tc_store_save_game(st, "2048", "x", 1, "x"), -1);
	tc_store_close(st);
	unsigned char *after = store_read_file(path, &len_after);
	assert_int_equal(len_after, len_before);
	assert_memory_equal(after, before, len_before);
	free(before);
	free(after);
}

static void store_refuses_a_newer_schema(void **state)
{
	char path[STORE_PATH_MAX], wal[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX], sql[64];
	store_in(state, "newer.db", path);
	snprintf(sql, sizeof sql, "CREATE TABLE future (x); PRAGMA user_version = %d;",
	         TC_STORE_SCHEMA + 1);
	store_sql_on(path, sql);
	size_t len_before, len_after;
	unsigned char *before = store_read_file(path, &len_before);

	struct tc_store *st = store_open_refused(path, notice);
	assert_non_null(strstr(notice, "newer"));
	assert_int_equal(tc_store_schema_version(st), 0);
	struct tc_score s = store_score(&store_board_4x4, "a", 10, 1000, 5, 100);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), -1);
	tc_store_close(st);

	unsigned char *after = store_read_file(path, &len_after);
	assert_int_equal(len_after, len_before);
	assert_memory_equal(after, before, len_before);
	assert_false(store_exists(strcat(strcpy(wal, path), "-wal")));
	assert_int_equal(store_sql_int_on(path, "PRAGMA user_version"), TC_STORE_SCHEMA + 1);
	free(before);
	free(after);
}

/* A schema version no tilecade ever wrote. */
static void store_refuses_a_negative_schema_version(void **state)
{
	char path[STORE_PATH_MAX];
	store_sql_on(store_in(state, "negative.db", path), "PRAGMA user_version = -1;");
	store_assert_refused_untouched(path);
}

/* Another program's SQLite database, given by mistake, is not made a scoreboard: neither
 * given tables nor switched to WAL, even when it has a table of the same name. */
static void store_leaves_other_programs_databases_alone(void **state)
{
	char path[STORE_PATH_MAX];
	store_sql_on(store_in(state, "bookmarks.db", path),
	          "CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('x');");
	store_assert_refused_untouched(path);
	store_sql_on(store_in(state, "game.db", path),
	          "CREATE TABLE scores (name TEXT, score INTEGER); INSERT INTO scores VALUES "
	          "('ann', 5);");
	store_assert_refused_untouched(path);
	char mode[16];
	store_sql_text_on(path, "PRAGMA journal_mode", mode, sizeof mode);
	assert_string_equal(mode, "delete");

	/* Whatever user_version it carries: one of tilecade's (1, 2) is no proof. */
	for (int version = 1; version <= TC_STORE_SCHEMA; version++) {
		char name[32], sql[160], notice[TC_STORE_NOTICE_MAX];
		snprintf(name, sizeof name, "other-v%d.db", version);
		snprintf(sql, sizeof sql,
		         "CREATE TABLE t (x); INSERT INTO t VALUES (1); PRAGMA user_version = %d;",
		         version);
		store_sql_on(store_in(state, name, path), sql);
		store_assert_refused_untouched(path);
		tc_store_close(store_open_refused(path, notice));
		assert_non_null(strstr(notice, "not a tilecade database"));
		store_sql_text_on(path, "PRAGMA journal_mode", mode, sizeof mode);
		assert_string_equal(mode, "delete");
	}
	/* Tilecade's own tables with another program's beside them. */
	struct tc_store *st = store_open_ok(store_in(state, "mixed.db", path));
	tc_store_close(st);
	store_sql_on(path, "CREATE TABLE bookmarks (url TEXT);");
	store_assert_refused_untouched(path);
}

/* Only a regular file is a database: a device, a named pipe or a directory is refused before
 * SQLite opens it, so that nothing is written beside it (as root, /dev/null-journal). */
static void store_refuses_what_is_not_a_regular_file(void **state)
{
	char path[STORE_PATH_MAX], link[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	struct stat sb;
	bool journal_before = stat("/dev/null-journal", &sb) == 0;
	const char *devices[] = {"/dev/null", "/dev/zero"};
	for (int i = 0; i < 2; i++) {
		tc_store_close(store_open_refused(devices[i], notice));
		assert_non_null(strstr(notice, "not a regular file"));
		tc_store_close(tc_store_open_to_read(devices[i], notice, sizeof notice));
		assert_non_null(strstr(notice, "not a regular file"));
	}
	assert_int_equal(stat("/dev/null-journal", &sb) == 0, journal_before);
	assert_int_equal(symlink("/dev/null", store_in(state, "null.db", link)), 0);
	tc_store_close(store_open_refused(link, notice));
	assert_non_null(strstr(notice, "not a regular file"));
	assert_false(store_exists(store_in(state, "null.db-journal", path)));
	assert_int_equal(mkfifo(store_in(state, "pipe.db", path), 0600), 0);
	struct tc_store *st = store_open_refused(path, notice);
	assert_non_null(strstr(notice, "not a regular file"));
	assert_string_equal(tc_store_why_off(st), "not a regular file");
	tc_store_close(st);
}

/* Reading scores makes nothing: no database is one with no scores. */
static void store_reads_without_making(void **state)
{
	char path[STORE_PATH_MAX], dir[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	store_in(state, "none.db", path);
	struct tc_store *st = tc_store_open_to_read(path, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	assert_string_equal(notice, "");
	struct tc_board_key boards[2];
	assert_int_equal(tc_store_boards(st, boards, 2), 0);
	struct tc_score s = store_score(&store_board_4x4, "a", 10, 1000, 5, 100);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), -1);
	tc_store_close(st);
	assert_false(store_exists(path));
	/* A path typed into a folder that is not there may be a typo: said, not read as empty. */
	st = tc_store_open_to_read(store_in(state, "typo/none.db", dir), notice, sizeof notice);
	assert_false(tc_store_ok(st));
	assert_non_null(strstr(notice, "its folder is not there"));
	tc_store_close(st);
	/* The default path, in a tree not made yet. */
	char *xdg = getenv("XDG_DATA_HOME") ? strdup(getenv("XDG_DATA_HOME")) : NULL;
	setenv("XDG_DATA_HOME", store_in(state, "data", dir), 1);
	st = tc_store_open_to_read(NULL, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	tc_store_close(st);
	assert_false(store_exists(dir));
	if (xdg)
		setenv("XDG_DATA_HOME", xdg, 1);
	else
		unsetenv("XDG_DATA_HOME");
	free(xdg);
	/* A database that is there is read as it is. */
	st = store_open_ok(path);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 1);
	tc_store_close(st);
	st = tc_store_open_to_read(path, notice, sizeof notice);
	assert_int_equal(tc_store_boards(st, boards, 2), 1);
	tc_store_close(st);
}

static void store_refuses_files_that_are_not_databases(void **state)
{
	char path[STORE_PATH_MAX];
	unsigned char noise[8192];
	uint64_t x = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < sizeof noise; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		noise[i] = (unsigned char)x;
	}
	store_write_file(store_in(state, "noise.db", path), noise, sizeof noise);
	store_assert_refused_untouched(path);
	store_write_file(store_in(state, "short.db", path), noise, 7);
	store_assert_refused_untouched(path);

	static const char text[] = "player,points\nann,2048\nbob,1024\n";
	store_write_file(store_in(state, "scores.csv", path), text, sizeof text - 1);
	store_assert_refused_untouched(path);
}

/* A database whose pages past the first are damaged: the store may open it, but no call may
 * crash, and what it lists comes from the database. */
static void store_survives_a_damaged_database(void **state)
{
	char path[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	store_in(state, "damaged.db", path);
	struct tc_store *st = store_open_ok(path);
	for (int i = 0; i < 200; i++) {
		char id[16];
		snprintf(id, sizeof id, "g%d", i);
		struct tc_score s = store_score(&store_board_4x4, id, i, 1000, 5, 100);
		assert_true(tc_store_add_score(st, &s, TC_RANK_POINTS) >= 1);
	}
	assert_int_equal(tc_store_save_game(st, "2048", "blob", 4, "summary"), 0);
	tc_store_close(st);

	size_t len;
	unsigned char *bytes = store_read_file(path, &len);
	assert_true(len > 4096);
	for (size_t i = 1024; i < len; i++)
		bytes[i] = (unsigned char)(i * 7 + (i >> 8));
	store_write_file(path, bytes, len);
	free(bytes);

	st = tc_store_open(path, notice, sizeof notice);
	assert_non_null(st);
	if (!tc_store_ok(st))
		store_assert_notice(notice);
	struct tc_score out[8];
	struct tc_board_key boards[4];
	assert_true(tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, 8) <= 8);
	assert_true(tc_store_boards(st, boards, 4) <= 4);
	struct tc_score s = store_score(&store_board_4x4, "late", 1, 1, 1, 1);
	(void)tc_store_add_score(st, &s, TC_RANK_POINTS);
	void *blob = NULL;
	size_t blob_len = 0;
	if (tc_store_load_game(st, "2048", &blob, &blob_len) == 0)
		free(blob);
	char game[16], summary[64];
	(void)tc_store_latest_save(st, game, sizeof game, summary, sizeof summary);
	(void)tc_store_save_game(st, "2048", "blob", 4, "summary");
	tc_store_delete_game(st, "2048");
	tc_store_close(st);
}

static void store_refuses_a_directory(void **state)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct store_dir *d = *state;
	tc_store_close(store_open_refused(d->path, notice));
	assert_non_null(strstr(notice, "not a regular file"));
}

static void store_given_path_needs_its_directory(void **state)
{
	char path[STORE_PATH_MAX], missing[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	store_in(state, "missing/deeper/scores.db", path);
	tc_store_close(store_open_refused(path, notice));
	/* A path the player typed may be a typo: nothing is made for it. */
	assert_false(store_exists(store_in(state, "missing", missing)));
}

/* Environment variables a test changes, put back when it ends. */
struct store_env {
	char *home, *xdg;
};

static char *store_getenv_copy(const char *name)
{
	const char *v = getenv(name);
	return v ? strdup(v) : NULL;
}

static struct store_env store_env_save(void)
{
	return (struct store_env){store_getenv_copy("HOME"), store_getenv_copy("XDG_DATA_HOME")};
}

static void store_setenv(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

static void store_env_restore(struct store_env *env)
{
	store_setenv("HOME", env->home);
	store_setenv("XDG_DATA_HOME", env->xdg);
	free(env->home);
	free(env->xdg);
}

static void store_default_path_makes_its_directories(void **state)
{
	char xdg[STORE_PATH_MAX], path[STORE_PATH_MAX], dir[STORE_PATH_MAX];
	struct store_env env = store_env_save();
	store_setenv("XDG_DATA_HOME", store_in(state, "data/home", xdg));
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice);
	store_env_restore(&env);
	assert_non_null(st);
	if (!tc_store_ok(st))
		fail_msg("%s", notice);
	assert_string_equal(notice, "");
	assert_int_equal(tc_store_save_game(st, "2048", "x", 1, "a game"), 0);
	tc_store_close(st);
	assert_true(store_exists(store_in(state, "data/home/tilecade/tilecade.db", path)));
	/* Saves are the player's own. */
	struct stat sb;
	assert_int_equal(stat(store_in(state, "data/home/tilecade", dir), &sb), 0);
	assert_int_equal(sb.st_mode & 0077, 0);
}

/* Scores and a save in a database that is then made read-only. */
static void store_assert_read_only(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	assert_non_null(st);
	if (!tc_store_ok(st))
		fail_msg("a read-only database cannot be read: %s", notice);
	store_assert_notice(notice);
	assert_non_null(strstr(notice, "read-only"));
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);

	struct tc_score out[4];
	assert_int_equal(tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, 4), 2);
	assert_string_equal(out[0].game_id, "best");
	struct tc_board_key boards[2];
	assert_int_equal(tc_store_boards(st, boards, 2), 1);
	void *blob;
	size_t len;
	assert_int_equal(tc_store_load_game(st, "2048", &blob, &len), 0);
	assert_int_equal(len, 3);
	assert_memory_equal(blob, "abc", 3);
	free(blob);

	struct tc_score s = store_score(&store_board_4x4, "new", 5000, 1, 1, 1);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), -1);
	assert_int_equal(tc_store_save_game(st, "2048", "xyz", 3, "new"), -1);
	tc_store_delete_game(st, "2048");
	assert_int_equal(tc_store_load_game(st, "2048", &blob, &len), 0);
	free(blob);
	tc_store_close(st);
}

static void store_reads_a_read_only_database(void **state)
{
	/* Root ignores file modes, so there is nothing read-only to test as root. Not skip():
	 * cmocka 1.1 reports a skip as "not ok # SKIP", which meson counts as a failure. */
	if (geteuid() == 0) {
		print_message("# not run as root: root ignores file modes\n");
		return;
	}
	char dir[STORE_PATH_MAX], path[STORE_PATH_MAX];
	store_in(state, "shared", dir);
	assert_int_equal(mkdir(dir, 0700), 0);
	store_in(state, "shared/scores.db", path);
	struct tc_store *st = store_open_ok(path);
	struct tc_score a = store_score(&store_board_4x4, "best", 900, 1, 1, 1);
	struct tc_score b = store_score(&store_board_4x4, "next", 100, 1, 1, 1);
	assert_int_equal(tc_store_add_score(st, &a, TC_RANK_POINTS), 1);
	assert_int_equal(tc_store_add_score(st, &b, TC_RANK_POINTS), 2);
	assert_int_equal(tc_store_save_game(st, "2048", "abc", 3, "saved"), 0);
	tc_store_close(st);

	/* The file read-only in a directory the player may write... */
	assert_int_equal(chmod(path, 0444), 0);
	store_assert_read_only(path);
	/* ...and in one the player may not (a scoreboard of another user's). */
	assert_int_equal(chmod(dir, 0555), 0);
	store_assert_read_only(path);
	chmod(dir, 0700);
	chmod(path, 0644);
}

/* Adds each score, checks that the rank returned is where the board lists it, and that the
 * board ends in the expected order. */
static void store_assert_ranking(void **state, const struct tc_score *scores, int n,
                                 enum tc_rank_by by, const char *const *order)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "rank.db", path));
	const struct tc_board_key *board = &scores[0].board;
	/* A score on another board, better than all, which must not count. */
	static const struct tc_board_key elsewhere = {"2048", "normal", "5x5"};
	struct tc_score other = store_score(&elsewhere, "other", INT64_C(1) << 50, 0, 0, 0);
	assert_int_equal(tc_store_add_score(st, &other, by), 1);
	struct tc_score out[32];
	for (int i = 0; i < n; i++) {
		int rank = tc_store_add_score(st, &scores[i], by);
		assert_int_equal(tc_store_top_scores(st, board, by, out, 32), i + 1);
		assert_in_range(rank, 1, i + 1);
		assert_string_equal(out[rank - 1].game_id, scores[i].game_id);
	}
	assert_int_equal(tc_store_top_scores(st, board, by, out, 32), n);
	for (int i = 0; i < n; i++) {
		assert_string_equal(out[i].game_id, order[i]);
		const struct tc_score *in = NULL;
		for (int j = 0; j < n; j++)
			if (strcmp(scores[j].game_id, order[i]) == 0)
				in = &scores[j];
		assert_non_null(in);
		assert_memory_equal(&out[i].board, &in->board, sizeof in->board);
		assert_string_equal(out[i].player, in->player);
		assert_int_equal(out[i].points, in->points);
		assert_int_equal(out[i].time_ms, in->time_ms);
		assert_int_equal(out[i].moves, in->moves);
		assert_int_equal(out[i].date, in->date);
		assert_int_equal(out[i].lost, in->lost);
		assert_int_equal(out[i].hints, in->hints);
	}
	/* A short board is the top of the long one. */
	assert_int_equal(tc_store_top_scores(st, board, by, out, 3), 3);
	for (int i = 0; i < 3; i++)
		assert_string_equal(out[i].game_id, order[i]);
	tc_store_close(st);
}

static void store_ranks_by_points(void **state)
{
	const struct tc_board_key *b = &store_board_4x4;
	const struct tc_score scores[] = {
	        store_score(b, "mid", 500, 60000, 100, 1000),
	        store_score(b, "top", 900, 60000, 100, 2000),
	        store_score(b, "mid-earlier", 500, 60000, 100, 500),    /* a tie, made before */
	        store_score(b, "mid-same-date", 500, 60000, 100, 1000), /* a tie, added after */
	        store_score(b, "low", 100, 60000, 100, 10),
	        store_score(b, "top-later", 900, 60000, 100, 3000),
	        store_score(b, "zero", 0, 60000, 100, 1),
	        store_score(b, "huge", INT64_C(1) << 40, 60000, 100, 4000),
	};
	static const char *const order[] = {"huge", "top",           "top-later", "mid-earlier",
	                                    "mid",  "mid-same-date", "low",       "zero"};
	store_assert_ranking(state, scores, 8, TC_RANK_POINTS, order);
}

static void store_ranks_by_time(void **state)
{
	const struct tc_board_key *b = &store_board_level3;
	const struct tc_score scores[] = {
	        store_score(b, "slow", 0, 90000, 20, 1000),
	        store_score(b, "fast", 0, 30000, 20, 1000),
	        store_score(b, "fast-fewer-moves", 0, 30000, 15, 2000),
	        store_score(b, "fast-earlier", 0, 30000, 20, 500),
	        store_score(b, "fast-same-date", 0, 30000, 20, 1000), /* a tie, added after */
	        store_score(b, "fastest", 0, 29999, 40, 9000),
	        store_score(b, "slowest", 0, INT64_C(1) << 40, 1, 1),
	};
	static const char *const order[] = {"fastest", "fast-fewer-moves", "fast-earlier",
	                                    "fast",    "fast-same-date",   "slow",
	                                    "slowest"};
	store_assert_ranking(state, scores, 7, TC_RANK_TIME, order);
}

/* The result and hints of a score, for the tests of both. */
static struct tc_score store_result(struct tc_score s, bool lost, unsigned hints)
{
	s.lost = lost;
	s.hints = hints;
	return s;
}

/* A loss never ranks above a win, however many points or however little time it took; hints
 * are kept with the score and do not rank. */
static void store_ranks_a_loss_below_any_win(void **state)
{
	const struct tc_board_key *b = &(const struct tc_board_key){"match3", "pack", "level1"};
	const struct tc_score scores[] = {
	        store_result(store_score(b, "lost-big", 9000, 1000, 3, 10), true, 0),
	        store_result(store_score(b, "won-small", 10, 90000, 30, 20), false, 4),
	        store_result(store_score(b, "lost-small", 5, 1000, 3, 30), true, 1),
	        store_result(store_score(b, "won-big", 500, 90000, 30, 40), false, 0),
	};
	static const char *const order[] = {"won-big", "won-small", "lost-big", "lost-small"};
	store_assert_ranking(state, scores, 4, TC_RANK_POINTS, order);
}

static void store_ranks_a_loss_below_any_win_by_time(void **state)
{
	const struct tc_board_key *b = &store_board_level3;
	const struct tc_score scores[] = {
	        store_result(store_score(b, "lost-fast", 0, 100, 2, 10), true, 0),
	        store_result(store_score(b, "won-slow", 0, 90000, 30, 20), false, 2),
	        store_result(store_score(b, "won-fast", 0, 30000, 30, 30), false, 7),
	};
	static const char *const order[] = {"won-fast", "won-slow", "lost-fast"};
	store_assert_ranking(state, scores, 3, TC_RANK_TIME, order);
	assert_true(tc_score_better(&scores[1], &scores[0], TC_RANK_TIME));
	assert_false(tc_score_better(&scores[0], &scores[1], TC_RANK_TIME));
	assert_true(tc_score_better(&scores[2], &scores[1], TC_RANK_TIME));
	assert_false(tc_score_better(&scores[2], &scores[2], TC_RANK_TIME)); /* a tie */
}

/* A game that ends again better takes its own row, not a second one. */
static void store_replaces_a_score(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "replace.db", path));
	struct tc_score a = store_score(&store_board_4x4, "a", 300, 1000, 5, 100);
	struct tc_score b = store_score(&store_board_4x4, "b", 200, 1000, 5, 100);
	assert_int_equal(tc_store_add_score(st, &a, TC_RANK_POINTS), 1);
	a.id = tc_store_last_score_id(st);
	assert_int_equal(tc_store_add_score(st, &b, TC_RANK_POINTS), 2);
	assert_true(tc_store_last_score_id(st) != a.id);
	b.id = tc_store_last_score_id(st);
	b.points = 900;
	b.hints = 2;
	assert_int_equal(tc_store_replace_score(st, &b, TC_RANK_POINTS), 1);
	struct tc_score out[4];
	assert_int_equal(tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, 4), 2);
	assert_int_equal(out[0].points, 900);
	assert_int_equal(out[0].hints, 2);
	assert_int_equal(out[0].id, b.id);
	assert_int_equal(out[1].id, a.id);
	b.id = 999; /* no such row */
	assert_int_equal(tc_store_replace_score(st, &b, TC_RANK_POINTS), -1);
	tc_store_close(st);
}

/* A database of schema 1 keeps its scores, which read as wins without hints, and its saves. */
static void store_migrates_schema_1(void **state)
{
	char path[STORE_PATH_MAX];
	store_in(state, "v1.db", path);
	store_sql_on(path,
	          "CREATE TABLE scores ("
	          "  id INTEGER PRIMARY KEY,"
	          "  game TEXT NOT NULL, mode TEXT NOT NULL, level TEXT NOT NULL,"
	          "  player TEXT NOT NULL,"
	          "  points INTEGER NOT NULL, time_ms INTEGER NOT NULL, moves INTEGER NOT NULL,"
	          "  date INTEGER NOT NULL, game_id TEXT NOT NULL);"
	          "CREATE INDEX scores_by_board ON scores (game, mode, level);"
	          "CREATE TABLE saves ("
	          "  game TEXT PRIMARY KEY, blob BLOB NOT NULL, summary TEXT NOT NULL,"
	          "  saved_at INTEGER NOT NULL);"
	          "INSERT INTO scores VALUES (1, '2048', 'random', '4x4', 'ann', 288, 5000, 90,"
	          "  100, '2048:4x4:s1');"
	          "INSERT INTO saves VALUES ('2048', x'00', 'a game', 5);"
	          "PRAGMA user_version = 1;");
	struct tc_store *st = store_open_ok(path);
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	store_assert_schema(path);
	const struct tc_board_key board = {"2048", "random", "4x4"};
	struct tc_score out[2];
	assert_int_equal(tc_store_top_scores(st, &board, TC_RANK_POINTS, out, 2), 1);
	assert_string_equal(out[0].player, "ann");
	assert_int_equal(out[0].points, 288);
	assert_false(out[0].lost);
	assert_int_equal(out[0].hints, 0);
	/* A loss of more points goes below it. */
	struct tc_score lost = store_result(store_score(&board, "l", 5000, 1, 1, 1), true, 3);
	assert_int_equal(tc_store_add_score(st, &lost, TC_RANK_POINTS), 2);
	char summary[16], game[16];
	assert_int_equal(tc_store_latest_save(st, game, sizeof game, summary, sizeof summary), 0);
	assert_string_equal(summary, "a game");
	tc_store_close(st);
}

/* A database of schema 4, as the version before schema 5 made it (its migrations 0 to 4). */
static void store_make_schema_4(const char *path)
{
	store_sql_on(path,
	          "CREATE TABLE scores ("
	          "  id INTEGER PRIMARY KEY,"
	          "  game TEXT NOT NULL, mode TEXT NOT NULL, level TEXT NOT NULL,"
	          "  player TEXT NOT NULL,"
	          "  points INTEGER NOT NULL, time_ms INTEGER NOT NULL, moves INTEGER NOT NULL,"
	          "  date INTEGER NOT NULL, game_id TEXT NOT NULL);"
	          "CREATE INDEX scores_by_board ON scores (game, mode, level);"
	          "CREATE TABLE saves ("
	          "  game TEXT PRIMARY KEY, blob BLOB NOT NULL, summary TEXT NOT NULL,"
	          "  saved_at INTEGER NOT NULL);"
	          "ALTER TABLE scores ADD COLUMN won INTEGER NOT NULL DEFAULT 1;"
	          "ALTER TABLE scores ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;"
	          "CREATE TABLE recordings ("
	          "  id INTEGER PRIMARY KEY,"
	          "  player TEXT NOT NULL, game TEXT NOT NULL, game_id TEXT NOT NULL,"
	          "  result TEXT NOT NULL, points INTEGER NOT NULL, time_ms INTEGER NOT NULL,"
	          "  moves INTEGER NOT NULL, date INTEGER NOT NULL, events BLOB NOT NULL);"
	          "ALTER TABLE scores ADD COLUMN recording INTEGER NOT NULL DEFAULT 0;"
	          "ALTER TABLE saves ADD COLUMN events BLOB NOT NULL DEFAULT x'';"
	          "CREATE TABLE players ("
	          "  key TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,"
	          "  since INTEGER NOT NULL);"
	          "CREATE TABLE races ("
	          "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
	          "  game TEXT NOT NULL, game_id TEXT NOT NULL, opener TEXT NOT NULL,"
	          "  opened_ms INTEGER NOT NULL, start_ms INTEGER NOT NULL,"
	          "  limit_ms INTEGER NOT NULL);"
	          "CREATE TABLE racers ("
	          "  race INTEGER NOT NULL, player TEXT NOT NULL, outcome TEXT NOT NULL,"
	          "  progress INTEGER NOT NULL, progress_text TEXT NOT NULL,"
	          "  time_ms INTEGER NOT NULL, points INTEGER NOT NULL, recording INTEGER NOT NULL,"
	          "  joined_ms INTEGER NOT NULL, dropped_ms INTEGER NOT NULL, socket TEXT NOT NULL,"
	          "  PRIMARY KEY (race, player));"
	          "PRAGMA user_version = 4;");
}

/* A database of schema 3 (the arcade's) keeps its scores, recordings and players, and is
 * given the races' tables. */
static void store_migrates_schema_3(void **state)
{
	char path[STORE_PATH_MAX];
	store_make_schema_4(store_in(state, "v3.db", path));
	/* Schema 3 is schema 4 without its races. */
	store_sql_on(path,
	          "DROP TABLE racers; DROP TABLE races;"
	          "INSERT INTO recordings VALUES (7, 'ann', '2048', '2048:4x4:s1', 'won', 2048,"
	          "  5000, 90, 100, x'01');"
	          "INSERT INTO players VALUES ('ssh-ed25519 AAAA', 'ann', 1);"
	          "INSERT INTO scores VALUES (1, '2048', 'random', '4x4', 'ann', 2048, 5000, 90,"
	          "  100, '2048:4x4:s1', 1, 0, 7);"
	          "PRAGMA user_version = 3;");
	struct tc_store *st = store_open_ok(path);
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	tc_store_close(st);
	store_assert_schema(path);
	assert_int_equal(store_sql_int_on(path, "SELECT recording FROM scores"), 7);
	assert_int_equal(store_sql_int_on(path, "SELECT points FROM recordings WHERE id = 7"), 2048);
	assert_int_equal(store_sql_int_on(path, "SELECT COUNT(*) FROM players"), 1);
	assert_int_equal(store_sql_int_on(path, "SELECT COUNT(*) FROM sqlite_master WHERE name IN"
	                                     " ('races', 'racers')"),
	                 2);
}

/* A database of schema 4 keeps every save, as the saves of a store of one player's (owner ""),
 * the latest still the latest, and is given the table of games written from a waiting
 * queue. */
static void store_migrates_schema_4(void **state)
{
	char path[STORE_PATH_MAX];
	store_make_schema_4(store_in(state, "v4.db", path));
	store_sql_on(path,
	          "INSERT INTO saves VALUES ('2048', x'0102', '2048 4x4', 100, x'aa');"
	          "INSERT INTO saves VALUES ('znumbers', x'03', 'zNumbers level3', 100, x'');"
	          "INSERT INTO saves VALUES ('sudoku', x'04', 'Sudoku easy', 90, x'');"
	          "INSERT INTO scores VALUES (1, '2048', 'random', '4x4', 'ann', 2048, 5000, 90,"
	          "  100, '2048:4x4:s1', 1, 0, 0);"
	          "INSERT INTO races (game, game_id, opener, opened_ms, start_ms, limit_ms)"
	          "  VALUES ('2048', '2048:4x4:s1', 'ann', 1, 0, 0);");
	struct tc_store *st = store_open_ok(path);
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	char game[16], summary[32];
	/* Two saves of one second: the one written later. */
	assert_int_equal(tc_store_latest_save(st, game, sizeof game, summary, sizeof summary), 0);
	assert_string_equal(game, "znumbers");
	void *blob, *events;
	size_t len, events_len;
	assert_int_equal(tc_store_load_game_stream(st, "2048", &blob, &len, &events, &events_len),
	                 0);
	assert_int_equal(len, 2);
	assert_memory_equal(blob, "\x01\x02", 2);
	assert_int_equal(events_len, 1);
	free(blob);
	free(events);
	assert_int_equal(tc_store_load_game(st, "sudoku", &blob, &len), 0);
	free(blob);
	const struct tc_board_key board = {"2048", "random", "4x4"};
	struct tc_score out[2];
	assert_int_equal(tc_store_top_scores(st, &board, TC_RANK_POINTS, out, 2), 1);
	tc_store_close(st);
	store_assert_schema(path);
	assert_int_equal(store_sql_int_on(path, "SELECT COUNT(*) FROM saves WHERE owner = ''"), 3);
	assert_int_equal(store_sql_int_on(path, "SELECT COUNT(*) FROM written"), 0);
	assert_int_equal(store_sql_int_on(path, "SELECT COUNT(*) FROM races"), 1);
}

/* Text goes in and out as it is: names are data, never SQL. */
static void store_keeps_text_as_given(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "text.db", path));
	struct tc_board_key board = {"2048", "normal", "it's \"8x8\";"};
	struct tc_score s = store_score(&board, "", 1, 1, 1, 1);
	snprintf(s.player, sizeof s.player, "%s", "Robert'); DROP TABLE scores;--");
	memset(s.game_id, 'i', sizeof s.game_id - 1);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 1);
	struct tc_score out[2];
	assert_int_equal(tc_store_top_scores(st, &board, TC_RANK_POINTS, out, 2), 1);
	assert_string_equal(out[0].player, s.player);
	assert_string_equal(out[0].game_id, s.game_id);
	assert_string_equal(out[0].board.level, board.level);
	struct tc_board_key boards[2];
	assert_int_equal(tc_store_boards(st, boards, 2), 1);
	assert_string_equal(boards[0].level, board.level);
	tc_store_close(st);
	store_assert_schema(path);
}

static void store_lists_boards(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "boards.db", path));
	struct tc_board_key out[8];
	assert_int_equal(tc_store_boards(st, out, 8), 0);
	static const struct tc_board_key added[] = {
	        {"znumbers", "pack", "level3"},      {"2048", "normal", "4x4"},
	        {"znumbers", "daily", "2026-11-21"}, {"2048", "normal", "3x3"},
	        {"2048", "normal", "4x4"},           {"znumbers", "pack", "level3"},
	};
	for (size_t i = 0; i < sizeof added / sizeof added[0]; i++) {
		struct tc_score s = store_score(&added[i], "id", 10, 10, 10, 10);
		assert_true(tc_store_add_score(st, &s, TC_RANK_POINTS) >= 1);
	}
	static const struct tc_board_key sorted[] = {
	        {"2048", "normal", "3x3"},
	        {"2048", "normal", "4x4"},
	        {"znumbers", "daily", "2026-11-21"},
	        {"znumbers", "pack", "level3"},
	};
	assert_int_equal(tc_store_boards(st, out, 8), 4);
	for (int i = 0; i < 4; i++) {
		assert_string_equal(out[i].game, sorted[i].game);
		assert_string_equal(out[i].mode, sorted[i].mode);
		assert_string_equal(out[i].level, sorted[i].level);
	}
	assert_int_equal(tc_store_boards(st, out, 2), 2);
	assert_string_equal(out[1].level, "4x4");
	assert_int_equal(tc_store_boards(st, out, 0), 0);
	tc_store_close(st);
}

/* Rows a damaged or hostile database holds: impossible values are on no board (not shown as
 * 4294967291 moves, not counted in a rank), and a board whose key does not fit a board key is
 * not listed (it would read as having no scores). */
static void store_skips_impossible_rows(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "hostile.db", path));
	struct tc_score good = store_score(&store_board_4x4, "good", 10, 1000, 5, 100);
	assert_int_equal(tc_store_add_score(st, &good, TC_RANK_POINTS), 1);
	tc_store_close(st);
	store_sql_on(path,
	             "INSERT INTO scores (game, mode, level, player, points, time_ms, moves, date,"
	             " game_id) VALUES"
	             " ('2048', 'normal', '4x4', 'neg', 500, 1, -5, 1, 'x'),"
	             " ('2048', 'normal', '4x4', 'big', 600, 1, 4294967296, 1, 'x'),"
	             " ('2048', 'normal', '4x4', 'late', 700, -1, 1, 1, 'x'),"
	             " ('2048', 'normal', '4x4', 'hints', 800, 1, 1, 1, 'x'),"
	             " ('2048', 'normal', '5x5', 'only', 1, 1, -1, 1, 'x');"
	             "UPDATE scores SET hints = -3 WHERE player = 'hints';");
	/* Damage only SQLite's untyped columns let in: a text for a number, a NUL in a text. */
	if (!store_on_pg())
		store_sql_on(path,
		             "INSERT INTO scores (game, mode, level, player, points, time_ms, moves,"
		             " date, game_id) VALUES"
		             " ('2048', 'normal', '4x4', 'text', 800, 1, 'many', 1, 'x'),"
		             " ('2048', 'normal', printf('%.3000c', 'L'), 'long', 1, 1, 1, 1, 'x'),"
		             " ('2048', 'normal', 'a' || char(0) || 'b', 'nul', 1, 1, 1, 1, 'x');");
	else
		store_sql_on(path, "INSERT INTO scores (game, mode, level, player, points, time_ms,"
		                   " moves, date, game_id) VALUES"
		                   " ('2048', 'normal', repeat('L', 3000), 'long', 1, 1, 1, 1, 'x')");
	st = store_open_ok(path);
	struct tc_score out[8];
	assert_int_equal(tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, 8), 1);
	assert_string_equal(out[0].player, "player-good");
	struct tc_score best;
	assert_int_equal(tc_store_best_of(st, &store_board_4x4, TC_RANK_POINTS, "neg", &best), -1);
	struct tc_board_key boards[8];
	assert_int_equal(tc_store_boards(st, boards, 8), 1);
	assert_string_equal(boards[0].level, "4x4");
	struct tc_score next = store_score(&store_board_4x4, "next", 5, 1, 1, 1);
	assert_int_equal(tc_store_add_score(st, &next, TC_RANK_POINTS), 2);
	tc_store_close(st);
}

static void store_assert_load(struct tc_store *st, const char *game, const void *bytes, size_t len)
{
	void *blob = NULL;
	size_t got = 0;
	assert_int_equal(tc_store_load_game(st, game, &blob, &got), 0);
	assert_int_equal(got, len);
	if (len)
		assert_memory_equal(blob, bytes, len);
	free(blob);
}

static void store_round_trips_saves(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "saves.db", path));
	void *blob = NULL;
	size_t len = 0;
	assert_int_equal(tc_store_load_game(st, "2048", &blob, &len), -1);

	unsigned char first[300];
	for (size_t i = 0; i < sizeof first; i++)
		first[i] = (unsigned char)(i % 3 == 0 ? 0 : i); /* NUL bytes from the very first */
	assert_int_equal(tc_store_save_game(st, "2048", first, sizeof first, "2048 4x4"), 0);
	store_assert_load(st, "2048", first, sizeof first);

	/* A save replaces the game's previous one, and leaves other games' alone. */
	size_t big_len = 256 * 1024;
	unsigned char *big = malloc(big_len);
	assert_non_null(big);
	for (size_t i = 0; i < big_len; i++)
		big[i] = (unsigned char)(i * 31 >> 3);
	assert_int_equal(tc_store_save_game(st, "znumbers", big, big_len, "level 3"), 0);
	static const unsigned char second[] = {0, 0, 0, 1, 0};
	assert_int_equal(tc_store_save_game(st, "2048", second, sizeof second, "2048 8x8"), 0);
	store_assert_load(st, "2048", second, sizeof second);
	store_assert_load(st, "znumbers", big, big_len);
	tc_store_close(st);
	assert_int_equal(store_sql_int_on(path, "SELECT COUNT(*) FROM saves"), 2);

	/* And it is all there the next time. */
	st = store_open_ok(path);
	store_assert_load(st, "2048", second, sizeof second);
	store_assert_load(st, "znumbers", big, big_len);
	tc_store_delete_game(st, "znumbers");
	assert_int_equal(tc_store_load_game(st, "znumbers", &blob, &len), -1);
	tc_store_delete_game(st, "znumbers"); /* deleting nothing is fine */
	store_assert_load(st, "2048", second, sizeof second);
	tc_store_close(st);
	free(big);
}

static void store_assert_latest(struct tc_store *st, const char *game, const char *summary)
{
	char g[16], sum[64];
	assert_int_equal(tc_store_latest_save(st, g, sizeof g, sum, sizeof sum), 0);
	assert_string_equal(g, game);
	assert_string_equal(sum, summary);
}

static void store_finds_the_latest_save(void **state)
{
	char path[STORE_PATH_MAX], g[16], sum[64];
	struct tc_store *st = store_open_ok(store_db(state, "latest.db", path));
	assert_int_equal(tc_store_latest_save(st, g, sizeof g, sum, sizeof sum), -1);

	/* Saves in the same second: the one made later. */
	assert_int_equal(tc_store_save_game(st, "2048", "a", 1, "2048 4x4, 120 points"), 0);
	assert_int_equal(tc_store_save_game(st, "znumbers", "b", 1, "zNumbers level3"), 0);
	store_assert_latest(st, "znumbers", "zNumbers level3");
	assert_int_equal(tc_store_save_game(st, "2048", "c", 1, "2048 4x4, 300 points"), 0);
	store_assert_latest(st, "2048", "2048 4x4, 300 points");

	/* By the time of the save, not the order of the rows. */
	store_sql_on(path, "UPDATE saves SET saved_at = saved_at + 10 WHERE game = 'znumbers'");
	store_assert_latest(st, "znumbers", "zNumbers level3");

	/* Summaries longer than the caller's buffer are cut, not overrun. */
	char small_game[3], small_sum[5];
	assert_int_equal(tc_store_latest_save(st, small_game, sizeof small_game, small_sum,
	                                      sizeof small_sum),
	                 0);
	assert_string_equal(small_game, "zn");
	assert_string_equal(small_sum, "zNum");

	tc_store_delete_game(st, "znumbers");
	store_assert_latest(st, "2048", "2048 4x4, 300 points");
	tc_store_delete_game(st, "2048");
	assert_int_equal(tc_store_latest_save(st, g, sizeof g, sum, sizeof sum), -1);
	tc_store_close(st);
}

/* Every game in progress is listed, newest first (the menu shows each; issue 27). */
static void store_lists_every_save(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "saves.db", path));
	struct tc_save_info saves[TC_STORE_SAVES_MAX];
	assert_int_equal(tc_store_saves(st, saves, TC_STORE_SAVES_MAX), 0);
	assert_int_equal(tc_store_save_game(st, "sudoku", "a", 1, "sudoku:level3:s0, 1 move"), 0);
	assert_int_equal(tc_store_save_game(st, "2048", "b", 1, "2048:4x4:s7, 2 moves"), 0);
	assert_int_equal(tc_store_saves(st, saves, TC_STORE_SAVES_MAX), 2);
	assert_string_equal(saves[0].game, "2048");
	assert_string_equal(saves[1].game, "sudoku");
	assert_string_equal(saves[1].summary, "sudoku:level3:s0, 1 move");
	/* A new save of a game replaces its own, and comes first. */
	assert_int_equal(tc_store_save_game(st, "sudoku", "c", 1, "sudoku:level4:s0, 1 move"), 0);
	assert_int_equal(tc_store_saves(st, saves, TC_STORE_SAVES_MAX), 2);
	assert_string_equal(saves[0].summary, "sudoku:level4:s0, 1 move");
	assert_string_equal(saves[1].game, "2048");
	assert_int_equal(tc_store_saves(st, saves, 1), 1); /* at most max */
	tc_store_delete_game(st, "2048");
	assert_int_equal(tc_store_saves(st, saves, TC_STORE_SAVES_MAX), 1);
	assert_string_equal(saves[0].game, "sudoku");
	tc_store_close(st);
}

/* A database many players share keeps a save a game for each: each sees, continues and
 * deletes only their own. */
static void store_keeps_saves_by_owner(void **state)
{
	char path[STORE_PATH_MAX], g[16], sum[64];
	struct tc_store *ann = store_open_ok(store_db(state, "owners.db", path));
	struct tc_store *bob = store_open_ok(path);
	tc_store_set_owner(ann, "ann");
	tc_store_set_owner(bob, "bob");
	assert_int_equal(tc_store_save_game(ann, "2048", "a", 1, "ann's 2048"), 0);
	assert_int_equal(tc_store_latest_save(bob, g, sizeof g, sum, sizeof sum), -1);
	assert_int_equal(tc_store_save_game(bob, "2048", "bb", 2, "bob's 2048"), 0);
	assert_int_equal(tc_store_save_game(bob, "znumbers", "z", 1, "bob's zNumbers"), 0);
	store_assert_load(ann, "2048", "a", 1);
	store_assert_load(bob, "2048", "bb", 2);
	store_assert_latest(ann, "2048", "ann's 2048");
	store_assert_latest(bob, "znumbers", "bob's zNumbers");
	void *blob;
	size_t len;
	assert_int_equal(tc_store_load_game(ann, "znumbers", &blob, &len), -1);

	tc_store_delete_game(bob, "2048");
	store_assert_load(ann, "2048", "a", 1);
	assert_int_equal(tc_store_load_game(bob, "2048", &blob, &len), -1);
	/* A store of one player's keeps its saves under none of theirs. */
	struct tc_store *own = store_open_ok(path);
	assert_int_equal(tc_store_latest_save(own, g, sizeof g, sum, sizeof sum), -1);
	tc_store_close(own);
	tc_store_close(bob);
	tc_store_close(ann);
	assert_int_equal(store_sql_int_on(path, "SELECT COUNT(*) FROM saves"), 2);
}

/* One game, one program: the first program plays a game to 6 moves, a second continues it (takes
 * it over) and saves 13; the first's saves, its hang-up's too, write nothing and tell it that it
 * lost the game; once the second finished it (its save deleted), the first neither brings it
 * back nor deletes another's. */
static void store_a_game_taken_over_is_not_saved_by_the_first(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *first = store_open_ok(store_db(state, "takeover.db", path));
	struct tc_store *second = store_open_ok(path);
	tc_store_set_owner(first, "ann");
	tc_store_set_owner(second, "ann");
	uint64_t first_hold = 0;
	assert_int_equal(tc_store_save_held(first, "2048", &first_hold, "6", 1, "6 moves", NULL, 0),
	                 0);
	assert_int_not_equal(first_hold, 0);
	assert_false(tc_store_lost(first, "2048", first_hold));
	assert_int_equal(tc_store_save_held(first, "2048", &first_hold, "6", 1, "6 moves", NULL, 0),
	                 0);

	uint64_t second_hold = tc_store_take_over(second, "2048");
	assert_int_not_equal(second_hold, 0);
	assert_int_not_equal(second_hold, first_hold);
	assert_true(tc_store_lost(first, "2048", first_hold));
	assert_false(tc_store_lost(second, "2048", second_hold));
	assert_int_equal(
	        tc_store_save_held(second, "2048", &second_hold, "13", 2, "13 moves", NULL, 0), 0);
	uint64_t stale = first_hold;
	assert_int_equal(tc_store_save_held(first, "2048", &first_hold, "7", 1, "7 moves", NULL, 0),
	                 TC_STORE_LOST);
	assert_int_equal(first_hold, stale);
	store_assert_load(second, "2048", "13", 2);
	store_assert_latest(first, "2048", "13 moves");

	/* Finished by the second: the first's save does not bring it back. */
	tc_store_delete_held(first, "2048", first_hold);
	store_assert_load(second, "2048", "13", 2);
	tc_store_delete_held(second, "2048", second_hold);
	void *blob;
	size_t len;
	assert_int_equal(tc_store_load_game(first, "2048", &blob, &len), -1);
	assert_true(tc_store_lost(first, "2048", first_hold));
	assert_int_equal(tc_store_save_held(first, "2048", &first_hold, "8", 1, "8 moves", NULL, 0),
	                 TC_STORE_LOST);
	assert_int_equal(tc_store_load_game(first, "2048", &blob, &len), -1);
	/* Nothing to take over; a new game's first save takes the slot, whatever held it. */
	assert_int_equal(tc_store_take_over(first, "2048"), 0);
	uint64_t new_hold = 0;
	assert_int_equal(tc_store_save_held(second, "2048", &new_hold, "1", 1, "new", NULL, 0), 0);
	assert_int_equal(tc_store_save_held(first, "2048", &first_hold, "9", 1, "9 moves", NULL, 0),
	                 TC_STORE_LOST);
	store_assert_load(first, "2048", "1", 1);
	tc_store_close(second);
	tc_store_close(first);
}

/* A postgresql:// or postgres:// URL (any case) names a PostgreSQL database; a line about
 * one never shows its password, in the user's part or in the options. */
static void store_tells_urls_and_hides_passwords(void **state)
{
	assert_true(tc_store_is_url("postgresql://"));
	assert_true(tc_store_is_url("PostgreSQL://host/db"));
	assert_true(tc_store_is_url("postgres://host"));
	assert_false(tc_store_is_url("postgresql:/host"));
	assert_false(tc_store_is_url("./postgres://x"));
	assert_false(tc_store_is_url(NULL));

	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(
	        "postgresql://ann:hunter2@127.0.0.1:1/arcade?password=hunter3&sslmode=disable",
	        notice, sizeof notice);
	assert_non_null(st);
	assert_false(tc_store_ok(st));
	store_assert_notice(notice);
	assert_null(strstr(notice, "hunter"));
	assert_non_null(strstr(notice, "postgresql://ann@127.0.0.1:1/arcade"));
	assert_null(strstr(tc_store_why_off(st), "hunter"));
	assert_string_equal(tc_store_engine_name(st), "PostgreSQL");
	tc_store_close(st);

	/* A password holding a '/' or a '?', which the URL's grammar ends the host at. */
	static const char *const odd[] = {"postgresql://ann:pa/ss@127.0.0.1:1/arcade",
	                                  "postgresql://ann:p?ss@127.0.0.1:1/arcade",
	                                  "postgres://ann:p@ss@127.0.0.1:1/arcade"};
	for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
		st = tc_store_open(odd[i], notice, sizeof notice);
		assert_non_null(st);
		store_assert_notice(notice);
		assert_null(strstr(notice, "ss@"));
		assert_null(strstr(notice, "pa/"));
		assert_null(strstr(notice, "p?"));
		assert_null(strstr(tc_store_why_off(st), "ss@"));
		tc_store_close(st);
	}

	char path[STORE_PATH_MAX];
	st = store_open_ok(store_in(state, "engine.db", path));
	assert_string_equal(tc_store_engine_name(st), "SQLite");
	tc_store_close(st);
}

/* Whatever the reason a store is off, every call on it does nothing. */
static void store_assert_does_nothing(struct tc_store *st)
{
	assert_false(tc_store_ok(st));
	assert_int_equal(tc_store_schema_version(st), 0);
	struct tc_score s = store_score(&store_board_4x4, "a", 10, 1000, 5, 100);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), -1);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_TIME), -1);
	struct tc_score out[2];
	assert_int_equal(tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, 2), 0);
	struct tc_board_key boards[2];
	assert_int_equal(tc_store_boards(st, boards, 2), 0);
	assert_int_equal(tc_store_save_game(st, "2048", "abc", 3, "x"), -1);
	void *blob = &s;
	size_t len = 77;
	assert_int_equal(tc_store_load_game(st, "2048", &blob, &len), -1);
	assert_ptr_equal(blob, &s);
	assert_int_equal(len, 77);
	tc_store_delete_game(st, "2048");
	char g[16], sum[16];
	assert_int_equal(tc_store_latest_save(st, g, sizeof g, sum, sizeof sum), -1);
}

static void store_disabled_does_nothing(void **state)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct store_dir *d = *state;
	struct tc_store *st = store_open_refused(d->path, notice);
	store_assert_does_nothing(st);
	tc_store_close(st);
	store_assert_does_nothing(NULL);
	tc_store_close(NULL);
}

static void store_assert_default_path(const char *home, const char *xdg, const char *expected)
{
	struct store_env env = store_env_save();
	store_setenv("HOME", home);
	store_setenv("XDG_DATA_HOME", xdg);
	char buf[STORE_PATH_MAX];
	int rc = tc_store_default_path(buf, sizeof buf);
	store_env_restore(&env);
	assert_int_equal(rc, 0);
	assert_string_equal(buf, expected);
}

static void store_default_path_follows_xdg(void **state)
{
	store_assert_default_path("/home/ann", "/srv/data", "/srv/data/tilecade/tilecade.db");
	/* The XDG spec says to ignore a relative path. */
	store_assert_default_path("/home/ann", "data",
	                          "/home/ann/.local/share/tilecade/tilecade.db");
	store_assert_default_path("/home/ann", "", "/home/ann/.local/share/tilecade/tilecade.db");
	store_assert_default_path("/home/ann", NULL, "/home/ann/.local/share/tilecade/tilecade.db");

	/* Without HOME, the home directory of the user's account. */
	struct store_env env = store_env_save();
	store_setenv("HOME", NULL);
	store_setenv("XDG_DATA_HOME", NULL);
	char buf[STORE_PATH_MAX];
	int rc = tc_store_default_path(buf, sizeof buf);
	/* A path that does not fit is no path. */
	store_setenv("XDG_DATA_HOME", "/srv/data");
	char too_small[20];
	int small = tc_store_default_path(too_small, sizeof too_small);
	store_env_restore(&env);
	if (rc == 0) {
		const char *tail = "/.local/share/tilecade/tilecade.db";
		assert_true(strlen(buf) > strlen(tail));
		assert_string_equal(buf + strlen(buf) - strlen(tail), tail);
	}
	assert_int_equal(small, -1);
}

/* A database of schema 6 keeps N's game IDs of before, spaced ("ninja seed 5"), in its scores,
 * recordings and races: schema 7 gives them today's form, which an arcade's request line takes
 * back to --id (issue 27), so that a level's old runs list and race with its new ones; other
 * IDs are left alone. On both engines. */
static void store_migrates_ninja_ids(void **state)
{
	char path[STORE_PATH_MAX], id[64];
	bool pg = store_on_pg();
	tc_store_close(store_open_ok(store_db(state, "v6", path)));
	store_sql_on(path,
	             "INSERT INTO scores (game, mode, level, player, points, time_ms, moves,"
	             " date, game_id) VALUES"
	             " ('ninja', 'level', 'a', 'ann', 0, 9000, 360, 1, 'ninja seed 5'),"
	             " ('ninja', 'level', 'b', 'ann', 0, 9000, 360, 1, 'ninja any seed 9'),"
	             " ('ninja', 'level', 'c', 'ann', 0, 9000, 360, 1,"
	             "  'ninja:0123456789abcdef'),"
	             " ('2048', 'normal', '4x4', 'ann', 8, 1, 1, 1, '2048:4x4:s1');"
	             "INSERT INTO races (game, game_id, opener, opened_ms, start_ms, limit_ms)"
	             " VALUES ('ninja', 'ninja any seed 9', 'ann', 1, 0, 0);");
	store_sql_on(path,
	             pg ? "INSERT INTO recordings (player, game, game_id, result, points,"
	                  " time_ms, moves, date, events) VALUES"
	                  " ('ann', 'ninja', 'ninja seed 5', 'won', 0, 9000, 360, 1, '\\x01');"
	                  "UPDATE tilecade_schema SET version = 6;"
	                : "INSERT INTO recordings (player, game, game_id, result, points,"
	                  " time_ms, moves, date, events) VALUES"
	                  " ('ann', 'ninja', 'ninja seed 5', 'won', 0, 9000, 360, 1, x'01');"
	                  "PRAGMA user_version = 6;");
	struct tc_store *st = store_open_ok(path);
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	int64_t ids[4];
	assert_int_equal(tc_store_recordings_of_game(st, "ann", "ninja:seed:s5", ids, 4), 1);
	tc_store_close(st);
	const char *kept[][2] = {{"a", "ninja:seed:s5"},
	                         {"b", "ninja:any:s9"},
	                         {"c", "ninja:0123456789abcdef"},
	                         {"4x4", "2048:4x4:s1"}};
	for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
		char sql[128];
		snprintf(sql, sizeof sql, "SELECT game_id FROM scores WHERE level = '%s'",
		         kept[i][0]);
		store_sql_text_on(path, sql, id, sizeof id);
		assert_string_equal(id, kept[i][1]);
	}
	store_sql_text_on(path, "SELECT game_id FROM recordings", id, sizeof id);
	assert_string_equal(id, "ninja:seed:s5");
	store_sql_text_on(path, "SELECT game_id FROM races", id, sizeof id);
	assert_string_equal(id, "ninja:any:s9");
}

#define STORE_TEST(f) cmocka_unit_test_setup_teardown(f, store_setup, store_teardown)

int main(void)
{
	const struct CMUnitTest both[] = {
	        STORE_TEST(store_ranks_by_points),
	        STORE_TEST(store_ranks_by_time),
	        STORE_TEST(store_ranks_a_loss_below_any_win),
	        STORE_TEST(store_ranks_a_loss_below_any_win_by_time),
	        STORE_TEST(store_replaces_a_score),
	        STORE_TEST(store_keeps_saves_by_owner),
	        STORE_TEST(store_keeps_text_as_given),
	        STORE_TEST(store_lists_boards),
	        STORE_TEST(store_skips_impossible_rows),
	        STORE_TEST(store_round_trips_saves),
	        STORE_TEST(store_finds_the_latest_save),
	        STORE_TEST(store_lists_every_save),
	        STORE_TEST(store_a_game_taken_over_is_not_saved_by_the_first),
	        STORE_TEST(store_migrates_ninja_ids),
	};
	/* What a file has: its path, its folder, its permissions, SQLite's own schema versions. */
	const struct CMUnitTest sqlite_only[] = {
	        STORE_TEST(store_creates_a_new_database),
	        STORE_TEST(store_migrates_an_unversioned_database),
	        STORE_TEST(store_refuses_a_newer_schema),
	        STORE_TEST(store_refuses_a_negative_schema_version),
	        STORE_TEST(store_leaves_other_programs_databases_alone),
	        STORE_TEST(store_refuses_what_is_not_a_regular_file),
	        STORE_TEST(store_reads_without_making),
	        STORE_TEST(store_refuses_files_that_are_not_databases),
	        STORE_TEST(store_survives_a_damaged_database),
	        STORE_TEST(store_refuses_a_directory),
	        STORE_TEST(store_given_path_needs_its_directory),
	        STORE_TEST(store_default_path_makes_its_directories),
	        STORE_TEST(store_reads_a_read_only_database),
	        STORE_TEST(store_migrates_schema_1),
	        STORE_TEST(store_migrates_schema_3),
	        STORE_TEST(store_migrates_schema_4),
	        STORE_TEST(store_tells_urls_and_hides_passwords),
	        STORE_TEST(store_disabled_does_nothing),
	        STORE_TEST(store_default_path_follows_xdg),
	};
	return store_run_tests(both, STORE_COUNT(both), sqlite_only, STORE_COUNT(sqlite_only), NULL,
	                       0);
}
