/* N's play screen in a terminal (issue 8): a level opened in the browser and played with Enter;
 * the ninja (braille dots) runs and jumps by keys, a gold is counted, a mine kills, r restarts,
 * p pauses, q goes back; the run is kept for Continue; a win is recorded as the level's best
 * time; replays play back on screen; a small window says how big it must be; without Unicode
 * the ninja is '@'.
 *
 * The levels are written here: an empty room (the border is solid), the ninja on its floor
 * and a few objects beside it. Nothing waits a fixed time: keys are sent again and again (as
 * a terminal's auto-repeat would) until the screen shows what they should do, and every wait
 * has a timeout. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <pwd.h>
#include <signal.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define WAIT_MS 8000
#define REPEAT_MS 40 /* between two sends of a key held down */
#define MAP_ROWS 23
#define MAP_COLS 64 /* 31 tiles of two columns, and the side borders */

static int teardown(void **state)
{
	e2e_term_teardown(state);
	e2e_sandbox_forget();
	return 0;
}

/* ---- levels ---- */

/* An empty map: every tile '0'. */
static void write_level(const char *name, const char *objects, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", e2e_sandbox, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 713; i++)
		fputc('0', f);
	fprintf(f, "|%s\n", objects);
	assert_int_equal(fclose(f), 0);
}

/* The ninja on the floor (y 576 is the top of the bottom border), a gold 4 tiles to its right. */
#define GOLD_LEVEL "5^60,560!0^156,564"
/* A mine 3 tiles to the ninja's left; a gold far away. */
#define MINE_LEVEL "5^300,560!12^228,570!0^700,564"
/* The exit's switch 3 tiles right of the ninja, its door 3 tiles further. */
#define EXIT_LEVEL "5^60,560!11^204,564,132,570"
/* Room to run both ways; a mine near the right wall. */
#define OPEN_LEVEL "5^300,560!12^740,570"

/* ---- the screen ---- */

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fail_msg("'%s' not on the screen:\n%s", text, e2e_screen(t));
}

static bool on_screen(struct e2e_term *t, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col);
}

static void wait_gone(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_gone(t, text, WAIT_MS))
		fail_msg("'%s' still on the screen:\n%s", text, e2e_screen(t));
}

/* Where the ninja's braille dots are on the map: the leftmost column and the top row. */
struct spot {
	int col, row;
};

static bool is_braille(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	return u[0] == 0xE2 && u[1] >= 0xA0 && u[1] <= 0xA3; /* U+2800..U+28FF */
}

static bool find_ninja(struct e2e_term *t, struct spot *at)
{
	bool found = false;
	for (int r = 0; r < MAP_ROWS; r++)
		for (int c = 1; c < MAP_COLS - 1; c++) {
			struct e2e_cell cell;
			if (!e2e_cell(t, r, c, &cell) || !is_braille(cell.text))
				continue;
			if (!found || c < at->col)
				at->col = c;
			if (!found || r < at->row)
				at->row = r;
			found = true;
		}
	return found;
}

static bool ninja_shown(struct e2e_term *t, void *ctx)
{
	return find_ninja(t, ctx);
}

static struct spot ninja_at(struct e2e_term *t)
{
	struct spot at = {0, 0};
	if (!e2e_wait(t, ninja_shown, &at, WAIT_MS))
		fail_msg("no ninja (braille) on the map:\n%s", e2e_screen(t));
	return at;
}

/* Conditions on the ninja's place, relative to where it was. */
struct moved {
	struct spot from;
	int dcol; /* wanted: at least this many columns right (negative: left) */
	int drow; /* wanted: at least this many rows up */
};

static bool has_moved(struct e2e_term *t, void *ctx)
{
	const struct moved *m = ctx;
	struct spot now;
	if (!find_ninja(t, &now))
		return false;
	if (m->dcol > 0 && now.col < m->from.col + m->dcol)
		return false;
	if (m->dcol < 0 && now.col > m->from.col + m->dcol)
		return false;
	return m->from.row - now.row >= m->drow;
}

/* Sends key again and again, as a held key repeats, until done says so. */
static bool hold_until(struct e2e_term *t, const char *key, e2e_done_fn *done, void *ctx)
{
	for (int waited = 0; waited < WAIT_MS; waited += REPEAT_MS) {
		if (!e2e_send_str(t, key))
			return false;
		if (e2e_wait(t, done, ctx, REPEAT_MS))
			return true;
	}
	return false;
}

static bool has_text(struct e2e_term *t, void *text)
{
	return on_screen(t, text);
}

static void hold_until_text(struct e2e_term *t, const char *key, const char *text)
{
	if (!hold_until(t, key, has_text, (void *)text))
		fail_msg("holding %s did not bring '%s':\n%s", key, text, e2e_screen(t));
}

/* The play screen's status line (the bottom row, drawn last: the frame is complete) holds
 * text. The browser's panel shows "gold 1/1" too, never with the clock. */
static bool status_has(struct e2e_term *t, void *text)
{
	return strstr(e2e_row(t, e2e_rows(t) - 1), text) != NULL;
}

static void wait_status(struct e2e_term *t, const char *text)
{
	if (!e2e_wait(t, status_has, (void *)text, WAIT_MS))
		fail_msg("'%s' not on the status line:\n%s", text, e2e_screen(t));
}

static void hold_until_status(struct e2e_term *t, const char *key, const char *text)
{
	if (!hold_until(t, key, status_has, (void *)text))
		fail_msg("holding %s did not bring '%s':\n%s", key, text, e2e_screen(t));
}

/* ---- starting ---- */

static struct e2e_term *start_env(void **state, int rows, int cols, const char *const *env)
{
	const char *argv[] = {e2e_bin, "ninja", NULL};
	struct e2e_term *t = e2e_start(rows, cols, argv, env);
	assert_non_null(t);
	*state = t;
	return t;
}

/* The browser, the level file opened with o, and Enter: the play screen. */
static void play_level(struct e2e_term *t, const char *path)
{
	wait_text(t, "Enter play");
	e2e_send_str(t, "o");
	wait_text(t, "Open level file");
	e2e_send_str(t, "\025"); /* Ctrl-U */
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "opened");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_status(t, "time ");
}

static struct e2e_term *start_level(void **state, const char *name, const char *objects)
{
	char path[4200];
	write_level(name, objects, path, sizeof path);
	struct e2e_term *t = start_env(state, 24, 80, NULL);
	play_level(t, path);
	return t;
}

/* ---- tests ---- */

static void test_run_and_collect_gold(void **state)
{
	struct e2e_term *t = start_level(state, "gold.txt", GOLD_LEVEL);
	wait_status(t, "gold 0/1  time 90");
	struct moved m = {ninja_at(t), 2, 0};
	/* Running right: the ninja moves on the screen, then takes the gold. */
	if (!hold_until(t, E2E_KEY_RIGHT, has_moved, &m))
		fail_msg("the ninja did not run right:\n%s", e2e_screen(t));
	hold_until_status(t, E2E_KEY_RIGHT, "gold 1/1  time");
	/* Left, with the letter keys too. */
	m = (struct moved){ninja_at(t), -2, 0};
	if (!hold_until(t, "a", has_moved, &m))
		fail_msg("the ninja did not run left:\n%s", e2e_screen(t));
	/* Down stops: the ninja comes to rest (the clock still runs). */
	e2e_send_str(t, E2E_KEY_DOWN);
	/* Jumping: the ninja's dots rise above the floor's row. */
	m = (struct moved){ninja_at(t), 0, 1};
	if (!hold_until(t, E2E_KEY_UP, has_moved, &m))
		fail_msg("the ninja did not jump:\n%s", e2e_screen(t));
	e2e_send_str(t, "q");
	wait_text(t, "Enter play"); /* back in the browser */
}

