/* A fresh directory for each store test, removed afterwards whatever permissions the test
 * took away, and the stores opened and changed in it.
 *
 * The conformance suite: the tests of the store run on SQLite, and again on PostgreSQL when
 * TC_TEST_DB names a server (tests/pg/in_cluster.sh sets it to "postgresql://" in a throwaway
 * cluster of the test's own). A test's database `name` is then a schema of its own. */
#ifndef TILECADE_TESTS_STORE_DIRS_H
#define TILECADE_TESTS_STORE_DIRS_H

#include <stdbool.h>
#include <stddef.h>

#define STORE_PATH_MAX 512

struct store_dir {
	char path[STORE_PATH_MAX / 2];
	int test; /* its number in the run, for its PostgreSQL schemas' names (0: none yet) */
};

/* cmocka set-up and tear-down: *state is a struct store_dir, which is XDG_DATA_HOME too (where
 * the store keeps what waits for a database that is away). */
int store_setup(void **state);
int store_teardown(void **state);
/* A path inside the test's directory. */
const char *store_in(void **state, const char *name, char buf[STORE_PATH_MAX]);

/* Whether the tests run on PostgreSQL. */
bool store_on_pg(void);
/* Where the test's database name is: a path in its directory (SQLite), or the URL of a schema
 * made for it (PostgreSQL), the same for the same name. */
const char *store_db(void **state, const char *name, char buf[STORE_PATH_MAX]);

struct tc_store;
/* The store in the file name of the test's directory, opened (made when new): it must be
 * ok. */
struct tc_store *store_open_in(void **state, const char *name);
/* Runs sql on that file with SQLite itself, not through the store: the test changes the
 * database as another program (or damage) would. */
void store_sql_in(void **state, const char *name, const char *sql);
/* The same on the database at where (a path or a URL: store_db's), and the first column of its
 * first row as text ("" when there is none) or as an integer (-1 when there is none). */
void store_sql_on(const char *where, const char *sql);
void store_sql_text_on(const char *where, const char *sql, char *out, size_t len);
long store_sql_int_on(const char *where, const char *sql);

/* Runs the tests of both engines and those of the engine the run is on, as one group. */
struct CMUnitTest;
int store_run_tests(const struct CMUnitTest *both, size_t n_both,
                    const struct CMUnitTest *sqlite_only, size_t n_sqlite,
                    const struct CMUnitTest *pg_only, size_t n_pg);
#define STORE_COUNT(tests) (sizeof(tests) / sizeof(tests)[0])

#endif
