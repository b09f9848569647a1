/* N's level browser in a terminal (`tilecade ninja`, the menu's N): it shows a level with the
 * ninja, a legend and the level's numbers; n makes another one; w saves the level to a file in
 * the sandbox and o loads it back to the very same map; a small window says how big it must be.
 * TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 5000
#define QUIET_MS 60
#define MAP_ROWS 23
#define MAP_COLS 64 /* 31 tiles of two columns, and the side borders */
#define MAP_TEXT (MAP_ROWS * MAP_COLS * 4 + MAP_ROWS + 1)

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fail_msg("'%s' not on the screen:\n%s", text, e2e_screen(t));
}

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

static struct e2e_term *start(void **state, int rows, int cols, const char *arg)
{
	const char *argv[] = {e2e_bin, arg, NULL};
	struct e2e_term *t = e2e_start(rows, cols, argv, NULL);
	assert_non_null(t);
	*state = t;
	return t;
}

/* The map as the screen shows it on 80x24 (it starts at the top-left corner there). */
static void map_text(struct e2e_term *t, char *out)
{
	*out = '\0';
	for (int r = 0; r < MAP_ROWS; r++) {
		for (int c = 0; c < MAP_COLS; c++) {
			struct e2e_cell cell;
			assert_true(e2e_cell(t, r, c, &cell));
			strcat(out, *cell.text ? cell.text : " ");
		}
		strcat(out, "\n");
	}
}

/* The text of the screen row that holds `what`. */
static void row_with(struct e2e_term *t, const char *what, char *out, size_t len)
{
	int row, col;
	if (!e2e_find(t, what, &row, &col))
		fail_msg("'%s' not on the screen:\n%s", what, e2e_screen(t));
	snprintf(out, len, "%s", e2e_row(t, row));
}

static void test_shows_a_level(void **state)
{
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	int row, col;
	assert_true(e2e_find(t, "@", &row, &col)); /* the ninja, on the map */
	assert_true(row < MAP_ROWS && col < MAP_COLS);
	assert_true(e2e_find(t, "@ ninja", &row, &col)); /* the legend */
	assert_true(col >= MAP_COLS);
	wait_text(t, "* mine");
	wait_text(t, "empty");
	wait_text(t, "gold ");
	wait_text(t, "mines ");
	wait_text(t, "boxed ");
	wait_text(t, "n new");
	/* Both map borders are drawn on every map row. */
	for (int r = 0; r < MAP_ROWS; r++) {
		struct e2e_cell left, right;
		assert_true(e2e_cell(t, r, 0, &left) && e2e_cell(t, r, MAP_COLS - 1, &right));
		assert_string_equal(left.text, "│");
		assert_string_equal(right.text, "│");
	}
	e2e_send_str(t, "q");
	wait_text(t, "tilecade");
}

/* Presses n and waits for the new level: its seed on the screen, then a quiet screen. The
 * level's check plays the physics search, which takes longer than a quiet spell. */
static void another_level(struct e2e_term *t)
{
	char seed[256], now[256];
	row_with(t, "seed ", seed, sizeof seed);
	e2e_send_str(t, "n");
	for (int waited = 0; waited < WAIT_MS; waited += QUIET_MS) {
		settle(t);
		row_with(t, "seed ", now, sizeof now);
		if (strcmp(now, seed) != 0)
			return;
	}
	fail_msg("no new level after n:\n%s", e2e_screen(t));
}

static void test_n_makes_another_level(void **state)
{
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	static char before[MAP_TEXT], after[MAP_TEXT];
	char seed[256], seed_after[256];
	map_text(t, before);
	row_with(t, "seed ", seed, sizeof seed);
	another_level(t);
	row_with(t, "seed ", seed_after, sizeof seed_after);
	map_text(t, after);
	assert_string_not_equal(seed, seed_after);
	assert_string_not_equal(before, after);
	assert_non_null(strchr(after, '@'));
}

static bool says_generating(struct e2e_term *t, void *old_seed_row)
{
	int row, col;
	return e2e_find(t, "generating a new level", &row, &col) &&
	       e2e_find(t, old_seed_row, &row, &col);
}

