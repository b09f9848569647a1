/* Scores, saves and settings (issue 4) as a player meets them in a terminal: a game kept through
 * a hang-up, SIGTERM, Ctrl-C, leaving it or a kill, and brought back by the menu's Continue row
 * or --continue with its board, score, undo history and clock; finished games on the
 * scoreboards, in the menu's Scores screen and in `tilecade scores`; today's puzzle; the
 * settings file (sizes, the player's name, mouse, key bindings, bad values); and a database that
 * cannot be used. The test plays with models: 2048 through the batch mode and the core, zNumbers
 * through the core's generator and solver. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pwd.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "play_2048.h"
#include "proc.h"
#include "sandbox.h"
#include "screen_2048.h"
#include "screen_znumbers.h"
#include "zn_model.h"
#include "lose_2048.h"
#include "tilecade/g2048.h"
#include "tilecade/gameid.h"
#include "tilecade/recordings.h"
#include "tilecade/store.h"
#include "tilecade/znumbers.h"

#define WAIT_MS 5000
#define QUIET_MS 60
#define MENU_TAGLINE "tile games for the terminal"

static char default_config[4300]; /* $XDG_CONFIG_HOME/tilecade/config.ini */

/* ---- set-up ---- */

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	/* Dates on score tables in UTC, names in UTF-8 also for runs without a terminal, and no
	 * host settings file (which could name a shared scoreboard) whatever this machine has. */
	setenv("TZ", "UTC", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	e2e_sandbox_no_host_config();
	snprintf(default_config, sizeof default_config, "%s/tilecade/config.ini",
	         getenv("XDG_CONFIG_HOME"));
	return 0;
}

static int group_teardown(void **state)
{
	return e2e_game_group_teardown(state);
}

/* Every test starts as a player with no saves, no scores and no settings file. */
static int setup(void **state)
{
	e2e_sandbox_forget();
	unlink(default_config);
	*state = NULL;
	return 0;
}

/* A second program on the same saves, for the tests of two at once. */
static void *other;

static int teardown(void **state)
{
	e2e_term_teardown(state);
	unsetenv("TILECADE_TEST_NOW"); /* the real date again */
	e2e_term_teardown(&other);
	e2e_sandbox_forget();
	unlink(default_config);
	return 0;
}

/* ---- files ---- */

static void make_dirs(const char *path)
{
	char dir[4300];
	snprintf(dir, sizeof dir, "%s", path);
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			fail_msg("mkdir %s: %s", dir, strerror(errno));
		*p = '/';
	}
}

static void write_file(const char *path, const void *bytes, size_t len)
{
	make_dirs(path);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void write_text(const char *path, const char *text)
{
	write_file(path, text, strlen(text));
}

/* The whole file, NUL-terminated, its length in *len (NULL is ok); NULL when it cannot be read. */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap + 1);
	assert_non_null(buf);
	for (size_t got; (got = fread(buf + n, 1, cap - n, f)) > 0;) {
		n += got;
		if (n == cap) {
			cap *= 2;
			buf = realloc(buf, cap + 1);
			assert_non_null(buf);
		}
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

/* A settings file in the sandbox for --config; path gets its name. */
static void config_file(const char *name, const char *text, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", e2e_sandbox, name);
	write_text(path, text);
}

/* ---- running the program ---- */

/* Starts tilecade on an 80x24 terminal with args (NULL-terminated), kept in *state for the
 * teardown. With errfile, its standard error goes to that file instead of the terminal. The
 * default theme whatever the caller's environment. */
static struct e2e_term *launch(void **state, const char *errfile, const char *const *args)
{
	const char *argv[24];
	int argc = 0;
	if (errfile) {
		argv[argc++] = "/bin/sh";
		argv[argc++] = "-c";
		argv[argc++] = "exec \"$@\" 2>\"$E2E_STDERR\"";
		argv[argc++] = "sh";
	}
	argv[argc++] = e2e_bin;
	for (int i = 0; args[i] && argc < 23; i++)
		argv[argc++] = args[i];
	argv[argc] = NULL;
	char err_env[4400];
	snprintf(err_env, sizeof err_env, "E2E_STDERR=%s", errfile ? errfile : "");
	const char *env[] = {"NO_COLOR", err_env, NULL};
	e2e_free(*state);
	*state = e2e_start(24, 80, argv, env);
	assert_non_null(*state);
	return *state;
}

#define MAX_ARGS 16

static void collect(va_list ap, const char *args[MAX_ARGS + 1])
{
	int n = 0;
	for (const char *arg; (arg = va_arg(ap, const char *)) && n < MAX_ARGS;)
		args[n++] = arg;
	args[n] = NULL;
}

/* tilecade with the arguments that follow (NULL-terminated); saves and scores stay. */
static struct e2e_term *tilecade(void **state, ...)
{
	const char *args[MAX_ARGS + 1];
	va_list ap;
	va_start(ap, state);
	collect(ap, args);
	va_end(ap);
	return launch(state, NULL, args);
}

/* The same, with standard error going to errfile. */
static struct e2e_term *tilecade_err(void **state, const char *errfile, ...)
{
	const char *args[MAX_ARGS + 1];
	va_list ap;
	va_start(ap, errfile);
	collect(ap, args);
	va_end(ap);
	return launch(state, errfile, args);
}

/* Runs tilecade without a terminal, to its end. */
static void run(struct e2e_run *r, ...)
{
	const char *argv[MAX_ARGS + 2] = {e2e_bin};
	va_list ap;
	va_start(ap, r);
	collect(ap, argv + 1);
	va_end(ap);
	assert_true(e2e_run(argv, WAIT_MS * 2, r));
}

static void assert_run_exit(const struct e2e_run *r, int code)
{
	if (!WIFEXITED(r->status) || WEXITSTATUS(r->status) != code)
		fprintf(stderr, "expected exit status %d; stdout:\n%s\nstderr:\n%s\n", code, r->out,
		        r->err);
	assert_true(WIFEXITED(r->status));
	assert_int_equal(WEXITSTATUS(r->status), code);
}

static int count_lines(const char *text)
{
	int n = 0;
	for (const char *p = text; *p; p++)
		n += *p == '\n';
	return n;
}

/* ---- the screen ---- */

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

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

static bool on_screen(struct e2e_term *t, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col);
}

/* The screen row that holds text, or -1. */
static int row_of(struct e2e_term *t, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col) ? row : -1;
}

