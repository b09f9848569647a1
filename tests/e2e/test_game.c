/* tilecade in a terminal, driven like a player: the menu, 2048 by keys and mouse, resizing, and
 * leaving the terminal as it was however the program ends. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "play_2048.h"
#include "sandbox.h"
#include "screen_2048.h"

#define WAIT_MS 5000
#define QUIET_MS 60

static const char *const menu_entries[] = {"zNumbers", "Match-3", "Sudoku", "N",
                                           "2048",     "Daily",   "Watch",  "Scores"};
#define MENU_ENTRIES (sizeof menu_entries / sizeof menu_entries[0])
#define MENU_ZNUMBERS 0
#define MENU_MATCH3 1
#define MENU_SUDOKU 2
#define MENU_2048 4
#define MENU_SCORES 7

/* The games this version has, and the rows after them; without a saved game the menu starts on
 * the first game. */
static bool available(size_t entry)
{
	(void)entry; /* N is a level browser since issue 7: every entry opens something */
	return true;
}

/* Starts tilecade with the NULL-terminated arguments that follow, on an 80x24 terminal kept
 * in *state for teardown. */
static struct e2e_term *tilecade(void **state, ...)
{
	const char *argv[16] = {e2e_bin};
	int argc = 1;
	va_list ap;
	va_start(ap, state);
	for (const char *arg; (arg = va_arg(ap, const char *)) && argc < 15;)
		argv[argc++] = arg;
	va_end(ap);
	/* The default theme whatever the caller's environment: tiles are found by their colour. */
	const char *env[] = {"NO_COLOR", NULL};
	e2e_free(*state);
	e2e_sandbox_forget();
	*state = e2e_start(24, 80, argv, env);
	assert_non_null(*state);
	return *state;
}

static void type_keys(struct e2e_term *t, const char *keys)
{
	assert_true(e2e_send_str(t, keys));
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

/* A question the test answered must go away. */
static void wait_gone(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_gone(t, text, WAIT_MS))
		fail_msg("'%s' stays on the screen:\n%s", text, e2e_screen(t));
}

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

/* What a program must leave behind, and so must have changed while it ran. */
static void assert_terminal_taken(struct e2e_term *t)
{
	struct termios tio;
	assert_true(e2e_altscreen(t));
	assert_int_not_equal(e2e_mouse_mode(t), 0);
	assert_int_equal(e2e_tty_attr(t, &tio), 0);
	assert_false(tio.c_lflag & (ECHO | ICANON));
}

static void assert_exits(struct e2e_term *t, int code)
{
	int status = e2e_wait_exit(t, WAIT_MS);
	if (status == -1)
		fprintf(stderr, "still running; screen:\n%s\n", e2e_screen(t));
	assert_true(status != -1);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), code);
}

/* A signal asks to quit: the program leaves through its normal path, or at most re-raises the
 * signal after cleaning up; it does not crash. */
static void assert_ends_on_signal(struct e2e_term *t, int sig)
{
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(status != -1);
	/* A crash would end it by another signal (SIGSEGV, SIGABRT). */
	if (WIFSIGNALED(status))
		assert_int_equal(WTERMSIG(status), sig);
	else
		assert_true(WIFEXITED(status));
}

/* The menu row of an entry: the row whose first word is its name (after a marker, if any). */
static int menu_row(struct e2e_term *t, const char *name)
{
	for (int r = 0; r < e2e_rows(t); r++) {
		const char *p = e2e_row(t, r);
		for (;;) {
			p += strspn(p, " ");
			size_t len = strcspn(p, " ");
			bool word = false;
			for (size_t i = 0; i < len; i++)
				word = word || isalnum((unsigned char)p[i]);
			if (len == 0 || word) {
				if (len == strlen(name) && strncmp(p, name, len) == 0)
					return r;
				break;
			}
			p += len;
		}
	}
	return -1;
}

static bool shows_menu(struct e2e_term *t, void *unused)
{
	for (size_t i = 0; i < MENU_ENTRIES; i++)
		if (menu_row(t, menu_entries[i]) < 0)
			return false;
	return true;
}

static void wait_menu(struct e2e_term *t)
{
	if (!e2e_wait(t, shows_menu, NULL, WAIT_MS))
		fprintf(stderr, "no menu on the screen:\n%s\n", e2e_screen(t));
	assert_true(shows_menu(t, NULL));
	settle(t);
}