static bool shows_new_level(struct e2e_term *t, void *old_seed_row)
{
	int row, col;
	return !e2e_find(t, "generating", &row, &col) && !e2e_find(t, old_seed_row, &row, &col) &&
	       e2e_find(t, "seed ", &row, &col);
}

/* n says at once that it works, over the old level (a playable level can take the generator
 * seconds, and the screen froze without a word), then shows the new one without the word. */
static void test_n_says_it_is_generating(void **state)
{
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	char seed[256];
	int row, col;
	assert_true(e2e_find(t, "seed ", &row, &col));
	snprintf(seed, sizeof seed, "%s", e2e_row(t, row) + col);
	e2e_send_str(t, "n");
	if (!e2e_wait(t, says_generating, seed, WAIT_MS))
		fail_msg("n did not say it was generating:\n%s", e2e_screen(t));
	if (!e2e_wait(t, shows_new_level, seed, WAIT_MS))
		fail_msg("no new level after n, or still the word:\n%s", e2e_screen(t));
}

static void type_path(struct e2e_term *t, const char *key, const char *prompt, const char *path)
{
	e2e_send_str(t, key);
	wait_text(t, prompt);
	e2e_send_str(t, "\025"); /* Ctrl-U: away with the default path */
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
}

static void test_save_and_open_give_the_same_map(void **state)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/level-save.txt", e2e_sandbox);
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	static char saved[MAP_TEXT], other[MAP_TEXT], loaded[MAP_TEXT];
	map_text(t, saved);

	type_path(t, "w", "Save to", path);
	wait_text(t, "saved to");
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char line[40000];
	assert_non_null(fgets(line, sizeof line, f));
	fclose(f);
	assert_int_equal(strcspn(line, "|"), 713);

	another_level(t);
	map_text(t, other);
	assert_string_not_equal(saved, other);

	type_path(t, "o", "Open level file", path);
	wait_text(t, "opened");
	wait_text(t, "from a file");
	settle(t);
	map_text(t, loaded);
	assert_string_equal(saved, loaded);

	/* A file that is no level says why, and the level stays. */
	snprintf(path, sizeof path, "%s/not-a-level.txt", e2e_sandbox);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("hello\n", f);
	fclose(f);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "invalid level");
	settle(t);
	map_text(t, other);
	assert_string_equal(saved, other);
	/* Esc cancels a prompt. */
	e2e_send_str(t, "o");
	wait_text(t, "Open level file");
	e2e_send_str(t, E2E_KEY_ESC);
	wait_text(t, "cancelled");
}

/* A level as N's editor writes it, with objects this physics does not play (floor guards, a
 * drone, a launch pad), numbers after an object's own and a parameter that is not a number:
 * the browser opens it, says what it ignores, lists it on i, and saves it back byte for
 * byte. */
static void test_opens_what_n_writes_and_says_what_it_ignores(void **state)
{
	static const char objects[] =
	        "|5^100,540!0^252,540!4^444,540,1!4^300,540,1,7!6^300,108,2,0,1,2"
	        "!2^396,540,-0.7071067811865475,-0.7071067811865475!12^x,540!0^60,540,0";
	char path[4200], saved_path[4200];
	snprintf(path, sizeof path, "%s/from-n.txt", e2e_sandbox);
	snprintf(saved_path, sizeof saved_path, "%s/from-n-saved.txt", e2e_sandbox);
	static char level[1024];
	memset(level, '0', 713);
	for (int col = 0; col < 31; col++)
		level[col * 23 + 22] = '1'; /* a floor */
	snprintf(level + 713, sizeof level - 713, "%s\n", objects);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(level, f);
	fclose(f);

	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	type_path(t, "o", "Open level file", path);
	/* The message begins with it (an 80-column line cuts the rest; i lists it all). */
	wait_text(t, "1 launch pad, 2 floor guards, 1 drone, 1 placed nowhere not played");
	wait_text(t, "from a file");
	/* The panel keeps saying it once the message is gone. */
	wait_text(t, "not played 5");
	wait_text(t, "odd numbers 3");
	int row, col;
	wait_text(t, "F"); /* the floor guards are drawn (the map may come after the panel) */
	assert_true(e2e_find(t, "F", &row, &col));
	assert_true(row < MAP_ROWS && col < MAP_COLS);
	e2e_send_str(t, "i");
	wait_text(t, "Not played, or ignored");
	wait_text(t, "2 floor guards");
	wait_text(t, "drawn as F, not played");
	wait_text(t, "2 extra numbers");
	wait_text(t, "read as NaN");
	e2e_send_str(t, " ");
	settle(t);
	assert_false(e2e_find(t, "Not played, or ignored", &row, &col));
	wait_text(t, "i ignored");

	type_path(t, "w", "Save to", saved_path);
	wait_text(t, "saved to");
	static char saved[1024];
	f = fopen(saved_path, "r");
	assert_non_null(f);
	size_t n = fread(saved, 1, sizeof saved - 1, f);
	fclose(f);
	saved[n] = '\0';
	assert_string_equal(saved, level);

	/* It plays: the two gold that stand somewhere, the floor guards drawn and inert. */
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "gold 0/2");
	assert_true(e2e_find(t, "F", &row, &col));
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
}