/* A left click on the second character of text. */
static void click_text(struct e2e_term *t, const char *text)
{
	int row, col;
	if (!e2e_find(t, text, &row, &col))
		fprintf(stderr, "no '%s' to click on:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_find(t, text, &row, &col));
	assert_true(e2e_mouse_press(t, col + 2, row + 1));
	assert_true(e2e_mouse_release(t, col + 2, row + 1));
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

/* A signal asks to quit: the program ends through its own path, or re-raises the signal once it
 * has cleaned up; it does not crash. */
static void assert_ends_on_signal(struct e2e_term *t, int sig)
{
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(status != -1);
	if (WIFSIGNALED(status))
		assert_int_equal(WTERMSIG(status), sig);
	else
		assert_true(WIFEXITED(status));
}

static bool shows_menu(struct e2e_term *t, void *unused)
{
	return on_screen(t, MENU_TAGLINE) && on_screen(t, "Scores ") && on_screen(t, "Daily ");
}

static void wait_menu(struct e2e_term *t)
{
	if (!e2e_wait(t, shows_menu, NULL, WAIT_MS))
		fprintf(stderr, "no menu on the screen:\n%s\n", e2e_screen(t));
	assert_true(shows_menu(t, NULL));
	settle(t);
}

/* The menu's Continue row, or "" when there is none. */
static const char *continue_row(struct e2e_term *t)
{
	int row = row_of(t, "Continue ");
	return row < 0 ? "" : e2e_row(t, row);
}

/* The menu offers to continue the game described by summary, and that row is selected. */
static void assert_continue_row(struct e2e_term *t, const char *summary)
{
	const char *row = continue_row(t);
	if (!strstr(row, summary) || !strstr(row, "▸"))
		fprintf(stderr, "expected a selected Continue row with '%s':\n%s\n", summary,
		        e2e_screen(t));
	assert_non_null(strstr(row, summary));
	assert_non_null(strstr(row, "▸"));
}

static void assert_no_continue_row(struct e2e_term *t)
{
	if (*continue_row(t))
		fprintf(stderr, "a Continue row, expected none:\n%s\n", e2e_screen(t));
	assert_string_equal(continue_row(t), "");
}

/* Text with runs of blanks squeezed to one space, as a table row reads. */
static void squeeze(const char *in, char *out, size_t len)
{
	e2e_zn_squeeze(in, out, len);
}

/* The login name, whose rows are the player's without a name in the settings. */
static const char *login_name(void)
{
	struct passwd *pw = getpwuid(getuid());
	assert_non_null(pw);
	return pw->pw_name;
}

/* Today in UTC, as "YYYY-MM-DD" and as the digits of a daily seed "YYYYMMDD". */
static void utc_today(char date[16], char digits[16])
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	assert_true(strftime(date, 16, "%Y-%m-%d", &tm) > 0);
	assert_true(strftime(digits, 16, "%Y%m%d", &tm) > 0);
}

/* ---- 2048 ---- */

static bool shows_2048(struct e2e_term *t, void *status)
{
	return e2e_2048_status(t, status);
}

static void wait_2048(struct e2e_term *t, struct e2e_2048_status *s)
{
	if (!e2e_wait(t, shows_2048, s, WAIT_MS))
		fprintf(stderr, "no 2048 game on the screen:\n%s\n", e2e_screen(t));
	assert_true(e2e_2048_status(t, s));
}

static void undo_2048(struct e2e_play *p, const char *key)
{
	e2e_play_undo(p);
	type_keys(p->t, key);
	e2e_play_check(p);
}

static void redo_2048(struct e2e_play *p, const char *key)
{
	e2e_play_redo(p);
	type_keys(p->t, key);
	e2e_play_check(p);
}

/* The Continue row's words for a 2048 game the model is at. */
static void summary_2048(const struct e2e_play *p, char *buf, size_t len)
{
	struct e2e_board board;
	uint64_t score;
	e2e_play_batch(p->bin, p->id, p->moves, &board, &score);
	size_t moves = strlen(p->moves);
	snprintf(buf, len, "%s, %zu move%s, score %llu", p->id, moves, moves == 1 ? "" : "s",
	         (unsigned long long)score);
}

/* Takes the game on the screen, resumed, as the model's game as it was. */
static void resumed_2048(struct e2e_play *p, struct e2e_term *t)
{
	p->t = t;
	struct e2e_2048_status s;
	wait_2048(t, &s);
	assert_string_equal(s.id, p->id);
	e2e_play_check(p);
}

static bool clock_reached(struct e2e_term *t, void *seconds)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.minutes * 60 + s.seconds >= *(int *)seconds;
}

static int clock_seconds(struct e2e_term *t)
{
	struct e2e_2048_status s;
	assert_true(e2e_2048_status(t, &s));
	return s.minutes * 60 + s.seconds;
}

/* ---- zNumbers ---- */

/* The time the win box gives ("N moves, M:SS"), as "M:SS". */
static void won_time(struct e2e_zn_model *g, char *out, size_t len)
{
	char words[64];
	snprintf(words, sizeof words, "%d moves, ", g->moves);
	int row, col, minutes, seconds;
	if (!e2e_find(g->t, words, &row, &col))
		fprintf(stderr, "no '%s' in the win box:\n%s\n", words, e2e_screen(g->t));
	assert_true(e2e_find(g->t, words, &row, &col));
	const char *p = strstr(e2e_row(g->t, row), words) + strlen(words);
	assert_int_equal(sscanf(p, "%d:%2d", &minutes, &seconds), 2);
	snprintf(out, len, "%d:%02d", minutes, seconds);
}

static bool either_text(struct e2e_term *t, void *texts)
{
	const char *const *text = texts;
	return on_screen(t, text[0]) || on_screen(t, text[1]);
}

/* q on a finished game: it may ask first, then where the game was chosen (the level list, or
 * the menu: then is the text). */
static void leave_finished(struct e2e_term *t, const char *then)
{
	type_keys(t, "q");
	const char *texts[] = {"(y/n)", then};
	if (!e2e_wait(t, either_text, texts, WAIT_MS))
		fprintf(stderr, "q left nothing:\n%s\n", e2e_screen(t));
	assert_true(either_text(t, texts));
	if (on_screen(t, "(y/n)"))
		type_keys(t, "y");
}

/* ---- tests: saves ---- */

/* A hang-up keeps the game; the menu's Continue row names it and brings back the board, score,
 * moves, clock, undo history and redo chain. */
static void test_hangup_keeps_the_game_for_the_menu(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	assert_string_equal(p.id, "2048:4x4:s7");
	e2e_play_to(&p, 7);
	undo_2048(&p, "u");
	undo_2048(&p, "u");
	/* A clock past zero, to see it come back. */
	int seconds = 1;
	if (!e2e_wait(t, clock_reached, &seconds, WAIT_MS))
		fprintf(stderr, "the clock does not run:\n%s\n", e2e_screen(t));
	assert_true(clock_reached(t, &seconds));
	seconds = clock_seconds(t);
	char summary[128];
	summary_2048(&p, summary, sizeof summary);
	assert_int_equal(kill(e2e_pid(t), SIGHUP), 0);
	assert_ends_on_signal(t, SIGHUP);

	t = tilecade(state, NULL);
	wait_menu(t);
	assert_continue_row(t, summary);
	type_keys(t, E2E_KEY_ENTER);
	resumed_2048(&p, t);
	assert_true(clock_seconds(t) >= seconds);
	/* The moves undone before the hang-up can be redone, and every move undone. */
	redo_2048(&p, "U");
	redo_2048(&p, "U");
	type_keys(t, "U"); /* nothing more to redo */
	e2e_play_check(&p);
	while (p.moves[0])
		undo_2048(&p, "u");
	type_keys(t, "u"); /* back at the start */
	e2e_play_check(&p);
}

/* SIGTERM keeps the game too, and --continue goes straight into it. */
static void test_sigterm_keeps_the_game_for_continue(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 3);
	assert_int_equal(kill(e2e_pid(t), SIGTERM), 0);
	assert_ends_on_signal(t, SIGTERM);

	t = tilecade(state, "--continue", "--no-anim", NULL);
	resumed_2048(&p, t);
	e2e_play_to(&p, 6); /* and it plays on */
	undo_2048(&p, "u");
}

/* Leaving with q and y keeps the game: Continue right away in the menu, then --continue in the
 * next run; Ctrl-C keeps it as well, and c in the menu continues it. */
static void test_leaving_and_ctrl_c_keep_the_game(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 2);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "y");
	wait_menu(t);
	char summary[128];
	summary_2048(&p, summary, sizeof summary);
	assert_continue_row(t, summary);
	type_keys(t, "q");
	assert_exits(t, 0);
	assert_true(e2e_terminal_given_back(t));

	t = tilecade(state, "--continue", "--no-anim", NULL);
	resumed_2048(&p, t);
	e2e_play_to(&p, 3);
	type_keys(t, E2E_KEY_CTRL_C);
	assert_exits(t, 0);

	t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	summary_2048(&p, summary, sizeof summary);
	assert_continue_row(t, summary);
	type_keys(t, "c");
	resumed_2048(&p, t);
}

/* Killed outright, the game is lost only back to its last save, made every five moves. */
static void test_a_kill_loses_at_most_the_moves_since_the_last_autosave(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 7);
	assert_int_equal(kill(e2e_pid(t), SIGKILL), 0);
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(status != -1 && WIFSIGNALED(status));

	t = tilecade(state, "--continue", "--no-anim", NULL);
	p.moves[5] = '\0';
	resumed_2048(&p, t);
	while (p.moves[0])
		undo_2048(&p, "u");
}

static void test_continue_without_a_save(void **state)
{
	char errfile[4200];
	snprintf(errfile, sizeof errfile, "%s/continue.err", e2e_sandbox);
	struct e2e_term *t = tilecade_err(state, errfile, "--continue", NULL);
	assert_exits(t, 1);
	assert_true(e2e_terminal_given_back(t));
	/* Said before the screen is taken: not a flash of the full screen first. */
	assert_int_equal(e2e_bytes(t), 0);
	char *err = read_file(errfile, NULL);
	assert_non_null(err);
	assert_string_equal(err, "tilecade: no saved game to continue\n");
	free(err);
}

/* ---- tests: one game, one program ---- */

/* The line a program whose game another one took over ends with. */
#define LOST_LINE "tilecade: this game was continued or replaced in another session; nothing was saved here\n"

/* The first program plays 2048 to 6 moves (saved at 5) and is left as it is (a frozen ssh
 * client); a second one continues the game, plays it to 13 moves and leaves. The first, its
 * errors going to errfile, is returned with the second's model of the game. */
