/* The store on PostgreSQL, what only that engine has: a database of many hosts, made or
 * refused as a whole, reached through a URL whose password is never shown, lost and found
 * again while the program runs. Runs inside a throwaway cluster of its own
 * (tests/pg/in_cluster.sh), which one test stops and starts. */
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

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../src/store/pg_engine.h"
#include "../../src/store/pg_run.h"
#include "../../src/store/clock.h"
#include "../../src/store/sql.h"
#include "../../src/store/store_internal.h"
#include "../../src/store/waiting.h"
#include "../unit/store_dirs.h"
#include "tilecade/store.h"

static const struct tc_board_key pg_board = {"2048", "normal", "4x4"};

static struct tc_score pg_score(int64_t points)
{
	struct tc_score s;
	memset(&s, 0, sizeof s);
	s.board = pg_board;
	snprintf(s.player, sizeof s.player, "alice");
	s.points = points;
	s.time_ms = 1000;
	s.moves = 10;
	s.date = 1700000000;
	snprintf(s.game_id, sizeof s.game_id, "2048:4x4:s1");
	return s;
}

/* The tables of the test's schema, by name. */
static void pg_tables(const char *where, char *out, size_t len)
{
	store_sql_text_on(where,
	                  "SELECT coalesce(string_agg(tablename, ',' ORDER BY tablename), '')"
	                  " FROM pg_tables WHERE schemaname = current_schema()",
	                  out, len);
}

static void pg_makes_schema_5(void **state)
{
	char where[STORE_PATH_MAX], tables[256];
	struct tc_store *st = store_open_in(state, "new");
	assert_string_equal(tc_store_engine_name(st), "PostgreSQL");
	assert_int_equal(tc_store_schema_version(st), TC_STORE_SCHEMA);
	tc_store_close(st);
	store_db(state, "new", where);
	pg_tables(where, tables, sizeof tables);
	assert_string_equal(tables, "live_events,live_games,players,racers,races,recordings,saves,"
	                            "scores,tilecade_schema,written");
	assert_int_equal(store_sql_int_on(where, "SELECT COUNT(*) FROM tilecade_schema"), 1);
	/* Opened again, it is left as it is. */
	tc_store_close(store_open_in(state, "new"));
	assert_int_equal(store_sql_int_on(where, "SELECT COUNT(*) FROM tilecade_schema"), 1);
}

/* Opening where is refused with why, and leaves its tables as they were. */
static void pg_assert_refused(const char *where, const char *why)
{
	char before[256], after[256], notice[TC_STORE_NOTICE_MAX];
	pg_tables(where, before, sizeof before);
	struct tc_store *st = tc_store_open(where, notice, sizeof notice);
	assert_false(tc_store_ok(st));
	assert_string_equal(tc_store_why_off(st), why);
	assert_non_null(strstr(notice, why));
	tc_store_close(st);
	pg_tables(where, after, sizeof after);
	assert_string_equal(before, after);
}

static void pg_refuses_another_programs_tables(void **state)
{
	char where[STORE_PATH_MAX];
	store_db(state, "bookmarks", where);
	store_sql_on(where, "CREATE TABLE bookmarks (url TEXT)");
	pg_assert_refused(where, "not a tilecade database");
	/* Tables named as tilecade's, but not all of them, nor their version. */
	store_db(state, "lookalike", where);
	store_sql_on(where, "CREATE TABLE scores (id BIGINT); CREATE TABLE saves (game TEXT)");
	pg_assert_refused(where, "not a tilecade database");
	/* Tilecade's, and one table more. */
	tc_store_close(store_open_in(state, "mixed"));
	store_db(state, "mixed", where);
	store_sql_on(where, "CREATE TABLE notes (text TEXT)");
	pg_assert_refused(where, "not a tilecade database");
}

static void pg_refuses_a_newer_schema(void **state)
{
	char where[STORE_PATH_MAX];
	tc_store_close(store_open_in(state, "newer"));
	store_db(state, "newer", where);
	store_sql_on(where, "UPDATE tilecade_schema SET version = version + 1;"
	                    "CREATE TABLE things_of_later (id BIGINT)");
	pg_assert_refused(where, "made by a newer tilecade");
	assert_int_equal(store_sql_int_on(where, "SELECT version FROM tilecade_schema"),
	                 TC_STORE_SCHEMA + 1);
}

