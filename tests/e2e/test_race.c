/* Races (issue 19) as two racers on one machine meet them: ann opens a race on a 2048 game, bob
 * joins it from another terminal (each named by a settings file of their own, both on the
 * default database, so one store and one live folder), the lobby lists them as they come and
 * go, ann starts it, both play the same board, each pane shows the other's score as it changes,
 * a finished game gets its rank, the time limit ends the games, and a racer whose program went
 * away comes back with --continue. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
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
#include "lose_2048.h"
#include "proc.h"
#include "sandbox.h"
#include "tilecade/races.h"
#include "tilecade/store.h"

/* Waits for text: the countdown alone takes TC_RACE_COUNTDOWN_MS. */
#define WAIT_MS 10000
/* The shortest time limit a race takes, and some room for the start. */
#define LIMIT_WAIT_MS 25000

struct racers {
	struct e2e_term *ann, *bob;
};

static char ann_ini[4200], bob_ini[4200];

static void write_settings(char *path, size_t len, const char *name)
{
	char file[64], text[64];
	snprintf(file, sizeof file, "%s.ini", name);
	snprintf(text, sizeof text, "[player]\nname = %s\n", name);
	assert_true(e2e_sandbox_file(path, len, file, text));
}

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	setenv("LC_ALL", "C.UTF-8", 1);
	e2e_sandbox_no_host_config();
	write_settings(ann_ini, sizeof ann_ini, "ann");
	write_settings(bob_ini, sizeof bob_ini, "bob");
	return 0;
}

static int setup(void **state)
{
	e2e_sandbox_forget();
	*state = calloc(1, sizeof(struct racers));
	return 0;
}

static int teardown(void **state)
{
	struct racers *r = *state;
	e2e_free(r->ann);
	e2e_free(r->bob);
	free(r);
	e2e_sandbox_forget();
	return 0;
}

/* tilecade with these words (NULL-terminated), as ann or bob, in a terminal of 80x24. */
static struct e2e_term *racer(const char *ini, const char *first, ...)
{
	const char *argv[16] = {e2e_bin, "--config", ini};
	int n = 3;
	va_list ap;
	va_start(ap, first);
	for (const char *w = first; w && n < 15; w = va_arg(ap, const char *))
		argv[n++] = w;
	va_end(ap);
	argv[n] = NULL;
	struct e2e_term *t = e2e_start(24, 80, argv, NULL);
	assert_non_null(t);
	return t;
}

static void expect_text(struct e2e_term *t, const char *text, int timeout_ms)
{
	if (!e2e_wait_text(t, text, timeout_ms))
		fprintf(stderr, "no \"%s\" on the screen:\n%s\n", text, e2e_screen(t));
	int row, col;
	assert_true(e2e_find(t, text, &row, &col));
}

/* Refused before the screen is taken (t is a race's command in a terminal, which it needs):
 * the line says, the program ends with status 1. */
static void refused_before_the_screen(struct e2e_term *t, const char *says)
{
	expect_text(t, says, WAIT_MS);
	int status = e2e_wait_exit(t, WAIT_MS);
	e2e_free(t);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);
}

static void expect_gone(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_gone(t, text, WAIT_MS))
		fail_msg("\"%s\" stays on the screen:\n%s", text, e2e_screen(t));
}

/* The racer's line of the pane: "N name  progress", the first row naming them after the
 * pane's title. */
static const char *pane_line(struct e2e_term *t, const char *name, char *buf, size_t len)
{
	int title_row, title_col;
	if (!e2e_find(t, "Race #", &title_row, &title_col))
		return "";
	char word[40];
	snprintf(word, sizeof word, " %s ", name);
	for (int row = title_row; row < e2e_rows(t); row++) {
		const char *text = e2e_row(t, row);
		if ((int)strlen(text) > title_col && strstr(text + title_col, word)) {
			snprintf(buf, len, "%s", text + title_col);
			return buf;
		}
	}
	return "";
}

struct pane_want {
	const char *name, *text;
};

static bool pane_shows(struct e2e_term *t, void *ctx)
{
	const struct pane_want *w = ctx;
	char line[256];
	return strstr(pane_line(t, w->name, line, sizeof line), w->text) != NULL;
}

/* The pane's line of name shows text. */
static void expect_pane(struct e2e_term *t, const char *name, const char *text)
{
	struct pane_want want = {name, text};
	char line[256];
	if (!e2e_wait(t, pane_shows, &want, WAIT_MS))
		fprintf(stderr, "%s's line is not \"%s\" but \"%s\":\n%s\n", name, text,
		        pane_line(t, name, line, sizeof line), e2e_screen(t));
	assert_true(pane_shows(t, &want));
}

