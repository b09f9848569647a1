/* Settings from config.ini: every key, the defaults, and a warning naming the line for anything
 * the file gets wrong. Files are written to a temporary directory. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, setenv */

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tilecade/config.h"

static char dir[64];
static char path[128];
static char subdir[128];

static int make_dir(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "%s", "/tmp/tilecade-config-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/config.ini", dir);
	snprintf(subdir, sizeof subdir, "%s/sub", dir);
	return 0;
}

static int remove_dir(void **state)
{
	(void)state;
	unlink(path);
	rmdir(subdir);
	return rmdir(dir);
}

static void write_bytes(const char *bytes, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The settings after reading text over the defaults; the file must be readable. */
static struct tc_config load_bytes(const char *bytes, size_t len)
{
	struct tc_config c;
	char err[256] = "";
	write_bytes(bytes, len);
	tc_config_defaults(&c);
	assert_int_equal(tc_config_load(&c, path, true, err, sizeof err), 0);
	assert_string_equal(err, "");
	return c;
}

static struct tc_config load(const char *text)
{
	return load_bytes(text, strlen(text));
}

static void expect_warning(const struct tc_config *c, int index, int line, const char *what)
{
	char expected[256];
	snprintf(expected, sizeof expected, "%s:%d: %s", path, line, what);
	assert_true(index < c->warning_count);
	assert_string_equal(c->warnings[index], expected);
}

static void expect_defaults(const struct tc_config *c)
{
	assert_int_equal(c->theme, TC_CONFIG_THEME_AUTO);
	assert_true(c->animations);
	assert_true(c->mouse);
	assert_string_equal(c->player, "");
	assert_string_equal(c->database, "");
	assert_string_equal(c->shared_scores, "");
	assert_int_equal(c->size_2048, 4);
	assert_int_equal(c->zn_rows, 6);
	assert_int_equal(c->zn_cols, 6);
	assert_int_equal(c->zn_attempts, 60);
	assert_int_equal(c->binding_count, 0);
}

static void expect_printable(const struct tc_config *c)
{
	for (int i = 0; i < c->warning_count; i++)
		for (const char *s = c->warnings[i]; *s; s++)
			assert_true((unsigned char)*s >= 0x20 && *s != 0x7f);
}

static void test_defaults(void **state)
{
	(void)state;
	struct tc_config c;
	tc_config_defaults(&c);
	expect_defaults(&c);
	assert_int_equal(c.warning_count, 0);
}

static void test_an_empty_file_keeps_the_defaults(void **state)
{
	(void)state;
	struct tc_config c = load("");
	expect_defaults(&c);
	assert_int_equal(c.warning_count, 0);
}

static void test_every_key(void **state)
{
	(void)state;
	struct tc_config c = load("[display]\n"
	                          "theme = mono\n"
	                          "animations = no\n"
	                          "mouse = off\n"
	                          "[player]\n"
	                          "name = Ann Lee\n"
	                          "[storage]\n"
	                          "database = /var/tmp/scores.db\n"
	                          "shared_scores = /var/games/tilecade.db\n"
	                          "[2048]\n"
	                          "size = 5\n"
	                          "[znumbers]\n"
	                          "size = 5x7\n"
	                          "attempts = 200\n"
	                          "[keys]\n"
	                          "undo = z\n"
	                          "hint = Tab\n");
	assert_int_equal(c.warning_count, 0);
	assert_int_equal(c.theme, TC_CONFIG_THEME_MONO);
	assert_false(c.animations);
	assert_false(c.mouse);
	assert_string_equal(c.player, "Ann Lee");
	assert_string_equal(c.database, "/var/tmp/scores.db");
	assert_string_equal(c.shared_scores, "/var/games/tilecade.db");
	assert_int_equal(c.size_2048, 5);
	assert_int_equal(c.zn_rows, 5);
	assert_int_equal(c.zn_cols, 7);
	assert_int_equal(c.zn_attempts, 200);
	assert_int_equal(c.binding_count, 2);
	assert_string_equal(c.bindings[0].action, "undo");
	assert_string_equal(c.bindings[0].key, "z");
	assert_string_equal(c.bindings[1].action, "hint");
	assert_string_equal(c.bindings[1].key, "Tab");
}

static void test_every_theme_and_spelling_of_yes_and_no(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		enum tc_config_theme theme;
	} themes[] = {{"auto", TC_CONFIG_THEME_AUTO},
	              {"256", TC_CONFIG_THEME_256},
	              {"16", TC_CONFIG_THEME_16},
	              {"MONO", TC_CONFIG_THEME_MONO}};
	for (size_t i = 0; i < sizeof themes / sizeof themes[0]; i++) {
		char text[64];
		snprintf(text, sizeof text, "[display]\ntheme = %s\n", themes[i].text);
		assert_int_equal(load(text).theme, themes[i].theme);
	}
	static const char *const yes[] = {"yes", "true", "on", "1", "Yes"};
	static const char *const no[] = {"no", "false", "off", "0", "NO"};
	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
		char text[96];
		snprintf(text, sizeof text, "[display]\nanimations = %s\nmouse = %s\n", no[i],
		         yes[i]);
		struct tc_config c = load(text);
		assert_false(c.animations);
		assert_true(c.mouse);
		assert_int_equal(c.warning_count, 0);
	}
}

