/* Signals (issue 10): SIGINT, SIGTERM, SIGHUP and SIGQUIT, sent with kill() while a game is
 * played, while an animation runs and in a menu or overlay, end tilecade within a time limit
 * without a crash, give the terminal back (main screen, cursor shown, no mouse reporting, echo
 * and canonical mode, N's kitty keyboard protocol popped) and keep the game in progress:
 * --continue (or the menu's Continue row) brings back the same position. SIGTSTP stops it with
 * the terminal given back; SIGCONT takes the terminal again, redraws the same screen, and keys
 * work until q quits with status 0. The player's Ctrl-Z does the same as SIGTSTP.
 *
 * Every case is one row of a table: a signal times a context (zNumbers mid-game, 2048 during
 * a slide's animation, match-3 during a cascade, N's play screen, the main menu with a game
 * saved, 2048's help overlay, zNumbers' "Leave this game?" question). A context knows how to
 * get there, how to see that it is back after SIGCONT and what a move is there, and how to
 * check that its game was kept.
 *
 * A job-control shell. The harness makes its child a session leader whose parent (this test)
 * is in another session: its process group is orphaned, and the kernel discards a SIGTSTP to
 * an orphaned group (POSIX), so tilecade would never stop. Like a shell, this file's own
 * binary, run as `test_signals --job-shell PROG ARGS`, stays the session leader and runs PROG
 * in a process group of its own in the foreground of the terminal; it ends as PROG ended
 * (the same exit status, or the same signal). The signals go to PROG's pid, found as the
 * shell's only child. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "grid_layout.h"
#include "harness.h"
#include "play_2048.h"
#include "sandbox.h"
#include "screen_2048.h"
#include "screen_znumbers.h"
#include "zn_model.h"
#include "tilecade/gameid.h"
#include "tilecade/match3.h"
#include "tilecade/znumbers.h"
#include "wrap.h"

/* Generous: the machine is shared and the tests also run under ASan. */
#define WAIT_MS 15000
#define QUIET_MS 60
#define MENU_TAGLINE "tile games for the terminal"
#define LEAVE_PROMPT "Leave this game? (y/n)"
#define HELP_2048 "slide all tiles" /* a line of 2048's help overlay */
#define NINJA_LEVEL "sig.txt"

static char self_exe[4096];
static char ninja_level[4300];

/* ---- the job-control shell ---- */

static _Noreturn void job_shell(char **argv)
{
	pid_t child = fork();
	if (child < 0)
		_exit(126);
	if (child == 0) {
		/* In the foreground before exec, so that its first tcsetattr is not from a
		 * background group; SIGTTOU ignored as a shell does for tcsetpgrp. */
		setpgid(0, 0);
		signal(SIGTTOU, SIG_IGN);
		tcsetpgrp(STDIN_FILENO, getpid());
		signal(SIGTTOU, SIG_DFL);
		e2e_execvp((const char *const *)argv); /* through E2E_WRAPPER too */
		_exit(127);
	}
	setpgid(child, child);
	int status;
	while (waitpid(child, &status, 0) < 0)
		if (errno != EINTR)
			_exit(126);
	if (WIFEXITED(status))
		_exit(WEXITSTATUS(status));
	/* Ends by the same signal, without a core file of its own. */
	int sig = WTERMSIG(status);
	struct rlimit no_core = {0, 0};
	setrlimit(RLIMIT_CORE, &no_core);
	signal(sig, SIG_DFL);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);
}

/* ---- a process's state in /proc ---- */

/* The state letter of pid ('R', 'S', 'T' stopped, 'Z' ...) and its parent; 0 when gone. */
static char proc_state(pid_t pid, pid_t *parent)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	const char *p = strrchr(buf, ')'); /* the name may hold anything */
	char state = 0;
	int ppid = 0;
	if (!p || sscanf(p + 1, " %c %d", &state, &ppid) != 2)
		return 0;
	if (parent)
		*parent = ppid;
	return state;
}

/* The only child of the shell: tilecade. */
static pid_t only_child(pid_t shell)
{
	char path[96];
	snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)shell, (int)shell);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	int pid = 0;
	if (fscanf(f, "%d", &pid) != 1)
		pid = 0;
	fclose(f);
	return pid;
}