static struct e2e_term *taken_over_at_13(void **state, const char *errfile, struct e2e_play *p)
{
	struct e2e_term *first =
	        tilecade_err(state, errfile, "2048", "--seed", "7", "--no-anim", NULL);
	e2e_play_begin(p, first, e2e_bin);
	e2e_play_to(p, 6);
	struct e2e_term *second = tilecade(&other, "--continue", "--no-anim", NULL);
	p->moves[5] = '\0'; /* the save */
	resumed_2048(p, second);
	e2e_play_to(p, 13);
	type_keys(second, "q");
	wait_text(second, "Leave this game? (y/n)");
	type_keys(second, "y");
	wait_menu(second);
	type_keys(second, "q");
	assert_exits(second, 0);
	return first;
}

/* Continue offers the game at 13 moves, and opens it there. */
static void assert_continues_at_13(void **state, struct e2e_play *p)
{
	char summary[128];
	summary_2048(p, summary, sizeof summary);
	struct e2e_term *t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	assert_continue_row(t, summary);
	type_keys(t, E2E_KEY_ENTER);
	resumed_2048(p, t);
}

static void assert_told_lost(const char *errfile)
{
	char *err = read_file(errfile, NULL);
	assert_non_null(err);
	assert_string_equal(err, LOST_LINE);
	free(err);
}

/* Hung up once the game went on elsewhere, the first program's save does not put it back to 6
 * moves: it saves nothing, and says why. */
static void test_a_game_continued_elsewhere_is_not_saved_back_on_hangup(void **state)
{
	char errfile[4200];
	snprintf(errfile, sizeof errfile, "%s/first.err", e2e_sandbox);
	struct e2e_play p;
	struct e2e_term *first = taken_over_at_13(state, errfile, &p);
	assert_int_equal(kill(e2e_pid(first), SIGHUP), 0);
	assert_ends_on_signal(first, SIGHUP);
	assert_told_lost(errfile);
	assert_continues_at_13(state, &p);
}

/* A key in the first program once the game went on elsewhere: it plays no move, tells the player
 * in one line that the game was taken over and ends, its terminal given back. */
static void test_a_game_continued_elsewhere_ends_the_first_at_a_key(void **state)
{
	char errfile[4200];
	snprintf(errfile, sizeof errfile, "%s/first.err", e2e_sandbox);
	struct e2e_play p;
	struct e2e_term *first = taken_over_at_13(state, errfile, &p);
	type_keys(first, E2E_KEY_LEFT);
	assert_exits(first, 1);
	assert_true(e2e_terminal_given_back(first));
	assert_told_lost(errfile);
	assert_continues_at_13(state, &p);
}

/* The player's save of game, as the store holds it (malloc'd), or NULL. */
static void *stored_save(const char *game, size_t *len)
{
	char notice[TC_STORE_NOTICE_MAX];
	void *blob = NULL;
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice);
	if (tc_store_load_game(st, game, &blob, len) != 0)
		blob = NULL;
	tc_store_close(st);
	return blob;
}

static void store_save(const char *game, const void *blob, size_t len, const char *summary)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice);
	assert_int_equal(tc_store_save_game(st, game, blob, len, summary), 0);
	tc_store_close(st);
}

/* A save this version cannot continue is never dropped without a word: a newer tilecade's
 * (another version of the save format) is kept, for that version, on a home both use; a
 * damaged one is removed, and the menu says which. Both went silently. */
static void test_a_save_that_cannot_be_read_is_told(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 3);
	assert_int_equal(kill(e2e_pid(t), SIGTERM), 0);
	assert_ends_on_signal(t, SIGTERM);
	size_t len, len_after;
	unsigned char *newer = stored_save("2048", &len);
	assert_non_null(newer);
	assert_memory_equal(newer, "tcsave1", 8);
	newer[6] = '9'; /* "tcsave9": a format this version does not know */
	store_save("2048", newer, len, "2048 4x4, from a newer tilecade");

	t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	assert_continue_row(t, "from a newer tilecade");
	type_keys(t, "\r");
	wait_text(t, "The saved 2048 game is a newer tilecade's: kept for it");
	unsigned char *after = stored_save("2048", &len_after);
	assert_non_null(after);
	assert_int_equal(len_after, len);
	assert_memory_equal(after, newer, len);
	free(after);
	free(newer);

	store_save("2048", "\x01\x02", 2, "2048 4x4, damaged");
	t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	assert_continue_row(t, "damaged");
	type_keys(t, "\r");
	wait_text(t, "The saved 2048 game could not be read and was removed");
	assert_no_continue_row(t);
	assert_null(stored_save("2048", &len_after));

	/* N's saved runs alike. */
	static const char later[] = "tilecade ninja replay 2\nwhat a later version writes\n";
	store_save("ninja", later, strlen(later), "N level, 0:01.00, 0 gold");
	t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	type_keys(t, "\r");
	wait_text(t, "The saved N run is a newer tilecade's: kept for it");
	after = stored_save("ninja", &len_after);
	assert_non_null(after);
	assert_int_equal(len_after, strlen(later));
	free(after);
	store_save("ninja", "tilecade ninja replay 1\n", 24, "N level, 0:01.00, 0 gold");
	t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	type_keys(t, "\r");
	wait_text(t, "The saved N run could not be read and was removed");
	assert_null(stored_save("ninja", &len_after));
}

/* A game the player restarts is dropped, and so is its autosave: nothing stale to continue. */
static void test_restart_drops_the_autosave(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 7); /* past the autosave at 5 */
	type_keys(t, "r");
	wait_text(t, "Restart? (y/n)");
	type_keys(t, "y");
	wait_text(t, "Moves: 0");
	type_keys(t, "q");
	wait_menu(t);
	assert_no_continue_row(t);
}

/* ---- tests: scores ---- */

/* A pack level left half-way comes back from the menu; won, it goes on its board (in the menu's
 * Scores and in `tilecade scores`) under the login name with its time, and its save is gone. */
static void test_znumbers_level_kept_then_won_and_scored(void **state)
{
	struct e2e_zn_model g;
	struct e2e_term *t = tilecade(state, "znumbers", "--id", "znumbers:level1:s0", NULL);
	e2e_zn_model_attach(&g, t);
	for (int i = 0; i < 6; i++)
		e2e_zn_model_play_next(&g);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "y");
	wait_text(t, "choose a level");
	type_keys(t, "q");
	wait_menu(t);
	assert_continue_row(t, "znumbers:level1:s0, 6 moves");
	assert_null(strstr(continue_row(t), "score"));
	type_keys(t, E2E_KEY_ENTER);
	e2e_zn_model_wait_shown(&g);
	while (g.moves < g.plan_len)
		e2e_zn_model_play_next(&g);
	char time[16];
	won_time(&g, time, sizeof time);
	leave_finished(t, "choose a level");
	wait_text(t, "choose a level");
	type_keys(t, "q");
	wait_menu(t);
	assert_no_continue_row(t);

	click_text(t, "Scores ");
	wait_text(t, "zNumbers · level 1");
	settle(t);
	int heading = row_of(t, "Player");
	assert_true(heading >= 0);
	assert_non_null(strstr(e2e_row(t, heading), "Time"));
	char own[256], expected[256];
	squeeze(e2e_row(t, heading + 1), own, sizeof own);
	snprintf(expected, sizeof expected, "▸ 1 %s %s.", login_name(), time);
	if (strncmp(own, expected, strlen(expected)) != 0)
		fprintf(stderr, "expected a row '%s...':\n%s\n", expected, e2e_screen(t));
	assert_true(strncmp(own, expected, strlen(expected)) == 0);
	char moves[32];
	snprintf(moves, sizeof moves, " %d ", g.moves);
	assert_non_null(strstr(own, moves));
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);

	char date[2][16], digits[16];
	utc_today(date[0], digits);
	struct e2e_run r;
	run(&r, "scores", "znumbers", "--level", "1", NULL);
	utc_today(date[1], digits);
	assert_run_exit(&r, 0);
	char line[3][256];
	char *text = r.out;
	for (int i = 0; i < 3; i++) {
		size_t n = strcspn(text, "\n");
		snprintf(line[i], sizeof line[i], "%.*s", (int)n, text);
		squeeze(line[i], line[i], sizeof line[i]);
		text += n + (text[n] ? 1 : 0);
	}
	assert_string_equal(line[0], "zNumbers · level 1");
	assert_string_equal(line[1], "# Player Time Moves Hints Result Date Replay");
	snprintf(expected, sizeof expected, "1 %s %s.", login_name(), time);
	assert_true(strncmp(line[2], expected, strlen(expected)) == 0);
	/* Today's date, whichever side of midnight the score was made on. */
	char dated[2][64];
	for (int i = 0; i < 2; i++)
		snprintf(dated[i], sizeof dated[i], " %d 0 won %s", g.moves, date[i]);
	assert_true(strstr(line[2], dated[0]) || strstr(line[2], dated[1]));
	assert_int_equal(count_lines(r.out), 3);
	e2e_run_free(&r);

	/* The finished game is no longer there to continue. */
	char errfile[4200];
	snprintf(errfile, sizeof errfile, "%s/won.err", e2e_sandbox);
	t = tilecade_err(state, errfile, "--continue", NULL);
	assert_exits(t, 1);
}