/* A row's text and colours, to see whether its look changed. */
static uint64_t row_look(struct e2e_term *t, int row)
{
	uint64_t h = 14695981039346656037u;
	for (int c = 0; c < e2e_cols(t); c++) {
		struct e2e_cell cell;
		e2e_cell(t, row, c, &cell);
		const struct e2e_color *colour[] = {&cell.fg, &cell.bg};
		unsigned char look[16] = {cell.bold, cell.reverse};
		for (int i = 0; i < 2; i++) {
			look[2 + 5 * i] = (unsigned char)colour[i]->kind;
			look[3 + 5 * i] = colour[i]->index;
			look[4 + 5 * i] = colour[i]->r;
			look[5 + 5 * i] = colour[i]->g;
			look[6 + 5 * i] = colour[i]->b;
		}
		for (size_t i = 0; i < sizeof look; i++)
			h = (h ^ look[i]) * 1099511628211u;
		/* A cell never written and a space written over look the same. */
		for (const char *p = *cell.text ? cell.text : " "; *p; p++)
			h = (h ^ (unsigned char)*p) * 1099511628211u;
	}
	return h;
}

static void menu_looks(struct e2e_term *t, uint64_t looks[MENU_ENTRIES])
{
	for (size_t i = 0; i < MENU_ENTRIES; i++)
		looks[i] = row_look(t, menu_row(t, menu_entries[i]));
}

static bool looks_differ(struct e2e_term *t, void *from)
{
	uint64_t now[MENU_ENTRIES];
	menu_looks(t, now);
	return memcmp(now, from, sizeof now) != 0;
}

static bool looks_same(struct e2e_term *t, void *from)
{
	return !looks_differ(t, from);
}

static bool shows_2048(struct e2e_term *t, void *unused)
{
	struct e2e_2048_status status;
	return e2e_2048_status(t, &status);
}

static void wait_2048(struct e2e_term *t)
{
	if (!e2e_wait(t, shows_2048, NULL, WAIT_MS))
		fprintf(stderr, "no 2048 game on the screen:\n%s\n", e2e_screen(t));
	assert_true(shows_2048(t, NULL));
}

/* Until the game ID on the screen is another than old. */
static bool id_is_not(struct e2e_term *t, void *old)
{
	struct e2e_2048_status status;
	return e2e_2048_status(t, &status) && strcmp(status.id, old) != 0;
}

static void key_slide(struct e2e_play *p, const char *key, char dir)
{
	e2e_play_slide(p, dir);
	type_keys(p->t, key);
	e2e_play_check(p);
}

static void test_menu_lists_the_games(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	assert_non_null(strstr(e2e_screen(t), "tilecade"));
	for (size_t i = 0; i < MENU_ENTRIES; i++) {
		const char *line = e2e_row(t, menu_row(t, menu_entries[i]));
		bool marked = strstr(line, "(not available)") != NULL;
		if (marked == available(i))
			fprintf(stderr, "menu line: %s\n", line);
		assert_true(marked != available(i));
	}
	assert_terminal_taken(t);
}

static void test_menu_highlight_moves_and_enter_plays(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	uint64_t start[MENU_ENTRIES], now[MENU_ENTRIES];
	menu_looks(t, start);
	const char *up[] = {E2E_KEY_UP, "k"}, *down[] = {E2E_KEY_DOWN, "j"};
	for (int k = 0; k < 2; k++) {
		/* From zNumbers up round to Scores: those two lines change look, the others do
		 * not. */
		type_keys(t, up[k]);
		assert_true(e2e_wait(t, looks_differ, start, WAIT_MS));
		settle(t);
		menu_looks(t, now);
		for (size_t i = 0; i < MENU_ENTRIES; i++) {
			bool moved = i == MENU_ZNUMBERS || i == MENU_SCORES;
			if (moved != (now[i] != start[i]))
				fprintf(stderr, "after %s the '%s' line %s\n%s\n", k ? "k" : "Up",
				        menu_entries[i], moved ? "is unchanged" : "changed",
				        e2e_screen(t));
			assert_true(moved == (now[i] != start[i]));
		}
		type_keys(t, down[k]);
		assert_true(e2e_wait(t, looks_same, start, WAIT_MS));
		settle(t);
		assert_true(looks_same(t, start));
	}
	type_keys(t, E2E_KEY_DOWN E2E_KEY_DOWN E2E_KEY_DOWN E2E_KEY_DOWN);
	type_keys(t, E2E_KEY_ENTER);
	wait_2048(t);
}

static void test_menu_click_plays(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	int row, col;
	assert_true(e2e_find_from(t, "2048", menu_row(t, "2048"), &row, &col));
	/* On the entry's name, its second character; mouse positions are 1-based. */
	assert_true(e2e_mouse_press(t, col + 2, row + 1));
	assert_true(e2e_mouse_release(t, col + 2, row + 1));
	wait_2048(t);
}

static void test_play_undo_leave_and_quit(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	type_keys(t, "5");
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	assert_terminal_taken(t);
	/* Slide round until something merges, so that the score changes too. */
	const char *keys[] = {E2E_KEY_LEFT, E2E_KEY_DOWN, E2E_KEY_RIGHT, E2E_KEY_UP};
	const char dirs[] = "ldru";
	uint64_t score = 0;
	struct e2e_board board;
	for (int i = 0; score == 0; i++) {
		assert_true(i < E2E_PLAY_MAX / 2);
		key_slide(&p, keys[i % 4], dirs[i % 4]);
		e2e_play_batch(e2e_bin, p.id, p.moves, &board, &score);
	}
	e2e_play_undo(&p);
	type_keys(t, "u");
	e2e_play_check(&p);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "y");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	assert_true(e2e_terminal_given_back(t));
}