/* A file in the sandbox holding len bytes; its path in path. */
static void sandbox_file(const char *name, const void *bytes, size_t len, char *path, size_t size)
{
	snprintf(path, size, "%s/%s", e2e_sandbox, name);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* An empty map, then the objects; its length. */
static size_t empty_level(const char *objects, char *out, size_t size)
{
	memset(out, '0', 713);
	out[713] = '|';
	return 714 + (size_t)snprintf(out + 714, size - 714, "%s", objects);
}

/* o then w: the level is read as --parse reads it (a NUL refused with its offset, one CR before
 * the line's LF dropped, every other byte kept) and saved back byte for byte. */
static void test_opens_and_saves_byte_for_byte(void **state)
{
	static char level[2048], saved[2048];
	char path[4200], saved_path[4200];
	snprintf(saved_path, sizeof saved_path, "%s/byte-saved.txt", e2e_sandbox);
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	size_t n = empty_level("5^396,300", level, sizeof level);
	memcpy(level + n, "\0!0^1,2!garbage\n", 16);
	sandbox_file("nul.txt", level, n + 16, path, sizeof path);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "invalid level, offset 723: a NUL byte");
	static const struct {
		const char *objects, *saved;
	} cases[] = {
	        {"5^396,300!11^468,132,564,492\r!0^1,2\n", NULL},
	        {"5^396,300!0^1,2\r\r\n", NULL},
	        {"5^396,300!0^1,2\r\n", "5^396,300!0^1,2\n"},
	        {"5^396,300!0^1,2\r", "5^396,300!0^1,2\n"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		n = empty_level(cases[i].objects, level, sizeof level);
		sandbox_file("cr.txt", level, n, path, sizeof path);
		type_path(t, "o", "Open level file", path);
		wait_text(t, "opened");
		unlink(saved_path); /* a file there would be asked about */
		type_path(t, "w", "Save to", saved_path);
		wait_text(t, "saved to");
		FILE *f = fopen(saved_path, "rb");
		assert_non_null(f);
		size_t got = fread(saved, 1, sizeof saved - 1, f);
		fclose(f);
		saved[got] = '\0';
		if (cases[i].saved)
			empty_level(cases[i].saved, level, sizeof level);
		assert_string_equal(saved, level);
	}
}

static bool ninja_in_the_corner(struct e2e_term *t, void *unused)
{
	(void)unused;
	struct e2e_cell cell;
	return e2e_cell(t, MAP_ROWS - 1, MAP_COLS - 2, &cell) && strcmp(cell.text, "@") == 0;
}

/* Objects placed nowhere (NaN, infinity) are counted and drawn as the play and --check do; a
 * ninja far outside the map is drawn where the play starts it, in the corner. */
static void test_objects_placed_nowhere(void **state)
{
	static char level[2048];
	char path[4200];
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	size_t n = empty_level("5^1e308,1e308\n", level, sizeof level);
	sandbox_file("far.txt", level, n, path, sizeof path);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "opened");
	wait_text(t, "boxed no");
	if (!e2e_wait(t, ninja_in_the_corner, NULL, WAIT_MS))
		fail_msg("no ninja in the bottom-right corner:\n%s", e2e_screen(t));

	n = empty_level("5^396,300!0^nan,nan!12^x,y!4^,,!0^100,100\n", level, sizeof level);
	sandbox_file("nowhere.txt", level, n, path, sizeof path);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "i: 3 placed nowhere not played; 7 not numbers ignored");
	wait_text(t, "gold 0/1");
	wait_text(t, "mines 0");
	int row, col;
	assert_false(e2e_find(t, "F", &row, &col)); /* the floor guard is drawn nowhere */
	e2e_send_str(t, "i");
	wait_text(t, "3 objects");
	wait_text(t, "x or y not finite: drawn nowhere");
	assert_false(e2e_find(t, "floor guard", &row, &col));
	e2e_send_str(t, " ");
	wait_text(t, "Enter play");

	n = empty_level("5^NaN,NaN!0^100,100\n", level, sizeof level);
	sandbox_file("ninja-nowhere.txt", level, n, path, sizeof path);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "cannot be played, offset 714: the ninja's position is not a finite number");
	assert_false(e2e_find(t, "not numbers", &row, &col));
	wait_text(t, "ninja nowhere");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "cannot play: the ninja's position (offset 714) is not a finite number");
}

