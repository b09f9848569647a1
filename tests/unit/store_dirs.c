#define _XOPEN_SOURCE 700 /* nftw */
#include "store_dirs.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tilecade/store.h"

#include <ctype.h>
#include <ftw.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int store_setup(void **state)
{
	struct store_dir *d = calloc(1, sizeof *d);
	if (!d)
		return -1;
	const char *tmp = getenv("TMPDIR");
	snprintf(d->path, sizeof d->path, "%s/tc-store-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(d->path)) {
		free(d);
		return -1;
	}
	/* The store's data folder too: games waiting for a database that is away are kept
	 * there, never in the home of whoever runs the tests. */
	setenv("XDG_DATA_HOME", d->path, 1);
	*state = d;
	return 0;
}

/* Gives back the permissions a test took away, so that everything can be removed. */
static int store_unprotect(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	if (type == FTW_D || type == FTW_DNR)
		chmod(path, 0700);
	return 0;
}

static int store_remove(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	return remove(path) == 0 ? 0 : -1;
}

int store_teardown(void **state)
{
	struct store_dir *d = *state;
	chmod(d->path, 0700);
	nftw(d->path, store_unprotect, 16, FTW_PHYS);
	int rc = nftw(d->path, store_remove, 16, FTW_DEPTH | FTW_PHYS);
	free(d);
	return rc;
}

const char *store_in(void **state, const char *name, char buf[STORE_PATH_MAX])
{
	struct store_dir *d = *state;
	int n = snprintf(buf, STORE_PATH_MAX, "%s/%s", d->path, name);
	assert_in_range(n, 1, STORE_PATH_MAX - 1);
	return buf;
}

bool store_on_pg(void)
{
	const char *db = getenv("TC_TEST_DB");
	return db && db[0];
}

/* Runs sql on the PostgreSQL database at url: the first column of its first row into out
 * ("" when there is none). */
static void store_pg_sql(const char *url, const char *sql, char *out, size_t len)
{
	PGconn *pg = PQconnectdb(url);
	if (PQstatus(pg) != CONNECTION_OK)
		fail_msg("%s: %s", url, PQerrorMessage(pg));
	PGresult *res = PQexec(pg, sql);
	ExecStatusType status = PQresultStatus(res);
	if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
		fail_msg("%s: %s", sql, PQresultErrorMessage(res));
	bool one = status == PGRES_TUPLES_OK && PQntuples(res) > 0 && PQnfields(res) > 0;
	snprintf(out, len, "%s", one ? PQgetvalue(res, 0, 0) : "");
	PQclear(res);
	PQfinish(pg);
}

/* A schema for each test and name: t<pid>_<test>_<name's letters and digits>. */
const char *store_db(void **state, const char *name, char buf[STORE_PATH_MAX])
{
	if (!store_on_pg())
		return store_in(state, name, buf);
	static int tests;
	struct store_dir *d = *state;
	if (!d->test)
		d->test = ++tests;
	char schema[64];
	int n = snprintf(schema, sizeof schema, "t%d_%d_", (int)getpid(), d->test);
	for (const char *c = name; *c && n < (int)sizeof schema - 1; c++)
		schema[n++] = isalnum((unsigned char)*c) ? (char)tolower((unsigned char)*c) : '_';
	schema[n] = '\0';
	char sql[128], none[1];
	snprintf(sql, sizeof sql, "CREATE SCHEMA IF NOT EXISTS %s", schema);
	store_pg_sql(getenv("TC_TEST_DB"), sql, none, sizeof none);
	n = snprintf(buf, STORE_PATH_MAX, "%s?options=-csearch_path%%3D%s", getenv("TC_TEST_DB"),
	             schema);
	assert_in_range(n, 1, STORE_PATH_MAX - 1);
	return buf;
}

struct tc_store *store_open_in(void **state, const char *name)
{
	char where[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(store_db(state, name, where), notice, sizeof notice);
	assert_non_null(st);
	if (!tc_store_ok(st))
		fail_msg("%s: %s", where, notice);
	return st;
}

void store_sql_in(void **state, const char *name, const char *sql)
{
	char where[STORE_PATH_MAX];
	store_sql_on(store_db(state, name, where), sql);
}

void store_sql_text_on(const char *where, const char *sql, char *out, size_t len)
{
	if (tc_store_is_url(where)) {
		store_pg_sql(where, sql, out, len);
		return;
	}
	sqlite3 *db;
	sqlite3_stmt *stmt;
	assert_int_equal(sqlite3_open(where, &db), SQLITE_OK);
	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	int rc;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW && len) {
		const unsigned char *text = sqlite3_column_text(stmt, 0);
		snprintf(out, len, "%s", text ? (const char *)text : "");
		len = 0; /* the first row's */
	}
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		fail_msg("%s: %s", sql, sqlite3_errmsg(db));
	if (len)
		out[0] = '\0';
	sqlite3_finalize(stmt);
	sqlite3_close(db);
}

void store_sql_on(const char *where, const char *sql)
{
	char none[1];
	if (tc_store_is_url(where)) {
		store_pg_sql(where, sql, none, sizeof none);
		return;
	}
	sqlite3 *db;
	assert_int_equal(sqlite3_open(where, &db), SQLITE_OK);
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg ? msg : "?");
	sqlite3_close(db);
}

long store_sql_int_on(const char *where, const char *sql)
{
	char text[32];
	store_sql_text_on(where, sql, text, sizeof text);
	return text[0] ? strtol(text, NULL, 10) : -1;
}

int store_run_tests(const struct CMUnitTest *both, size_t n_both,
                    const struct CMUnitTest *sqlite_only, size_t n_sqlite,
                    const struct CMUnitTest *pg_only, size_t n_pg)
{
	const struct CMUnitTest *mine = store_on_pg() ? pg_only : sqlite_only;
	size_t n_mine = store_on_pg() ? n_pg : n_sqlite;
	struct CMUnitTest *tests = calloc(n_both + n_mine, sizeof *tests);
	if (!tests)
		return 1;
	for (size_t i = 0; i < n_both; i++)
		tests[i] = both[i];
	for (size_t i = 0; i < n_mine; i++)
		tests[n_both + i] = mine[i];
	int failed = _cmocka_run_group_tests(store_on_pg() ? "PostgreSQL" : "SQLite", tests,
	                                     n_both + n_mine, NULL, NULL);
	free(tests);
	return failed;
}