/* The outcome line that `ninja --replay PATH --headless` prints for a replay saved in a test. */
static void headless_outcome(const char *path, char *result, size_t len)
{
	char command[8600];
	snprintf(command, sizeof command, "'%s' ninja --replay '%s' --headless", e2e_bin, path);
	FILE *p = popen(command, "r");
	assert_non_null(p);
	result[0] = '\0';
	assert_non_null(fgets(result, (int)len, p));
	assert_int_equal(pclose(p), 0);
}

/* The first line `tilecade ARGS` prints (its exit status 0), e.g. "replay 2 --headless". */
static void first_line(const char *args, char *result, size_t len)
{
	char command[8600];
	snprintf(command, sizeof command, "'%s' %s", e2e_bin, args);
	FILE *p = popen(command, "r");
	assert_non_null(p);
	result[0] = '\0';
	assert_non_null(fgets(result, (int)len, p));
	while (fgetc(p) != EOF) /* the rest unread, not cut off */
		;
	assert_int_equal(pclose(p), 0);
}

/* A click on a key the run's box shows is that key: "r: try again" runs again. */
static void test_outcome_box_answers_clicks(void **state)
{
	struct e2e_term *t = start_level(state, "mine.txt", MINE_LEVEL);
	hold_until_text(t, E2E_KEY_LEFT, "Killed by a mine");
	wait_text(t, "r: try again");
	int row, col;
	assert_true(e2e_find(t, "r: try again", &row, &col));
	assert_true(e2e_mouse_press(t, col + 5, row + 1)); /* on "try" */
	assert_true(e2e_mouse_release(t, col + 5, row + 1));
	wait_gone(t, "Killed by a mine");
	wait_status(t, "gold 0/1  time 90");
}

static void test_mine_restart_pause(void **state)
{
	struct e2e_term *t = start_level(state, "mine.txt", MINE_LEVEL);
	hold_until_text(t, E2E_KEY_LEFT, "Killed by a mine");
	wait_text(t, "r: try again");
	wait_text(t, "w: save replay");
	/* r: at once, a new run. */
	e2e_send_str(t, "r");
	wait_gone(t, "Killed by a mine");
	wait_status(t, "gold 0/1  time 90");
	ninja_at(t);
	/* p pauses and says so; p again resumes. */
	e2e_send_str(t, "p");
	wait_text(t, "Paused");
	e2e_send_str(t, "p");
	wait_gone(t, "Paused");
	/* ? shows the keys and the scheme; any key closes it. */
	e2e_send_str(t, "?");
	wait_text(t, "N: keys");
	wait_text(t, "no key releases");
	wait_text(t, "kitty");
	e2e_send_str(t, " ");
	wait_gone(t, "N: keys");
	/* Killed again, the replay of the run saved with w, to a path under ~/ (HOME is the
	 * sandbox). */
	hold_until_text(t, E2E_KEY_LEFT, "Killed by a mine");
	char path[4200];
	snprintf(path, sizeof path, "%s/mine.replay", e2e_sandbox);
	e2e_send_str(t, "w");
	wait_text(t, "Save replay to");
	wait_text(t, "./ninja.replay");
	e2e_send_str(t, "\025");
	e2e_send_str(t, "~/mine.replay");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "replay saved to");
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char line[64];
	assert_non_null(fgets(line, sizeof line, f));
	assert_string_equal(line, "tilecade ninja replay 1\n");
	fclose(f);
	/* w onto that file again asks first; n keeps it. */
	struct stat before, after;
	assert_int_equal(stat(path, &before), 0);
	e2e_send_str(t, "w");
	wait_text(t, "Save replay to");
	e2e_send_str(t, "\025");
	e2e_send_str(t, "~/mine.replay");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "Replace the file there? (y/n)");
	e2e_send_str(t, "n");
	wait_text(t, "not saved; the file there is kept");
	assert_int_equal(stat(path, &after), 0);
	assert_int_equal(after.st_ino, before.st_ino); /* a save would have renamed a new file */
	/* The run saved plays back to the same end without a terminal. */
	char result[128];
	headless_outcome(path, result, sizeof result);
	if (strncmp(result, "death ", 6) != 0)
		fail_msg("the saved replay ends otherwise: %s", result);
	/* Each death was recorded: this run, the second, replays from its recording to the
	 * same end. */
	char recorded[128];
	first_line("replay 2 --headless", recorded, sizeof recorded);
	assert_string_equal(recorded, result);
	first_line("replay 1 --headless", recorded, sizeof recorded);
	if (strncmp(recorded, "death ", 6) != 0)
		fail_msg("the first run's recording ends otherwise: %s", recorded);
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
}