static void test_a_square_znumbers_size_in_one_number(void **state)
{
	(void)state;
	struct tc_config c = load("[znumbers]\nsize = 8\n");
	assert_int_equal(c.zn_rows, 8);
	assert_int_equal(c.zn_cols, 8);
}

static void test_bad_values_keep_the_defaults_and_name_the_line(void **state)
{
	(void)state;
	struct tc_config c = load("[display]\n"
	                          "theme = huge\n"
	                          "animations = maybe\n"
	                          "mouse = 2\n"
	                          "[2048]\n"
	                          "size = 9\n"
	                          "size = 4x4\n"
	                          "[znumbers]\n"
	                          "size = 3x6\n"
	                          "size = 6x11\n"
	                          "size = 6x\n"
	                          "attempts = 1\n"
	                          "attempts = 60a\n"
	                          "attempts = 99999999999999999999\n"
	                          "attempts = -5\n"
	                          "[storage]\n"
	                          "database = relative/scores.db\n");
	expect_defaults(&c);
	assert_int_equal(c.warning_count, 13);
	expect_warning(&c, 0, 2, "bad value 'huge' for theme (auto, 256, 16 or mono)");
	expect_warning(&c, 1, 3, "bad value 'maybe' for animations (yes or no)");
	expect_warning(&c, 2, 4, "bad value '2' for mouse (yes or no)");
	expect_warning(&c, 3, 6, "bad value '9' for size (3 to 8)");
	expect_warning(&c, 4, 7, "bad value '4x4' for size (3 to 8)");
	expect_warning(&c, 5, 9, "bad value '3x6' for size (RxC, 4 to 10 each)");
	expect_warning(&c, 6, 10, "bad value '6x11' for size (RxC, 4 to 10 each)");
	expect_warning(&c, 7, 11, "bad value '6x' for size (RxC, 4 to 10 each)");
	expect_warning(&c, 8, 12, "bad value '1' for attempts (2 to 1000)");
	expect_warning(&c, 9, 13, "bad value '60a' for attempts (2 to 1000)");
	expect_warning(&c, 10, 14, "bad value '99999999999999999999' for attempts (2 to 1000)");
	expect_warning(&c, 11, 15, "bad value '-5' for attempts (2 to 1000)");
	expect_warning(&c, 12, 17,
	               "bad value 'relative/scores.db' for database (an absolute path, or ~/..., or a"
	               " postgresql:// URL)");
}

static void test_unknown_sections_and_keys(void **state)
{
	(void)state;
	struct tc_config c = load("colour = red\n"
	                          "[display]\n"
	                          "colour = red\n"
	                          "[sound]\n"
	                          "volume = 11\n"
	                          "[player]\n"
	                          "name = ann\n");
	assert_string_equal(c.player, "ann");
	assert_int_equal(c.warning_count, 3);
	expect_warning(&c, 0, 1, "key 'colour' is outside any [section]");
	expect_warning(&c, 1, 3, "unknown key 'colour' in [display]");
	expect_warning(&c, 2, 4, "unknown section [sound]"); /* and nothing about its keys */
}