/* Messages keep what matters on the line: the reason before a long path, the i key before a
 * long list; a directory is named as one, and ~/ is the home directory. At 64 columns the i
 * list is whole. */
static void test_messages_fit_the_line(void **state)
{
	static char level[2048];
	char path[4200];
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	size_t n = empty_level("5^396,300!999999999999^1,2\n", level, sizeof level);
	sandbox_file("lv_type999999999999_with_a_long_name.txt", level, n, path, sizeof path);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "invalid level, offset 724: unknown object type '999999999999' (0 to 12)");

	n = empty_level("5^396,300!1^1,2!2^1,2,3,4!3^1,2!4^1,2,3!6^1,2,3,4,5,6!7^1,2,3!8^1,2,3"
	                "!9^1,2,3,4,5,6,7,8,9!10^1,2,0^x,y,z\n",
	                level, sizeof level);
	sandbox_file("many.txt", level, n, path, sizeof path);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "i: 1 bounce block, 1 launch pad");

	type_path(t, "o", "Open level file", e2e_sandbox);
	wait_text(t, "cannot open, a directory, not a file: ");

	n = empty_level("5^396,300!0^1,2,3\n", level, sizeof level);
	sandbox_file("home-level.txt", level, n, path, sizeof path);
	type_path(t, "o", "Open level file", "~/home-level.txt");
	wait_text(t, "opened");
	wait_text(t, "home-level.txt");

	assert_true(e2e_resize(t, 24, 64));
	settle(t);
	e2e_send_str(t, "i");
	wait_text(t, "1 extra number        ignored, as N ignores them");
	wait_text(t, "Saving writes the level back as it was read.");
}

/* The whole of a small file, NUL-terminated. */
static void file_text(const char *path, char *out, size_t size)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	size_t n = fread(out, 1, size - 1, f);
	fclose(f);
	out[n] = '\0';
}

/* Answers the question on the screen, y or n, by its key. */
static void answer_by_key(struct e2e_term *t, char yes_no)
{
	e2e_send_str(t, yes_no == 'y' ? "y" : "n");
}

/* ... or by a left click on that letter of its "(y/n)". */
static void answer_by_click(struct e2e_term *t, char yes_no)
{
	int row, col;
	if (!e2e_find(t, "(y/n)", &row, &col))
		fail_msg("no (y/n) to click:\n%s", e2e_screen(t));
	int x = col + (yes_no == 'y' ? 1 : 3) + 1;
	assert_true(e2e_mouse_press(t, x, row + 1));
	assert_true(e2e_mouse_release(t, x, row + 1));
}

/* w onto a file that is there asks first; n keeps the file as it was, y replaces it. */
static void save_asks_before_replacing(void **state, void (*answer)(struct e2e_term *, char))
{
	char path[4200], text[2048];
	sandbox_file("precious.txt", "precious\n", 9, path, sizeof path);
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	type_path(t, "w", "Save to", path);
	wait_text(t, "Replace the file there? (y/n) ");
	answer(t, 'n');
	wait_text(t, "not saved; the file there is kept");
	file_text(path, text, sizeof text);
	assert_string_equal(text, "precious\n");

	type_path(t, "w", "Save to", path);
	wait_text(t, "Replace the file there? (y/n) ");
	answer(t, 'y');
	wait_text(t, "saved to");
	file_text(path, text, sizeof text);
	assert_int_equal(strcspn(text, "|"), 713);
}