/* Ann's settings (a 3x3 board) written to cfg, and her 2048 game of that seed started from
 * them. */
static struct e2e_term *start_anns_3x3_seed(void **state, char *cfg, size_t len,
                                            struct e2e_2048_status *s, uint64_t seed)
{
	char seed_text[24];
	snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
	config_file("ann.ini", "[player]\nname = Ann\n[2048]\nsize = 3\n", cfg, len);
	struct e2e_term *t =
	        tilecade(state, "--config", cfg, "2048", "--seed", seed_text, "--no-anim", NULL);
	wait_2048(t, s);
	return t;
}

static struct e2e_term *start_anns_3x3(void **state, char *cfg, size_t len,
                                       struct e2e_2048_status *s)
{
	return start_anns_3x3_seed(state, cfg, len, s, 1);
}

static bool moves_shown(struct e2e_term *t, void *moves)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.moves == *(int *)moves;
}

static bool another_game_shown(struct e2e_term *t, void *old_id)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.moves == 0 && strcmp(s.id, old_id) != 0;
}

/* [player] name and [2048] size from --config: a 3x3 game played to its end goes on the 3x3
 * board under that name, on the Scores screen and in `tilecade scores`; a lost game has no
 * save. */
static void test_lost_2048_scored_under_the_player_name(void **state)
{
	char cfg[4300];
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(1, keys, sizeof keys, &score);
	struct e2e_2048_status s;
	struct e2e_term *t = start_anns_3x3(state, cfg, sizeof cfg, &s);
	assert_string_equal(s.id, "2048:3x3:s1");
	for (int i = 0; i < n; i++) {
		char key[2] = {keys[i], '\0'};
		type_keys(t, key);
		int moves = i + 1;
		if (!e2e_wait(t, moves_shown, &moves, WAIT_MS))
			fprintf(stderr, "no 'Moves: %d' after '%s':\n%s\n", moves, key,
			        e2e_screen(t));
		assert_true(moves_shown(t, &moves));
	}
	wait_text(t, "Game over: no moves left");
	char result[64];
	snprintf(result, sizeof result, "Score %llu in %d moves", (unsigned long long)score, n);
	wait_text(t, result);
	type_keys(t, "q");
	const char *texts[] = {"(y/n)", MENU_TAGLINE};
	assert_true(e2e_wait(t, either_text, texts, WAIT_MS));
	if (on_screen(t, "(y/n)"))
		type_keys(t, "y");
	wait_menu(t);
	assert_no_continue_row(t);
	click_text(t, "Scores ");
	wait_text(t, "2048 · 3x3");
	settle(t);
	int heading = row_of(t, "Player");
	assert_true(heading >= 0);
	char own[256], expected[128];
	squeeze(e2e_row(t, heading + 1), own, sizeof own);
	snprintf(expected, sizeof expected, "▸ 1 Ann %llu %d ", (unsigned long long)score, n);
	if (strncmp(own, expected, strlen(expected)) != 0)
		fprintf(stderr, "expected a row '%s...':\n%s\n", expected, e2e_screen(t));
	assert_true(strncmp(own, expected, strlen(expected)) == 0);
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);

	char date[2][16], digits[16], row[2][128];
	utc_today(date[0], digits);
	struct e2e_run r;
	run(&r, "--config", cfg, "scores", "2048", NULL);
	utc_today(date[1], digits);
	assert_run_exit(&r, 0);
	squeeze(r.out, own, sizeof own);
	for (int i = 0; i < 2; i++)
		snprintf(row[i], sizeof row[i],
		         "2048 · 3x3 # Player Score Moves Hints Result Date Replay 1 Ann %llu %d 0 lost "
		         "%s #1",
		         (unsigned long long)score, n, date[i]);
	if (strcmp(own, row[0]) != 0)
		assert_string_equal(own, row[1]);
	e2e_run_free(&r);
}

/* Types each key and waits for its move to show. */
static void slide_keys(struct e2e_term *t, const char *keys, int moves_before)
{
	for (int i = 0; keys[i]; i++) {
		char key[2] = {keys[i], '\0'};
		type_keys(t, key);
		int moves = moves_before + i + 1;
		if (!e2e_wait(t, moves_shown, &moves, WAIT_MS))
			fprintf(stderr, "no 'Moves: %d' after '%s':\n%s\n", moves, key,
			        e2e_screen(t));
		assert_true(moves_shown(t, &moves));
	}
}

/* Finished by the second program (lost, recorded once), the game is not brought back to
 * Continue by the first one's hang-up, and no second recording of it is made. */
static void test_a_game_finished_elsewhere_is_not_brought_back(void **state)
{
	char keys[512], errfile[4200];
	uint64_t score;
	int n = e2e_play_losing_moves(3, keys, sizeof keys, &score);
	assert_true(n > 8);
	snprintf(errfile, sizeof errfile, "%s/first.err", e2e_sandbox);
	struct e2e_term *first = tilecade_err(state, errfile, "2048", "--size", "3", "--seed", "3",
	                                      "--no-anim", NULL);
	char played[512];
	snprintf(played, sizeof played, "%.6s", keys);
	slide_keys(first, played, 0); /* saved at 5 */
	struct e2e_term *second = tilecade(&other, "--continue", "--no-anim", NULL);
	snprintf(played, sizeof played, "%.*s", n - 6, keys + 5);
	slide_keys(second, played, 5);
	type_keys(second, (char[]){keys[n - 1], '\0'});
	wait_text(second, "Game over: no moves left");
	leave_finished(second, MENU_TAGLINE);
	wait_menu(second);
	type_keys(second, "q");
	assert_exits(second, 0);

	assert_int_equal(kill(e2e_pid(first), SIGHUP), 0);
	assert_ends_on_signal(first, SIGHUP);
	assert_told_lost(errfile);
	struct e2e_term *t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	assert_no_continue_row(t);
	char notice[TC_STORE_NOTICE_MAX];
	int64_t ids[4];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice);
	assert_int_equal(tc_store_recordings_of_game(st, login_name(), "2048:3x3:s3", ids, 4), 1);
	tc_store_close(st);
}

/* Another end of the 3x3 game of keys (n moves, ending with `first` points), with more points:
 * the moves after undoing *back of them (NUL-terminated in more) and its score. Playouts in an
 * order that changes from try to try; returns false if none beat it. */
static bool better_ending(uint64_t seed, const char *keys, int n, uint64_t first, int *back,
                          char *more, size_t len, uint64_t *score)
{
	int from = *back > 0 ? *back : 1;
	static const enum g2048_dir dirs[] = {G2048_LEFT, G2048_DOWN, G2048_RIGHT, G2048_UP};
	static const char letters[] = "hjlk";
	for (*back = from; *back <= n; (*back)++)
		for (uint32_t try = 1; try <= 200; try++) {
			struct g2048 g;
			g2048_new(&g, &(struct g2048_params){3}, seed);
			for (int i = 0; i < n - *back; i++)
				assert_true(g2048_slide(
				        &g, dirs[strchr(letters, keys[i]) - letters], NULL));
			size_t m = 0;
			uint32_t x = try * 2654435761u;
			while (g2048_can_move(&g) && m + 1 < len) {
				x = x * 1664525u + 1013904223u;
				int i = (int)(x >> 30);
				while (!g2048_slide(&g, dirs[i], NULL))
					i = (i + 1) % 4;
				more[m++] = letters[i];
			}
			more[m] = '\0';
			if (!g2048_can_move(&g) && g.score > first) {
				*score = g.score;
				return true;
			}
		}
	return false;
}

/* A game undone past its end and ended again is recorded again: its one row takes the better
 * end, and Best says what the board says (issue 17: the second end was not recorded, while Best
 * said 468 and Scores 288). */