/* ---- a run: one case's terminal and its game's model ---- */

struct context;

/* Match-3: the model (the backend itself) and where the view draws its tiles. */
struct m3_game {
	struct match3 m;
	struct match3 before; /* the field before the last swap, to see its animation start */
	struct tc_grid_layout layout;
};

/* 2048: the board and score after some moves, by the batch mode. */
struct g2048_want {
	char moves[E2E_PLAY_MAX + 1];
	struct e2e_board board;
	uint64_t score;
};

/* Not a signal: the player's Ctrl-Z, after which tilecade stops itself. */
#define CTRL_Z_KEY 0

struct signal_case {
	int sig; /* SIGTSTP: followed by SIGCONT; CTRL_Z_KEY: Ctrl-Z typed, then SIGCONT (fg) */
	const struct context *ctx;
};

struct run {
	const struct signal_case *c;
	struct e2e_term *t;
	pid_t game; /* tilecade's pid, 0 until known */
	struct e2e_zn_model zn;
	struct e2e_play p;       /* 2048 */
	struct g2048_want *want; /* what 2048's screen must show for the moves in p */
	struct m3_game *m3;
};

/* What a case does where it signals. */
struct context {
	/* Starts tilecade and gets to the place where the signal is sent. */
	void (*start)(struct run *r);
	/* Whether the screen shows that place again (after SIGCONT). */
	e2e_done_fn *back;
	/* A move there, checked on the screen. */
	void (*move)(struct run *r);
	/* After tilecade ended: a new run brings back the game as it was. */
	void (*kept)(struct run *r);
	bool key_reports; /* N's play screen pushes the kitty keyboard protocol */
};

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	ssize_t n = readlink("/proc/self/exe", self_exe, sizeof self_exe - 1);
	if (n <= 0) {
		perror("readlink /proc/self/exe");
		return -1;
	}
	self_exe[n] = '\0';
	/* N: an empty room, the ninja on its floor. */
	snprintf(ninja_level, sizeof ninja_level, "%s/%s", e2e_sandbox, NINJA_LEVEL);
	FILE *f = fopen(ninja_level, "w");
	if (!f)
		return -1;
	for (int i = 0; i < 713; i++)
		fputc('0', f);
	fputs("|5^300,560\n", f);
	return fclose(f) == 0 ? 0 : -1;
}

static int group_teardown(void **state)
{
	return e2e_game_group_teardown(state);
}

static int setup(void **state)
{
	struct run *r = calloc(1, sizeof *r);
	assert_non_null(r);
	r->c = *state;
	*state = r;
	e2e_sandbox_forget();
	return 0;
}

/* Ends a tilecade still running (a failed case), by its pid while the shell has not reaped it,
 * before it could write a save into the next case's sandbox. */
static void end_game(struct run *r)
{
	pid_t parent = 0;
	if (r->t && r->game > 0 && proc_state(r->game, &parent) && parent == e2e_pid(r->t)) {
		kill(r->game, SIGCONT);
		kill(r->game, SIGKILL);
		e2e_wait_exit(r->t, WAIT_MS);
	}
	e2e_free(r->t);
	r->t = NULL;
	r->game = 0;
}

static int teardown(void **state)
{
	struct run *r = *state;
	end_game(r);
	free(r->m3);
	free(r->want);
	free(r);
	e2e_sandbox_forget();
	return 0;
}

/* Starts tilecade (under the job shell) with the NULL-terminated arguments that follow, on an
 * 80x24 terminal, in the default theme whatever the caller's environment. */
static struct e2e_term *tilecade(struct run *r, ...)
{
	const char *argv[24] = {self_exe, "--job-shell", e2e_bin};
	int argc = 3;
	va_list ap;
	va_start(ap, r);
	for (const char *arg; (arg = va_arg(ap, const char *)) && argc < 23;)
		argv[argc++] = arg;
	va_end(ap);
	const char *env[] = {"NO_COLOR", NULL};
	end_game(r);
	r->t = e2e_start(24, 80, argv, env);
	assert_non_null(r->t);
	r->zn.t = r->p.t = r->t;
	return r->t;
}