/* The board part of the screen (left of the pane, between the status lines), row by row. */
static void board_text(struct e2e_term *t, char *buf, size_t len)
{
	int row, col;
	assert_true(e2e_find(t, "Race #", &row, &col));
	size_t used = 0;
	buf[0] = '\0';
	for (int r = 1; r < e2e_rows(t) - 2 && used < len; r++)
		used += (size_t)snprintf(buf + used, len - used, "%.*s\n", col,
		                         e2e_row(t, r)); /* bytes, but the board starts in ASCII */
}

/* Sends key again and again, as a held key repeats, until text is on the screen. */
static void hold_until_text(struct e2e_term *t, const char *key, const char *text)
{
	int row, col;
	for (int waited = 0; waited < WAIT_MS && !e2e_find(t, text, &row, &col); waited += 50) {
		assert_true(e2e_send_str(t, key));
		e2e_wait_text(t, text, 50);
	}
	expect_text(t, text, 0);
}

/* player's line of race #1's board (tilecade races 1). */
static void board_line(const char *player, char *line, size_t len)
{
	struct e2e_run run;
	const char *races[] = {e2e_bin, "races", "1", NULL};
	assert_true(e2e_run(races, WAIT_MS, &run));
	char word[40];
	snprintf(word, sizeof word, " %s ", player);
	const char *at = strstr(run.out, word);
	if (!at)
		fprintf(stderr, "no %s on the board:\n%s", player, run.out);
	assert_non_null(at);
	while (at > run.out && at[-1] != '\n')
		at--;
	snprintf(line, len, "%.*s", (int)strcspn(at, "\n"), at);
	e2e_run_free(&run);
}

/* Nothing left to --continue for player: their race's game ended for good. */
static void nothing_to_continue(const char *ini)
{
	struct e2e_run run;
	const char *cont[] = {e2e_bin, "--config", ini, "--continue", NULL};
	assert_true(e2e_run(cont, WAIT_MS, &run));
	assert_int_equal(WEXITSTATUS(run.status), 1);
	e2e_run_free(&run);
}

/* ann opens a race on 2048:4x4:s5 and bob joins it: both in its lobby, race #1. */
static void open_and_join(struct racers *r, const char *size)
{
	r->ann = size ? racer(ann_ini, "race", "2048", "--seed", "5", "--size", size, NULL)
	              : racer(ann_ini, "race", "2048", "--seed", "5", NULL);
	expect_text(r->ann, "Race #1", WAIT_MS);
	expect_text(r->ann, "ann  (opener)  (you)", WAIT_MS);
	expect_text(r->ann, "Enter: start", WAIT_MS);
	r->bob = racer(bob_ini, "race", "--join", "1", NULL);
	expect_text(r->bob, "Waiting for ann to start", WAIT_MS);
	expect_text(r->bob, "bob  (you)", WAIT_MS);
	expect_text(r->ann, "Racers: 2", WAIT_MS); /* told to ann's lobby as bob came */
	expect_text(r->ann, "  bob", WAIT_MS);
}

/* ann starts the race: a countdown on both screens, then the game on both. */
static void start(struct racers *r)
{
	assert_true(e2e_send_str(r->ann, E2E_KEY_ENTER));
	expect_text(r->bob, "Race #1 starts in", WAIT_MS);
	expect_text(r->ann, "Race #1 starts in", WAIT_MS);
	expect_text(r->ann, "Score:", WAIT_MS);
	expect_text(r->bob, "Score:", WAIT_MS);
	assert_true(e2e_wait_quiet(r->ann, 100, WAIT_MS));
	assert_true(e2e_wait_quiet(r->bob, 100, WAIT_MS));
}

/* Open, join, the lobby as racers come and go, the start with Enter, one board for both, and
 * each racer's score in the other's pane as they play. */