/* The replay written above, played back by `tilecade ninja --replay`. */
static void test_replay_mode(void **state)
{
	char path[4200], replay[4200];
	write_level("replay-level.txt", MINE_LEVEL, path, sizeof path);
	snprintf(replay, sizeof replay, "%s/hand.replay", e2e_sandbox);
	FILE *in = fopen(path, "r"), *out = fopen(replay, "w");
	assert_non_null(in);
	assert_non_null(out);
	static char level[40000];
	assert_non_null(fgets(level, sizeof level, in));
	fclose(in);
	/* Stand a second, then run left into the mine. */
	fprintf(out, "tilecade ninja replay 1\n%s0*40 1*200\n", level);
	assert_int_equal(fclose(out), 0);

	const char *argv[] = {e2e_bin, "ninja", "--replay", replay, NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	/* As the other games' replays: whether it plays, where, of how long. */
	wait_status(t, "replay  playing  0:0");
	ninja_at(t);
	wait_text(t, "Killed by a mine");
	wait_text(t, "r: replay again");
	e2e_send_str(t, "r");
	wait_gone(t, "Killed by a mine");
	e2e_send_str(t, "p");
	wait_status(t, "replay  paused  ");
	wait_status(t, " of 0:06  1x");
	wait_gone(t, "p: resume"); /* the line says it, as the other games' replays: no box */
	/* Faster and slower, as the other games' replays: 0.25x to 16x. */
	e2e_send_str(t, "+");
	wait_status(t, " of 0:06  2x");
	wait_status(t, "replay  paused  ");
	e2e_send_str(t, "p");
	wait_status(t, "replay  playing  ");
	e2e_send_str(t, "---");
	wait_status(t, " of 0:06  0.25x");
	e2e_send_str(t, "-");
	wait_status(t, " of 0:06  0.25x"); /* the slowest */
	e2e_send_str(t, "++");
	wait_text(t, "Killed by a mine");
	/* A step back from the end, paused; a step on, the end again. */
	e2e_send_str(t, E2E_KEY_LEFT);
	wait_gone(t, "Killed by a mine");
	wait_status(t, "replay  paused  ");
	e2e_send_str(t, E2E_KEY_RIGHT);
	wait_text(t, "Killed by a mine");
	/* Home: the start, paused; End: the end. */
	e2e_send_str(t, "\033[H"); /* Home */
	wait_gone(t, "Killed by a mine");
	wait_status(t, "time 90 ");
	wait_status(t, "replay  paused  0:00 of 0:06  1x");
	e2e_send_str(t, "\033[F"); /* End */
	wait_text(t, "Killed by a mine");
	e2e_send_str(t, "q");
	assert_true(e2e_wait_exit(t, WAIT_MS) == 0);
}

/* A second terminal (a replay of a recording), besides the player's in *state. */
static struct e2e_term *replayer;

static int teardown_replayer(void **state)
{
	e2e_free(replayer);
	replayer = NULL;
	return teardown(state);
}

/* One run, one program (issue 27): the first program's run stands still past its first
 * autosave; a second program continues it, takes its gold and is told to quit (its run saved);
 * the first one's hang-up save then writes nothing: Continue has the run with its gold. */
static void test_a_run_continued_elsewhere_is_not_saved_back(void **state)
{
	struct e2e_term *t = start_level(state, "held.txt", GOLD_LEVEL);
	e2e_send_str(t, E2E_KEY_DOWN);       /* the clock starts, the ninja stays */
	wait_status(t, "gold 0/1  time 84"); /* saved at 5 s */
	const char *argv[] = {e2e_bin, "--continue", NULL};
	replayer = e2e_start(24, 80, argv, NULL);
	assert_non_null(replayer);
	wait_text(replayer, "Paused");
	e2e_send_str(replayer, "p");
	wait_gone(replayer, "Paused");
	hold_until_status(replayer, E2E_KEY_RIGHT, "gold 1/1  time");
	assert_int_equal(kill(e2e_pid(replayer), SIGTERM), 0);
	assert_true(e2e_wait_exit(replayer, WAIT_MS) != -1);

	assert_int_equal(kill(e2e_pid(t), SIGHUP), 0);
	assert_true(e2e_wait_exit(t, WAIT_MS) != -1);
	e2e_free(t);
	t = start_env(state, 24, 80, NULL);
	e2e_send_str(t, "q"); /* from the browser to the menu */
	wait_text(t, "Continue");
	wait_text(t, "N held.txt");
	if (!e2e_wait_text(t, ", 1 gold", WAIT_MS))
		fail_msg("Continue lost the gold taken in the second program:\n%s", e2e_screen(t));
}

/* The player's name on a local game: the login name, which watch takes. */
static const char *login_name(void)
{
	struct passwd *pw = getpwuid(getuid());
	assert_non_null(pw);
	return pw->pw_name;
}

/* A win shows the time and records the level's best; the next win shows it. */
static void test_win_and_best_time(void **state)
{
	struct e2e_term *t = start_level(state, "exit.txt", EXIT_LEVEL);
	wait_text(t, "exit shut");
	hold_until_text(t, E2E_KEY_RIGHT, "exit open");
	hold_until_text(t, E2E_KEY_RIGHT, "Level complete!");
	wait_text(t, "New best!");
	wait_text(t, "n: next level");
	e2e_send_str(t, "r");
	wait_gone(t, "Level complete!");
	wait_text(t, "best ");
	hold_until_text(t, E2E_KEY_RIGHT, "Level complete!");
	/* Both wins are recorded; the board's row links to its run's recording, which wins
	 * again. */
	char best[256], line[128];
	first_line("replay 1 --headless", line, sizeof line);
	if (strncmp(line, "win steps=", 10) != 0)
		fail_msg("the first win's recording: %s", line);
	first_line("replay 2 --headless", line, sizeof line);
	if (strncmp(line, "win steps=", 10) != 0)
		fail_msg("the second win's recording: %s", line);
	char command[4200];
	snprintf(command, sizeof command, "'%s' scores ninja | grep ' won '", e2e_bin);
	FILE *p = popen(command, "r");
	assert_non_null(p);
	assert_non_null(fgets(best, sizeof best, p));
	pclose(p);
	if (!strstr(best, "  #1\n") && !strstr(best, "  #2\n"))
		fail_msg("the best time's row links no recording: %s", best);
	/* Its Moves are its run's steps, as its recording counts them (issue 27: they were 0). */
	char who[64], time[32], args[64];
	unsigned moves, steps;
	assert_int_equal(sscanf(best, "%*d %63s %31s %u", who, time, &moves), 3);
	snprintf(args, sizeof args, "replay %d --headless", strstr(best, "  #1\n") ? 1 : 2);
	first_line(args, line, sizeof line);
	assert_int_equal(sscanf(line, "win steps=%u", &steps), 1);
	assert_int_equal(moves, steps);
	/* Enter on the row in Scores: N's replay screen plays it; q is back in Scores. */
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
	e2e_send_str(t, "q");
	wait_text(t, "best scores and times");
	int row, col;
	assert_true(e2e_find(t, "best scores and times", &row, &col));
	assert_true(e2e_mouse_press(t, col + 1, row + 1));
	assert_true(e2e_mouse_release(t, col + 1, row + 1));
	wait_text(t, "N · level");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "N replay");
	wait_status(t, "replay #"); /* which recording, whose: as the other games' replays */
	char won[128];
	snprintf(won, sizeof won, "%s won", login_name());
	wait_text(t, won);
	wait_status(t, "  finished  ");
	wait_text(t, "r: replay again");
	e2e_send_str(t, "q");
	wait_text(t, "N · level");
	wait_gone(t, "N replay");
}

/* A run left midway is kept; the menu's Continue brings it back, paused. */
static void test_continue(void **state)
{
	struct e2e_term *t = start_level(state, "cont.txt", GOLD_LEVEL);
	hold_until_status(t, E2E_KEY_RIGHT, "gold 1/1  time");
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
	/* Kept to continue, the run is not left for good: it is recorded only when it ends or
	 * is replaced. */
	char command[4200];
	snprintf(command, sizeof command, "'%s' replay 1 --headless >/dev/null 2>&1", e2e_bin);
	assert_int_not_equal(system(command), 0);
	e2e_send_str(t, "q");
	wait_text(t, "Continue");
	wait_text(t, "N cont.txt");
	e2e_send_str(t, "c");
	wait_text(t, "Paused");
	wait_text(t, "p: resume");
	wait_status(t, "gold 1/1  time"); /* no message takes the line */
	e2e_send_str(t, "p");
	wait_gone(t, "Paused");
	ninja_at(t);
	/* A restart forgets the kept run; it is recorded as left, from its start, before it was
	 * kept: its gold is in the recording. */
	e2e_send_str(t, "r");
	wait_status(t, "gold 0/1  time");
	char line[128];
	first_line("replay 1 --headless", line, sizeof line);
	if (strncmp(line, "unfinished steps=", 17) != 0 || !strstr(line, " gold=1\n"))
		fail_msg("the run left is recorded otherwise: %s", line);
	e2e_send_str(t, "q");
	wait_text(t, "wall-jump to the exit"); /* it came from the menu */
	wait_gone(t, "Continue");
	/* Its replay says which recording, whose, where and how fast, as the other games'. */
	const char *argv[] = {e2e_bin, "replay", "1", NULL};
	replayer = e2e_start(24, 80, argv, NULL);
	assert_non_null(replayer);
	char whose[128];
	wait_status(replayer, "replay #1  ");
	snprintf(whose, sizeof whose, "  %s  0:0", login_name());
	wait_status(replayer, whose);
	snprintf(whose, sizeof whose, "replay #1  finished  %s  0:0", login_name());
	wait_status(replayer, whose);
	e2e_send_str(replayer, "q");
	assert_int_equal(e2e_wait_exit(replayer, WAIT_MS), 0);
}