/* Hosts starting at once on a new database: each opens it, one made it. */
static void pg_openers_at_once_migrate_once(void **state)
{
	enum { OPENERS = 8 };
	char where[STORE_PATH_MAX];
	store_db(state, "at-once", where);
	int gate[2];
	assert_int_equal(pipe(gate), 0);
	pid_t pids[OPENERS];
	for (int i = 0; i < OPENERS; i++) {
		pids[i] = fork();
		assert_true(pids[i] >= 0);
		if (pids[i] == 0) {
			close(gate[1]);
			char byte;
			(void)!read(gate[0], &byte, 1); /* all go when the gate closes */
			char notice[TC_STORE_NOTICE_MAX];
			struct tc_store *st = tc_store_open(where, notice, sizeof notice);
			bool ok = tc_store_ok(st) && tc_store_schema_version(st) == TC_STORE_SCHEMA;
			tc_store_close(st);
			_exit(ok ? 0 : 1);
		}
	}
	close(gate[0]);
	close(gate[1]);
	for (int i = 0; i < OPENERS; i++) {
		int status;
		assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	assert_int_equal(store_sql_int_on(where, "SELECT COUNT(*) FROM tilecade_schema"), 1);
}

/* A database that cannot be reached at all: the store is away, not off, at once. */
static void pg_unreachable_is_away_without_the_password(void **state)
{
	char notice[TC_STORE_NOTICE_MAX];
	time_t start = time(NULL);
	struct tc_store *st =
	        tc_store_open("postgresql://bob:hunter2@127.0.0.1:1/arcade", notice, sizeof notice);
	assert_true(time(NULL) - start < 5);
	assert_false(tc_store_ok(st));
	assert_string_equal(tc_store_engine_name(st), "PostgreSQL");
	assert_null(strstr(notice, "hunter2"));
	assert_null(strstr(tc_store_why_off(st), "hunter2"));
	/* Kept waiting on this machine (tests/unit/test_waiting.c), its rank not known. */
	assert_int_equal(
	        tc_store_add_score(st, &(struct tc_score){.board = pg_board}, TC_RANK_POINTS), 0);
	assert_int_equal(tc_store_waiting(st), 1);
	tc_store_close(st);
}

/* A password refused: off, with the server's reason and neither URL nor password. */
static void pg_refused_password_is_not_shown(void **state)
{
	char where[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	snprintf(where, sizeof where, "postgresql://%s:Sesame-Wrong-9@%s:%s/%s", getenv("PGUSER"),
	         getenv("PGHOST"), getenv("PGPORT"), getenv("PGDATABASE"));
	struct tc_store *st = tc_store_open(where, notice, sizeof notice);
	assert_false(tc_store_ok(st));
	assert_non_null(strstr(tc_store_why_off(st), "password authentication failed"));
	assert_null(strstr(tc_store_why_off(st), "postgresql://"));
	assert_null(strstr(notice, "Sesame"));
	tc_store_close(st);
	/* Nor does the password of the environment show when libpq quotes it back. */
	assert_null(strstr(notice, getenv("PGPASSWORD")));
}

static void pg_reads_an_empty_database_without_making(void **state)
{
	char where[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX], tables[256];
	store_db(state, "empty", where);
	struct tc_store *st = tc_store_open_to_read(where, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	struct tc_score top[2];
	assert_int_equal(tc_store_top_scores(st, &pg_board, TC_RANK_POINTS, top, 2), 0);
	assert_int_equal(
	        tc_store_add_score(st, &(struct tc_score){.board = pg_board}, TC_RANK_POINTS), -1);
	tc_store_close(st);
	pg_tables(where, tables, sizeof tables);
	assert_string_equal(tables, "");
}

/* ?N outside quotes and comments is a parameter; inside them it is text. */
static void pg_numbers_parameters_outside_quotes(void **state)
{
	struct tc_store *st = store_open_in(state, "params");
	struct tc_sql *q = tc_sql_prepare(st, "SELECT '?1 it''s ?2', ?2, \"?1\".x -- ?3\n"
	                                      " FROM (SELECT ?1 AS x) AS \"?1\"");
	tc_sql_bind_int(q, 1, 42);
	tc_sql_bind_text(q, 2, "two");
	assert_int_equal(tc_sql_step(q), TC_SQL_ROW);
	char text[32];
	int64_t n;
	assert_true(tc_sql_text(q, 0, text, sizeof text));
	assert_string_equal(text, "?1 it's ?2");
	assert_true(tc_sql_text(q, 1, text, sizeof text));
	assert_string_equal(text, "two");
	assert_true(tc_sql_int(q, 2, 0, 100, &n));
	assert_int_equal(n, 42);
	/* A column is read as what it is. */
	assert_false(tc_sql_int(q, 1, 0, 100, &n));
	assert_false(tc_sql_text(q, 2, text, sizeof text));
	assert_false(tc_sql_text(q, 1, text, 3)); /* does not fit */
	assert_int_equal(tc_sql_step(q), TC_SQL_DONE);
	tc_sql_finish(q);
	tc_store_close(st);
}

static void pg_run(const char *command)
{
	char line[256];
	snprintf(line, sizeof line, "pg_ctlcluster %s regress %s >&2", getenv("PGVERSION"),
	         command);
	assert_int_equal(system(line), 0);
}

static void pg_pause(void)
{
	nanosleep(&(struct timespec){0, 20 * 1000 * 1000}, NULL);
}

/* Calls tc_pg_reconnect, which never waits, until it has reached the database (at most a
 * minute: a bound, not a timing). */
static void pg_reconnect(struct tc_store *st)
{
	int64_t until = tc_clock_ms() + 60000;
	while (!tc_pg_reconnect(st) && tc_clock_ms() < until)
		pg_pause();
	assert_false(st->away);
}

/* The server stopped while the store is open: the store is away, the score not written; once
 * the server is back, the store reaches it again and writes. */
static void pg_server_stopped_leaves_the_store_away(void **state)
{
	struct tc_store *st = store_open_in(state, "restart");
	struct tc_score s = pg_score(100);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 1);
	pg_run("stop");
	s.points = 200;
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 0); /* waits */
	assert_true(st->away);
	assert_int_equal(tc_store_waiting(st), 1);
	assert_false(tc_store_ok(st));
	assert_false(tc_pg_reconnect(st)); /* still down */
	assert_true(st->away);
	pg_run("start");
	pg_reconnect(st);
	assert_false(st->away);
	assert_int_equal(tc_waiting_write(st), 1); /* the one that waited */
	assert_int_equal(tc_store_waiting(st), 0);
	struct tc_score top[3];
	assert_int_equal(tc_store_top_scores(st, &pg_board, TC_RANK_POINTS, top, 3), 2);
	assert_int_equal(top[0].points, 200);
	tc_store_close(st);
}

/* A TCP proxy to the cluster that can be told to stop forwarding without closing anything, as
 * a network cut behind a proxy that still ACKs: nothing comes back, nothing is refused. When
 * it forwards again, the connections of the cut are closed, unforwarded (what a proxy that
 * delivered them late would do is beyond the client: a statement sent before the cut may be
 * run then). */
struct stall_proxy {
	int listener, port;
	int fds[32], n; /* connections, each with its partner at index ^ 1 */
	atomic_bool stalled, quit;
	atomic_bool stall_seen; /* nothing is forwarded any more */
	pthread_t thread;
};

static int listening(int *port)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof a;
	assert_true(fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && listen(fd, 8) == 0 &&
	            getsockname(fd, (struct sockaddr *)&a, &len) == 0);
	*port = ntohs(a.sin_port);
	return fd;
}