static void ended_again_after_undo_keeps_its_better_end(void **state, uint64_t seed, int undos,
                                                        bool continued)
{
	char cfg[4300];
	char keys[512], more[512];
	uint64_t first, second = 0;
	int n = e2e_play_losing_moves(seed, keys, sizeof keys, &first), back = undos;
	assert_true(better_ending(seed, keys, n, first, &back, more, sizeof more, &second));
	struct e2e_2048_status s;
	struct e2e_term *t = start_anns_3x3_seed(state, cfg, sizeof cfg, &s, seed);
	slide_keys(t, keys, 0);
	wait_text(t, "Rank 1 on this scoreboard (lost)");
	for (int i = 0; i < back; i++)
		type_keys(t, "u");
	int moves = n - back;
	assert_true(e2e_wait(t, moves_shown, &moves, WAIT_MS));
	if (continued) { /* left, and the game continued from its save */
		type_keys(t, "q");
		wait_text(t, "Leave this game? (y/n)");
		type_keys(t, "y");
		wait_menu(t);
		type_keys(t, "q");
		assert_exits(t, 0);
		t = tilecade(state, "--config", cfg, "--continue", "--no-anim", NULL);
		assert_true(e2e_wait(t, moves_shown, &moves, WAIT_MS));
	}
	slide_keys(t, more, n - back);
	char result[64];
	snprintf(result, sizeof result, "Score %llu in %d moves", (unsigned long long)second,
	         n - back + (int)strlen(more));
	wait_text(t, result);
	wait_text(t, "Rank 1 on this scoreboard (lost)");
	assert_true(e2e_2048_status(t, &s));
	assert_int_equal(s.best, second);
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);

	struct e2e_run r;
	run(&r, "--config", cfg, "scores", "2048", NULL);
	assert_run_exit(&r, 0);
	assert_int_equal(count_lines(r.out), 3); /* the title, the columns, one row */
	char own[256], expected[64];
	squeeze(r.out, own, sizeof own);
	snprintf(expected, sizeof expected, " 1 Ann %llu ", (unsigned long long)second);
	if (!strstr(own, expected))
		fail_msg("expected '%s' in: %s", expected, own);
	e2e_run_free(&r);
}

static void test_2048_ended_again_after_undo_keeps_its_better_end(void **state)
{
	ended_again_after_undo_keeps_its_better_end(state, 1, 0, false);
}

/* Left after the undo and continued: still one game, one row and one recording (issue 18: its
 * second end went on the board as a second row, #3 and #4). */
static void test_2048_ended_again_after_undo_and_continue_keeps_one_row(void **state)
{
	ended_again_after_undo_keeps_its_better_end(state, 7, 1, true);
}

/* Autoplay's moves are on the game's start as much as its end: restarted, the same start
 * played by hand is still not the player's (issue 17: "Rank 2 (lost)"). */
static bool moves_at_least_one(struct e2e_term *t, void *unused)
{
	struct e2e_2048_status s;
	(void)unused;
	return e2e_2048_status(t, &s) && s.moves >= 1;
}

static bool restarted_or_asked(struct e2e_term *t, void *unused)
{
	int row, col;
	struct e2e_2048_status s;
	(void)unused;
	return e2e_find(t, "Restart? (y/n)", &row, &col) ||
	       (e2e_2048_status(t, &s) && s.moves == 0);
}

static void test_2048_autoplayed_then_restarted_is_not_ranked(void **state)
{
	char cfg[4300];
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(1, keys, sizeof keys, &score);
	struct e2e_2048_status s;
	struct e2e_term *t = start_anns_3x3(state, cfg, sizeof cfg, &s);
	type_keys(t, "ay"); /* yes: let the computer play */
	assert_true(e2e_wait(t, moves_at_least_one, NULL, WAIT_MS));
	type_keys(t, "a"); /* off */
	wait_text(t, "Autoplay off");
	type_keys(t, "r");
	assert_true(e2e_wait(t, restarted_or_asked, NULL, WAIT_MS));
	int row, col;
	if (e2e_find(t, "Restart? (y/n)", &row, &col))
		type_keys(t, "y");
	int none = 0;
	assert_true(e2e_wait(t, moves_shown, &none, WAIT_MS));
	slide_keys(t, keys, 0);
	char result[64];
	snprintf(result, sizeof result, "Score %llu in %d moves", (unsigned long long)score, n);
	wait_text(t, result);
	wait_text(t, "Not ranked: autoplay played in this game");
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	struct e2e_run r;
	run(&r, "--config", cfg, "scores", "2048", NULL);
	assert_run_exit(&r, 0);
	assert_string_equal(r.out, "no scores yet\n");
	e2e_run_free(&r);
}

/* Best is the player's best on the board, as Scores shows it, from the first screen of a run
 * on (issue 17: `tilecade scores` had 508 on 3x3, a new run said "Best: 0"), and stays so
 * through a new game and a Continue. */
static void test_2048_best_starts_at_the_players_best_on_the_board(void **state)
{
	char cfg[4300];
	char keys[512];
	uint64_t score;
	e2e_play_losing_moves(1, keys, sizeof keys, &score);
	struct e2e_2048_status s;
	struct e2e_term *t = start_anns_3x3(state, cfg, sizeof cfg, &s);
	slide_keys(t, keys, 0);
	wait_text(t, "Rank 1 on this scoreboard (lost)");
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);

	t = tilecade(state, "--config", cfg, "--id", "2048:3x3:s2", "--no-anim", NULL);
	wait_2048(t, &s);
	assert_int_equal(s.score, 0);
	assert_int_equal(s.best, score);
	slide_keys(t, "h", 0);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "y");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);

	t = tilecade(state, "--config", cfg, "--continue", "--no-anim", NULL);
	wait_2048(t, &s);
	assert_string_equal(s.id, "2048:3x3:s2");
	assert_int_equal(s.best, (int64_t)score > s.score ? (int64_t)score : s.score);
	type_keys(t, "n");
	wait_text(t, "Start a new game? (y/n)");
	type_keys(t, "y");
	/* The top line (moves) and the bottom one (the ID) may come in separate passes. */
	char old_id[] = "2048:3x3:s2";
	assert_true(e2e_wait(t, another_game_shown, old_id, WAIT_MS));
	assert_true(e2e_2048_status(t, &s));
	assert_int_equal(s.moves, 0);
	assert_int_equal(s.best, score);
}

/* H asked again for the position it was given for counts once, and goes with the score
 * (issue 17: every H counted). */
static void test_2048_hints_count_once_per_position(void **state)
{
	char cfg[4300];
	char keys[512];
	uint64_t score;
	int n = e2e_play_losing_moves(1, keys, sizeof keys, &score);
	struct e2e_2048_status s;
	struct e2e_term *t = start_anns_3x3(state, cfg, sizeof cfg, &s);
	type_keys(t, "H");
	wait_text(t, "Hint: slide");
	type_keys(t, "HH");
	slide_keys(t, keys, 0);
	wait_text(t, "Rank 1 on this scoreboard (lost)");
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	struct e2e_run r;
	run(&r, "--config", cfg, "scores", "2048", NULL);
	assert_run_exit(&r, 0);
	char own[256], expected[64];
	squeeze(r.out, own, sizeof own);
	snprintf(expected, sizeof expected, " 1 Ann %llu %d 1 ", (unsigned long long)score, n);
	if (!strstr(own, expected))
		fail_msg("expected '%s' (score, moves, hints) in: %s", expected, own);
	e2e_run_free(&r);
}

/* ---- tests: the daily puzzle ---- */

#define DEC_7_NOON "1796644800" /* TILECADE_TEST_NOW: 2026-12-07 12:00 UTC */
#define DEC_8_NOON "1796731200"

/* The row of the Daily list that names this game, or fails. */
static const char *daily_row(struct e2e_term *t, const char *name)
{
	char text[32];
	snprintf(text, sizeof text, " %s ", name);
	int row = row_of(t, text);
	if (row < 0)
		fail_msg("no row of %s in the Daily list:\n%s", name, e2e_screen(t));
	return e2e_row(t, row);
}

/* Today's zNumbers (the test clock's day): its seed is the date, and a win goes on the day's
 * board. q goes back to the Daily list, which ticks it with its best and names every game
 * rather than showing its game ID; at 40 columns too. */