static void test_2048_screen(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	assert_string_equal(p.id, "2048:4x4:s7");
	struct e2e_2048_status s;
	assert_true(e2e_2048_status(t, &s));
	assert_int_equal(s.score, 0);
	assert_int_equal(s.best, 0);
	assert_int_equal(s.moves, 0);
	assert_int_equal(s.minutes, 0);
	struct e2e_2048_tile tiles[E2E_BOARD_MAX * E2E_BOARD_MAX];
	int n = e2e_2048_tiles(t, tiles, E2E_BOARD_MAX * E2E_BOARD_MAX);
	assert_int_equal(n, 2);
	for (int i = 0; i < n; i++)
		assert_true(e2e_2048_centred(t, &tiles[i]));
}

static void test_board_follows_batch_with_undo_and_redo(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	static const struct {
		const char *key;
		char dir;
	} slides[] = {
	        /* (Not w a s d: in 2048, a is autoplay since issue 9.) */
	        {E2E_KEY_LEFT, 'l'}, {E2E_KEY_DOWN, 'd'}, {E2E_KEY_RIGHT, 'r'}, {E2E_KEY_UP, 'u'},
	        {"h", 'l'},          {"j", 'd'},          {"k", 'u'},           {"l", 'r'},
	        {"h", 'l'},          {"j", 'd'},          {"l", 'r'},           {"k", 'u'},
	};
	for (size_t i = 0; i < sizeof slides / sizeof slides[0]; i++)
		key_slide(&p, slides[i].key, slides[i].dir);
	for (int i = 0; i < 3; i++) {
		e2e_play_undo(&p);
		type_keys(t, "u");
		e2e_play_check(&p);
	}
	for (int i = 0; i < 2; i++) {
		e2e_play_redo(&p);
		type_keys(t, "U");
		e2e_play_check(&p);
	}
	/* A new slide drops what was left to redo. */
	char dir = e2e_play_would_move(&p, 'l') ? 'l' : 'r';
	key_slide(&p, dir == 'l' ? E2E_KEY_LEFT : E2E_KEY_RIGHT, dir);
	e2e_play_redo(&p);
	type_keys(t, "U");
	e2e_play_check(&p);
	while (p.moves[0]) {
		e2e_play_undo(&p);
		type_keys(t, "u");
		e2e_play_check(&p);
	}
	type_keys(t, "u"); /* nothing left to undo */
	e2e_play_check(&p);
}

/* Whether the screen shows the model's board and move count. */
static bool shows_model(struct e2e_term *t, void *play)
{
	struct e2e_play *p = play;
	struct e2e_board b;
	e2e_play_board(p, &b);
	struct e2e_2048_status s;
	char why[256];
	return e2e_2048_status(t, &s) && s.moves == (int)strlen(p->moves) &&
	       e2e_2048_shows(t, &b, why, sizeof why);
}

/* Slides that move most tiles (left, up, right, down from seed 3) cost at most a quarter of
 * the 2909 bytes Debian's /usr/games/2048 writes for each of them at 80x24 (bench/
 * bytes_per_move measures both): curses is handed the changed tiles in passes, a tile's lines
 * with one colour change (src/tui/present.c). Bytes for a given screen are always the same;
 * a slide during which the clock ticked is not counted. */
static void test_slides_write_few_bytes(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "3", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	static const char dirs[] = "lurd";
	static const char *const keys[] = {E2E_KEY_LEFT, E2E_KEY_UP, E2E_KEY_RIGHT, E2E_KEY_DOWN};
	int64_t total = 0;
	int measured = 0;
	for (int i = 0; measured < 24 && i < 64; i++) {
		if (!e2e_play_would_move(&p, dirs[i % 4]))
			continue;
		e2e_play_slide(&p, dirs[i % 4]);
		struct e2e_2048_status before, after;
		assert_true(e2e_2048_status(t, &before));
		uint64_t start = e2e_bytes(t);
		type_keys(t, keys[i % 4]);
		if (!e2e_wait(t, shows_model, &p, WAIT_MS) || !e2e_wait_quiet(t, QUIET_MS, WAIT_MS))
			e2e_play_check(&p); /* fails, showing both boards */
		assert_true(e2e_2048_status(t, &after));
		if (after.seconds == before.seconds && after.minutes == before.minutes) {
			total += (int64_t)(e2e_bytes(t) - start);
			measured++;
		}
	}
	assert_int_equal(measured, 24);
	fprintf(stderr, "%lld bytes a slide\n", (long long)(total / measured));
	assert_true(total <= 2909 / 4 * measured);
}