static void test_racers_play_the_same_game(void **state)
{
	struct racers *r = *state;
	open_and_join(r, NULL);
	/* Only the opener starts it. */
	assert_true(e2e_send_str(r->bob, E2E_KEY_ENTER));
	expect_text(r->bob, "Only the opener starts the race", WAIT_MS);
	start(r);
	expect_text(r->ann, "2048:4x4:s5", WAIT_MS);
	expect_text(r->bob, "2048:4x4:s5", WAIT_MS);
	char a[4096], b[4096];
	board_text(r->ann, a, sizeof a);
	board_text(r->bob, b, sizeof b);
	assert_string_equal(a, b);
	expect_pane(r->ann, "ann", "0 pts");
	expect_pane(r->bob, "ann", "0 pts");
	/* ann slides until she scores: bob's pane follows. */
	char line[256];
	for (int i = 0; i < 40 && strstr(pane_line(r->ann, "ann", line, sizeof line), " 0 pts");
	     i++) {
		assert_true(e2e_send_str(r->ann, i % 2 ? E2E_KEY_UP : E2E_KEY_LEFT));
		assert_true(e2e_wait_quiet(r->ann, 50, WAIT_MS));
	}
	pane_line(r->ann, "ann", line, sizeof line);
	const char *score = strstr(line, "ann");
	assert_non_null(score);
	score += 3;
	while (*score == ' ')
		score++;
	char want[32];
	snprintf(want, sizeof want, "%.*s", (int)strcspn(score, " "), score);
	strncat(want, " pts", sizeof want - strlen(want) - 1);
	assert_string_not_equal(want, "0 pts");
	expect_pane(r->bob, "ann", want);
	/* A race is one game: n starts no other. */
	assert_true(e2e_send_str(r->bob, "n"));
	expect_text(r->bob, "A race is one game", WAIT_MS);
}

/* A racer leaving the lobby is gone from it, and may join again; the opener leaving it hands
 * the race to the racer who joined next, who starts it; one leaving the race asks first,
 * counts as left, and the program ends (it was opened from the command line). */
static void test_leaving_the_lobby_and_the_race(void **state)
{
	struct racers *r = *state;
	open_and_join(r, NULL);
	assert_true(e2e_send_str(r->bob, "q"));
	assert_true(WIFEXITED(e2e_wait_exit(r->bob, WAIT_MS)));
	expect_text(r->ann, "Racers: 1", WAIT_MS);
	expect_gone(r->ann, "  bob");
	e2e_free(r->bob);
	r->bob = racer(bob_ini, "race", "--join", "1", NULL);
	expect_text(r->bob, "Waiting for ann to start", WAIT_MS);
	expect_text(r->ann, "Racers: 2", WAIT_MS);

	assert_true(e2e_send_str(r->ann, "q"));
	assert_true(WIFEXITED(e2e_wait_exit(r->ann, WAIT_MS)));
	expect_text(r->bob, "bob  (opener)  (you)", WAIT_MS);
	expect_text(r->bob, "Enter: start", WAIT_MS);
	expect_text(r->bob, "Racers: 1", WAIT_MS);
	assert_true(e2e_send_str(r->bob, E2E_KEY_ENTER));
	expect_text(r->bob, "Score:", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "q"));
	expect_text(r->bob, "Leave the race? (y/n)", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "y"));
	int status = e2e_wait_exit(r->bob, WAIT_MS);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(e2e_terminal_given_back(r->bob));
	struct e2e_run run;
	const char *races[] = {e2e_bin, "races", "1", NULL};
	assert_true(e2e_run(races, WAIT_MS, &run));
	assert_non_null(strstr(run.out, "\n1     bob               left"));
	assert_null(strstr(run.out, "ann")); /* she left before it started: no racer of it */
	e2e_run_free(&run);
}

/* A game that ends gets its rank in the race; when the last racer leaves the race is over, and
 * the finished racer is told where its board is. */
static void test_a_finish_has_its_rank(void **state)
{
	struct racers *r = *state;
	char keys[512];
	uint64_t score;
	assert_true(e2e_play_losing_moves(5, keys, sizeof keys, &score) > 0);
	open_and_join(r, "3");
	start(r);
	for (const char *k = keys; *k; k++) {
		char key[2] = {*k, '\0'};
		assert_true(e2e_send_str(r->ann, key));
	}
	expect_text(r->ann, "1st of 2 so far", WAIT_MS);
	char lost[48]; /* a game of points: the points it ranks by */
	snprintf(lost, sizeof lost, "lost %llu pts", (unsigned long long)score);
	expect_pane(r->bob, "ann", lost);
	/* Her keys do nothing more (u would undo): the race has her game's end. */
	assert_true(e2e_send_str(r->ann, "u"));
	assert_true(e2e_wait_quiet(r->ann, 100, WAIT_MS));
	expect_text(r->ann, "Game over", WAIT_MS);
	expect_text(r->ann, "1st of 2 so far", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "qy"));
	expect_text(r->ann, "Race over: 1st of 2, the board: tilecade races 1", WAIT_MS);
	expect_pane(r->ann, "bob", "left");
	struct e2e_run run;
	const char *races[] = {e2e_bin, "races", "1", NULL};
	assert_true(e2e_run(races, WAIT_MS, &run));
	char points[32];
	snprintf(points, sizeof points, "%llu", (unsigned long long)score);
	assert_non_null(strstr(run.out, points));
	assert_non_null(strstr(run.out, "lost"));
	assert_non_null(strstr(run.out, "#1")); /* her game's recording */
	e2e_run_free(&run);
}