static void test_daily_znumbers_is_todays_and_scored_on_its_day(void **state)
{
	setenv("TILECADE_TEST_NOW", DEC_7_NOON, 1);
	struct e2e_term *t = tilecade(state, "znumbers", "--daily", NULL);
	struct e2e_zn_model g;
	e2e_zn_model_attach(&g, t);
	assert_string_equal(g.id, "znumbers:6x6a60:s1020261207");
	while (g.moves < g.plan_len)
		e2e_zn_model_play_next(&g);
	char time[16];
	won_time(&g, time, sizeof time);
	leave_finished(t, "Daily puzzles of 2026-12-07");
	wait_text(t, "Daily puzzles of 2026-12-07");
	settle(t);
	const char *zn = daily_row(t, "zNumbers");
	char best[32];
	snprintf(best, sizeof best, "best %s", time);
	if (!strstr(zn, "✓") || !strstr(zn, best) || !strstr(zn, "▸"))
		fail_msg("expected zNumbers selected, ticked with '%s':\n%s", best, e2e_screen(t));
	static const char *const games[] = {"zNumbers", "Match-3", "Sudoku", "2048"};
	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		const char *row = daily_row(t, games[i]);
		if (strstr(row, ":s") || strstr(row, "1020261207"))
			fail_msg("the Daily list shows a game ID:\n%s", e2e_screen(t));
		if (i > 0 && (strstr(row, "✓") || strstr(row, "best")))
			fail_msg("%s is ticked, not played:\n%s", games[i], e2e_screen(t));
	}
	/* Narrow, the description is cut, not the tick and the best (40 columns cut the tick). */
	assert_true(e2e_resize(t, 12, 40));
	char ticked[40];
	snprintf(ticked, sizeof ticked, "✓ %s", best);
	if (!e2e_wait_row(t, "zNumbers   6x6 board,…", ticked, WAIT_MS))
		fail_msg("at 40 columns zNumbers has no '%s':\n%s", ticked, e2e_screen(t));
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);

	struct e2e_run r;
	run(&r, "scores", "znumbers", NULL);
	assert_run_exit(&r, 0);
	const char *title = "zNumbers · daily 2026-12-07\n";
	assert_true(strncmp(r.out, title, strlen(title)) == 0);
	char own[128];
	snprintf(own, sizeof own, "1  %s", login_name());
	assert_non_null(strstr(r.out, own));
	e2e_run_free(&r);
}


/* The output of `tilecade scores znumbers`. */
static char *znumbers_boards(void)
{
	struct e2e_run r;
	run(&r, "scores", "znumbers", NULL);
	assert_run_exit(&r, 0);
	char *out = strdup(r.out);
	assert_non_null(out);
	e2e_run_free(&r);
	return out;
}

/* From the Daily list a daily went back to: the menu, and out. */
static void quit_from_the_daily_list(struct e2e_term *t)
{
	wait_text(t, "Daily puzzles of");
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
}

/* Tomorrow's daily played today by its ID is a seeded game like any other, on no daily board.
 * Today's, started as the daily, says so on its status line and goes on today's board; one
 * started today and finished tomorrow goes on no board, and says why. The days are the test
 * clock's (TILECADE_TEST_NOW), not the real date. */
static void test_a_daily_counts_on_its_own_day_started_as_the_daily(void **state)
{
	setenv("TILECADE_TEST_NOW", DEC_7_NOON, 1);
	struct e2e_term *t = tilecade(state, "--id", "znumbers:6x6a60:s1020261208", NULL);
	struct e2e_zn_model g;
	e2e_zn_model_attach(&g, t);
	assert_false(on_screen(t, "Daily 2026-12-08"));
	while (g.moves < g.plan_len)
		e2e_zn_model_play_next(&g);
	leave_finished(t, "choose a level"); /* a generated zNumbers like any other */
	type_keys(t, "q");
	wait_menu(t);
	type_keys(t, "q");
	assert_exits(t, 0);
	char *boards = znumbers_boards();
	if (strstr(boards, "daily"))
		fail_msg("tomorrow's daily played today is on a daily board:\n%s", boards);
	free(boards);

	t = tilecade(state, "znumbers", "--daily", NULL);
	e2e_zn_model_attach(&g, t);
	assert_string_equal(g.id, "znumbers:6x6a60:s1020261207");
	assert_non_null(strstr(e2e_row(t, e2e_rows(t) - 1), "Daily 2026-12-07"));
	while (g.moves < g.plan_len)
		e2e_zn_model_play_next(&g);
	wait_text(t, "Rank 1");
	leave_finished(t, "Daily puzzles of");
	quit_from_the_daily_list(t);
	boards = znumbers_boards();
	if (!strstr(boards, "zNumbers · daily 2026-12-07\n"))
		fail_msg("today's daily is not on today's board:\n%s", boards);
	free(boards);

	/* Started on the 7th, left one move before its end, finished on the 8th. */
	e2e_sandbox_forget();
	t = tilecade(state, "znumbers", "--daily", NULL);
	e2e_zn_model_attach(&g, t);
	while (g.moves < g.plan_len - 1)
		e2e_zn_model_play_next(&g);
	type_keys(t, "q");
	wait_text(t, "Leave this game? (y/n)");
	type_keys(t, "y");
	quit_from_the_daily_list(t);
	setenv("TILECADE_TEST_NOW", DEC_8_NOON, 1);
	t = tilecade(state, "--continue", NULL);
	g.t = t;
	e2e_zn_model_wait_shown(&g);
	assert_non_null(strstr(e2e_row(t, e2e_rows(t) - 1), "Daily 2026-12-07"));
	e2e_zn_model_play_next(&g);
	wait_text(t, "Not ranked: a daily counts on its own day only");
	leave_finished(t, "Daily puzzles of");
	quit_from_the_daily_list(t);
	boards = znumbers_boards();
	if (strstr(boards, "daily"))
		fail_msg("a daily finished the next day is on a daily board:\n%s", boards);
	free(boards);
}

/* Today's puzzles are the game's own defaults whatever the settings, and the menu's Daily lists
 * them. */
static void test_daily_ignores_settings_and_the_menu_lists_it(void **state)
{
	write_text(default_config, "[2048]\nsize = 5\n[znumbers]\nsize = 4x5\n");
	setenv("TILECADE_TEST_NOW", DEC_7_NOON, 1);
	struct e2e_term *t = tilecade(state, "2048", "--daily", "--no-anim", NULL);
	struct e2e_2048_status s;
	wait_2048(t, &s);
	assert_string_equal(s.id, "2048:4x4:s1020261207");
	type_keys(t, "q");
	wait_text(t, "Daily puzzles of 2026-12-07 (UTC)"); /* where a daily goes back to */
	type_keys(t, "q");
	wait_menu(t);
	/* The list is of the date it gives, today's, each game named. */
	click_text(t, "Daily ");
	wait_text(t, "Daily puzzles of 2026-12-07 (UTC)");
	wait_text(t, "4x4 board");
	wait_text(t, "6x6 board");
	/* The first is zNumbers': Enter plays it, as the daily. */
	type_keys(t, E2E_KEY_ENTER);
	struct e2e_zn_model g;
	e2e_zn_model_attach(&g, t);
	assert_string_equal(g.id, "znumbers:6x6a60:s1020261207");
	assert_non_null(strstr(e2e_row(t, e2e_rows(t) - 1), "Daily 2026-12-07"));
}

/* A daily's q goes to the Daily list and its labels say so, on the status line, in the pause
 * box, in the help and in the end's box (they said "menu"); a lost 2048 daily is finished, and
 * so ticked in the list with its best, as an ended Match-3 is (it was not). */
static void test_a_lost_daily_is_ticked_and_q_names_the_daily_list(void **state)
{
	setenv("TILECADE_TEST_NOW", DEC_7_NOON, 1);
	char keys[4096];
	uint64_t score;
	int n = e2e_play_losing_moves_of(4, 1020261207, keys, sizeof keys, &score);
	struct e2e_term *t = tilecade(state, "2048", "--daily", "--no-anim", NULL);
	struct e2e_2048_status s;
	wait_2048(t, &s);
	assert_string_equal(s.id, "2048:4x4:s1020261207");
	wait_text(t, "q daily");
	const char *bottom = e2e_row(t, e2e_rows(t) - 1);
	if (!strstr(bottom, "q daily") || strstr(bottom, "menu"))
		fail_msg("the status line does not say q goes to the daily list: %s", bottom);
	type_keys(t, "p");
	wait_text(t, "p: resume   q: daily list");
	type_keys(t, "p");
	type_keys(t, "?");
	wait_text(t, "back to the Daily list");
	assert_false(on_screen(t, "back to the menu"));
	type_keys(t, " "); /* closes the help */
	settle(t);
	assert_false(on_screen(t, "back to the Daily list"));
	slide_keys(t, keys, 0);
	wait_text(t, "Rank 1 on this scoreboard (lost)");
	assert_non_null(strstr(e2e_row(t, e2e_rows(t) - 1), "Daily 2026-12-07"));
	assert_false(on_screen(t, "menu"));
	assert_true(on_screen(t, "q: daily list"));
	assert_true(n > 0);
	type_keys(t, "q");
	wait_text(t, "Daily puzzles of 2026-12-07");
	settle(t);
	const char *row = daily_row(t, "2048");
	char best[48];
	snprintf(best, sizeof best, "best %llu (lost)", (unsigned long long)score);
	if (!strstr(row, "✓") || !strstr(row, best))
		fail_msg("the lost daily is not ticked with '%s':\n%s", best, e2e_screen(t));
	quit_from_the_daily_list(t);
}