static void test_restart_and_new_game_ask_only_with_progress(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	type_keys(t, "r");
	e2e_play_check(&p);
	assert_null(strstr(e2e_screen(t), "(y/n)"));

	key_slide(&p, E2E_KEY_DOWN, 'd');
	type_keys(t, "r");
	wait_text(t, "Restart? (y/n)");
	type_keys(t, "n");
	wait_gone(t, "(y/n)");
	e2e_play_check(&p);
	type_keys(t, "r");
	wait_text(t, "Restart? (y/n)");
	type_keys(t, "y");
	p.moves[0] = '\0';
	e2e_play_check(&p);

	key_slide(&p, E2E_KEY_DOWN, 'd');
	type_keys(t, "n");
	wait_text(t, "(y/n)");
	type_keys(t, "y");
	assert_true(e2e_wait(t, id_is_not, p.id, WAIT_MS));
	e2e_play_begin(&p, t, e2e_bin);

	/* No progress: a new game right away. */
	char old[E2E_2048_ID_MAX];
	strcpy(old, p.id);
	type_keys(t, "n");
	if (!e2e_wait(t, id_is_not, old, WAIT_MS))
		fprintf(stderr, "n without progress, still %s:\n%s\n", old, e2e_screen(t));
	assert_true(id_is_not(t, old));
	e2e_play_begin(&p, t, e2e_bin);
	assert_null(strstr(e2e_screen(t), "(y/n)"));
}

static void test_leaving_asks_only_with_progress(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "5");
	e2e_play_begin(&p, t, e2e_bin);
	char dir = e2e_play_would_move(&p, 'l') ? 'l' : 'r';
	key_slide(&p, dir == 'l' ? E2E_KEY_LEFT : E2E_KEY_RIGHT, dir);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "n");
	wait_gone(t, "(y/n)");
	e2e_play_check(&p);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "y");
	wait_menu(t);
}

/* The screen's rows other than the one with the clock, which may tick meanwhile. */
static void screen_without_clock(struct e2e_term *t, char *out, size_t len)
{
	out[0] = '\0';
	for (int r = 0; r < e2e_rows(t); r++) {
		const char *row = e2e_row(t, r);
		if (!strstr(row, "Time: ") && strlen(out) + strlen(row) + 2 < len) {
			strcat(out, row);
			strcat(out, "\n");
		}
	}
}

static bool screen_is_not(struct e2e_term *t, void *before)
{
	char now[4096];
	screen_without_clock(t, now, sizeof now);
	return strcmp(now, before) != 0;
}

static void test_help_opens_and_any_key_closes(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_LEFT, 'l');
	char before[4096], help[4096];
	screen_without_clock(t, before, sizeof before);
	type_keys(t, "?");
	assert_true(e2e_wait(t, screen_is_not, before, WAIT_MS));
	settle(t);
	screen_without_clock(t, help, sizeof help);
	/* It lists the keys, including those the status line has no room for. */
	assert_non_null(strstr(help, "redo"));
	assert_non_null(strstr(help, "restart"));
	type_keys(t, "x");
	assert_true(e2e_wait(t, screen_is_not, help, WAIT_MS));
	e2e_play_check(&p);
	char after[4096];
	screen_without_clock(t, after, sizeof after);
	assert_string_equal(after, before);
}

/* Where the middle of board cell (r, c) is on the screen, from the tiles it shows: needs two
 * tiles in different board rows and two in different board columns. */
struct geometry {
	int row0, col0; /* screen cell of the middle of board cell (0, 0) */
	int drow, dcol; /* screen cells from one board cell to the next */
};

static bool find_geometry(struct e2e_play *p, struct geometry *g)
{
	struct e2e_board b;
	e2e_play_board(p, &b);
	struct e2e_2048_tile tiles[E2E_BOARD_MAX * E2E_BOARD_MAX];
	int n = e2e_2048_tiles(p->t, tiles, E2E_BOARD_MAX * E2E_BOARD_MAX);
	int at[E2E_BOARD_MAX * E2E_BOARD_MAX], k = 0;
	for (int i = 0; i < b.size * b.size; i++)
		if (b.cell[i])
			at[k++] = i;
	assert_int_equal(n, k);
	if (n == 0)
		return false;
	g->drow = g->dcol = 0;
	for (int i = 1; i < n; i++) {
		int dr = at[i] / b.size - at[0] / b.size, dc = at[i] % b.size - at[0] % b.size;
		if (dr)
			g->drow = (tiles[i].row - tiles[0].row) / dr;
		if (dc)
			g->dcol = (tiles[i].col - tiles[0].col) / dc;
	}
	g->row0 = tiles[0].row - at[0] / b.size * g->drow;
	g->col0 = tiles[0].col - at[0] % b.size * g->dcol;
	return g->drow > 0 && g->dcol > 0;
}

