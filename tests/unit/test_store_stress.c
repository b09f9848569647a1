/* Many processes on one database, as on hosts whose players share a scoreboard: no score is
 * lost, and a database another process holds locked never stops play. Processes, because
 * SQLite's locks are a process's own; the children report by exit code, never by assert. On
 * PostgreSQL (store_dirs.h), two hosts of 16 players each, every process its own connection. */
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

#include <errno.h>
#include <ftw.h>
#include <libpq-fe.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store_dirs.h"
#include "tilecade/races.h"
#include "tilecade/store.h"

#define STRESS_HOSTS 2
#define STRESS_PLAYERS 16 /* processes of each host */
#define STRESS_PROCESSES (STRESS_HOSTS * STRESS_PLAYERS)
#define STRESS_SCORES 100
/* The whole run, far beyond what it takes even under a sanitizer. */
#define STRESS_DEADLINE_S 60

static const struct tc_board_key store_board_4x4 = {"2048", "normal", "4x4"};

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

static struct tc_store *store_open_ok(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	assert_non_null(st);
	if (!tc_store_ok(st))
		fail_msg("%s: %s", path, notice);
	return st;
}

/* How long a store call may keep the game waiting on a locked database: far more than the
 * store's own busy timeout, far less than a player would wait. */
#define STORE_DEADLINE_S 20

static void store_sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Waits for a child; kills it past the deadline. Returns its exit code, or -1 when it had to
 * be killed or did not exit normally. */
static int store_wait(pid_t pid, int seconds)
{
	for (long waited = 0;; waited += 10) {
		int status;
		pid_t got = waitpid(pid, &status, WNOHANG);
		if (got == pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		if (got < 0 || waited >= seconds * 1000L) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -1;
		}
		store_sleep_ms(10);
	}
}

/* Takes a lock on the database at where with lock_sql, as another program would: the handle
 * to commit it with (store_commit), or NULL. */
static void *store_lock(const char *where, const char *lock_sql)
{
	if (tc_store_is_url(where)) {
		PGconn *pg = PQconnectdb(where);
		PGresult *res = PQexec(pg, lock_sql);
		bool ok = PQresultStatus(res) == PGRES_COMMAND_OK ||
		          PQresultStatus(res) == PGRES_TUPLES_OK;
		PQclear(res);
		return ok ? pg : NULL;
	}
	sqlite3 *db;
	return sqlite3_open(where, &db) == SQLITE_OK &&
	                       sqlite3_exec(db, lock_sql, NULL, NULL, NULL) == SQLITE_OK
	               ? db
	               : NULL;
}

static bool store_commit(const char *where, void *handle)
{
	if (tc_store_is_url(where)) {
		PGresult *res = PQexec(handle, "COMMIT");
		bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
		PQclear(res);
		return ok;
	}
	return sqlite3_exec(handle, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
}

/* Runs `work` in a child while another process holds the database locked with `lock_sql`, for
 * hold_ms milliseconds (then commits) or, with 0, until the work is done. Processes, because
 * SQLite's locks are a process's own. The children report by exit code, never by assert. */
static int store_run_locked(const char *path, const char *lock_sql, long hold_ms,
                            int (*work)(const char *path))
{
	int locked[2], release[2];
	assert_int_equal(pipe(locked), 0);
	assert_int_equal(pipe(release), 0);
	pid_t holder = fork();
	assert_true(holder >= 0);
	if (holder == 0) {
		close(locked[0]);
		close(release[1]);
		void *handle = store_lock(path, lock_sql);
		char c = handle ? 'L' : 'E';
		if (write(locked[1], &c, 1) != 1 || !handle)
			_exit(1);
		if (hold_ms > 0) {
			store_sleep_ms(hold_ms);
			_exit(store_commit(path, handle) ? 0 : 2);
		}
		while (read(release[0], &c, 1) < 0 && errno == EINTR)
			;
		_exit(0);
	}
	close(locked[1]);
	close(release[0]);
	char c = 0;
	while (read(locked[0], &c, 1) < 0 && errno == EINTR)
		;
	close(locked[0]);
	int rc = -2;
	if (c == 'L') {
		pid_t worker = fork();
		assert_true(worker >= 0);
		if (worker == 0)
			_exit(work(path));
		rc = store_wait(worker, STORE_DEADLINE_S);
	}
	close(release[1]);
	assert_int_equal(store_wait(holder, STORE_DEADLINE_S), 0);
	if (rc == -1)
		fail_msg("a locked database held the store up for more than %d s",
		         STORE_DEADLINE_S);
	assert_int_not_equal(rc, -2); /* the lock was taken */
	return rc;
}

static const char store_insert_sql[] =
        "INSERT INTO scores (game, mode, level, player, points, time_ms, moves, date, game_id)"
        " VALUES ('2048', 'normal', '4x4', 'locker', 1, 1, 1, 1, 'locker');";

/* Another process is writing: the scores can be read; adding one gives up. */
static int store_work_while_writing(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	if (!tc_store_ok(st))
		return 10;
	struct tc_score out[4];
	if (tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, 4) != 1)
		return 11;
	struct tc_score s = store_score(&store_board_4x4, "blocked", 5, 5, 5, 5);
	if (tc_store_add_score(st, &s, TC_RANK_POINTS) != -1)
		return 12;
	tc_store_close(st);
	return 0;
}