static void test_daily_bad_command_lines(void **state)
{
	static const struct {
		const char *args[4];
		const char *named; /* what the message must name */
	} cases[] = {
	        {{"--daily"}, "--daily"},
	        {{"znumbers", "--daily", "--seed", "5"}, "--seed"},
	        {{"2048", "--daily", "--size", "5"}, "--size"},
	        /* Match-3's daily is its moves mode for everyone: no other mode or types. */
	        {{"match3", "--daily", "--mode", "goals"}, "--mode"},
	        {{"match3", "--daily", "--mode", "endless"}, "--mode"},
	        {{"match3", "--daily", "--types", "5"}, "--types"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *const *a = cases[i].args;
		struct e2e_run r;
		run(&r, a[0], a[1], a[2], a[3], NULL);
		assert_run_exit(&r, 2);
		assert_string_equal(r.out, "");
		assert_int_equal(count_lines(r.err), 1);
		assert_true(strncmp(r.err, "tilecade: ", 10) == 0);
		assert_non_null(strstr(r.err, cases[i].named));
		e2e_run_free(&r);
	}
}

/* ---- tests: settings ---- */

/* The settings file in its default place sets the size of 2048, started by name or from the
 * menu. */
static void test_config_sets_the_2048_size(void **state)
{
	write_text(default_config, "[2048]\nsize = 5\n");
	struct e2e_term *t = tilecade(state, "2048", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	assert_true(strncmp(p.id, "2048:5x5:s", 10) == 0);
	e2e_play_to(&p, 2); /* the batch mode replays a 5x5 game */
	type_keys(t, "q");
	wait_text(t, "(y/n)");
	type_keys(t, "y");
	wait_menu(t);
	type_keys(t, "5");
	wait_text(t, "2048 in progress"); /* asked before the new game replaces it (issue 27) */
	type_keys(t, "y");
	e2e_play_begin(&p, t, e2e_bin);
	assert_true(strncmp(p.id, "2048:5x5:s", 10) == 0);
	/* --size still wins over the settings. */
	t = tilecade(state, "2048", "--size", "3", "--seed", "2", "--no-anim", NULL);
	e2e_play_begin(&p, t, e2e_bin);
	assert_string_equal(p.id, "2048:3x3:s2");
}

/* Bad lines are reported on stderr with their line numbers, the first one in the menu, and the
 * game starts with the rest of the settings. */
static void test_bad_config_values_warn_and_play_on(void **state)
{
	char cfg[4300], errfile[4300];
	config_file("bad.ini",
	            "[player]\nname = Ann\n[2048]\nsize = 99\n[display]\nmouse = maybe\n"
	            "theme = mono\n",
	            cfg, sizeof cfg);
	snprintf(errfile, sizeof errfile, "%s/bad.err", e2e_sandbox);
	struct e2e_term *t = tilecade_err(state, errfile, "--config", cfg, "2048", "--seed", "7",
	                                  "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	assert_string_equal(p.id, "2048:4x4:s7"); /* the default size */
	assert_int_not_equal(e2e_mouse_mode(t), 0);
	e2e_play_to(&p, 1);
	type_keys(t, "q");
	wait_text(t, "(y/n)");
	type_keys(t, "y");
	wait_menu(t);
	int row = row_of(t, "settings: ");
	if (row < 0)
		fprintf(stderr, "no settings notice in the menu:\n%s\n", e2e_screen(t));
	assert_true(row >= 0);
	assert_non_null(strstr(e2e_row(t, row), "bad.ini"));
	type_keys(t, "q");
	assert_exits(t, 0);

	char *err = read_file(errfile, NULL), expected[9000];
	assert_non_null(err);
	snprintf(expected, sizeof expected,
	         "tilecade: %s:4: bad value '99' for size (3 to 8)\n"
	         "tilecade: %s:6: bad value 'maybe' for mouse (yes or no)\n",
	         cfg, cfg);
	assert_string_equal(err, expected);
	free(err);
}

static void test_missing_config_file_is_a_usage_error(void **state)
{
	const char *path = "/nonexistent/tilecade.ini";
	for (int with_game = 0; with_game < 2; with_game++) {
		struct e2e_run r;
		run(&r, "--config", path, with_game ? "2048" : NULL, NULL);
		assert_run_exit(&r, 2);
		assert_string_equal(r.out, "");
		assert_int_equal(count_lines(r.err), 1);
		assert_non_null(strstr(r.err, path));
		e2e_run_free(&r);
	}
	/* In a terminal too: it says so before taking the terminal. */
	char errfile[4300];
	snprintf(errfile, sizeof errfile, "%s/missing.err", e2e_sandbox);
	struct e2e_term *t = tilecade_err(state, errfile, "--config", path, NULL);
	assert_exits(t, 2);
	assert_true(e2e_terminal_given_back(t));
}

static void test_mouse_off_leaves_mouse_reporting_off(void **state)
{
	char cfg[4300];
	config_file("mouse.ini", "[display]\nmouse = no\n", cfg, sizeof cfg);
	struct e2e_term *t = tilecade(state, "--config", cfg, "--no-anim", NULL);
	wait_menu(t);
	/* Nor does any screen offer a click. */
	assert_true(on_screen(t, "Enter: choose"));
	assert_false(on_screen(t, "click"));
	assert_true(e2e_altscreen(t));
	assert_int_equal(e2e_mouse_mode(t), 0);
	type_keys(t, "5");
	struct e2e_2048_status s;
	wait_2048(t, &s);
	settle(t);
	assert_int_equal(e2e_mouse_mode(t), 0);
	type_keys(t, "?");
	wait_text(t, "(any key closes this help)"); /* its last line: the help is whole */
	assert_false(on_screen(t, "mouse drag"));
}

/* [keys] undo = z: z undoes (and U still redoes); without the binding z does nothing. */
static void test_key_binding_undo(void **state)
{
	struct e2e_term *t = tilecade(state, "2048", "--seed", "7", "--no-anim", NULL);
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 2);
	type_keys(t, "z");
	e2e_play_check(&p);

	char cfg[4300];
	config_file("keys.ini", "[keys]\nundo = z\n", cfg, sizeof cfg);
	t = tilecade(state, "--config", cfg, "2048", "--seed", "7", "--no-anim", NULL);
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 3);
	undo_2048(&p, "z");
	undo_2048(&p, "z");
	redo_2048(&p, "U");
	undo_2048(&p, "u"); /* the built-in key stays */
}

/* [keys] undo = z, help = h: the clash (h was left) is one line at the start, and the status
 * line and the help show the keys in force. */
static void test_rebound_keys_are_shown(void **state)
{
	char cfg[4300];
	config_file("keys.ini", "[keys]\nundo = z\nhelp = h\n", cfg, sizeof cfg);
	struct e2e_term *t = tilecade(state, "--config", cfg, "--no-anim", NULL);
	wait_menu(t);
	assert_true(row_of(t, "keys: h is help now, not left (left: Left)") >= 0);
	assert_true(row_of(t, "choose   h help   q quit") >= 0);
	type_keys(t, "5");
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 1);
	if (!e2e_wait_row(t, "h help   z undo", "q menu", WAIT_MS))
		fail_msg("the status line names the built-in keys:\n%s", e2e_screen(t));
	type_keys(t, "h");
	/* Rows, not the title alone: the help may come in more than one read. */
	static const char *const rows[][2] = {
	        {"z, u ", "undo"}, {"h, ? ", "this help"}, {"arrows, j k l ", "slide all tiles"}};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!e2e_wait_row(t, rows[i][0], rows[i][1], WAIT_MS))
			fail_msg("the help has no '%s  %s':\n%s", rows[i][0], rows[i][1],
			         e2e_screen(t));
	assert_false(on_screen(t, "hjkl"));
}