static void test_lines_that_cannot_be_read(void **state)
{
	(void)state;
	struct tc_config c = load("[display]\n"
	                          "theme mono\n"
	                          "[player\n"
	                          "name = skipped\n"
	                          "[display]\n"
	                          "mouse = no\n");
	assert_string_equal(c.player, "");
	assert_false(c.mouse);
	assert_int_equal(c.theme, TC_CONFIG_THEME_AUTO);
	assert_int_equal(c.warning_count, 2);
	expect_warning(&c, 0, 2, "cannot read this line (expected name = value)");
	expect_warning(&c, 1, 3, "cannot read this section header (expected [name])");
}

static void test_comments_indents_crlf_and_a_byte_order_mark(void **state)
{
	(void)state;
	struct tc_config c = load("\xef\xbb\xbf; tilecade settings\r\n"
	                          "[ Display ]\r\n"
	                          "  theme = 16 ; inline comment\r\n"
	                          "\tmouse = no\r\n"
	                          "\r\n"
	                          "    animations = no\r\n"
	                          "# another comment\r\n"
	                          "[player]\r\n"
	                          "Name: Zoë\r\n"
	                          "[2048]\n"
	                          "size = 6"); /* no newline at the end */
	assert_int_equal(c.warning_count, 0);
	assert_int_equal(c.theme, TC_CONFIG_THEME_16);
	assert_false(c.mouse);
	assert_false(c.animations);
	assert_string_equal(c.player, "Zoë");
	assert_int_equal(c.size_2048, 6);
}

static void test_a_missing_file(void **state)
{
	(void)state;
	struct tc_config c;
	char err[256] = "";
	tc_config_defaults(&c);
	unlink(path);
	assert_int_equal(tc_config_load(&c, path, false, err, sizeof err), 0);
	expect_defaults(&c);
	assert_int_equal(c.warning_count, 0);

	assert_int_equal(tc_config_load(&c, path, true, err, sizeof err), -1);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "No such file"));

	char below_a_file[256];
	write_bytes("", 0);
	snprintf(below_a_file, sizeof below_a_file, "%s/config.ini", path);
	assert_int_equal(tc_config_load(&c, below_a_file, false, err, sizeof err), 0);
}

static void test_a_directory_is_an_error_and_changes_nothing(void **state)
{
	(void)state;
	struct tc_config c;
	char err[256] = "";
	tc_config_defaults(&c);
	c.size_2048 = 7;
	assert_int_equal(mkdir(subdir, 0700), 0);
	assert_int_equal(tc_config_load(&c, subdir, false, err, sizeof err), -1);
	assert_non_null(strstr(err, subdir));
	assert_non_null(strstr(err, "directory"));
	assert_int_equal(c.size_2048, 7);
	assert_int_equal(c.warning_count, 0);
}

static void test_an_unreadable_file_is_an_error(void **state)
{
	(void)state;
	write_bytes("[display]\n", 10);
	assert_int_equal(chmod(path, 0), 0);
	/* Root reads anything; cmocka's skip() would read as a failure in meson's TAP. */
	if (access(path, R_OK) == 0)
		return;
	struct tc_config c;
	char err[256] = "";
	tc_config_defaults(&c);
	assert_int_equal(tc_config_load(&c, path, false, err, sizeof err), -1);
	assert_non_null(strstr(err, "Permission denied"));
}