/* PostgreSQL: another host's writer holds the writers' lock. A score is added beside it (rows
 * of many hosts do not wait for each other); a write that reads under the lock (a race opened,
 * counted against its opener's) gives up after the lock's timeout. */
static int store_pg_work_while_writing(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	if (!tc_store_ok(st))
		return 40;
	struct tc_score s = store_score(&store_board_4x4, "beside", 5, 5, 5, 5);
	if (tc_store_add_score(st, &s, TC_RANK_POINTS) != 2)
		return 41;
	if (tc_store_race_open(st, "2048", "2048:4x4:s1", "ann", 0, 1000) != 0)
		return 42;
	tc_store_close(st);
	return 0;
}

/* PostgreSQL: another host writes for a moment; the race waits for it, and is opened. */
static int store_pg_work_after_a_moment(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	if (!tc_store_ok(st))
		return 50;
	int64_t race = tc_store_race_open(st, "2048", "2048:4x4:s1", "ann", 0, 1000);
	tc_store_close(st);
	return race > 0 ? 0 : 51;
}

/* Another process has the database to itself: the store is off, and says so. */
static int store_work_while_exclusive(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	int rc = tc_store_ok(st) ? 20 : strstr(notice, "locked") ? 0 : 21;
	tc_store_close(st);
	return rc;
}

/* Another process writes for a moment: the store waits for it and keeps the score. */
static int store_work_after_a_moment(const char *path)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	if (!tc_store_ok(st))
		return 30;
	struct tc_score s = store_score(&store_board_4x4, "patient", 5, 5, 5, 5);
	int rank = tc_store_add_score(st, &s, TC_RANK_POINTS);
	struct tc_score out[4];
	int n = tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, 4);
	tc_store_close(st);
	return rank == 2 && n == 3 ? 0 : 31; /* after "first", before "locker" */
}

static void store_locked_database_never_stops_play(void **state)
{
	char path[STORE_PATH_MAX];
	struct tc_store *st = store_open_ok(store_db(state, "locked.db", path));
	struct tc_score s = store_score(&store_board_4x4, "first", 10, 10, 10, 10);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 1);
	tc_store_close(st);

	char sql[512];
	if (store_on_pg()) { /* a writer of another host: a transaction holding the writers' lock */
		snprintf(sql, sizeof sql, "BEGIN; SELECT pg_advisory_xact_lock(8388354963669083237); %s",
		         store_insert_sql);
		assert_int_equal(store_run_locked(path, sql, 0, store_pg_work_while_writing), 0);
		assert_int_equal(store_run_locked(path, sql, 500, store_pg_work_after_a_moment), 0);
		return;
	}
	snprintf(sql, sizeof sql, "BEGIN IMMEDIATE; %s", store_insert_sql);
	assert_int_equal(store_run_locked(path, sql, 0, store_work_while_writing), 0);
	snprintf(sql, sizeof sql, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; %s",
	         store_insert_sql);
	assert_int_equal(store_run_locked(path, sql, 0, store_work_while_exclusive), 0);
	snprintf(sql, sizeof sql, "BEGIN IMMEDIATE; %s", store_insert_sql);
	assert_int_equal(store_run_locked(path, sql, 500, store_work_after_a_moment), 0);
}

/* One player's process: opens the database (maybe as the first, creating it) and adds its
 * scores as fast as it can. */
static int stress_child(const char *path, int child, int gate)
{
	char c;
	while (read(gate, &c, 1) < 0 && errno == EINTR) /* all start at once */
		;
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	if (!tc_store_ok(st)) {
		fprintf(stderr, "# process %d: %s\n", child, notice);
		return 1;
	}
	for (int i = 0; i < STRESS_SCORES; i++) {
		char id[32];
		snprintf(id, sizeof id, "stress:%d:%d", child, i);
		struct tc_score s = store_score(&store_board_4x4, id, i, 1000 + child, 10, i);
		if (tc_store_add_score(st, &s, TC_RANK_POINTS) < 1) {
			fprintf(stderr, "# process %d: score %d was not kept\n", child, i);
			return 2;
		}
	}
	tc_store_close(st);
	return 0;
}

/* A host: its players' processes, on the database as the host names it; exits 0 when every
 * player kept every score. */