/* [keys] undo = 5, hint = m take two of Sudoku's own keys (issue 27: the help still said "1-9
 * write a digit" beside "5, u: undo", and nothing told of the clash): the line at the start
 * says so, and Sudoku's help leaves out the keys that now do the shared action. */
static void test_a_binding_that_takes_a_games_key_is_told(void **state)
{
	char cfg[4300];
	config_file("keys.ini", "[keys]\nundo = 5\nhint = m\n", cfg, sizeof cfg);
	struct e2e_term *t = tilecade(state, "--config", cfg, "--no-anim", NULL);
	wait_menu(t);
	assert_true(row_of(t, "keys: 5 is undo now, not Sudoku's write a digit") >= 0);
	t = tilecade(state, "--config", cfg, "sudoku", "--level", "1", "--no-anim", NULL);
	wait_text(t, "Left: ");
	type_keys(t, "?");
	static const char *const rows[][2] = {{"1-4, 6-9", "write a digit"},
	                                      {"Tab", "digits or marks mode"},
	                                      {"m, H ", "hint: technique, cells, digit"},
	                                      {"5, u", "undo"}};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!e2e_wait_row(t, rows[i][0], rows[i][1], WAIT_MS))
			fail_msg("the help has no '%s  %s':\n%s", rows[i][0], rows[i][1],
			         e2e_screen(t));
	assert_false(on_screen(t, "1-9"));
	assert_false(on_screen(t, "m, Tab"));
}

/* The six bindings: the menu's notice keeps the clashes it has room for whole and
 * counts the others (it ended in the middle of one, "x is back"). */
static void test_the_menu_counts_the_clashes_it_has_no_room_for(void **state)
{
	char cfg[4300];
	config_file("keys.ini",
	            "[keys]\nhelp = h\nundo = z\nhint = i\nback = x\npause = 5\nrestart = j\n",
	            cfg, sizeof cfg);
	struct e2e_term *t = tilecade(state, "--config", cfg, "--no-anim", NULL);
	wait_menu(t);
	assert_true(row_of(t, "keys: h is help now, not left (left: Left)") >= 0);
	assert_true(row_of(t, "and 2 more: see h help") >= 0);
	assert_false(on_screen(t, "x is back"));
}

/* [keys] help = h, back = x: the races' screens name them on their bottom lines (they said
 * "? help   q back" whatever the bindings), and x leaves as it says. */
static void test_races_show_rebound_keys(void **state)
{
	char cfg[4300];
	config_file("keys.ini", "[keys]\nhelp = h\nback = x\n", cfg, sizeof cfg);
	struct e2e_term *t = tilecade(state, "--config", cfg, "--no-anim", NULL);
	wait_menu(t);
	assert_true(row_of(t, "choose   h help   x quit") >= 0);
	type_keys(t, "r");
	wait_text(t, "No races");
	wait_text(t, "h help   x back");
	type_keys(t, "5"); /* a race of 2048 opened: its lobby */
	wait_text(t, "Enter: start   h help   x: leave");
	type_keys(t, "x"); /* the lobby left: the list again, with the race or without it */
	wait_text(t, "New race:");
	wait_text(t, "h help   x back");
	assert_false(on_screen(t, "x: leave"));
}

/* [keys] undo = q, back = u: the level lists, the Daily list, the watch list and the scores name
 * u as their way back (they said "q: back to the menu", "q back" and "q: back" whatever the
 * bindings), and u leaves. */
static void test_lists_show_the_rebound_back_key(void **state)
{
	char cfg[4300];
	config_file("keys.ini", "[keys]\nundo = q\nback = u\n", cfg, sizeof cfg);
	setenv("TILECADE_TEST_NOW", DEC_7_NOON, 1);
	struct e2e_term *t = tilecade(state, "--config", cfg, "--no-anim", NULL);
	wait_menu(t);
	static const char *const lists[][2] = {{"zNumbers ", "u: back to the menu"}, /* its levels */
	                                       {"Daily ", "u: back to the menu"},
	                                       {"Watch ", "u back"},
	                                       {"Scores ", "g: race its ghost   u: back"}};
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		click_text(t, lists[i][0]);
		wait_text(t, lists[i][1]);
		assert_false(on_screen(t, "q: back") || on_screen(t, "q back"));
		type_keys(t, "u");
		wait_menu(t);
	}
}

/* ---- tests: a database that cannot be used ---- */

static void test_corrupt_database_never_stops_play(void **state)
{
	char path[4300];
	snprintf(path, sizeof path, "%s/tilecade/tilecade.db", getenv("XDG_DATA_HOME"));
	char garbage[8192];
	for (size_t i = 0; i < sizeof garbage; i++)
		garbage[i] = "not a database\n"[i % 15];
	write_file(path, garbage, sizeof garbage);

	struct e2e_term *t = tilecade(state, "--no-anim", NULL);
	wait_menu(t);
	int row = row_of(t, "scores and saves");
	if (row < 0)
		fprintf(stderr, "no notice about the database:\n%s\n", e2e_screen(t));
	assert_true(row >= 0);
	/* One line: the menu's rows are all still there. */
	assert_true(row_of(t, "Scores ") >= 0 && row_of(t, "2048 ") >= 0);
	click_text(t, "Scores ");
	wait_text(t, "Scores are off");
	type_keys(t, "q");
	wait_menu(t);

	type_keys(t, "5");
	struct e2e_play p;
	e2e_play_begin(&p, t, e2e_bin);
	e2e_play_to(&p, 6); /* past an autosave */
	type_keys(t, "q");
	wait_text(t, "(y/n)");
	type_keys(t, "y");
	wait_menu(t);
	assert_no_continue_row(t);
	type_keys(t, "1"); /* zNumbers */
	wait_text(t, "choose a level");
	type_keys(t, E2E_KEY_ENTER);
	struct e2e_zn_model g;
	e2e_zn_model_attach(&g, t);
	e2e_zn_model_play_next(&g);
	type_keys(t, E2E_KEY_CTRL_C);
	assert_exits(t, 0);
	assert_true(e2e_terminal_given_back(t));

	size_t len;
	char *now = read_file(path, &len);
	assert_non_null(now);
	assert_int_equal(len, sizeof garbage);
	assert_memory_equal(now, garbage, sizeof garbage);
	free(now);
}

int main(void)
{
#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
	        TEST(test_hangup_keeps_the_game_for_the_menu),
	        TEST(test_sigterm_keeps_the_game_for_continue),
	        TEST(test_leaving_and_ctrl_c_keep_the_game),
	        TEST(test_a_kill_loses_at_most_the_moves_since_the_last_autosave),
	        TEST(test_continue_without_a_save),
	        TEST(test_a_game_continued_elsewhere_is_not_saved_back_on_hangup),
	        TEST(test_a_game_continued_elsewhere_ends_the_first_at_a_key),
	        TEST(test_a_game_finished_elsewhere_is_not_brought_back),
	        TEST(test_a_save_that_cannot_be_read_is_told),
	        TEST(test_restart_drops_the_autosave),
	        TEST(test_znumbers_level_kept_then_won_and_scored),
	        TEST(test_lost_2048_scored_under_the_player_name),
	        TEST(test_2048_ended_again_after_undo_keeps_its_better_end),
	        TEST(test_2048_ended_again_after_undo_and_continue_keeps_one_row),
	        TEST(test_2048_autoplayed_then_restarted_is_not_ranked),
	        TEST(test_2048_best_starts_at_the_players_best_on_the_board),
	        TEST(test_2048_hints_count_once_per_position),
	        TEST(test_daily_znumbers_is_todays_and_scored_on_its_day),
	        TEST(test_daily_ignores_settings_and_the_menu_lists_it),
	        TEST(test_a_daily_counts_on_its_own_day_started_as_the_daily),
	        TEST(test_daily_bad_command_lines),
	        TEST(test_a_lost_daily_is_ticked_and_q_names_the_daily_list),
	        TEST(test_config_sets_the_2048_size),
	        TEST(test_bad_config_values_warn_and_play_on),
	        TEST(test_missing_config_file_is_a_usage_error),
	        TEST(test_mouse_off_leaves_mouse_reporting_off),
	        TEST(test_key_binding_undo),
	        TEST(test_rebound_keys_are_shown),
	        TEST(test_a_binding_that_takes_a_games_key_is_told),
	        TEST(test_the_menu_counts_the_clashes_it_has_no_room_for),
	        TEST(test_races_show_rebound_keys),
	        TEST(test_lists_show_the_rebound_back_key),
	        TEST(test_corrupt_database_never_stops_play),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