static pid_t game_pid(struct run *r)
{
	if (r->game == 0)
		r->game = only_child(e2e_pid(r->t));
	if (r->game <= 0)
		fail_msg("no tilecade under the job shell");
	return r->game;
}

/* What a failure message adds: whether tilecade runs, sleeps or is stopped. */
static const char *game_state(struct run *r)
{
	static char text[64];
	if (r->game == 0 && r->t)
		r->game = only_child(e2e_pid(r->t));
	char state = r->game > 0 ? proc_state(r->game, NULL) : 0;
	snprintf(text, sizeof text, "tilecade's state: '%c'", state ? state : '?');
	return text;
}

/* ---- the screen ---- */

/* Fails with a message and the screen (printed whole: cmocka cuts long messages short). */
#define fail_screen(t, ...)                                                                        \
	do {                                                                                       \
		fprintf(stderr, __VA_ARGS__);                                                      \
		fprintf(stderr, "\nthe screen:\n%s\n", e2e_screen(t));                             \
		fail();                                                                            \
	} while (0)

static void type_keys(struct e2e_term *t, const char *keys)
{
	assert_true(e2e_send_str(t, keys));
}

static bool on_screen(struct e2e_term *t, const char *text)
{
	int row, col;
	return e2e_find(t, text, &row, &col);
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fail_screen(t, "waited for '%s' on the screen", text);
}

static void wait_gone(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_gone(t, text, WAIT_MS))
		fail_screen(t, "'%s' stays on the screen", text);
}

static void settle(struct e2e_term *t)
{
	assert_true(e2e_wait_quiet(t, QUIET_MS, WAIT_MS));
}

static bool shows_menu(struct e2e_term *t, void *unused)
{
	return on_screen(t, MENU_TAGLINE) && on_screen(t, "Scores ") && on_screen(t, "Daily ");
}

static void wait_menu(struct e2e_term *t)
{
	if (!e2e_wait(t, shows_menu, NULL, WAIT_MS))
		fail_screen(t, "no menu on the screen");
	settle(t);
}

/* ---- the terminal's modes ---- */

/* Everything tilecade takes (and so must give back), read in one go. */
static bool terminal_taken(struct e2e_term *t, bool key_reports)
{
	struct termios tio;
	return e2e_altscreen(t) && e2e_mouse_mode(t) != 0 && e2e_tty_attr(t, &tio) == 0 &&
	       !(tio.c_lflag & (ECHO | ICANON)) && (!key_reports || e2e_key_reports(t) == 1);
}

static void assert_terminal_taken(struct e2e_term *t, bool key_reports)
{
	if (!terminal_taken(t, key_reports))
		fail_msg("the terminal is not tilecade's: alt screen %d, mouse %d, key reports "
		         "\"%s\"",
		         e2e_altscreen(t), e2e_mouse_mode(t), e2e_key_reports_log(t));
}

/* ---- zNumbers, with a model of the game by the core ---- */

static bool zn_status_shown(struct e2e_term *t, void *unused)
{
	struct e2e_zn_status st;
	return e2e_zn_status(t, &st);
}

/* A zNumbers level with two moves played. */
static void zn_start(struct run *r)
{
	struct e2e_term *t = tilecade(r, "znumbers", "--id", "znumbers:level1:s0", NULL);
	if (!e2e_wait(t, zn_status_shown, NULL, WAIT_MS))
		fail_screen(t, "no zNumbers game on the screen");
	e2e_zn_model_reset(&r->zn, t, "znumbers:level1:s0");
	assert_true(r->zn.plan_len > 4); /* the game goes on after the moves of a case */
	e2e_zn_model_wait_shown(&r->zn);
	e2e_zn_model_play_next(&r->zn);
	e2e_zn_model_play_next(&r->zn);
}

static bool zn_back(struct e2e_term *t, void *run)
{
	return e2e_zn_model_shown(t, &((struct run *)run)->zn);
}

static void zn_move_next(struct run *r)
{
	e2e_zn_model_play_next(&r->zn);
}

/* --continue opens the game at the same position, and it plays on. */
static void zn_kept(struct run *r)
{
	tilecade(r, "--continue", NULL);
	e2e_zn_model_wait_shown(&r->zn);
	e2e_zn_model_play_next(&r->zn);
}

