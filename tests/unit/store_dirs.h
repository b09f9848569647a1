/* A fresh directory for each store test, removed afterwards whatever permissions the test
 * took away, and the stores opened and changed in it. */
#ifndef TILECADE_TESTS_STORE_DIRS_H
#define TILECADE_TESTS_STORE_DIRS_H

#define STORE_PATH_MAX 512

struct store_dir {
	char path[STORE_PATH_MAX / 2];
};

/* cmocka set-up and tear-down: *state is a struct store_dir. */
int store_setup(void **state);
int store_teardown(void **state);
/* A path inside the test's directory. */
const char *store_in(void **state, const char *name, char buf[STORE_PATH_MAX]);

struct tc_store;
/* The store in the file name of the test's directory, opened (made when new): it must be
 * ok. */
struct tc_store *store_open_in(void **state, const char *name);
/* Runs sql on that file with SQLite itself, not through the store: the test changes the
 * database as another program (or damage) would. */
void store_sql_in(void **state, const char *name, const char *sql);

#endif