/* The time limit ends every racer's game where it stood: on the race's board each racer ended
 * at the limit with their score and a recording of the game, which ended, ranked by their
 * progress (2048's score); a pause before it is over too, and not said. Seed 5: ann's left
 * merges two 2s (4 points), bob's up none. */
static void test_the_time_limit_ends_the_games(void **state)
{
	struct racers *r = *state;
	r->ann = racer(ann_ini, "race", "2048", "--seed", "5", "--time-limit", "10s", NULL);
	expect_text(r->ann, "Enter: start", WAIT_MS);
	expect_text(r->ann, "time limit 0:10", WAIT_MS);
	r->bob = racer(bob_ini, "race", "--join", "1", NULL);
	expect_text(r->ann, "Racers: 2", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_ENTER));
	expect_text(r->ann, "left", WAIT_MS); /* the clock in the pane: "0:09 left" */
	expect_text(r->bob, "left", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_LEFT));
	expect_text(r->ann, "Score: 4 ", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "p"));
	expect_text(r->ann, "(paused)", WAIT_MS);
	assert_true(e2e_send_str(r->bob, E2E_KEY_UP));
	expect_text(r->bob, "Moves: 1 ", WAIT_MS);
	expect_text(r->ann, "Time is up", LIMIT_WAIT_MS);
	expect_text(r->bob, "Time is up", WAIT_MS);
	expect_text(r->ann, "Race over: 1st of 2", WAIT_MS);
	expect_text(r->bob, "Race over: 2nd of 2", WAIT_MS);
	expect_pane(r->ann, "ann", "ended");
	expect_pane(r->ann, "bob", "ended");
	/* Stopped for good, which is no pause. */
	expect_gone(r->ann, "(paused)");
	expect_gone(r->ann, "Paused");
	assert_true(e2e_send_str(r->ann, E2E_KEY_RIGHT)); /* no more moves */
	assert_true(e2e_wait_quiet(r->ann, 100, WAIT_MS));
	expect_text(r->ann, "Moves: 1 ", WAIT_MS);
	struct e2e_run run;
	const char *races[] = {e2e_bin, "races", "1", NULL};
	assert_true(e2e_run(races, WAIT_MS, &run));
	/* each with their progress as it ended: what ranks them */
	const char *ann = "\n1     ann               ended    4 pts 4             0:10.0         4  #",
	           *bob = "\n2     bob               ended    0 pts 2             0:10.0         0  #";
	if (!strstr(run.out, ann) || !strstr(run.out, bob))
		fprintf(stderr, "races 1:\n%s", run.out);
	assert_non_null(strstr(run.out, ann));
	assert_non_null(strstr(run.out, bob));
	e2e_run_free(&run);
	const char *replays[] = {e2e_bin, "replay", NULL}; /* the recordings: both ended */
	assert_true(e2e_run(replays, WAIT_MS, &run));
	assert_non_null(strstr(run.out, "  ann  2048:4x4:s5  ended score=4 moves=1\n"));
	assert_non_null(strstr(run.out, "  bob  2048:4x4:s5  ended score=0 moves=1\n"));
	e2e_run_free(&run);
	assert_true(e2e_send_str(r->ann, "q"));
	assert_true(WIFEXITED(e2e_wait_exit(r->ann, WAIT_MS)));
	nothing_to_continue(ann_ini); /* the game ended for good */
}

/* A racer whose terminal hangs up is dropped; the menu's Continue says the race it goes back
 * into, and brings them back into it, pane and all (--continue does too: a level race's). */
static void test_a_dropped_racer_comes_back(void **state)
{
	struct racers *r = *state;
	open_and_join(r, NULL);
	start(r);
	assert_true(e2e_send_str(r->bob, E2E_KEY_LEFT));
	assert_true(e2e_wait_quiet(r->bob, 100, WAIT_MS));
	assert_int_equal(kill(e2e_pid(r->bob), SIGHUP), 0);
	assert_true(WIFEXITED(e2e_wait_exit(r->bob, WAIT_MS)));
	expect_pane(r->ann, "bob", "dropped");
	e2e_free(r->bob);
	r->bob = racer(bob_ini, NULL);
	expect_text(r->bob, "Continue   race #1: 2048:4x4:s5, 1 move", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "c"));
	expect_text(r->bob, "Race #1", WAIT_MS);
	expect_text(r->bob, "2048:4x4:s5", WAIT_MS);
	expect_text(r->bob, "Moves: 1", WAIT_MS);
	expect_gone(r->ann, "dropped");
	expect_pane(r->bob, "ann", "pts");
}