/* N's game IDs, as scores, recordings and the live listing show them, given back to --id
 * (issue 27): a generated level's plays that level again, in today's form and in the spaced
 * one of before; a file level's, only a hash of it, says in one line what plays it. */
static void test_game_id_plays_again(void **state)
{
	const char *ids[] = {"ninja:seed:s3", "ninja seed 3"};
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
		const char *argv[] = {e2e_bin, "--id", ids[i], NULL};
		e2e_free(*state);
		struct e2e_term *t = e2e_start(24, 80, argv, NULL);
		assert_non_null(t);
		*state = t;
		wait_text(t, "seed 3");
		/* data/ninja-demo.replay's level: its 45 gold */
		wait_status(t, "gold 0/45  time 90");
		e2e_send_str(t, "q");
		wait_text(t, "wall-jump to the exit"); /* back in the menu, as from any game's ID */
	}
	/* A level the browser made with p, of any kind, is its own ID's. */
	const char *any[] = {e2e_bin, "--id", "ninja:any:s3", NULL};
	e2e_free(*state);
	struct e2e_term *t = e2e_start(24, 80, any, NULL);
	assert_non_null(t);
	*state = t;
	wait_text(t, "any seed 3");
	char command[4200];
	snprintf(command, sizeof command,
	         "'%s' --id ninja:0123456789abcdef 2>&1 | grep -q 'open that file in N'"
	         " && '%s' --id ninja:0123456789abcdef 2>/dev/null; test $? -eq 2",
	         e2e_bin, e2e_bin);
	assert_int_equal(system(command), 0);
}

/* A generated level's run left in progress is named by its game ID, which --id takes, as every
 * game's save is (issue 27: "N seed 3", which --id refuses); continued, it is "seed 3" again. */
static void test_a_run_in_progress_is_named_by_its_game_id(void **state)
{
	const char *argv[] = {e2e_bin, "--id", "ninja:seed:s3", NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	wait_status(t, "gold 0/45  time 90");
	e2e_send_str(t, E2E_KEY_DOWN); /* the clock starts: the run is saved when left */
	wait_status(t, "gold 0/45  time 89");
	e2e_send_str(t, "q");
	wait_text(t, "Continue   ninja:seed:s3, ");
	wait_text(t, "in progress: ninja:seed:s3, ");
	assert_false(on_screen(t, "N seed"));
	e2e_send_str(t, "\r");
	wait_text(t, "Paused");
	wait_text(t, "seed 3   gold 0/45");
}

/* Where the terminal reports key releases (the kitty keyboard protocol), a key is held from
 * its press to its release exactly: one press runs far (a terminal without releases holds a
 * lone press only until its first repeat could have come), the release stops the ninja short
 * of the mine by the wall. */
#define KITTY_RIGHT_PRESS "\033[C"
#define KITTY_RIGHT_RELEASE "\033[1;1:3C"

static void test_key_release(void **state)
{
	struct e2e_term *t = start_level(state, "open.txt", OPEN_LEVEL);
	struct spot from = ninja_at(t);
	/* A tap: the release tells the game that this terminal reports them. */
	e2e_send_str(t, KITTY_RIGHT_PRESS);
	e2e_send_str(t, KITTY_RIGHT_RELEASE);
	e2e_send_str(t, KITTY_RIGHT_PRESS); /* pressed, never repeated */
	struct moved m = {from, 16, 0};
	if (!e2e_wait(t, has_moved, &m, WAIT_MS))
		fail_msg("a held key did not keep the ninja running:\n%s", e2e_screen(t));
	e2e_send_str(t, KITTY_RIGHT_RELEASE);
	/* Some seconds of the game's own clock later, it still lives, and stands. */
	char later[32], much_later[32];
	const char *clock = strstr(e2e_row(t, e2e_rows(t) - 1), "time ");
	assert_non_null(clock);
	int left = atoi(clock + 5);
	assert_true(left > 10);
	snprintf(later, sizeof later, "time %d ", left - 2);
	snprintf(much_later, sizeof much_later, "time %d ", left - 3);
	wait_status(t, later);
	struct spot stood = ninja_at(t);
	wait_status(t, much_later);
	struct spot still = ninja_at(t);
	assert_int_equal(stood.col, still.col);
	assert_false(on_screen(t, "Killed"));
}

static void test_too_small(void **state)
{
	struct e2e_term *t = start_level(state, "small.txt", GOLD_LEVEL);
	e2e_send_str(t, E2E_KEY_DOWN); /* stop: the first key starts the clock */
	wait_gone(t, "Ready");
	assert_true(e2e_resize(t, 20, 60));
	wait_text(t, "terminal too small: need 64x24");
	assert_true(e2e_resize(t, 24, 80));
	wait_text(t, "Paused"); /* the clock stopped meanwhile */
	e2e_send_str(t, "p");
	wait_gone(t, "Paused");
	ninja_at(t);
}

/* The ninja in the air, 5 tiles above the floor (a fall it lives through). */
#define FALL_LEVEL "5^300,450!12^740,570"

static bool never(struct e2e_term *t, void *ctx)
{
	return false;
}

/* The ninja is at least 3 rows below where it was. */
static bool has_fallen(struct e2e_term *t, void *from)
{
	struct spot now;
	return find_ninja(t, &now) && now.row >= ((struct spot *)from)->row + 3;
}

/* A new run waits for the first key: the ninja hangs where it starts and the clock stays full,
 * however long the player looks; the first key starts both, and the replay saved holds that
 * key from its first step, not the wait. */
static void test_waits_for_first_key(void **state)
{
	struct e2e_term *t = start_level(state, "wait.txt", FALL_LEVEL);
	wait_status(t, "Ready: a run, jump or stop key starts");
	struct spot start = ninja_at(t);
	/* Longer than a second: a running clock would read 89, a falling ninja be rows lower. */
	assert_false(e2e_wait(t, never, NULL, 1500));
	wait_status(t, "time 90 ");
	struct spot still = ninja_at(t);
	assert_int_equal(still.row, start.row);
	assert_int_equal(still.col, start.col);
	/* Help and pause do not start it either. */
	e2e_send_str(t, "?");
	wait_text(t, "N: keys");
	e2e_send_str(t, " ");
	wait_gone(t, "N: keys");
	wait_status(t, "Ready");
	/* The first key: the ninja falls while it runs right. */
	e2e_send_str(t, E2E_KEY_RIGHT);
	wait_gone(t, "Ready");
	if (!e2e_wait(t, has_fallen, &start, WAIT_MS))
		fail_msg("the ninja did not fall after the first key:\n%s", e2e_screen(t));
	e2e_send_str(t, "p");
	wait_text(t, "Paused");
	char path[4200];
	snprintf(path, sizeof path, "%s/wait.replay", e2e_sandbox);
	e2e_send_str(t, "w");
	wait_text(t, "Save replay to");
	e2e_send_str(t, "\025");
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "replay saved to");
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char line[40000];
	for (int i = 0; i < 3; i++)
		assert_non_null(fgets(line, sizeof line, f));
	fclose(f);
	if (line[0] != '2') /* right held from step 1 */
		fail_msg("the replay starts with the wait: %.40s", line);
}