static void test_save_asks_before_replacing(void **state)
{
	save_asks_before_replacing(state, answer_by_key);
}

/* The question answers a click on its y or n as it answers the keys. */
static void test_replace_question_answers_clicks(void **state)
{
	save_asks_before_replacing(state, answer_by_click);
}

/* w never writes through a symbolic link, nor into tilecade's own data folder, whether the path
 * names it, reaches it through a link or through "..". */
/* The path prompt keeps what is typed up to PATH_MAX and refuses more, never cutting it (a
 * pasted path of 300 bytes was saved under its first 255); on the line it shows the end, where
 * the cursor is, wide characters in two columns and a U+202E as '?'. */
static void test_path_prompt_keeps_long_paths(void **state)
{
	char path[4200], dir[4200], name[128];
	memset(name, 'd', 100);
	name[100] = '\0';
	snprintf(dir, sizeof dir, "%s/%s", e2e_sandbox, name);
	assert_int_equal(mkdir(dir, 0700), 0);
	strcat(dir, "/");
	strcat(dir, name);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(path, sizeof path, "%s/%s-end.txt", dir, name);
	assert_true(strlen(path) > 300);
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	e2e_send_str(t, "w");
	wait_text(t, "Save to");
	e2e_send_str(t, "\025");
	e2e_send_str(t, path);
	wait_text(t, "dddd-end.txt_"); /* the end is on the line */
	wait_text(t, "…");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "saved to");
	struct stat st;
	assert_int_equal(stat(path, &st), 0);

	/* Wide characters and a right-to-left override, as the player typed them. */
	e2e_send_str(t, "w");
	wait_text(t, "Save to");
	e2e_send_str(t, "\025evil界界界.txt");
	settle(t);
	int row, col, end_row, end_col;
	assert_true(e2e_find(t, "evil", &row, &col));
	assert_true(e2e_find(t, ".txt_", &end_row, &end_col));
	assert_int_equal(end_col - col, 4 + 3 * 2); /* 界 is two columns */
	char bidi[4300];
	snprintf(bidi, sizeof bidi, "\025%s/a\u202Eb.txt", e2e_sandbox);
	e2e_send_str(t, bidi);
	wait_text(t, "a?b.txt_");
	e2e_send_str(t, E2E_KEY_ENTER); /* saved, and the message names it the same way */
	wait_text(t, "a?b.txt");
	wait_text(t, "saved to");
	assert_null(strstr(e2e_screen(t), "\u202E"));

	/* Past PATH_MAX: refused, not cut; Ctrl-U starts again. */
	static char huge[5001];
	memset(huge, 'x', sizeof huge - 1);
	e2e_send_str(t, "w");
	wait_text(t, "Save to");
	e2e_send_str(t, "\025");
	e2e_send_str(t, huge);
	wait_text(t, "the path is too long");
	e2e_send_str(t, E2E_KEY_ENTER);
	settle(t);
	wait_text(t, "the path is too long"); /* Enter does not take it */
	e2e_send_str(t, "\025");
	wait_text(t, "Save to (Enter, Esc cancels): _");
	e2e_send_str(t, E2E_KEY_ESC);
}

/* The save prompt's starting path is selected, as in a file dialog: the first character typed
 * replaces it (it was appended to: "./level.txt/tmp/..."), Backspace keeps it to edit. An
 * error is a line of its own, not glued to the play hint ("Enter play  cannot save, ..."). */
static void test_save_prompt_replaces_its_path_and_errors_stand_alone(void **state)
{
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	e2e_send_str(t, "w");
	wait_text(t, "Save to (Enter, Esc cancels): ./level.txt_");
	e2e_send_str(t, "\177"); /* Backspace */
	wait_text(t, "Save to (Enter, Esc cancels): ./level.tx_");
	e2e_send_str(t, "t");
	wait_text(t, "Save to (Enter, Esc cancels): ./level.txt_");
	e2e_send_str(t, E2E_KEY_ESC);
	wait_text(t, "cancelled");
	e2e_send_str(t, "w"); /* a short path: the error has room beside the hint */
	wait_text(t, "./level.txt_");
	e2e_send_str(t, "no-such-dir/lvl.txt");
	wait_text(t, "lvl.txt_");
	int row, col;
	assert_false(e2e_find(t, "level.txt", &row, &col));
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "cannot save, No such file or directory");
	assert_true(e2e_find(t, "cannot save", &row, &col));
	if (strstr(e2e_row(t, row), "Enter play"))
		fail_msg("the error is glued to the play hint: %s", e2e_row(t, row));
}