/* The same game, asked whether to leave it (q). */
static void zn_prompt_start(struct run *r)
{
	zn_start(r);
	type_keys(r->t, "q");
	wait_text(r->t, LEAVE_PROMPT);
	settle(r->t);
}

/* The question hides the board while the clock stands (no time to think for free): the
 * question is the screen; n then brings the board back as it was. */
static bool zn_prompt_back(struct e2e_term *t, void *run)
{
	(void)run;
	return on_screen(t, LEAVE_PROMPT);
}

/* n: stays in the game, which plays on. */
static void zn_prompt_move(struct run *r)
{
	type_keys(r->t, "n");
	wait_gone(r->t, LEAVE_PROMPT);
	e2e_zn_model_wait_shown(&r->zn);
	e2e_zn_model_play_next(&r->zn);
}

/* ---- 2048, with a model of the game by the batch mode ---- */

static bool shows_2048(struct e2e_term *t, void *unused)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s);
}

static const char g2048_dirs[] = "ldru";
static const char *const g2048_keys[] = {E2E_KEY_LEFT, E2E_KEY_DOWN, E2E_KEY_RIGHT, E2E_KEY_UP};

/* The next slide (in turn l d r u) that moves something: its index. */
static int next_slide(const struct e2e_play *p)
{
	for (int i = (int)strlen(p->moves);; i++) {
		assert_true(i < (int)strlen(p->moves) + 4);
		if (e2e_play_would_move(p, g2048_dirs[i % 4]))
			return i % 4;
	}
}

/* Sends a slide and tells the model, without waiting for the screen. */
static void send_slide(struct e2e_play *p)
{
	int i = next_slide(p);
	e2e_play_slide(p, g2048_dirs[i]);
	type_keys(p->t, g2048_keys[i]);
}

/* Whether the screen shows the board, score, moves and ID the model is at. */
static bool g2048_back(struct e2e_term *t, void *run)
{
	struct run *r = run;
	if (!r->want) {
		r->want = calloc(1, sizeof *r->want);
		assert_non_null(r->want);
	}
	struct g2048_want *w = r->want;
	if (!*w->moves || strcmp(w->moves, r->p.moves) != 0) {
		snprintf(w->moves, sizeof w->moves, "%s", r->p.moves);
		e2e_play_batch(e2e_bin, r->p.id, r->p.moves, &w->board, &w->score);
	}
	struct e2e_2048_status s;
	char why[256];
	return e2e_2048_status(t, &s) && s.moves == (int)strlen(r->p.moves) && s.score >= 0 &&
	       (uint64_t)s.score == w->score && strcmp(s.id, r->p.id) == 0 &&
	       e2e_2048_shows(t, &w->board, why, sizeof why);
}

/* Until the screen shows the model's game, its animation over. */
static void g2048_check(struct run *r)
{
	if (e2e_wait(r->t, g2048_back, r, WAIT_MS) && e2e_wait_quiet(r->t, QUIET_MS, WAIT_MS) &&
	    g2048_back(r->t, r))
		return;
	char board[E2E_BOARD_MAX * E2E_BOARD_MAX * 8];
	e2e_board_format(&r->want->board, board, sizeof board);
	fail_screen(r->t, "expected %s after moves '%s', score %llu (%s):\n%s", r->p.id, r->p.moves,
	            (unsigned long long)r->want->score, game_state(r), board);
}

static void slide_2048(struct run *r)
{
	send_slide(&r->p);
	g2048_check(r);
}

/* 2048 (seed 7, with its animations) with two slides played. */
static void g2048_start(struct run *r)
{
	struct e2e_term *t = tilecade(r, "2048", "--seed", "7", NULL);
	if (!e2e_wait(t, shows_2048, NULL, WAIT_MS))
		fail_screen(t, "no 2048 game on the screen");
	e2e_play_begin(&r->p, t, e2e_bin);
	slide_2048(r);
	slide_2048(r);
}

static bool moves_counted(struct e2e_term *t, void *moves)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.moves == *(int *)moves;
}

/* ... and a third slide: the signal comes as soon as its first frame is on the screen (the
 * move counted), while the slide's merge animation (90 ms) runs. */