static void test_nul_bytes_and_binary_garbage(void **state)
{
	(void)state;
	char bytes[8192];
	size_t len = 0;
	static const char head[] = "[display]\nthe\0me = mono\ntheme = 16\n";
	memcpy(bytes, head, sizeof head - 1);
	len += sizeof head - 1;
	uint32_t x = 12345;
	for (int i = 0; i < 6000; i++) {
		x = x * 1664525u + 1013904223u;
		bytes[len++] = (char)(x >> 24);
	}
	static const char tail[] = "\n[player]\nname = bob\n";
	memcpy(bytes + len, tail, sizeof tail - 1);
	len += sizeof tail - 1;

	struct tc_config c = load_bytes(bytes, len);
	assert_int_equal(c.theme, TC_CONFIG_THEME_16);
	assert_string_equal(c.player, "bob");
	expect_warning(&c, 0, 2, "binary data (a NUL byte); line ignored");
	assert_in_range(c.warning_count, 2, TC_CONFIG_WARNINGS_MAX);
	expect_printable(&c);
}

static void test_a_long_line_is_skipped(void **state)
{
	(void)state;
	char text[12000];
	int n = snprintf(text, sizeof text, "[player]\nname = ");
	memset(text + n, 'a', 10000);
	strcpy(text + n + 10000, "\nname = eve\n");
	struct tc_config c = load(text);
	assert_string_equal(c.player, "eve");
	assert_int_equal(c.warning_count, 1);
	char prefix[160];
	snprintf(prefix, sizeof prefix, "%s:2: line longer than ", path);
	assert_memory_equal(c.warnings[0], prefix, strlen(prefix));
}

static void test_a_huge_file_is_read_only_so_far(void **state)
{
	(void)state;
	size_t len = 2 * 1024 * 1024;
	char *bytes = malloc(len);
	assert_non_null(bytes);
	for (size_t i = 0; i < len; i += 16)
		memcpy(bytes + i, "; padding ......", 16);
	for (size_t i = 15; i < len; i += 16)
		bytes[i] = '\n';
	static const char start[] = "[display]\nmouse = no\n";
	static const char end[] = "\ntheme = mono\n";
	memcpy(bytes, start, sizeof start - 1);
	memset(bytes + sizeof start - 1, ' ', 31 - (sizeof start - 1)); /* up to a padding '\n' */
	memcpy(bytes + len - (sizeof end - 1), end, sizeof end - 1);
	struct tc_config c = load_bytes(bytes, len);
	free(bytes);
	assert_false(c.mouse);
	assert_int_equal(c.theme, TC_CONFIG_THEME_AUTO);
	assert_int_equal(c.warning_count, 1);
	char expected[256];
	snprintf(expected, sizeof expected, "%s: larger than 1024 KiB; the rest is ignored", path);
	assert_string_equal(c.warnings[0], expected);
}

/* A device or a named pipe is refused at once: /dev/zero would be read forever, a pipe
 * waited on until someone wrote to it. */