/* A race on a level plays the level's own game ID, the one its game has (not the seed the
 * options drew), so that a racer dropped from it comes back into it with --continue. */
static void test_a_level_race_is_the_levels_game(void **state)
{
	struct racers *r = *state;
	r->ann = racer(ann_ini, "race", "sudoku", "--level", "1", NULL);
	expect_text(r->ann, "sudoku:level1:s0", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_ENTER));
	expect_text(r->ann, "Left:", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "5")); /* in the empty cell the cursor starts on */
	expect_text(r->ann, "Moves: 1", WAIT_MS);
	assert_int_equal(kill(e2e_pid(r->ann), SIGHUP), 0);
	assert_true(WIFEXITED(e2e_wait_exit(r->ann, WAIT_MS)));
	e2e_free(r->ann);
	r->ann = racer(ann_ini, "--continue", NULL);
	expect_text(r->ann, "Race #1", WAIT_MS);
	expect_text(r->ann, "Moves: 1", WAIT_MS);
}

/* The lobby's keys under ?; too small a window shows the lobby not, nor does Enter start it. */
static void test_the_lobby_keys(void **state)
{
	struct racers *r = *state;
	r->ann = racer(ann_ini, "race", "2048", NULL);
	expect_text(r->ann, "no time limit", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "?"));
	expect_text(r->ann, "Race lobby: keys", WAIT_MS);
	expect_text(r->ann, "start the race (its opener)", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "x")); /* any key closes it */
	expect_gone(r->ann, "Race lobby: keys");
	assert_true(e2e_resize(r->ann, 8, 30));
	expect_text(r->ann, "too small", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_ENTER));
	assert_true(e2e_wait_quiet(r->ann, 300, WAIT_MS));
	assert_true(e2e_resize(r->ann, 24, 80));
	expect_text(r->ann, "Enter: start", WAIT_MS);
	struct e2e_run run;
	const char *races[] = {e2e_bin, "races", NULL};
	assert_true(e2e_run(races, WAIT_MS, &run));
	assert_non_null(strstr(run.out, "lobby\n"));
	e2e_run_free(&run);
}

/* The menu's Race screen wakes when a race changes by itself, which nobody tells: cy's lobby,
 * opened 58 s ago, starts by itself 2 s from now, and runs 3 s later. Its keys under ?; at
 * 40x12 its lines in their short forms, whole. */
static void test_the_race_screen_follows_a_race_by_itself(void **state)
{
	struct racers *r = *state;
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(NULL, notice, sizeof notice); /* the default, made */
	assert_true(tc_store_ok(st));
	int64_t opened = tc_race_now_ms() - TC_RACE_AUTOSTART_MS + 2000;
	assert_int_equal(tc_store_race_open(st, "2048", "2048:4x4:s5", "cy", 0, opened), 1);
	tc_store_close(st);
	r->bob = racer(bob_ini, NULL);
	expect_text(r->bob, "Race", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "r"));
	expect_text(r->bob, "1 racer    lobby", WAIT_MS);
	expect_text(r->bob, "1 racer    running", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "?"));
	expect_text(r->bob, "Races: keys", WAIT_MS);
	expect_text(r->bob, "open a new race of zNumbers", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "x"));
	expect_gone(r->bob, "Races: keys");
	assert_true(e2e_resize(r->bob, 12, 40));
	expect_text(r->bob, "Enter: join or watch   ? help   q back", WAIT_MS);
	expect_text(r->bob, "New race: 1-5 (? names the games)", WAIT_MS);
}

/* Programs killed without a word (kill -9) do not hold a race: the opener killed in the lobby
 * is out of it when the race is listed, and the next racer opens it; a racer killed while
 * racing, with nobody watching, reads as dropped. */