static void g2048_slide_start(struct run *r)
{
	g2048_start(r);
	send_slide(&r->p);
	int moves = (int)strlen(r->p.moves);
	if (!e2e_wait(r->t, moves_counted, &moves, WAIT_MS))
		fail_screen(r->t, "the slide is not counted");
}

static void g2048_kept(struct run *r)
{
	tilecade(r, "--continue", NULL);
	if (!e2e_wait(r->t, shows_2048, NULL, WAIT_MS))
		fail_screen(r->t, "no 2048 game on the screen");
	g2048_check(r);
	slide_2048(r);
}

/* The help overlay over 2048. */
static void help_start(struct run *r)
{
	g2048_start(r);
	type_keys(r->t, "?");
	wait_text(r->t, HELP_2048);
	settle(r->t);
}

static bool help_back(struct e2e_term *t, void *run)
{
	return on_screen(t, HELP_2048);
}

/* Any key closes the help; then a slide. */
static void help_move(struct run *r)
{
	type_keys(r->t, "x");
	wait_gone(r->t, HELP_2048);
	g2048_check(r);
	slide_2048(r);
}

/* The main menu, with a 2048 game left in it (q, y): a signal there keeps that save. */
static void menu_start(struct run *r)
{
	g2048_start(r);
	type_keys(r->t, "q");
	wait_text(r->t, LEAVE_PROMPT);
	type_keys(r->t, "y");
	wait_menu(r->t);
	wait_text(r->t, "Continue ");
}

static bool menu_back(struct e2e_term *t, void *run)
{
	return shows_menu(t, NULL) && on_screen(t, "Continue ");
}

/* Enter on the Continue row (selected) plays the game again. */
static void menu_move(struct run *r)
{
	type_keys(r->t, E2E_KEY_ENTER);
	if (!e2e_wait(r->t, shows_2048, NULL, WAIT_MS))
		fail_screen(r->t, "Continue did not play");
	g2048_check(r);
	slide_2048(r);
}

/* ---- match-3, with a model of the game by the backend ---- */

#define M3_PARAMS "endless-8x8t8"
#define M3_SEED 7
#define M3_TILE_MIN_W 4 /* as view_match3.c */
#define M3_TILE_MIN_H 1

static const char *const m3_glyphs[M3_MAX_TYPES] = {"●", "▲", "■", "◆", "★", "♥", "♣", "♠"};

static void m3_id(char *id, size_t len)
{
	struct tc_params params;
	char err[256];
	if (match3_game.parse_params(M3_PARAMS, params.bytes, err, sizeof err) != 0)
		fail_msg("%s: %s", M3_PARAMS, err);
	assert_true(tc_gameid_format(&match3_game, params.bytes, M3_SEED, id, len) > 0);
}

/* The type a tile on the screen shows (0 when none can be read). */
static int m3_screen_type(struct e2e_term *t, const struct tc_grid_layout *l, int cell)
{
	int r = cell / l->cols, c = cell % l->cols;
	int x = tc_grid_cell_x(l, c), y = tc_grid_cell_y(l, r) + (l->tile_h - 1) / 2;
	for (int k = 0; k < l->tile_w; k++) {
		struct e2e_cell cl;
		if (!e2e_cell(t, y, x + k, &cl))
			return 0;
		for (int i = 0; i < M3_MAX_TYPES; i++)
			if (strcmp(cl.text, m3_glyphs[i]) == 0)
				return i + 1;
	}
	return 0;
}

static bool m3_field_shown(struct e2e_term *t, const struct m3_game *g, const struct match3 *m)
{
	for (int i = 0; i < m->field.size * m->field.size; i++)
		if (m3_screen_type(t, &g->layout, i) != m->field.type[i])
			return false;
	return true;
}

static bool m3_back(struct e2e_term *t, void *run)
{
	struct m3_game *g = ((struct run *)run)->m3;
	return m3_field_shown(t, g, &g->m);
}

static bool m3_animating(struct e2e_term *t, void *run)
{
	struct m3_game *g = ((struct run *)run)->m3;
	return !m3_field_shown(t, g, &g->before);
}