/* Whether the panel's legend stands whole at its place, right of the map's border (the map's
 * right border is column 63 at 80 columns), and the border is whole on every map row. */
static bool panel_whole(struct e2e_term *t, void *ctx)
{
	static const char *const legend[] = {
	        "● gold  * mine", "▮ exit ▯ open", "s switch",
	        "p pause",        "r restart",     "? help  q back",
	};
	for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
		int row, col;
		if (!e2e_find(t, legend[i], &row, &col) || col != MAP_COLS + 1)
			return false;
	}
	for (int r = 0; r < MAP_ROWS; r++) {
		struct e2e_cell cell;
		if (!e2e_cell(t, r, MAP_COLS - 1, &cell) || strcmp(cell.text, "│") != 0 ||
		    !e2e_cell(t, r, 0, &cell) || strcmp(cell.text, "│") != 0)
			return false;
	}
	return true;
}

static void wait_panel_whole(struct e2e_term *t, const char *box)
{
	wait_text(t, box);
	if (!e2e_wait(t, panel_whole, NULL, WAIT_MS))
		fail_msg("the %s box cuts into the panel or the map's border:\n%s", box,
		         e2e_screen(t));
}

/* The help, pause and death boxes stay on the map: the side panel and the map's borders
 * beside them stay whole (they showed "ld  * mine" and "itch"). */
static void test_boxes_stay_on_the_map(void **state)
{
	struct e2e_term *t = start_level(state, "boxes.txt", MINE_LEVEL);
	e2e_send_str(t, "?");
	wait_panel_whole(t, "N: keys");
	wait_text(t, "exactly until released."); /* the help's last line, whole */
	e2e_send_str(t, " ");
	wait_gone(t, "N: keys");
	e2e_send_str(t, "p");
	wait_panel_whole(t, "Paused");
	wait_text(t, "w: save replay");
	e2e_send_str(t, "p");
	wait_gone(t, "Paused");
	hold_until_text(t, E2E_KEY_LEFT, "Killed by a mine");
	wait_panel_whole(t, "Killed by a mine");
	wait_text(t, "r: try again");
	wait_text(t, "q: back");
}

/* Whether the screen shows the grown map whole: its corners 126 columns and 48 rows apart, the
 * level's whole name in the panel right of it, and the ninja (20 px across) about 4 columns
 * and 2 rows of braille inside it. */
static bool map_grown(struct e2e_term *t, void *ctx)
{
	(void)ctx;
	int row, col, name_row, name_col;
	struct e2e_cell cell;
	if (!e2e_find(t, "┌", &row, &col) || !e2e_cell(t, row, col + 125, &cell) ||
	    strcmp(cell.text, "┐") != 0 || !e2e_cell(t, row + 47, col, &cell) ||
	    strcmp(cell.text, "└") != 0 ||
	    !e2e_find(t, "a-level-with-a-long-name.txt", &name_row, &name_col) ||
	    name_col <= col + 125)
		return false;
	int cells = 0;
	for (int r = row; r < row + 48; r++)
		for (int c = col; c < col + 126; c++)
			cells += e2e_cell(t, r, c, &cell) && is_braille(cell.text);
	return cells >= 4;
}

/* On a big screen the map grows: at 160x50 each tile is 4 columns and 2 rows (the map 126
 * columns with its borders, 46 rows), and the panel beside it has room for the whole name.
 * The screen is waited for whole: curses sends the status line before the panel's rows. */
static void test_map_grows_on_a_big_screen(void **state)
{
	char path[4200];
	write_level("a-level-with-a-long-name.txt", GOLD_LEVEL, path, sizeof path);
	struct e2e_term *t = start_env(state, 50, 160, NULL);
	wait_text(t, "Enter play");
	e2e_send_str(t, "o");
	wait_text(t, "Open level file");
	e2e_send_str(t, "\025"); /* Ctrl-U */
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "opened");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "gold 0/1  time 90"); /* the status line: 49 rows, the screen's last empty */
	if (!e2e_wait(t, map_grown, NULL, WAIT_MS))
		fail_msg("the map is not grown whole, or the panel cuts the level's name:\n%s",
		         e2e_screen(t));
}

/* The browser's "Enter play" hint can be clicked; clicks on the play screen do nothing. */
static void test_click_play(void **state)
{
	char path[4200];
	write_level("click.txt", GOLD_LEVEL, path, sizeof path);
	struct e2e_term *t = start_env(state, 24, 80, NULL);
	wait_text(t, "Enter play");
	e2e_send_str(t, "o");
	wait_text(t, "Open level file");
	e2e_send_str(t, "\025");
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "opened");
	wait_text(t, "Enter play");
	int row, col;
	assert_true(e2e_find(t, "Enter play", &row, &col));
	assert_true(e2e_mouse_press(t, col + 3, row + 1));
	assert_true(e2e_mouse_release(t, col + 3, row + 1));
	wait_status(t, "gold 0/1  time");
	struct spot at = ninja_at(t);
	assert_true(e2e_mouse_press(t, 2 + at.col, 1 + at.row));
	assert_true(e2e_mouse_release(t, 2 + at.col, 1 + at.row));
	e2e_send_str(t, "p");
	wait_text(t, "Paused");
	ninja_at(t);
}

/* The text of the map cell for pixel x on the bottom row (y 566), in an 80-column window. */
struct bottom_cell {
	double x;
	const char *text;
};

static bool bottom_cell_is(struct e2e_term *t, void *ctx)
{
	const struct bottom_cell *c = ctx;
	struct e2e_cell cell;
	return e2e_cell(t, MAP_ROWS - 1, 1 + (int)((c->x - 24) / 12), &cell) &&
	       strcmp(cell.text, c->text) == 0;
}

/* Two exits: each door opens by its own switch, and is drawn so (ASCII: E shut, e open; s a
 * switch up, . pressed). */
static void test_two_exits_open_apart(void **state)
{
	char path[4200];
	write_level("two-exits.txt", "5^396,566!11^700,566,350,566!11^150,566,740,566", path,
	            sizeof path);
	const char *env[] = {"LC_ALL=C", NULL};
	struct e2e_term *t = start_env(state, 24, 80, env);
	play_level(t, path);
	struct bottom_cell door_a = {700, "E"}, door_b = {150, "E"}, switch_b = {740, "s"};
	assert_true(e2e_wait(t, bottom_cell_is, &door_a, WAIT_MS));
	hold_until_text(t, E2E_KEY_LEFT, "exit open");
	door_a.text = "e";
	if (!e2e_wait(t, bottom_cell_is, &door_a, WAIT_MS))
		fail_msg("door A did not open:\n%s", e2e_screen(t));
	if (!bottom_cell_is(t, &door_b) || !bottom_cell_is(t, &switch_b))
		fail_msg("door B or its switch drawn open by switch A:\n%s", e2e_screen(t));
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
}