static void test_killed_programs_are_found_out(void **state)
{
	struct racers *r = *state;
	open_and_join(r, NULL);
	assert_int_equal(kill(e2e_pid(r->ann), SIGKILL), 0);
	e2e_wait_exit(r->ann, WAIT_MS);
	struct e2e_run run;
	const char *races[] = {e2e_bin, "races", NULL};
	assert_true(e2e_run(races, WAIT_MS, &run));
	assert_string_equal(run.out, "#1  2048:4x4:s5  bob  1 racer  lobby\n");
	e2e_run_free(&run);
	expect_text(r->bob, "bob  (opener)  (you)", WAIT_MS);
	expect_text(r->bob, "Racers: 1", WAIT_MS);
	assert_true(e2e_send_str(r->bob, E2E_KEY_ENTER));
	expect_text(r->bob, "Score:", WAIT_MS);
	assert_true(e2e_wait_quiet(r->bob, 100, WAIT_MS));
	assert_int_equal(kill(e2e_pid(r->bob), SIGKILL), 0);
	e2e_wait_exit(r->bob, WAIT_MS);
	const char *board[] = {e2e_bin, "races", "1", NULL};
	assert_true(e2e_run(board, WAIT_MS, &run));
	assert_non_null(strstr(run.out, "\n-     bob               dropped"));
	e2e_run_free(&run);
}

/* bob joins race #1 from a second terminal: refused in one line, exit 1. */
static void second_join_refused(void)
{
	struct e2e_term *t = racer(bob_ini, "race", "--join", "1", NULL);
	expect_text(t, "tilecade: you are in race #1 already, in another terminal", WAIT_MS);
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);
	e2e_free(t);
}

/* One player joining a race twice, from two terminals, is refused in one line while the first
 * program is in it; once that one is gone (killed), joining works again. */
static void test_a_second_join_refused(void **state)
{
	struct racers *r = *state;
	open_and_join(r, NULL);
	second_join_refused();
	start(r);
	second_join_refused();
	assert_int_equal(kill(e2e_pid(r->bob), SIGKILL), 0);
	e2e_wait_exit(r->bob, WAIT_MS);
	e2e_free(r->bob);
	r->bob = racer(bob_ini, "race", "--join", "1", NULL);
	expect_text(r->bob, "Race #1", WAIT_MS);
	expect_text(r->bob, "Score:", WAIT_MS);
}

/* The menu's Race: a race opened on a game's number, listed on the other racer's screen as it
 * opens, joined with Enter; once running, Enter there watches it. */
static void test_the_menus_race_screen(void **state)
{
	struct racers *r = *state;
	r->bob = racer(bob_ini, NULL);
	expect_text(r->bob, "Race", WAIT_MS);
	assert_true(e2e_send_str(r->bob, "r"));
	expect_text(r->bob, "No races", WAIT_MS);
	r->ann = racer(ann_ini, NULL);
	expect_text(r->ann, "Race", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "r"));
	expect_text(r->ann, "New race:", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "5")); /* 2048 */
	expect_text(r->ann, "ann  (opener)  (you)", WAIT_MS);
	expect_text(r->bob, "#1", WAIT_MS); /* listed as it opened */
	expect_text(r->bob, "lobby", WAIT_MS);
	assert_true(e2e_send_str(r->bob, E2E_KEY_ENTER));
	expect_text(r->bob, "Waiting for ann to start", WAIT_MS);
	expect_text(r->ann, "Racers: 2", WAIT_MS);
	/* bob leaves the lobby: back on the Race screen, where the race, once running, is
	 * watched. */
	assert_true(e2e_send_str(r->bob, "q"));
	expect_text(r->bob, "New race:", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_ENTER));
	expect_text(r->ann, "Score:", WAIT_MS);
	expect_text(r->bob, "running", WAIT_MS);
	assert_true(e2e_send_str(r->bob, E2E_KEY_ENTER));
	expect_text(r->bob, "q: back", WAIT_MS);
	expect_text(r->bob, "ann", WAIT_MS);
}

/* A race of N: a level generated from the seed, the same on both screens, each run's gold
 * and state in the other's pane. */
