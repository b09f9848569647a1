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

#include <ftw.h>
#include <sqlite3.h>
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

struct tc_store *store_open_in(void **state, const char *name)
{
	char path[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(store_in(state, name, path), notice, sizeof notice);
	assert_non_null(st);
	assert_true(tc_store_ok(st));
	return st;
}

void store_sql_in(void **state, const char *name, const char *sql)
{
	char path[STORE_PATH_MAX];
	sqlite3 *db;
	assert_int_equal(sqlite3_open(store_in(state, name, path), &db), SQLITE_OK);
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("%s: %s", sql, msg ? msg : "?");
	sqlite3_close(db);
}