/* Without Unicode (LC_ALL=C) and colour (NO_COLOR) the ninja is '@' on the map. */
static void test_ascii_no_color(void **state)
{
	char path[4200];
	write_level("ascii.txt", GOLD_LEVEL, path, sizeof path);
	const char *env[] = {"LC_ALL=C", "NO_COLOR=1", NULL};
	struct e2e_term *t = start_env(state, 24, 80, env);
	play_level(t, path);
	wait_status(t, "gold 0/1  time");
	int row, col;
	if (!e2e_find(t, "@", &row, &col))
		fail_msg("no '@' on the screen:\n%s", e2e_screen(t));
	assert_true(row < MAP_ROWS && col < MAP_COLS); /* on the map: the first '@' */
	struct e2e_cell cell;
	assert_true(e2e_cell(t, row, col, &cell));
	assert_int_equal(cell.fg.kind, E2E_COLOR_DEFAULT);
	wait_text(t, "$"); /* the gold */
	wait_text(t, "="); /* the clock's bar */
	struct spot none;
	assert_false(find_ninja(t, &none));
}

/* A mine right under the ninja, in the middle of the map: it dies where a centred box goes. */
#define MID_MINE_LEVEL "5^300,250!12^300,330!0^700,564"

static bool same_color(struct e2e_color a, struct e2e_color b)
{
	return a.kind == b.kind && a.r == b.r && a.g == b.g && a.b == b.b;
}

/* Whether the box holding text (its background, on text's row) starts and ends at the edges of
 * the map's two-column tiles: a tile beside it is never cut in half. */
static bool box_on_whole_tiles(struct e2e_term *t, void *text)
{
	int row, col;
	struct e2e_cell cell, at;
	if (!e2e_find(t, text, &row, &col) || !e2e_cell(t, row, col, &at))
		return false;
	int left = col, right = col;
	while (left > 1 && e2e_cell(t, row, left - 1, &cell) && same_color(cell.bg, at.bg))
		left--;
	while (right < MAP_COLS - 2 && e2e_cell(t, row, right + 1, &cell) &&
	       same_color(cell.bg, at.bg))
		right++;
	return (left - 1) % 2 == 0 && (right - 1) % 2 == 1; /* map column 1 starts a tile */
}

static void wait_box_on_whole_tiles(struct e2e_term *t, const char *text)
{
	wait_text(t, text);
	if (!e2e_wait(t, box_on_whole_tiles, (void *)text, WAIT_MS))
		fail_msg("the box of '%s' cuts a tile in half:\n%s", text, e2e_screen(t));
}

/* The end and pause boxes leave the ninja in sight (it died under the death box, no ninja on
 * the screen), and every box covers whole tiles. */
static void test_boxes_leave_the_ninja_in_sight(void **state)
{
	struct e2e_term *t = start_level(state, "mid.txt", MID_MINE_LEVEL);
	e2e_send_str(t, "?");
	wait_box_on_whole_tiles(t, "N: keys");
	e2e_send_str(t, " ");
	wait_gone(t, "N: keys");
	e2e_send_str(t, "p");
	wait_box_on_whole_tiles(t, "Paused");
	ninja_at(t);
	e2e_send_str(t, "p");
	wait_gone(t, "Paused");
	e2e_send_str(t, E2E_KEY_DOWN); /* the first key: it falls onto the mine */
	wait_box_on_whole_tiles(t, "Killed by a mine");
	struct spot dead = ninja_at(t);
	int row, col;
	assert_true(e2e_find(t, "Killed by a mine", &row, &col));
	assert_true(dead.row > row + 3); /* the box is above it, the ninja below */
}

/* A replay saved before the run ended stops where it was saved: --headless says
 * "unfinished", and the screen says so rather than play on with no key to the clock's end. */
static void test_unfinished_replay_stops(void **state)
{
	struct e2e_term *t = start_level(state, "unfinished.txt", OPEN_LEVEL);
	e2e_send_str(t, E2E_KEY_RIGHT);
	wait_gone(t, "Ready");
	e2e_send_str(t, "p");
	wait_text(t, "Paused");
	char path[4200];
	snprintf(path, sizeof path, "%s/unfinished.replay", e2e_sandbox);
	e2e_send_str(t, "w");
	wait_text(t, "Save replay to");
	e2e_send_str(t, "\025");
	e2e_send_str(t, "~/unfinished.replay");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "replay saved to");
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
	e2e_free(t);
	*state = NULL;
	char result[128];
	headless_outcome(path, result, sizeof result);
	if (strncmp(result, "unfinished steps=", 17) != 0)
		fail_msg("a replay saved paused plays on: %s", result);
	const char *argv[] = {e2e_bin, "ninja", "--replay", path, NULL};
	t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	wait_text(t, "The run stops here, unfinished");
	wait_text(t, "r: replay again   q: quit");
	e2e_send_str(t, "q");
	assert_true(e2e_wait_exit(t, WAIT_MS) == 0);
}

/* The status line: a message has the line to itself, its path shortened in the middle and its
 * file name kept; the level's name is shown whole or not at all, and the panel's ends with …
 * where it does not fit. */
static void test_status_fields_whole(void **state)
{
	char path[4200];
	write_level("a-level-whose-name-is-too-long-for-the-panel.txt", GOLD_LEVEL, path,
	            sizeof path);
	struct e2e_term *t = start_env(state, 24, 80, NULL);
	play_level(t, path);
	wait_text(t, "a-le…-panel.txt"); /* the panel: 15 columns */
	const char *status = e2e_row(t, e2e_rows(t) - 1);
	if (strstr(status, "a-level") && !strstr(status, "too-long-for-the-panel.txt"))
		fail_msg("the status line cuts the level's name:\n%s", status);
	e2e_send_str(t, "p");
	wait_text(t, "Paused");
	e2e_send_str(t, "w");
	wait_text(t, "Save replay to");
	e2e_send_str(t, "\025");
	e2e_send_str(t, "~/a-replay-saved-under-a-name-far-too-long-for-the-status-line-of-"
	                "eighty-columns.replay");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_status(t, "replay saved to ");
	wait_status(t, "…");
	wait_status(t, "-of-eighty-columns.replay");
	if (status_has(t, "gold "))
		fail_msg("a message shares the line:\n%s", e2e_row(t, e2e_rows(t) - 1));
}

/* The column of the map's top-left corner. */
static int map_left(struct e2e_term *t)
{
	int row, col;
	if (!e2e_wait_text(t, "┌", WAIT_MS) || !e2e_find(t, "┌", &row, &col))
		fail_msg("no map's corner:\n%s", e2e_screen(t));
	return col;
}

/* The browser's message with a path too long for the screen keeps its reason and the file's
 * name, the path shortened in the middle (it showed "... ('0' to 'Q'): /tmp/picky2-home/r"); at
 * 200x30 the map stays where it is from the browser to the play screen (it moved 4 columns). */