static void test_a_race_of_n(void **state)
{
	struct racers *r = *state;
	r->ann = racer(ann_ini, "race", "ninja", "--seed", "42", NULL);
	expect_text(r->ann, "ninja:seed:s42", WAIT_MS); /* its game ID, as --id takes it */
	r->bob = racer(bob_ini, "race", "--join", "1", NULL);
	expect_text(r->ann, "Racers: 2", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_ENTER));
	expect_text(r->ann, "seed 42", WAIT_MS);
	expect_text(r->ann, "Race #1", WAIT_MS);
	expect_text(r->bob, "Race #1", WAIT_MS);
	expect_pane(r->bob, "ann", "");
	expect_text(r->bob, "0/", WAIT_MS); /* "0/41 gold alive" under each name */
	expect_text(r->bob, "gold alive", WAIT_MS);
	assert_true(e2e_wait_quiet(r->ann, 200, WAIT_MS));
	assert_true(e2e_wait_quiet(r->bob, 200, WAIT_MS));
	/* The map's left part, row by row (the panel beside it differs): one level on both. */
	for (int row = 0; row < e2e_rows(r->ann) - 1; row++)
		assert_int_equal(strncmp(e2e_row(r->ann, row), e2e_row(r->bob, row), 40), 0);

	/* bob runs right into a mine (seed 42's): his run ends, recorded and linked on the
	 * race's board; r plays no other run of it. */
	hold_until_text(r->bob, E2E_KEY_RIGHT, "Killed by a mine");
	expect_text(r->bob, "1st of 2 so far", WAIT_MS);
	expect_text(r->ann, "lost 0:", WAIT_MS); /* under bob's name: N's pane has two lines */
	assert_true(e2e_send_str(r->bob, "r"));
	assert_true(e2e_wait_quiet(r->bob, 200, WAIT_MS));
	expect_text(r->bob, "Killed by a mine", 0);
	char line[256];
	board_line("bob", line, sizeof line);
	assert_non_null(strstr(line, "lost"));
	assert_non_null(strstr(line, "#1"));
	/* Over for him, q leaves at once. */
	assert_true(e2e_send_str(r->bob, "q"));
	assert_true(WIFEXITED(e2e_wait_exit(r->bob, WAIT_MS)));

	/* ann's q asks first, as in every game; n stays in the race. */
	assert_true(e2e_send_str(r->ann, E2E_KEY_LEFT));
	expect_text(r->ann, "time 89 s", WAIT_MS); /* her run's clock runs: steps played */
	assert_true(e2e_send_str(r->ann, "q"));
	expect_text(r->ann, "Leave the race? (y/n)", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "n"));
	expect_gone(r->ann, "Leave the race?");
	assert_true(e2e_send_str(r->ann, "q"));
	expect_text(r->ann, "Leave the race? (y/n)", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "y"));
	int status = e2e_wait_exit(r->ann, WAIT_MS);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	/* Counted as left, her run recorded as it stood and linked, nothing kept to continue. */
	board_line("ann", line, sizeof line);
	assert_non_null(strstr(line, "left"));
	assert_non_null(strstr(line, "#2"));
	nothing_to_continue(ann_ini);
}

/* The time limit stops an N run where it stands, as it ends the other games: the run recorded
 * as ended and linked, the race's words on the status line, only q and ? doing anything; a
 * pause before it is over too, not said. */
static void test_the_time_limit_stops_a_run_of_n(void **state)
{
	struct racers *r = *state;
	r->ann = racer(ann_ini, "race", "ninja", "--seed", "42", "--time-limit", "10s", NULL);
	expect_text(r->ann, "Enter: start", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_ENTER));
	expect_text(r->ann, "gold alive", WAIT_MS);
	assert_true(e2e_send_str(r->ann, E2E_KEY_LEFT));
	expect_text(r->ann, "time 89 s", WAIT_MS);
	assert_true(e2e_send_str(r->ann, "p"));
	expect_text(r->ann, "Paused", WAIT_MS);
	expect_text(r->ann, "Time is up", LIMIT_WAIT_MS);
	expect_text(r->ann, "Race over: 1st of 1, the board: tilecade races 1", WAIT_MS);
	expect_text(r->ann, "ended 0:10", WAIT_MS);
	expect_gone(r->ann, "Paused");
	/* p, a run key and r do nothing: the run stays where the limit stopped it. */
	int row, col;
	assert_true(e2e_find(r->ann, "time ", &row, &col));
	char clock[16];
	snprintf(clock, sizeof clock, "%.9s", e2e_row(r->ann, row) + col);
	assert_true(e2e_send_str(r->ann, "p"));
	assert_true(e2e_send_str(r->ann, E2E_KEY_LEFT));
	assert_true(e2e_send_str(r->ann, "r"));
	assert_true(e2e_wait_quiet(r->ann, 1500, WAIT_MS)); /* a running clock ticks each second */
	expect_text(r->ann, clock, 0);
	expect_text(r->ann, "Time is up", 0);
	expect_text(r->ann, "Race over: 1st of 1", 0);
	assert_true(e2e_send_str(r->ann, "q"));
	assert_true(WIFEXITED(e2e_wait_exit(r->ann, WAIT_MS)));
	char line[256];
	board_line("ann", line, sizeof line);
	assert_non_null(strstr(line, "ended"));
	assert_non_null(strstr(line, "#1"));
	struct e2e_run run; /* the recording ended too, as the board says: not left */
	const char *replays[] = {e2e_bin, "replay", NULL};
	assert_true(e2e_run(replays, WAIT_MS, &run));
	if (!strstr(run.out, "  ended "))
		fprintf(stderr, "replay:\n%s", run.out);
	assert_non_null(strstr(run.out, "  ended "));
	assert_null(strstr(run.out, "left"));
	e2e_run_free(&run);
	nothing_to_continue(ann_ini);
}