/* A left-button drag from board cell (r0, c0) to (r1, c1), the release moved by nudge columns
 * within its cell; mouse positions are 1-based. */
static void drag(struct e2e_play *p, const struct geometry *g, int r0, int c0, int r1, int c1,
                 int nudge)
{
	int y0 = g->row0 + r0 * g->drow + 1, x0 = g->col0 + c0 * g->dcol + 1;
	int y1 = g->row0 + r1 * g->drow + 1, x1 = g->col0 + c1 * g->dcol + 1 + nudge;
	assert_true(e2e_mouse_press(p->t, x0, y0));
	assert_true(e2e_mouse_drag(p->t, (x0 + x1) / 2, (y0 + y1) / 2));
	assert_true(e2e_mouse_drag(p->t, x1, y1));
	assert_true(e2e_mouse_release(p->t, x1, y1));
}

static void test_mouse_drag_slides(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	/* Play until the tiles on the board show where its rows and columns are. */
	struct geometry g;
	const char *keys[] = {E2E_KEY_DOWN, E2E_KEY_LEFT, E2E_KEY_UP, E2E_KEY_RIGHT};
	for (int i = 0; !find_geometry(&p, &g); i++) {
		assert_true(i < 16);
		key_slide(&p, keys[i % 4], "dlur"[i % 4]);
	}
	/* Straight, one cell: the first direction that moves something. */
	static const struct {
		char dir;
		int r0, c0, r1, c1;
	} straight[] = {
	        {'r', 1, 1, 1, 2},
	        {'l', 1, 2, 1, 1},
	        {'d', 1, 1, 2, 1},
	        {'u', 2, 1, 1, 1},
	};
	size_t i = 0;
	while (i < 3 && !e2e_play_would_move(&p, straight[i].dir))
		i++;
	e2e_play_slide(&p, straight[i].dir);
	drag(&p, &g, straight[i].r0, straight[i].c0, straight[i].r1, straight[i].c1, 0);
	e2e_play_check(&p);
	/* Diagonal: two columns across and one row down slides sideways. */
	char dir = e2e_play_would_move(&p, 'r') ? 'r' : 'l';
	e2e_play_slide(&p, dir);
	if (dir == 'r')
		drag(&p, &g, 1, 0, 2, 2, 0);
	else
		drag(&p, &g, 1, 2, 2, 0, 0);
	e2e_play_check(&p);
	/* Two rows down and a column within the same board column slides down. */
	dir = e2e_play_would_move(&p, 'd') ? 'd' : 'u';
	e2e_play_slide(&p, dir);
	if (dir == 'd')
		drag(&p, &g, 0, 1, 2, 1, 1);
	else
		drag(&p, &g, 2, 1, 0, 1, 1);
	e2e_play_check(&p);
	/* Released on the cell it was pressed on: nothing happens. */
	drag(&p, &g, 1, 1, 1, 1, 0);
	e2e_play_check(&p);
	drag(&p, &g, 2, 2, 2, 2, 1);
	e2e_play_check(&p);
}

/* The screen's rows joined into one line, blanks squeezed: text cut over rows still reads. */
static void screen_words(struct e2e_term *t, char *out, size_t len)
{
	size_t n = 0;
	for (const char *p = e2e_screen(t); *p && n + 1 < len; p++) {
		bool blank = isspace((unsigned char)*p);
		if (!blank || (n > 0 && out[n - 1] != ' '))
			out[n++] = blank ? ' ' : *p;
	}
	out[n] = '\0';
}

struct need {
	int w, h;
};

static bool says_too_small(struct e2e_term *t, void *ctx)
{
	char words[4096];
	screen_words(t, words, sizeof words);
	const char *p = strstr(words, "terminal too small: need ");
	struct need *need = ctx;
	return p && sscanf(p, "terminal too small: need %dx%d", &need->w, &need->h) == 2;
}

static bool says_terminal_only(struct e2e_term *t, void *unused)
{
	char words[4096];
	screen_words(t, words, sizeof words);
	return strstr(words, "terminal") && !strstr(words, "Score:");
}

static bool shows_board(struct e2e_term *t, void *board)
{
	char why[160];
	return e2e_2048_shows(t, board, why, sizeof why);
}