/* Until the screen shows the model's field, its animation over. */
static void m3_wait_field(struct run *r)
{
	if (!e2e_wait(r->t, m3_back, r, WAIT_MS) || !e2e_wait_quiet(r->t, QUIET_MS, WAIT_MS) ||
	    !m3_back(r->t, r)) {
		char text[256];
		m3_print(&r->m3->m.field, text, sizeof text);
		fail_screen(r->t, "expected field:\n%s", text);
	}
}

static void m3_click(struct run *r, int cell)
{
	const struct tc_grid_layout *l = &r->m3->layout;
	int x = tc_grid_cell_x(l, cell % l->cols) + l->tile_w / 2;
	int y = tc_grid_cell_y(l, cell / l->cols) + l->tile_h / 2;
	assert_true(e2e_mouse_press(r->t, x + 1, y + 1));
	assert_true(e2e_mouse_release(r->t, x + 1, y + 1));
}

/* A swap by two clicks, told to the model: one that cascades (two steps or more) where the
 * field has one. Returns without waiting for the screen. */
static void m3_send_swap(struct run *r)
{
	static int swaps[2 * M3_CELLS][2];
	static struct m3_resolution res;
	struct m3_game *g = r->m3;
	int n = m3_valid_swaps(&g->m.field, swaps, 2 * M3_CELLS);
	assert_true(n > 0);
	int pick = 0;
	for (int i = 0; i < n; i++) {
		struct match3 copy = g->m;
		if (m3_play_swap(&copy.field, swaps[i][0], swaps[i][1], &copy.rng, &res, NULL,
		                 NULL) &&
		    res.steps >= 2) {
			pick = i;
			break;
		}
	}
	g->before = g->m;
	struct tc_move move = {.kind = 0,
	                       .arg = {(int16_t)swaps[pick][0], (int16_t)swaps[pick][1]}};
	assert_true(match3_game.apply(&g->m, &move));
	m3_click(r, swaps[pick][0]);
	m3_click(r, swaps[pick][1]);
}

static void m3_swap(struct run *r)
{
	m3_send_swap(r);
	m3_wait_field(r);
}

/* Match-3 (with its animations) after one swap; then a swap that cascades, and the signal as
 * soon as its animation is on the screen (at least 320 ms a step). */
static void m3_cascade_start(struct run *r)
{
	if (!r->m3)
		r->m3 = calloc(1, sizeof *r->m3);
	assert_non_null(r->m3);
	char id[TC_GAMEID_MAX];
	m3_id(id, sizeof id);
	struct tc_params params;
	const struct tc_game *game;
	uint64_t seed;
	char err[256];
	assert_int_equal(tc_gameid_parse(id, &game, &params, &seed, err, sizeof err), 0);
	game->new_game(&r->m3->m, params.bytes, seed);
	struct tc_rect area = {0, 1, 80, 24 - 2 - 1}; /* the view's: all but the status lines */
	int size = r->m3->m.field.size;
	assert_true(tc_grid_fit(&r->m3->layout, size, size, area, M3_TILE_MIN_W, M3_TILE_MIN_H));
	tilecade(r, "match3", "--id", id, NULL);
	m3_wait_field(r);
	m3_swap(r);
	m3_send_swap(r);
	if (!e2e_wait(r->t, m3_animating, r, WAIT_MS))
		fail_screen(r->t, "the swap does not show");
}

static void m3_kept(struct run *r)
{
	tilecade(r, "--continue", NULL);
	m3_wait_field(r);
	m3_swap(r);
}

/* ---- N's play screen, which animates all the time ---- */

static bool status_has(struct e2e_term *t, void *text)
{
	return strstr(e2e_row(t, e2e_rows(t) - 1), text) != NULL;
}

static bool ninja_playing(struct e2e_term *t, void *unused)
{
	return status_has(t, "time ") && !on_screen(t, "Paused");
}

/* The level opened in the browser (o), played (Enter) and started: a run waits for its first
 * run, jump or stop key, and a signal must come while N is played, its clock running. */