static void test_browser_message_and_map_origin(void **state)
{
	char path[4200];
	snprintf(path, sizeof path,
	         "%s/no-level-file-whose-path-does-not-fit-on-one-line-of-a-screen-of-eighty-"
	         "columns.txt",
	         e2e_sandbox);
	struct e2e_term *t = start_env(state, 24, 80, NULL);
	wait_text(t, "Enter play");
	e2e_send_str(t, "o");
	wait_text(t, "Open level file");
	e2e_send_str(t, "\025");
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_status(t, "cannot open, ");
	wait_status(t, "…");
	wait_status(t, "-eighty-columns.txt");
	e2e_free(t);
	write_level("origin.txt", GOLD_LEVEL, path, sizeof path);
	t = start_env(state, 30, 200, NULL);
	wait_text(t, "Enter play");
	e2e_send_str(t, "o");
	wait_text(t, "Open level file");
	e2e_send_str(t, "\025");
	e2e_send_str(t, path);
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "opened");
	e2e_send_str(t, E2E_KEY_ENTER);
	wait_text(t, "gold 0/1  time 90"); /* the status line, above the screen's last row */
	int play = map_left(t);
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
	int browser = map_left(t);
	assert_int_equal(browser, play);
}

/* ---- watching ---- */

/* A watcher's terminal, besides the player's in *state. */
static struct e2e_term *watcher;

static int teardown_watch(void **state)
{
	e2e_free(watcher);
	watcher = NULL;
	return teardown(state);
}

/* A file level's game ID, its hash, given back to --id plays the level again from a recording
 * of it, as `replay` lists it (issue 27): the level is in the recording, named as its file. */
static void test_file_level_id_plays_from_its_recording(void **state)
{
	struct e2e_term *t = start_level(state, "recorded.txt", OPEN_LEVEL);
	struct moved m = {ninja_at(t), 2, 0};
	if (!hold_until(t, E2E_KEY_RIGHT, has_moved, &m))
		fail_msg("the ninja did not run right:\n%s", e2e_screen(t));
	e2e_send_str(t, "r"); /* the run left for good: recorded */
	wait_text(t, "Ready");
	char line[256], id[64];
	first_line("replay", line, sizeof line);
	if (sscanf(line, "%*s %*s %*s %63s", id) != 1 || strncmp(id, "ninja:", 6) != 0)
		fail_msg("replay lists no N run: %s", line);
	const char *argv[] = {e2e_bin, "--id", id, NULL};
	watcher = e2e_start(24, 80, argv, NULL);
	assert_non_null(watcher);
	wait_text(watcher, "recorded.txt");
	wait_text(watcher, "Ready");
	/* The same level: its map's rows as the first program shows them. */
	assert_true(e2e_wait_quiet(watcher, 200, WAIT_MS));
	for (int row = 0; row < 10; row++)
		assert_int_equal(strncmp(e2e_row(t, row), e2e_row(watcher, row), 40), 0);
}

/* Another terminal of the player watches the run at its own size (tilecade watch LOGIN): the
 * map and the ninja moving as on the player's screen, who plays and how many watch on its
 * status line, the player's screen counting the watcher; the player pausing, restarting and
 * leaving is told. */
static void test_watched_live(void **state)
{
	struct e2e_term *t = start_level(state, "watched.txt", OPEN_LEVEL);
	const char *argv[] = {e2e_bin, "watch", login_name(), NULL};
	watcher = e2e_start(24, 90, argv, NULL); /* wider: the map elsewhere */
	assert_non_null(watcher);
	struct e2e_term *w = watcher;
	wait_text(w, "N, watching");
	char line[256], watching[128];
	snprintf(watching, sizeof watching, "watching %s, ready, 1 watching", login_name());
	wait_status(w, watching);
	wait_text(t, "1 watching"); /* the player's panel */
	/* live says what the Watch list does: the run's steps and its time, still while it
	 * waits; its game ID the level's hash (a level from a file has no seed). */
	first_line("live", line, sizeof line);
	if (!strstr(line, " ninja:") || !strstr(line, " 0 steps  0:00\n"))
		fail_msg("live lists the waiting run otherwise: %s", line);
	/* The player runs right: the watcher's ninja moves as far, from where it stood. */
	struct spot player_from = ninja_at(t), watched_from = ninja_at(w);
	struct moved m = {player_from, 4, 0};
	if (!hold_until(t, E2E_KEY_RIGHT, has_moved, &m))
		fail_msg("the ninja did not run right:\n%s", e2e_screen(t));
	m = (struct moved){watched_from, 4, 0};
	if (!e2e_wait(w, has_moved, &m, WAIT_MS))
		fail_msg("the watched ninja did not move:\n%s", e2e_screen(w));
	snprintf(watching, sizeof watching, "watching %s, 1 watching", login_name());
	wait_status(w, watching);
	/* Paused, both show the ninja at the same place on their own maps. */
	e2e_send_str(t, "p");
	wait_text(t, "p: resume");
	wait_text(w, "paused");
	struct spot player_at = ninja_at(t), watched_at = {0, 0};
	m = (struct moved){watched_from, player_at.col - player_from.col, 0};
	if (!e2e_wait(w, has_moved, &m, WAIT_MS) || !find_ninja(w, &watched_at) ||
	    watched_at.col - watched_from.col != player_at.col - player_from.col ||
	    watched_at.row - watched_from.row != player_at.row - player_from.row)
		fail_msg("the watcher's ninja is elsewhere:\n%s\nthe player's:\n%s", e2e_screen(w),
		         e2e_screen(t));
	/* A restart: the watcher follows the new run, back at the start. */
	e2e_send_str(t, "r");
	wait_status(w, "ready, 1 watching");
	m = (struct moved){watched_at, watched_from.col - watched_at.col, 0};
	if (!e2e_wait(w, has_moved, &m, WAIT_MS))
		fail_msg("the watcher's ninja is not back at the start:\n%s", e2e_screen(w));
	/* A run left is kept for the player, and the watcher is told. */
	hold_until_status(t, E2E_KEY_LEFT, "time 8");
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
	snprintf(watching, sizeof watching, "%s left, to continue later", login_name());
	wait_text(w, watching); /* the box */
	/* Gone, the player has no watchers to count: the line says they left, in the other
	 * games' words. */
	wait_status(w, watching);
	if (status_has(w, "watching") || on_screen(w, "1 watching"))
		fail_msg("a gone player's watchers counted:\n%s", e2e_screen(w));
	e2e_send_str(w, "q");
	assert_int_equal(e2e_wait_exit(w, WAIT_MS), 0);
}

/* A run of level file `name` under way, and `watcher` watching it at 80x24, counted. */
static struct e2e_term *watched_run(void **state, const char *name)
{
	struct e2e_term *t = start_level(state, name, OPEN_LEVEL);
	hold_until_status(t, E2E_KEY_LEFT, "time 8");
	const char *argv[] = {e2e_bin, "watch", login_name(), NULL};
	watcher = e2e_start(24, 80, argv, NULL);
	assert_non_null(watcher);
	char line[128];
	snprintf(line, sizeof line, "watching %s, 1 watching", login_name());
	wait_status(watcher, line);
	return t;
}

/* The player's terminal hanging up (a dropped ssh connection): the watcher is told the
 * connection dropped, as for the other games, not that the player left. */