static void test_devices_and_pipes_are_refused(void **state)
{
	(void)state;
	struct tc_config c;
	char err[256] = "";
	tc_config_defaults(&c);
	assert_int_equal(tc_config_load(&c, "/dev/zero", true, err, sizeof err), -1);
	assert_string_equal(err, "cannot read /dev/zero: a device, not a file");
	char fifo[4200];
	snprintf(fifo, sizeof fifo, "%s/pipe.ini", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(tc_config_load(&c, fifo, false, err, sizeof err), -1);
	char expected[4300];
	snprintf(expected, sizeof expected, "cannot read %s: a named pipe, not a file", fifo);
	assert_string_equal(err, expected);
	unlink(fifo);
}

static void test_too_many_warnings_end_with_a_count(void **state)
{
	(void)state;
	char text[2048];
	int n = snprintf(text, sizeof text, "[display]\n");
	for (int i = 0; i < 40; i++)
		n += snprintf(text + n, sizeof text - (size_t)n, "key%d = 1\n", i);
	struct tc_config c = load(text);
	assert_int_equal(c.warning_count, TC_CONFIG_WARNINGS_MAX);
	expect_warning(&c, 0, 2, "unknown key 'key0' in [display]");
	expect_warning(&c, 14, 16, "unknown key 'key14' in [display]");
	char expected[256];
	snprintf(expected, sizeof expected, "%s: ... and 25 more problems", path);
	assert_string_equal(c.warnings[15], expected);
}

static void test_warnings_cannot_drive_the_terminal(void **state)
{
	(void)state;
	struct tc_config c = load("[display]\ntheme = \x1b[31mred\xff\n");
	expect_warning(&c, 0, 2, "bad value '?[31mred?' for theme (auto, 256, 16 or mono)");
}

static void test_a_long_value_is_cut_in_the_warning(void **state)
{
	(void)state;
	struct tc_config c = load("[display]\ntheme = "
	                          "0123456789012345678901234567890123456789TOO-LONG\n");
	expect_warning(&c, 0, 2,
	               "bad value '0123456789012345678901234567890123456789' for theme (auto, 256, "
	               "16 or mono)");
}

static void test_a_long_path_gives_way_to_the_reason(void **state)
{
	(void)state;
	char long_path[512];
	int n = snprintf(long_path, sizeof long_path, "%s/", dir);
	for (int i = 0; i < 100; i++)
		n += snprintf(long_path + n, sizeof long_path - (size_t)n, "./");
	snprintf(long_path + n, sizeof long_path - (size_t)n, "config.ini");
	write_bytes("[display]\ntheme = huge\n", 23);
	struct tc_config c;
	char err[256] = "";
	tc_config_defaults(&c);
	assert_int_equal(tc_config_load(&c, long_path, true, err, sizeof err), 0);
	assert_string_equal(c.warnings[0],
	                    "config.ini:2: bad value 'huge' for theme (auto, 256, 16 or mono)");
}

static void test_a_long_player_name_is_cut_between_characters(void **state)
{
	(void)state;
	/* 20 two-byte characters: 40 bytes, 31 allowed, so 15 characters remain. */
	struct tc_config c = load("[player]\nname = éééééééééééééééééééé\n");
	assert_string_equal(c.player, "ééééééééééééééé");
	expect_warning(&c, 0, 2, "player name longer than 31 bytes; cut to 'ééééééééééééééé'");
}

static void test_key_bindings(void **state)
{
	(void)state;
	struct tc_config c = load("[keys]\n"
	                          "undo = z\n"
	                          "Select = space\n"
	                          "back = é\n"
	                          "quit = x\n"
	                          "undo = Ctrl-U\n"
	                          "redo = z\n"
	                          "help = \n"
	                          "hint = Escape\n");
	assert_int_equal(c.binding_count, 5);
	assert_string_equal(c.bindings[0].action, "undo");
	assert_string_equal(c.bindings[1].action, "select");
	assert_string_equal(c.bindings[1].key, "space");
	assert_string_equal(c.bindings[2].key, "é");
	assert_string_equal(c.bindings[3].action, "redo");
	assert_string_equal(c.bindings[4].key, "Escape");
	assert_int_equal(c.warning_count, 4);
	expect_warning(&c, 0, 5, "unknown action 'quit' in [keys]");
	expect_warning(&c, 1, 6,
	               "bad key 'Ctrl-U' for undo (one character, Enter, Space, Tab, Escape, Up, "
	               "Down, Left or Right)");
	expect_warning(&c, 2, 7, "key 'z' was bound to undo; it is now redo");
	expect_warning(&c, 3, 8,
	               "bad key '' for help (one character, Enter, Space, Tab, Escape, Up, Down, "
	               "Left or Right)");
}

static void test_at_most_so_many_bindings(void **state)
{
	(void)state;
	char text[1024];
	int n = snprintf(text, sizeof text, "[keys]\n");
	for (int i = 0; i <= TC_CONFIG_BINDINGS_MAX; i++)
		n += snprintf(text + n, sizeof text - (size_t)n, "undo = %c\n", 'A' + i);
	struct tc_config c = load(text);
	assert_int_equal(c.binding_count, TC_CONFIG_BINDINGS_MAX);
	assert_int_equal(c.warning_count, 1);
	expect_warning(&c, 0, TC_CONFIG_BINDINGS_MAX + 2,
	               "more than 32 key bindings; this one is ignored");
}

static void test_storage_paths_under_home(void **state)
{
	(void)state;
	setenv("HOME", "/home/ann", 1);
	struct tc_config c = load("[storage]\ndatabase = ~/games/scores.db\nshared_scores = \n");
	assert_string_equal(c.database, "/home/ann/games/scores.db");
	assert_string_equal(c.shared_scores, "");
	assert_int_equal(c.warning_count, 0);
}

/* A PostgreSQL database is named by its URL, taken as it is (no home, no folder); the shared
 * scoreboard stays a file, and the URL refused there is not quoted: it may hold a password. */
static void test_a_database_url(void **state)
{
	(void)state;
	struct tc_config c = load("[storage]\ndatabase = postgresql://ann:secret@db.example/arcade\n");
	assert_string_equal(c.database, "postgresql://ann:secret@db.example/arcade");
	assert_int_equal(c.warning_count, 0);
	c = load("[storage]\ndatabase = postgres://\n");
	assert_string_equal(c.database, "postgres://");
	c = load("[storage]\nshared_scores = postgresql://ann:secret@db.example/arcade\n");
	assert_string_equal(c.shared_scores, "");
	assert_int_equal(c.warning_count, 1);
	expect_warning(&c, 0, 2, "shared_scores takes a file's path, not a database URL");
}

static void test_the_default_path(void **state)
{
	(void)state;
	char buf[256];
	setenv("HOME", "/home/ann", 1);
	setenv("XDG_CONFIG_HOME", "/cfg", 1);
	assert_int_equal(tc_config_default_path(buf, sizeof buf), 0);
	assert_string_equal(buf, "/cfg/tilecade/config.ini");

	setenv("XDG_CONFIG_HOME", "relative/cfg", 1); /* invalid by the XDG spec: ignored */
	assert_int_equal(tc_config_default_path(buf, sizeof buf), 0);
	assert_string_equal(buf, "/home/ann/.config/tilecade/config.ini");

	setenv("XDG_CONFIG_HOME", "", 1);
	assert_int_equal(tc_config_default_path(buf, sizeof buf), 0);
	assert_string_equal(buf, "/home/ann/.config/tilecade/config.ini");

	assert_int_equal(tc_config_default_path(buf, 10), -1);

	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	assert_int_equal(tc_config_default_path(buf, sizeof buf), -1);
	setenv("HOME", "", 1);
	assert_int_equal(tc_config_default_path(buf, sizeof buf), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_defaults),
	        cmocka_unit_test(test_an_empty_file_keeps_the_defaults),
	        cmocka_unit_test(test_every_key),
	        cmocka_unit_test(test_every_theme_and_spelling_of_yes_and_no),
	        cmocka_unit_test(test_a_square_znumbers_size_in_one_number),
	        cmocka_unit_test(test_bad_values_keep_the_defaults_and_name_the_line),
	        cmocka_unit_test(test_unknown_sections_and_keys),
	        cmocka_unit_test(test_lines_that_cannot_be_read),
	        cmocka_unit_test(test_comments_indents_crlf_and_a_byte_order_mark),
	        cmocka_unit_test(test_a_missing_file),
	        cmocka_unit_test(test_a_directory_is_an_error_and_changes_nothing),
	        cmocka_unit_test(test_an_unreadable_file_is_an_error),
	        cmocka_unit_test(test_nul_bytes_and_binary_garbage),
	        cmocka_unit_test(test_a_long_line_is_skipped),
	        cmocka_unit_test(test_a_huge_file_is_read_only_so_far),
	        cmocka_unit_test(test_devices_and_pipes_are_refused),
	        cmocka_unit_test(test_too_many_warnings_end_with_a_count),
	        cmocka_unit_test(test_warnings_cannot_drive_the_terminal),
	        cmocka_unit_test(test_a_long_value_is_cut_in_the_warning),
	        cmocka_unit_test(test_a_long_path_gives_way_to_the_reason),
	        cmocka_unit_test(test_a_long_player_name_is_cut_between_characters),
	        cmocka_unit_test(test_key_bindings),
	        cmocka_unit_test(test_at_most_so_many_bindings),
	        cmocka_unit_test(test_storage_paths_under_home),
	        cmocka_unit_test(test_a_database_url),
	        cmocka_unit_test(test_the_default_path),
	};
	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