static void test_too_small_and_back(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_DOWN, 'd');
	key_slide(&p, E2E_KEY_LEFT, 'l');
	/* Too short: the message fits on a line and names a size bigger than this one. */
	assert_true(e2e_resize(t, 5, 80));
	struct need need;
	if (!e2e_wait(t, says_too_small, &need, WAIT_MS))
		fprintf(stderr, "at 80x5 the screen shows:\n%s\n", e2e_screen(t));
	assert_true(says_too_small(t, &need));
	assert_true(need.h > 5 && need.h <= 24 && need.w <= 80);
	assert_true(e2e_resize(t, 24, 80));
	e2e_play_check(&p);
	/* Too narrow for the whole message: the board is gone and what shows is about the
	 * terminal. */
	assert_true(e2e_resize(t, 24, need.w - 1));
	if (!e2e_wait(t, says_terminal_only, NULL, WAIT_MS))
		fprintf(stderr, "at %dx24 the screen shows:\n%s\n", need.w - 1, e2e_screen(t));
	assert_true(says_terminal_only(t, NULL));
	assert_true(e2e_resize(t, 24, 80));
	e2e_play_check(&p);
	/* Exactly the size it asked for is enough for the board. */
	assert_true(e2e_resize(t, need.h, need.w));
	struct e2e_board board;
	e2e_play_board(&p, &board);
	if (!e2e_wait(t, shows_board, &board, WAIT_MS))
		fprintf(stderr, "at %dx%d the screen shows:\n%s\n", need.w, need.h, e2e_screen(t));
	assert_true(shows_board(t, &board));
}

/* The clock is held while the window is too small to show the game (Sudoku's ran on under
 * "terminal too small", 0:00 to 0:05): three seconds too small add at most the second that
 * was running when the window shrank. */
static void test_clock_held_while_too_small(void **state)
{
	struct e2e_term *t = tilecade(state, "sudoku", NULL);
	wait_text(t, "Time: 0:00");
	assert_true(e2e_resize(t, 10, 30));
	struct need need;
	assert_true(e2e_wait(t, says_too_small, &need, WAIT_MS));
	sleep(3);
	assert_true(e2e_resize(t, 24, 80));
	wait_text(t, "Time: 0:0");
	const char *time = strstr(e2e_row(t, 0), "Time: 0:0");
	assert_non_null(time);
	if (time[9] > '1') {
		fprintf(stderr, "after 3 s too small the clock reads %.10s\n", time);
		fail();
	}
}

static void test_n_opens_its_level_browser(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	int row = menu_row(t, "N");
	assert_true(e2e_mouse_press(t, 10, row + 1));
	assert_true(e2e_mouse_release(t, 10, row + 1));
	wait_text(t, "@ ninja"); /* N's level browser (issue 7); q comes back */
	type_keys(t, "q");
	wait_menu(t);
	assert_true(shows_menu(t, NULL));
	type_keys(t, "5");
	wait_2048(t);
}

/* Without colour every tile is still told apart by its number on a reversed box. */
static void test_no_color_is_monochrome_and_readable(void **state)
{
	const char *argv[] = {e2e_bin, "2048", "--seed", "7", "--no-anim", NULL};
	const char *env[] = {"NO_COLOR=1", NULL};
	e2e_free(*state);
	struct e2e_term *t = *state = e2e_start(24, 80, argv, env);
	assert_non_null(t);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_LEFT, 'l');
	for (int r = 0; r < e2e_rows(t); r++)
		for (int c = 0; c < e2e_cols(t); c++) {
			struct e2e_cell cell;
			assert_true(e2e_cell(t, r, c, &cell));
			assert_int_equal(cell.fg.kind, E2E_COLOR_DEFAULT);
			assert_int_equal(cell.bg.kind, E2E_COLOR_DEFAULT);
		}
	struct e2e_2048_tile tiles[E2E_BOARD_MAX * E2E_BOARD_MAX];
	int n = e2e_2048_tiles(t, tiles, E2E_BOARD_MAX * E2E_BOARD_MAX);
	assert_true(n >= 2);
	for (int i = 0; i < n; i++) {
		struct e2e_cell cell;
		assert_true(e2e_cell(t, tiles[i].row, tiles[i].col, &cell));
		assert_true(cell.reverse);
	}
}

/* Best is what a scoreboard could hold: a game left unfinished (kept for Continue, on no board)
 * raises it while it is played, not after (issue 17: Best and the board said different things).
 * A finished game's end carries (unit-session, e2e-records). */
static void test_best_score_of_an_unfinished_game_stays_with_it(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	type_keys(t, "5");
	wait_2048(t);
	const char *keys[] = {E2E_KEY_LEFT, E2E_KEY_DOWN, E2E_KEY_RIGHT, E2E_KEY_UP};
	struct e2e_2048_status s = {0};
	for (int i = 0; s.score == 0; i++) {
		assert_true(i < 200);
		type_keys(t, keys[i % 4]);
		settle(t);
		assert_true(e2e_2048_status(t, &s));
	}
	assert_int_equal(s.best, s.score);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "y");
	wait_menu(t);
	type_keys(t, "5");
	wait_text(t, "2048 in progress"); /* asked before the new game replaces it (issue 27) */
	type_keys(t, "y");
	wait_2048(t);
	struct e2e_2048_status next;
	assert_true(e2e_2048_status(t, &next));
	assert_int_equal(next.score, 0);
	assert_int_equal(next.best, 0);
	assert_string_not_equal(next.id, s.id);
}