/* One player opens at most three races not over: a fourth is refused in one line. */
static void test_a_fourth_race_refused(void **state)
{
	(void)state;
	struct e2e_term *lobbies[3];
	for (int i = 0; i < 3; i++) {
		lobbies[i] = racer(ann_ini, "race", "2048", NULL);
		expect_text(lobbies[i], "Enter: start", WAIT_MS);
	}
	refused_before_the_screen(racer(ann_ini, "race", "2048", NULL),
	                          "tilecade: you have 3 races open already: leave one first");
	for (int i = 0; i < 3; i++)
		e2e_free(lobbies[i]);
}

/* What the command line refuses, in one line. */
static void test_refusals(void **state)
{
	(void)state;
	struct {
		const char *words[6];
		int status;
		const char *err;
	} cases[] = {
	        {{"race", "2048"},
	         1,
	         "tilecade: a race needs a terminal on standard input and output\n"},
	        {{"race", "--join", "1"},
	         1,
	         "tilecade: a race needs a terminal on standard input and output\n"},
	        {{"race", "2048", "--time-limit", "5s"},
	         2,
	         "tilecade: --time-limit must be from 10s to 24h, not '5s'\n"},
	        {{"race", "2048", "--moves", "l"},
	         2,
	         "tilecade: a race plays one game; drop --moves\n"},
	        {{"2048", "--join", "1"},
	         2,
	         "tilecade: --join is only for race: tilecade race --join ID\n"},
	        {{"race", "ninja", "--size", "4"},
	         2,
	         "tilecade: a race of ninja plays a level generated from a seed: it takes --seed "
	         "S or --id ninja:seed:sS, not --size\n"},
	        /* N's game IDs as scores and recordings show them (issue 27), of before too: a
	         * race is opened on them, up to the missing terminal. */
	        {{"race", "--id", "ninja:seed:s1"},
	         1,
	         "tilecade: a race needs a terminal on standard input and output\n"},
	        {{"race", "ninja", "--id", "ninja seed 1"},
	         1,
	         "tilecade: a race needs a terminal on standard input and output\n"},
	        {{"race", "ninja", "--id", "ninja:seed:s1", "--seed", "2"},
	         2,
	         "tilecade: --id ninja:seed:s1 names its level's seed: drop --seed\n"},
	        {{"race", "2048", "--id", "ninja:seed:s1"},
	         2,
	         "tilecade: --id 'ninja:seed:s1' is N's game ID, not 2048's\n"},
	        {{"race", "--id", "ninja:seed:s1x"},
	         2,
	         "tilecade: game ID 'ninja:seed:s1x' is not N's ninja:seed:sS, ninja:any:sS or "
	         "ninja:HASH\n"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *argv[10] = {e2e_bin, "--config", ann_ini};
		int n = 3;
		for (int k = 0; k < 6 && cases[i].words[k]; k++)
			argv[n++] = cases[i].words[k];
		argv[n] = NULL;
		struct e2e_run run;
		assert_true(e2e_run(argv, WAIT_MS, &run));
		assert_int_equal(WEXITSTATUS(run.status), cases[i].status);
		assert_string_equal(run.err, cases[i].err);
		e2e_run_free(&run);
	}
	/* Refused before anything was written: no race was opened. */
	const char *races[] = {e2e_bin, "races", NULL};
	struct e2e_run run;
	assert_true(e2e_run(races, WAIT_MS, &run));
	assert_string_equal(run.out, "no races\n");
	e2e_run_free(&run);
	/* With a terminal, a race that is not there is one line before the screen. */
	refused_before_the_screen(racer(bob_ini, "race", "--join", "9", NULL),
	                          "tilecade: there is no race #9 (tilecade races lists them)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_racers_play_the_same_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_leaving_the_lobby_and_the_race, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_a_finish_has_its_rank, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_the_time_limit_ends_the_games, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_a_dropped_racer_comes_back, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_a_level_race_is_the_levels_game, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_the_lobby_keys, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_the_race_screen_follows_a_race_by_itself,
	                                        setup, teardown),
	        cmocka_unit_test_setup_teardown(test_killed_programs_are_found_out, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_a_second_join_refused, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_the_menus_race_screen, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_a_race_of_n, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_the_time_limit_stops_a_run_of_n, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_a_fourth_race_refused, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, e2e_game_group_teardown);
}