static void ninja_start(struct run *r)
{
	struct e2e_term *t = tilecade(r, "ninja", NULL);
	wait_text(t, "Enter play");
	type_keys(t, "o");
	wait_text(t, "Open level file");
	type_keys(t, "\025"); /* Ctrl-U */
	type_keys(t, ninja_level);
	type_keys(t, E2E_KEY_ENTER);
	wait_text(t, "opened");
	type_keys(t, E2E_KEY_ENTER);
	if (!e2e_wait(t, ninja_playing, NULL, WAIT_MS))
		fail_screen(t, "no play screen");
	type_keys(t, E2E_KEY_DOWN); /* stop: the ninja stays on the floor */
	/* A second into the run (its clock counts down from 90), so that there is a run to
	 * keep. */
	if (!e2e_wait(t, status_has, "time 89 ", WAIT_MS))
		fail_screen(t, "N's clock does not run");
}

static bool ninja_back(struct e2e_term *t, void *run)
{
	return status_has(t, "time ") && e2e_key_reports(t) == 1;
}

/* p pauses the run, p again goes on. */
static void ninja_move(struct run *r)
{
	if (on_screen(r->t, "Paused")) {
		type_keys(r->t, "p");
		wait_gone(r->t, "Paused");
	}
	type_keys(r->t, "p");
	wait_text(r->t, "Paused");
	type_keys(r->t, "p");
	wait_gone(r->t, "Paused");
}

/* The menu offers the run; c continues it, paused. */
static void ninja_kept(struct run *r)
{
	struct e2e_term *t = tilecade(r, NULL);
	wait_menu(t);
	wait_text(t, "Continue ");
	wait_text(t, "N " NINJA_LEVEL);
	type_keys(t, "c");
	wait_text(t, "Paused");
	type_keys(t, "p");
	wait_gone(t, "Paused");
}

/* ---- the cases ---- */

static const struct context znumbers_play = {zn_start, zn_back, zn_move_next, zn_kept, false};
static const struct context g2048_slide_animation = {g2048_slide_start, g2048_back, slide_2048,
                                                     g2048_kept, false};
static const struct context match3_cascade = {m3_cascade_start, m3_back, m3_swap, m3_kept, false};
static const struct context ninja_play = {ninja_start, ninja_back, ninja_move, ninja_kept, true};
static const struct context main_menu = {menu_start, menu_back, menu_move, g2048_kept, false};
static const struct context help_overlay = {help_start, help_back, help_move, g2048_kept, false};
static const struct context leave_prompt = {zn_prompt_start, zn_prompt_back, zn_prompt_move,
                                            zn_kept, false};