/* A pause hides the board (no free thinking time) and keys other than p do nothing. */
static void test_pause_hides_the_board_until_resumed(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_LEFT, 'l');
	type_keys(t, "p");
	wait_text(t, "Paused");
	struct e2e_2048_tile tiles[E2E_BOARD_MAX * E2E_BOARD_MAX];
	assert_int_equal(e2e_2048_tiles(t, tiles, E2E_BOARD_MAX * E2E_BOARD_MAX), 0);
	type_keys(t, E2E_KEY_DOWN);
	wait_text(t, "Paused: p resumes");
	type_keys(t, "p");
	wait_gone(t, "Paused");
	e2e_play_check(&p);
	key_slide(&p, E2E_KEY_DOWN, 'd');
}

/* A question holds the clock as a pause does, so it hides the board too: left open, it would
 * give time to think for free (issue 27). n brings the board back as it was. */
static void test_question_hides_the_board_until_answered(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_LEFT, 'l');
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	wait_text(t, "(paused)");
	struct e2e_2048_tile tiles[E2E_BOARD_MAX * E2E_BOARD_MAX];
	assert_int_equal(e2e_2048_tiles(t, tiles, E2E_BOARD_MAX * E2E_BOARD_MAX), 0);
	type_keys(t, "n");
	wait_gone(t, "Leave this game");
	e2e_play_check(&p);
	key_slide(&p, E2E_KEY_DOWN, 'd');
}

/* Ctrl-Z hands the terminal back and takes it again on resuming. Under the harness the
 * program's process group has no shell to stop it, so it resumes at once. */
static void test_ctrl_z_gives_back_the_terminal_and_resumes(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_LEFT, 'l');
	type_keys(t, "\032");
	settle(t);
	assert_terminal_taken(t);
	e2e_play_check(&p);
	key_slide(&p, E2E_KEY_DOWN, 'd');
}

static void test_ctrl_c_in_game_restores_terminal(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_DOWN, 'd');
	assert_terminal_taken(t);
	type_keys(t, E2E_KEY_CTRL_C);
	assert_exits(t, 0);
	assert_true(e2e_terminal_given_back(t));
}

static void test_ctrl_c_in_menu_restores_terminal(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	type_keys(t, E2E_KEY_CTRL_C);
	assert_exits(t, 0);
	assert_true(e2e_terminal_given_back(t));
}

static void test_sigterm_in_game_restores_terminal(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	key_slide(&p, E2E_KEY_DOWN, 'd');
	assert_terminal_taken(t);
	assert_int_equal(kill(e2e_pid(t), SIGTERM), 0);
	assert_ends_on_signal(t, SIGTERM);
	assert_true(e2e_terminal_given_back(t));
}

static void test_sighup_in_menu_restores_terminal(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	assert_terminal_taken(t);
	assert_int_equal(kill(e2e_pid(t), SIGHUP), 0);
	assert_ends_on_signal(t, SIGHUP);
	assert_true(e2e_terminal_given_back(t));
}

/* The menu reaches every mode: Match-3's goals levels (in order: see test_match3.c) and timed
 * mode through its list, 2048's board sizes on its row, by keys and by clicks. */
static void test_menu_reaches_match3_levels_and_timed(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	type_keys(t, "2");
	wait_text(t, "Match-3: choose a level or mode");
	wait_text(t, "Level 13");
	wait_text(t, "Timed");
	int row, col;
	assert_true(e2e_find(t, "Level 1 ", &row, &col));
	assert_true(e2e_mouse_press(t, col + 3, row + 1));
	assert_true(e2e_mouse_release(t, col + 3, row + 1));
	wait_text(t, "match3:goals-level1:s");
	type_keys(t, "q"); /* nothing played: back to the list at once */
	wait_text(t, "▸ Level 1 ");
	settle(t); /* the locked levels' lines go out in a later pass */
	assert_true(e2e_find(t, "Timed", &row, &col));
	assert_true(e2e_mouse_press(t, col + 2, row + 1));
	assert_true(e2e_mouse_release(t, col + 2, row + 1));
	wait_text(t, "match3:timed-8x8t8:s");
	wait_text(t, "Time left: ");
	type_keys(t, "q");
	wait_text(t, "▸ Timed");
	type_keys(t, E2E_KEY_UP E2E_KEY_ENTER);
	wait_text(t, "match3:endless-8x8t8:s");
}