static void test_watched_hang_up(void **state)
{
	struct e2e_term *t = watched_run(state, "hangup.txt");
	char dropped[128];
	assert_int_equal(kill(e2e_pid(t), SIGHUP), 0);
	snprintf(dropped, sizeof dropped, "%s's connection dropped", login_name());
	wait_status(watcher, dropped);
	e2e_send_str(watcher, "q");
	assert_int_equal(e2e_wait_exit(watcher, WAIT_MS), 0);
}

/* A player who left a run and continues it is followed again by the watcher still on their
 * screen, who is told they are back, as for the other games. */
static void test_watched_comes_back(void **state)
{
	struct e2e_term *t = watched_run(state, "back.txt");
	char line[128];
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
	e2e_send_str(t, "q");
	wait_text(t, "Continue");
	snprintf(line, sizeof line, "%s left, to continue later", login_name());
	wait_status(watcher, line);
	e2e_send_str(t, "c"); /* the run again, paused */
	wait_text(t, "p: resume");
	snprintf(line, sizeof line, "watching %s, paused, 1 watching  %s is back", login_name(),
	         login_name());
	wait_status(watcher, line);
	e2e_send_str(watcher, "q");
	assert_int_equal(e2e_wait_exit(watcher, WAIT_MS), 0);
}

/* The menu's Watch list and `tilecade live` show a run alike: its game ID, its steps and its
 * time, the run's own, which stays still while the run waits for its first key or is paused. */
static void test_listed_alike(void **state)
{
	struct e2e_term *t = start_level(state, "listed.txt", OPEN_LEVEL);
	const char *argv[] = {e2e_bin, NULL};
	watcher = e2e_start(24, 80, argv, NULL);
	assert_non_null(watcher);
	struct e2e_term *w = watcher;
	wait_text(w, "Watch ");
	int row, col;
	assert_true(e2e_find(w, "Watch ", &row, &col));
	assert_true(e2e_mouse_press(w, col + 1, row + 1));
	assert_true(e2e_mouse_release(w, col + 1, row + 1));
	wait_text(w, "Games in progress");
	wait_text(w, " ninja:");
	wait_text(w, "0 steps");
	/* Run a while, then pause: both lists say the same steps and time. */
	hold_until_status(t, E2E_KEY_LEFT, "time 8");
	e2e_send_str(t, "p");
	wait_text(t, "p: resume");
	char line[256], id[64], time[16], steps[32];
	unsigned count;
	first_line("live", line, sizeof line);
	if (sscanf(line, "%*s %63s %u steps %15s", id, &count, time) != 3 || count == 0)
		fail_msg("live lists the run otherwise: %s", line);
	snprintf(steps, sizeof steps, "%u steps", count);
	wait_text(w, id);
	wait_text(w, steps);
	wait_text(w, time);
	e2e_send_str(w, "q");
	e2e_send_str(t, "q");
	wait_text(t, "Enter play");
}

/* [keys] help = h, back = x, restart = t, new = g: in the run a bound key does its action
 * (h the help, not a run left; t restarts; x goes back), the help, the panel and the boxes name
 * the keys in force, and the browser makes a new level on g and names it. */
static void test_rebound_keys_act_and_are_shown(void **state)
{
	char cfg[4200], path[4200];
	snprintf(cfg, sizeof cfg, "%s/keys.ini", e2e_sandbox);
	FILE *f = fopen(cfg, "w");
	assert_non_null(f);
	fputs("[keys]\nhelp = h\nback = x\nrestart = t\nnew = g\n", f);
	assert_int_equal(fclose(f), 0);
	write_level("mine.txt", MINE_LEVEL, path, sizeof path);
	const char *argv[] = {e2e_bin, "--config", cfg, "ninja", NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	*state = t;
	wait_text(t, "g new  p playable  o open  w save  h help  x back");
	play_level(t, path);
	wait_text(t, "h help  x back"); /* the panel */
	assert_true(on_screen(t, "t restart"));
	e2e_send_str(t, "h");
	wait_text(t, "N: keys");
	static const char *const rows[][2] = {{"← a → l d ", "run left, right"},
	                                      {"t, r ", "restart the level"},
	                                      {"g, n ", "next level"},
	                                      {"x, q, Esc ", "back (the run is kept"}};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!e2e_wait_row(t, rows[i][0], rows[i][1], WAIT_MS))
			fail_msg("the help has no '%s  %s':\n%s", rows[i][0], rows[i][1],
			         e2e_screen(t));
	assert_true(on_screen(t, "Ready:")); /* h did not start the run */
	e2e_send_str(t, " ");
	wait_gone(t, "N: keys");
	hold_until_text(t, E2E_KEY_LEFT, "Killed by a mine");
	wait_text(t, "t: try again   w: save replay   g: next level   x: back");
	e2e_send_str(t, "t");
	wait_gone(t, "Killed by a mine");
	wait_status(t, "gold 0/1  time 90");
	e2e_send_str(t, "x");
	wait_text(t, "Enter play  g new"); /* back in the browser */
	e2e_send_str(t, "g");
	wait_text(t, "seed ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_run_and_collect_gold, teardown),
	        cmocka_unit_test_teardown(test_mine_restart_pause, teardown),
	        cmocka_unit_test_teardown(test_outcome_box_answers_clicks, teardown),
	        cmocka_unit_test_teardown(test_replay_mode, teardown),
	        cmocka_unit_test_teardown(test_win_and_best_time, teardown),
	        cmocka_unit_test_teardown(test_two_exits_open_apart, teardown),
	        cmocka_unit_test_teardown(test_continue, teardown_replayer),
	        cmocka_unit_test_teardown(test_a_run_continued_elsewhere_is_not_saved_back,
	                                  teardown_replayer),
	        cmocka_unit_test_teardown(test_key_release, teardown),
	        cmocka_unit_test_teardown(test_too_small, teardown),
	        cmocka_unit_test_teardown(test_waits_for_first_key, teardown),
	        cmocka_unit_test_teardown(test_boxes_stay_on_the_map, teardown),
	        cmocka_unit_test_teardown(test_map_grows_on_a_big_screen, teardown),
	        cmocka_unit_test_teardown(test_click_play, teardown),
	        cmocka_unit_test_teardown(test_ascii_no_color, teardown),
	        cmocka_unit_test_teardown(test_boxes_leave_the_ninja_in_sight, teardown),
	        cmocka_unit_test_teardown(test_unfinished_replay_stops, teardown),
	        cmocka_unit_test_teardown(test_status_fields_whole, teardown),
	        cmocka_unit_test_teardown(test_browser_message_and_map_origin, teardown),
	        cmocka_unit_test_teardown(test_a_run_in_progress_is_named_by_its_game_id, teardown),
	        cmocka_unit_test_teardown(test_game_id_plays_again, teardown),
	        cmocka_unit_test_teardown(test_watched_live, teardown_watch),
	        cmocka_unit_test_teardown(test_listed_alike, teardown_watch),
	        cmocka_unit_test_teardown(test_file_level_id_plays_from_its_recording,
	                                  teardown_watch),
	        cmocka_unit_test_teardown(test_watched_hang_up, teardown_watch),
	        cmocka_unit_test_teardown(test_watched_comes_back, teardown_watch),
	        cmocka_unit_test_teardown(test_rebound_keys_act_and_are_shown, teardown),
	};
	return cmocka_run_group_tests(tests, e2e_game_group_setup, e2e_game_group_teardown);
}