/* Ends without a crash (the signal itself, or exit status 0), within the time limit. */
static void assert_ends_on_signal(struct e2e_term *t, int sig)
{
	int status = e2e_wait_exit(t, WAIT_MS);
	if (status == -1)
		fail_screen(t, "still running %d ms after the signal", WAIT_MS);
	if (WIFSIGNALED(status) && WTERMSIG(status) != sig)
		fail_msg("ended by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		fail_msg("exit status %d", WEXITSTATUS(status));
}

/* A signal that ends the program: the terminal given back and the game kept. */
static void ending_signal(struct run *r)
{
	const struct context *ctx = r->c->ctx;
	assert_int_equal(kill(game_pid(r), r->c->sig), 0);
	assert_ends_on_signal(r->t, r->c->sig);
	assert_true(e2e_terminal_given_back(r->t));
	r->game = 0;
	ctx->kept(r);
}

struct stop_wait {
	pid_t pid;
	char state;
};

static bool stopped_and_given_back(struct e2e_term *t, void *ctx)
{
	struct stop_wait *w = ctx;
	w->state = proc_state(w->pid, NULL);
	return w->state == 'T' && e2e_terminal_given_back(t);
}

static bool taken_and_back(struct e2e_term *t, void *ctx)
{
	struct run *r = ctx;
	return terminal_taken(t, r->c->ctx->key_reports) && r->c->ctx->back(t, r);
}

/* The kind of screen, to see q change it. */
static int screen_kind(struct e2e_term *t)
{
	if (on_screen(t, "(y/n)"))
		return 1;
	if (shows_menu(t, NULL))
		return 2;
	if (on_screen(t, "choose a level"))
		return 3;
	if (on_screen(t, "Enter play"))
		return 4;
	return 5; /* a game */
}

static bool kind_changed(struct e2e_term *t, void *kind)
{
	return screen_kind(t) != *(int *)kind;
}

/* q, answering y to any question, back to the menu and out of it: status 0. */
static void quit_with_q(struct e2e_term *t)
{
	for (int i = 0; i < 8; i++) {
		int kind = screen_kind(t);
		type_keys(t, kind == 1 ? "y" : "q");
		if (!e2e_wait(t, kind_changed, &kind, WAIT_MS))
			break; /* ended, or stuck: told below */
	}
	int status = e2e_wait_exit(t, WAIT_MS);
	if (status == -1)
		fail_screen(t, "q does not quit");
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(e2e_terminal_given_back(t));
}

/* SIGTSTP stops the program with the terminal given back; SIGCONT brings back the same screen
 * with the terminal taken again, and keys work. */
static void stop_and_continue(struct run *r)
{
	const struct context *ctx = r->c->ctx;
	struct stop_wait w = {game_pid(r), 0};
	if (r->c->sig == CTRL_Z_KEY)
		type_keys(r->t, "\032");
	else
		assert_int_equal(kill(w.pid, SIGTSTP), 0);
	if (!e2e_wait(r->t, stopped_and_given_back, &w, WAIT_MS)) {
		struct termios tio;
		e2e_tty_attr(r->t, &tio);
		fail_msg("after SIGTSTP: state '%c', alt screen %d, cursor %d, mouse %d, echo %d, "
		         "canonical %d, key reports \"%s\"",
		         w.state ? w.state : '?', e2e_altscreen(r->t), e2e_cursor_visible(r->t),
		         e2e_mouse_mode(r->t), !!(tio.c_lflag & ECHO), !!(tio.c_lflag & ICANON),
		         e2e_key_reports_log(r->t));
	}
	assert_true(e2e_terminal_given_back(r->t));

	assert_int_equal(kill(w.pid, SIGCONT), 0);
	if (!e2e_wait(r->t, taken_and_back, r, WAIT_MS))
		fail_screen(r->t, "after SIGCONT, not the same screen (state '%c')",
		            proc_state(w.pid, NULL));
	settle(r->t);
	assert_terminal_taken(r->t, ctx->key_reports);
	ctx->move(r);
	quit_with_q(r->t);
}

static void test_signal(void **state)
{
	struct run *r = *state;
	r->c->ctx->start(r);
	assert_terminal_taken(r->t, r->c->ctx->key_reports);
	if (r->c->sig == SIGTSTP || r->c->sig == CTRL_Z_KEY)
		stop_and_continue(r);
	else
		ending_signal(r);
}

/* Each case is named after its signal and where it is sent. */
#define CASE(id, signal, context) static const struct signal_case id = {signal, &context};
#define SIGNAL_CASES(X, context, where)                                                            \
	X(sigint_##where, SIGINT, context)                                                         \
	X(sigterm_##where, SIGTERM, context)                                                       \
	X(sighup_##where, SIGHUP, context)                                                         \
	X(sigquit_##where, SIGQUIT, context)                                                       \
	X(sigtstp_sigcont_##where, SIGTSTP, context)                                               \
	X(ctrl_z_fg_##where, CTRL_Z_KEY, context)
#define ALL_CASES(X)                                                                               \
	SIGNAL_CASES(X, znumbers_play, during_znumbers_play)                                       \
	SIGNAL_CASES(X, g2048_slide_animation, during_2048_slide_animation)                        \
	SIGNAL_CASES(X, match3_cascade, during_match3_cascade)                                     \
	SIGNAL_CASES(X, ninja_play, during_ninja_play)                                             \
	SIGNAL_CASES(X, main_menu, in_main_menu_with_a_save)                                       \
	SIGNAL_CASES(X, help_overlay, in_2048_help_overlay)                                        \
	SIGNAL_CASES(X, leave_prompt, in_znumbers_leave_prompt)

ALL_CASES(CASE)

#define UNIT_TEST(id, signal, context)                                                             \
	{.name = #id,                                                                              \
	 .test_func = test_signal,                                                                 \
	 .setup_func = setup,                                                                      \
	 .teardown_func = teardown,                                                                \
	 .initial_state = (void *)&id},

int main(int argc, char **argv)
{
	if (argc > 2 && strcmp(argv[1], "--job-shell") == 0)
		job_shell(argv + 2);
	const struct CMUnitTest tests[] = {ALL_CASES(UNIT_TEST)};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