static void *stall_proxy_main(void *arg)
{
	struct stall_proxy *p = arg;
	bool was_stalled = false;
	while (!p->quit) {
		struct pollfd fds[33] = {{p->listener, POLLIN, 0}};
		bool flowing = !p->stalled;
		for (int i = 0; flowing && was_stalled && i < p->n; i++)
			if (p->fds[i] >= 0) {
				close(p->fds[i]);
				p->fds[i] = -1;
			}
		was_stalled = !flowing;
		p->stall_seen = !flowing;
		for (int i = 0; i < p->n; i++)
			fds[1 + i] = (struct pollfd){flowing ? p->fds[i] : -1, POLLIN, 0};
		if (poll(fds, (nfds_t)(1 + p->n), 20) <= 0)
			continue;
		if (fds[0].revents && p->n + 2 <= 32) {
			int client = accept(p->listener, NULL, NULL);
			int server = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
			struct sockaddr_in a = {.sin_family = AF_INET,
			                        .sin_port = htons((uint16_t)atoi(getenv("PGPORT"))),
			                        .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
			if (client >= 0 && server >= 0 &&
			    connect(server, (struct sockaddr *)&a, sizeof a) == 0) {
				p->fds[p->n++] = client;
				p->fds[p->n++] = server;
			}
		}
		for (int i = 0; i < p->n; i++) {
			if (!fds[1 + i].revents || p->fds[i] < 0)
				continue;
			char buf[16384];
			ssize_t got = read(p->fds[i], buf, sizeof buf);
			if (got <= 0 || send(p->fds[i ^ 1], buf, (size_t)got, MSG_NOSIGNAL) != got) {
				close(p->fds[i]);
				close(p->fds[i ^ 1]);
				p->fds[i] = p->fds[i ^ 1] = -1;
			}
		}
	}
	return NULL;
}

static void stall_proxy_start(struct stall_proxy *p)
{
	memset(p, 0, sizeof *p);
	p->listener = listening(&p->port);
	assert_int_equal(pthread_create(&p->thread, NULL, stall_proxy_main, p), 0);
}

static void stall_proxy_stop(struct stall_proxy *p)
{
	p->quit = true;
	pthread_join(p->thread, NULL);
	for (int i = 0; i < p->n; i++)
		if (p->fds[i] >= 0)
			close(p->fds[i]);
	close(p->listener);
}

/* The test's database (store_db) reached at 127.0.0.1:port. */
static void pg_through(void **state, int port, char *url, size_t len)
{
	char where[STORE_PATH_MAX];
	store_db(state, "proxied", where);
	const char *rest = where + strlen(getenv("TC_TEST_DB")); /* "postgresql://": the options */
	snprintf(url, len, "postgresql://127.0.0.1:%d%s", port, rest);
}

/* A network cut that neither closes nor refuses (a proxy that stops forwarding): a write
 * gives up at its deadline, the store goes away and the score waits on this machine; trying
 * again never holds the caller up; once the link is back, the score is written. */
static void pg_stalled_network_gives_up_at_the_deadline(void **state)
{
	struct stall_proxy proxy;
	stall_proxy_start(&proxy);
	char url[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	pg_through(state, proxy.port, url, sizeof url);
	struct tc_store *st = tc_store_open(url, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	struct tc_score s = pg_score(100);
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 1);
	proxy.stalled = true;
	while (!proxy.stall_seen)
		pg_pause();
	int64_t start = tc_clock_ms();
	s.points = 200;
	assert_int_equal(tc_store_add_score(st, &s, TC_RANK_POINTS), 0); /* waits */
	assert_true(tc_clock_ms() - start < TC_PG_DEADLINE_MS + 5000);
	assert_true(st->away);
	assert_int_equal(tc_store_waiting(st), 1);
	/* Trying again starts a connection and returns: it cannot be made while stalled. */
	st->tried_ms = 0;
	start = tc_clock_ms();
	assert_int_equal(tc_store_retry(st), 0);
	assert_true(tc_clock_ms() - start < 1000);
	assert_true(tc_store_retry_soon(st));
	proxy.stalled = false;
	int64_t until = tc_clock_ms() + 60000;
	int wrote = 0;
	while (!wrote && tc_clock_ms() < until) {
		st->tried_ms = 0; /* the next try at once, not in a few seconds */
		wrote = tc_store_retry(st);
		pg_pause();
	}
	assert_int_equal(wrote, 1);
	assert_int_equal(tc_store_waiting(st), 0);
	struct tc_score top[3];
	assert_int_equal(tc_store_top_scores(st, &pg_board, TC_RANK_POINTS, top, 3), 2);
	tc_store_close(st);
	stall_proxy_stop(&proxy);
}

/* A server that takes connections and never answers: each retry returns at once, the
 * connection being made advanced a step a call until it is given up (the connect timeout). */
static void pg_retry_against_a_silent_server_never_waits(void **state)
{
	(void)state;
	int port;
	int silent = listening(&port);
	char url[64], notice[TC_STORE_NOTICE_MAX];
	snprintf(url, sizeof url, "postgresql://127.0.0.1:%d/arcade", port);
	struct tc_store *st = tc_store_open(url, notice, sizeof notice); /* waits, once */
	assert_true(st->away);
	assert_int_equal(tc_store_add_score(st, &(struct tc_score){.board = pg_board}, TC_RANK_POINTS),
	                 0);
	st->tried_ms = 0;
	int64_t until = tc_clock_ms() + 60000;
	int calls = 0;
	do {
		int64_t start = tc_clock_ms();
		assert_int_equal(tc_store_retry(st), 0);
		assert_true(tc_clock_ms() - start < 1000);
		calls++;
		pg_pause();
	} while (tc_store_retry_soon(st) && tc_clock_ms() < until);
	assert_true(calls > 1);              /* under way over several calls */
	assert_false(tc_store_retry_soon(st)); /* then given up */
	assert_true(st->away);
	assert_int_equal(tc_store_waiting(st), 1);
	tc_store_close(st);
	close(silent);
}

#define PG_TEST(f) cmocka_unit_test_setup_teardown(f, store_setup, store_teardown)

int main(void)
{
	if (!store_on_pg()) {
		printf("1..0 # SKIP not in a PostgreSQL cluster (run through "
		       "tests/pg/in_cluster.sh)\n");
		return 0;
	}
	const struct CMUnitTest tests[] = {
	        PG_TEST(pg_makes_schema_5),
	        PG_TEST(pg_refuses_another_programs_tables),
	        PG_TEST(pg_refuses_a_newer_schema),
	        PG_TEST(pg_openers_at_once_migrate_once),
	        PG_TEST(pg_unreachable_is_away_without_the_password),
	        PG_TEST(pg_refused_password_is_not_shown),
	        PG_TEST(pg_reads_an_empty_database_without_making),
	        PG_TEST(pg_numbers_parameters_outside_quotes),
	        PG_TEST(pg_server_stopped_leaves_the_store_away),
	        PG_TEST(pg_stalled_network_gives_up_at_the_deadline),
	        PG_TEST(pg_retry_against_a_silent_server_never_waits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