static void test_save_refuses_links_and_the_data_folder(void **state)
{
	char target[4200], link[4200], text[64];
	sandbox_file("target.txt", "target\n", 7, target, sizeof target);
	snprintf(link, sizeof link, "%s/link.txt", e2e_sandbox);
	assert_int_equal(symlink(target, link), 0);
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	type_path(t, "w", "Save to", link);
	wait_text(t, "cannot save, a symbolic link, not followed: ");
	file_text(target, text, sizeof text);
	assert_string_equal(text, "target\n");

	/* The data folder exists once tilecade has opened its database. */
	char data[4200], dir_link[4200], via_link[4300], via_dots[4300];
	snprintf(data, sizeof data, "%s/tilecade", getenv("XDG_DATA_HOME"));
	snprintf(dir_link, sizeof dir_link, "%s/data-link", e2e_sandbox);
	assert_int_equal(symlink(data, dir_link), 0);
	snprintf(via_link, sizeof via_link, "%s/new.txt", dir_link);
	snprintf(via_dots, sizeof via_dots, "%s/../tilecade/tilecade.db", data);
	const char *paths[] = {"~/.local/share/tilecade/tilecade.db", via_link, via_dots};
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		type_path(t, "w", "Save to", paths[i]);
		wait_text(t, "cannot save, tilecade's own data folder: ");
	}
	struct stat st;
	assert_int_not_equal(lstat(via_link, &st), 0);
	unlink(dir_link);
	unlink(link);
}

/* o on a named pipe says so at once: opening one waits for a writer that never comes. */
static void test_open_refuses_a_named_pipe(void **state)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/pipe", e2e_sandbox);
	unlink(path);
	assert_int_equal(mkfifo(path, 0600), 0);
	struct e2e_term *t = start(state, 24, 80, "ninja");
	wait_text(t, "seed ");
	settle(t);
	type_path(t, "o", "Open level file", path);
	wait_text(t, "cannot open, a named pipe, not a file: ");
	unlink(path);
	/* A file that cannot be read says why: it is not an empty file. */
	type_path(t, "o", "Open level file", "/proc/self/mem");
	wait_text(t, "cannot open, Input/output error: /proc/self/mem");
}

static void test_too_small(void **state)
{
	struct e2e_term *t = start(state, 20, 60, "ninja");
	wait_text(t, "terminal too small: need 64x24");
	assert_true(e2e_resize(t, 24, 80));
	wait_text(t, "seed ");
}

static void test_menu_opens_the_browser(void **state)
{
	struct e2e_term *t = start(state, 24, 80, NULL);
	wait_text(t, "wall-jump to the exit");
	e2e_send_str(t, "4");
	wait_text(t, "seed ");
	wait_text(t, "@ ninja");
	e2e_send_str(t, "q");
	wait_text(t, "wall-jump to the exit");
}

static void test_ascii(void **state)
{
	const char *argv[] = {e2e_bin, "n", NULL};
	const char *env[] = {"LC_ALL=C", NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, env);
	assert_non_null(t);
	*state = t;
	wait_text(t, "seed ");
	wait_text(t, "$ gold");
	settle(t);
	struct e2e_cell cell;
	assert_true(e2e_cell(t, 0, 0, &cell));
	assert_string_equal(cell.text, "|");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_shows_a_level, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_n_makes_another_level, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_n_says_it_is_generating, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_save_and_open_give_the_same_map, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_save_prompt_replaces_its_path_and_errors_stand_alone,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_opens_what_n_writes_and_says_what_it_ignores,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_opens_and_saves_byte_for_byte, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_objects_placed_nowhere, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_messages_fit_the_line, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_save_asks_before_replacing, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_replace_question_answers_clicks, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_save_refuses_links_and_the_data_folder,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_open_refuses_a_named_pipe, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_path_prompt_keeps_long_paths, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_too_small, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_opens_the_browser, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_ascii, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
