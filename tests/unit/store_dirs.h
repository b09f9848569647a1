/* A fresh directory for each store test, removed afterwards whatever permissions the test
 * took away. */
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

#endif
