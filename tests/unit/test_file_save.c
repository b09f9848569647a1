/* Saving at a path a player typed (file_save.c) and opening one (file_open.c), in a temporary
 * directory that is also the data folder's parent: what is written, what is refused, and that
 * nothing but the target is left behind. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "tilecade/file_open.h"
#include "file_save.h"

static char dir[64], data[128], why[128];

static void path_of(char *path, size_t len, const char *name)
{
	snprintf(path, len, "%s/%s", dir, name);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void assert_text(const char *path, const char *text)
{
	char buf[256] = "";
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	assert_string_equal(buf, text);
}

/* The names in dir, but the data folder: no temporary file may stay. */
static int files_in_dir(void)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.' && strcmp(e->d_name, "share") != 0;
	int hidden = 0;
	rewinddir(d);
	while ((e = readdir(d)))
		hidden += e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 &&
		          strcmp(e->d_name, "..") != 0;
	closedir(d);
	assert_int_equal(hidden, 0);
	return n;
}

static int setup(void **state)
{
	snprintf(dir, sizeof dir, "/tmp/tc-file-save-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	char share[96];
	snprintf(share, sizeof share, "%s/share", dir);
	snprintf(data, sizeof data, "%s/tilecade", share);
	setenv("XDG_DATA_HOME", share, 1);
	return mkdir(share, 0700) || mkdir(data, 0700);
}

static int teardown(void **state)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd);
}

static void test_a_new_file_is_written(void **state)
{
	char path[128];
	path_of(path, sizeof path, "new.txt");
	assert_int_equal(tc_file_save(path, "level\n", 6, false, why, sizeof why), TC_SAVE_DONE);
	assert_text(path, "level\n");
	assert_int_equal(files_in_dir(), 1);
	unlink(path);
}

static void test_a_file_there_is_kept_until_the_player_says_so(void **state)
{
	char path[128];
	path_of(path, sizeof path, "kept.txt");
	write_text(path, "precious\n");
	chmod(path, 0600);
	assert_int_equal(tc_file_save(path, "level\n", 6, false, why, sizeof why), TC_SAVE_EXISTS);
	assert_text(path, "precious\n");
	assert_int_equal(tc_file_save(path, "level\n", 6, true, why, sizeof why), TC_SAVE_DONE);
	assert_text(path, "level\n");
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600); /* a private file stays private */
	assert_int_equal(files_in_dir(), 1);
	unlink(path);
}

/* A file the player may not write is not replaced either, though its folder could take a new
 * one (root may write anything: nothing to check then). */
static void test_a_read_only_file_stays(void **state)
{
	if (geteuid() == 0) {
		print_message("# run as root: every file is writable, nothing to check\n");
		return;
	}
	char path[128];
	path_of(path, sizeof path, "read-only.txt");
	write_text(path, "precious\n");
	chmod(path, 0444);
	assert_int_equal(tc_file_save(path, "x", 1, true, why, sizeof why), TC_SAVE_REFUSED);
	assert_text(path, "precious\n");
	unlink(path);
}

static void test_links_directories_and_devices_are_refused(void **state)
{
	char target[128], link[128];
	path_of(target, sizeof target, "target.txt");
	path_of(link, sizeof link, "link.txt");
	write_text(target, "target\n");
	assert_int_equal(symlink(target, link), 0);
	for (int replace = 0; replace < 2; replace++) {
		assert_int_equal(tc_file_save(link, "x", 1, replace, why, sizeof why),
		                 TC_SAVE_REFUSED);
		assert_string_equal(why, "a symbolic link, not followed");
	}
	assert_text(target, "target\n");
	assert_int_equal(tc_file_save(dir, "x", 1, true, why, sizeof why), TC_SAVE_REFUSED);
	assert_int_equal(tc_file_save("/dev/null", "x", 1, true, why, sizeof why), TC_SAVE_REFUSED);
	assert_string_equal(why, "not a regular file");
	unlink(link);
	unlink(target);
}

/* The data folder, named, through a link to it or through "..", and any folder below it. */
static void test_the_data_folder_is_refused_however_named(void **state)
{
	char db[160], via_dots[192], link[128], via_link[160], below[192];
	snprintf(db, sizeof db, "%s/tilecade.db", data);
	write_text(db, "database");
	snprintf(via_dots, sizeof via_dots, "%s/../tilecade/tilecade.db-shm", data);
	path_of(link, sizeof link, "data-link");
	assert_int_equal(symlink(data, link), 0);
	snprintf(via_link, sizeof via_link, "%s/new.txt", link);
	snprintf(below, sizeof below, "%s/sub", data);
	mkdir(below, 0700);
	snprintf(below, sizeof below, "%s/sub/new.txt", data);
	const char *paths[] = {db, via_dots, via_link, below};
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		assert_int_equal(tc_file_save(paths[i], "x", 1, true, why, sizeof why),
		                 TC_SAVE_REFUSED);
		assert_string_equal(why, "tilecade's own data folder");
	}
	assert_text(db, "database");
	unlink(link);
}

/* A database named by --db or the settings protects its own folder too. */
static void test_another_database_folder_is_refused(void **state)
{
	char own[128], db[160], path[160];
	path_of(own, sizeof own, "own");
	mkdir(own, 0700);
	snprintf(db, sizeof db, "%s/scores.db", own);
	tc_file_save_protect_folder_of(db);
	snprintf(path, sizeof path, "%s/scores.db-wal", own);
	assert_int_equal(tc_file_save(path, "x", 1, true, why, sizeof why), TC_SAVE_REFUSED);
	assert_string_equal(why, "tilecade's own data folder");
}

/* o reads regular files only: a named pipe is refused at once (opening it would wait for a
 * writer), a directory and a device too. */
static void test_open_takes_regular_files_only(void **state)
{
	char fifo[128], file[128];
	path_of(fifo, sizeof fifo, "pipe");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_null(tc_file_open_regular(fifo, why, sizeof why));
	assert_string_equal(why, "a named pipe, not a file");
	assert_null(tc_file_open_regular(dir, why, sizeof why));
	assert_string_equal(why, "a directory, not a file");
	assert_null(tc_file_open_regular("/dev/zero", why, sizeof why));
	assert_string_equal(why, "a device, not a file");
	path_of(file, sizeof file, "level.txt");
	write_text(file, "level\n");
	FILE *f = tc_file_open_regular(file, why, sizeof why);
	assert_non_null(f);
	char line[16];
	assert_non_null(fgets(line, sizeof line, f)); /* reads as any file, blocking as usual */
	assert_string_equal(line, "level\n");
	fclose(f);
	unlink(fifo);
	unlink(file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_a_new_file_is_written),
	        cmocka_unit_test(test_a_file_there_is_kept_until_the_player_says_so),
	        cmocka_unit_test(test_a_read_only_file_stays),
	        cmocka_unit_test(test_links_directories_and_devices_are_refused),
	        cmocka_unit_test(test_the_data_folder_is_refused_however_named),
	        cmocka_unit_test(test_another_database_folder_is_refused),
	        cmocka_unit_test(test_open_takes_regular_files_only),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