static int stress_host(const char *path, int host, int gate)
{
	pid_t pids[STRESS_PLAYERS];
	for (int p = 0; p < STRESS_PLAYERS; p++) {
		pids[p] = fork();
		if (pids[p] < 0)
			return 3;
		if (pids[p] == 0)
			_exit(stress_child(path, host * STRESS_PLAYERS + p, gate));
	}
	close(gate);
	int failed = 0;
	for (int p = 0; p < STRESS_PLAYERS; p++) {
		int ws;
		while (waitpid(pids[p], &ws, 0) < 0 && errno == EINTR)
			;
		failed += !WIFEXITED(ws) || WEXITSTATUS(ws) != 0;
	}
	return failed ? 4 : 0;
}

static void stress_every_score_is_kept(void **state)
{
	char path[STORE_PATH_MAX];
	store_db(state, "shared.db", path);
	/* The second host reaches the server by another address (PostgreSQL). */
	char second[STORE_PATH_MAX + 16];
	snprintf(second, sizeof second, "%s%s", path, store_on_pg() ? "&host=127.0.0.1" : "");
	const char *hosts[STRESS_HOSTS] = {path, second};
	int gate[2];
	assert_int_equal(pipe(gate), 0);
	pid_t pids[STRESS_HOSTS];
	for (int h = 0; h < STRESS_HOSTS; h++) {
		pids[h] = fork();
		assert_true(pids[h] >= 0);
		if (pids[h] == 0) {
			close(gate[1]);
			setpgid(0, 0); /* a group of its own, to be killed whole */
			_exit(stress_host(hosts[h], h, gate[0]));
		}
		setpgid(pids[h], pids[h]);
	}
	close(gate[0]);
	close(gate[1]);

	/* All of them against one deadline; whoever is still running past it is killed. */
	int status[STRESS_HOSTS], running = STRESS_HOSTS;
	for (int p = 0; p < STRESS_HOSTS; p++)
		status[p] = -2;
	for (long waited = 0; running > 0 && waited < STRESS_DEADLINE_S * 1000L; waited += 10) {
		for (int p = 0; p < STRESS_HOSTS; p++) {
			int ws;
			if (status[p] == -2 && waitpid(pids[p], &ws, WNOHANG) == pids[p]) {
				status[p] = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
				running--;
			}
		}
		if (running > 0)
			store_sleep_ms(10);
	}
	for (int p = 0; p < STRESS_HOSTS; p++)
		if (status[p] == -2) {
			kill(-pids[p], SIGKILL); /* the host and its players */
			waitpid(pids[p], NULL, 0);
		}
	if (running > 0)
		fail_msg("%d hosts still adding scores after %d s", running, STRESS_DEADLINE_S);
	for (int p = 0; p < STRESS_HOSTS; p++)
		if (status[p] != 0)
			fail_msg("host %d failed (%d)", p, status[p]);

	/* Every score, once. */
	enum { TOTAL = STRESS_PROCESSES * STRESS_SCORES };
	struct tc_score *out = calloc(TOTAL + 1, sizeof *out);
	assert_non_null(out);
	struct tc_store *st = store_open_ok(path);
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	assert_int_equal(tc_store_top_scores(st, &store_board_4x4, TC_RANK_POINTS, out, TOTAL + 1),
	                 TOTAL);
	tc_store_close(st);
	static bool seen[STRESS_PROCESSES][STRESS_SCORES];
	memset(seen, 0, sizeof seen);
	for (int k = 0; k < TOTAL; k++) {
		int p, i;
		assert_int_equal(sscanf(out[k].game_id, "stress:%d:%d", &p, &i), 2);
		assert_in_range(p, 0, STRESS_PROCESSES - 1);
		assert_in_range(i, 0, STRESS_SCORES - 1);
		assert_false(seen[p][i]);
		seen[p][i] = true;
		assert_int_equal(out[k].points, i);
		assert_int_equal(out[k].time_ms, 1000 + p);
	}
	free(out);

	/* And the file is whole. */
	if (store_on_pg())
		return;
	sqlite3 *db;
	sqlite3_stmt *stmt;
	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &stmt, NULL),
	                 SQLITE_OK);
	assert_int_equal(sqlite3_step(stmt), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(stmt, 0), "ok");
	sqlite3_finalize(stmt);
	sqlite3_close(db);
}

#define STORE_TEST(f) cmocka_unit_test_setup_teardown(f, store_setup, store_teardown)

int main(void)
{
	const struct CMUnitTest both[] = {
	        STORE_TEST(stress_every_score_is_kept),
	        STORE_TEST(store_locked_database_never_stops_play),
	};
	return store_run_tests(both, STORE_COUNT(both), NULL, 0, NULL, 0);
}