static void test_menu_row_chooses_2048_board_size(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	/* Scores, Watch, Race, Daily, 2048 */
	type_keys(t, E2E_KEY_UP E2E_KEY_UP E2E_KEY_UP E2E_KEY_UP E2E_KEY_UP);
	wait_text(t, "◂ 4x4 ▸");
	wait_text(t, "left/right: board size");
	type_keys(t, E2E_KEY_RIGHT);
	wait_text(t, "◂ 5x5 ▸");
	type_keys(t, E2E_KEY_ENTER);
	wait_text(t, "2048:5x5:s");
	type_keys(t, "q");
	wait_menu(t);
	wait_text(t, "◂ 5x5 ▸"); /* the size stays chosen */
	/* A click on the arrows' right half is one size up, on the left half one down. */
	int row, col;
	assert_true(e2e_find(t, "◂ 5x5 ▸", &row, &col));
	assert_true(e2e_mouse_press(t, col + 7, row + 1));
	assert_true(e2e_mouse_release(t, col + 7, row + 1));
	wait_text(t, "◂ 6x6 ▸");
	assert_true(e2e_mouse_press(t, col + 1, row + 1));
	assert_true(e2e_mouse_release(t, col + 1, row + 1));
	assert_true(e2e_mouse_press(t, col + 1, row + 1));
	assert_true(e2e_mouse_release(t, col + 1, row + 1));
	wait_text(t, "◂ 4x4 ▸");
	/* At either end, the arrow that would do nothing is not there. */
	type_keys(t, E2E_KEY_LEFT E2E_KEY_LEFT);
	wait_text(t, "  3x3 ▸");
	assert_false(e2e_find(t, "◂ 3x3", &row, &col));
	type_keys(t, E2E_KEY_RIGHT E2E_KEY_RIGHT E2E_KEY_RIGHT E2E_KEY_RIGHT E2E_KEY_RIGHT
	                     E2E_KEY_RIGHT);
	wait_text(t, "◂ 8x8");
	assert_false(e2e_find(t, "8x8 ▸", &row, &col));
	type_keys(t, E2E_KEY_LEFT E2E_KEY_LEFT E2E_KEY_LEFT E2E_KEY_LEFT);
	wait_text(t, "◂ 4x4 ▸");
	/* A click on the name plays the size shown. */
	assert_true(e2e_find(t, "2048", &row, &col));
	assert_true(e2e_mouse_press(t, col + 2, row + 1));
	assert_true(e2e_mouse_release(t, col + 2, row + 1));
	wait_text(t, "2048:4x4:s");
}

/* A window narrower than the message still shows the size needed and the size it is, shorter
 * (at 20 columns it was cut to "terminal too small:" and "(now 20x4)"). */
static void test_too_small_says_the_size_needed_when_narrow(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	assert_true(e2e_resize(t, 4, 80));
	struct need need;
	assert_true(e2e_wait(t, says_too_small, &need, WAIT_MS));
	static const int widths[] = {20, 12};
	for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
		assert_true(e2e_resize(t, 4, widths[i]));
		char text[32];
		snprintf(text, sizeof text, "need %dx%d", need.w, need.h);
		wait_text(t, text);
		snprintf(text, sizeof text, "now %dx4", widths[i]);
		wait_text(t, text);
	}
}

/* A menu too small to show its rows takes no click on them: each row's place is where no row
 * is drawn (a click there read the arrows of a row never drawn, and crashed on Daily's). */
static void test_click_on_a_menu_too_small_does_nothing(void **state)
{
	struct e2e_term *t = tilecade(state, NULL);
	wait_menu(t);
	assert_true(e2e_resize(t, 4, 80));
	wait_text(t, "terminal too small");
	for (int row = 1; row <= 4; row++)
		for (int col = 1; col <= 80; col += 8) {
			assert_true(e2e_mouse_press(t, col, row));
			assert_true(e2e_mouse_release(t, col, row));
		}
	settle(t);
	assert_int_equal(e2e_wait_exit(t, 0), -1);
	assert_true(e2e_resize(t, 24, 80));
	wait_menu(t); /* still the menu: no click chose a row it did not show */
	type_keys(t, "q");
	assert_exits(t, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_menu_lists_the_games, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_highlight_moves_and_enter_plays,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_click_plays, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_play_undo_leave_and_quit, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_2048_screen, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_board_follows_batch_with_undo_and_redo,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_slides_write_few_bytes, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_restart_and_new_game_ask_only_with_progress,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_leaving_asks_only_with_progress, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_help_opens_and_any_key_closes, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_mouse_drag_slides, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_too_small_and_back, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_clock_held_while_too_small, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_n_opens_its_level_browser, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_no_color_is_monochrome_and_readable,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_best_score_of_an_unfinished_game_stays_with_it,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_question_hides_the_board_until_answered,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_pause_hides_the_board_until_resumed,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_ctrl_z_gives_back_the_terminal_and_resumes,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_ctrl_c_in_game_restores_terminal, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_ctrl_c_in_menu_restores_terminal, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_sigterm_in_game_restores_terminal,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_sighup_in_menu_restores_terminal, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_reaches_match3_levels_and_timed,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_menu_row_chooses_2048_board_size, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_too_small_says_the_size_needed_when_narrow,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_click_on_a_menu_too_small_does_nothing,
	                                  e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
