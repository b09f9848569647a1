/* Watching a race (issue 19) as a watcher meets it: ann opens a Sudoku race and bob joins it,
 * on one store, each in a terminal of their own; `tilecade race --watch ID` in a wide terminal
 * shows both boards side by side, their progress as they play; at 80x24 it shows one racer at
 * a time, Tab, the arrows and 1-9 switching; a race over shows its board, one in its lobby who
 * joined. TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"
#include "tilecade/races.h"
#include "tilecade/store.h"

#define WAIT_MS 10000 /* the race's countdown is 3 s */

struct race {
	struct e2e_term *ann, *bob, *wide, *narrow;
	char id[16]; /* the race's number, as its lobby shows it */
};

/* Each player's settings: their name, and the one database they share. */
static void write_config(const char *player)
{
	char dir[4400], path[4500];
	snprintf(dir, sizeof dir, "%s/%s", e2e_sandbox, player);
	mkdir(dir, 0700);
	snprintf(dir, sizeof dir, "%s/%s/tilecade", e2e_sandbox, player);
	mkdir(dir, 0700);
	snprintf(path, sizeof path, "%s/config.ini", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "[player]\nname = %s\n[storage]\ndatabase = %s/shared/tilecade.db\n", player,
	        e2e_sandbox);
	assert_int_equal(fclose(f), 0);
}

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	e2e_sandbox_no_host_config();
	char shared[4200];
	snprintf(shared, sizeof shared, "%s/shared", e2e_sandbox);
	mkdir(shared, 0700);
	write_config("ann");
	write_config("bob");
	write_config("wes");
	return 0;
}

static int setup(void **state)
{
	*state = calloc(1, sizeof(struct race));
	return 0;
}

static int teardown(void **state)
{
	struct race *r = *state;
	e2e_free(r->narrow);
	e2e_free(r->wide);
	e2e_free(r->bob);
	e2e_free(r->ann);
	free(r);
	return 0;
}

/* tilecade with these arguments as player, in a rows x cols terminal. */
static struct e2e_term *start_as(const char *player, int rows, int cols, const char *a,
                                 const char *b, const char *c, const char *d)
{
	char config[4400];
	snprintf(config, sizeof config, "XDG_CONFIG_HOME=%s/%s", e2e_sandbox, player);
	const char *argv[] = {e2e_bin, a, b, c, d, NULL};
	const char *env[] = {config, NULL};
	struct e2e_term *t = e2e_start(rows, cols, argv, env);
	assert_non_null(t);
	return t;
}

static void expect_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "no \"%s\" on the screen:\n%s\n", text, e2e_screen(t));
	int row, col;
	assert_true(e2e_find(t, text, &row, &col));
}

/* Ann opens the race and starts it once bob has joined: both play the same Sudoku. */
static void open_race(struct race *r)
{
	r->ann = start_as("ann", 24, 80, "race", "sudoku", "--seed", "5");
	expect_text(r->ann, "Enter: start");
	int row, col;
	assert_true(e2e_find(r->ann, "Race #", &row, &col));
	snprintf(r->id, sizeof r->id, "%d", atoi(e2e_row(r->ann, row) + col + 6));
	r->bob = start_as("bob", 24, 80, "race", "--join", r->id, NULL);
	expect_text(r->ann, "bob");
	assert_true(e2e_send_str(r->ann, "\r"));
	expect_text(r->ann, "Digits");
	expect_text(r->bob, "Digits");
}

/* The racer one at a time shows: the line on the screen's second row names them. */
static bool shows(struct e2e_term *t, void *player)
{
	return strstr(e2e_row(t, 1), player) != NULL;
}

static void expect_shown(struct e2e_term *t, const char *player)
{
	if (!e2e_wait(t, shows, (void *)player, WAIT_MS))
		fprintf(stderr, "not showing %s:\n%s\n", player, e2e_screen(t));
	assert_true(shows(t, (void *)player));
}

/* A wide watcher sees both boards side by side and ann's progress as she fills a cell; at
 * 80x24 one racer at a time, switched with Tab, the arrows and 1-9; ? lists the keys; q
 * leaves. */
static void test_watch_a_race(void **state)
{
	struct race *r = *state;
	open_race(r);
	r->wide = start_as("wes", 40, 170, "race", "--watch", r->id, NULL);
	expect_text(r->wide, "1. ann  26/81");
	expect_text(r->wide, "1. bob  26/81");
	int ann_row, ann_col, bob_row, bob_col;
	assert_true(e2e_find(r->wide, "ann  26/81", &ann_row, &ann_col));
	assert_true(e2e_find(r->wide, "bob  26/81", &bob_row, &bob_col));
	assert_int_equal(ann_row, bob_row); /* side by side */
	assert_true(bob_col > ann_col + 40);
	expect_text(r->wide, "Race #");

	/* Ann fills the cell under her cursor: she leads. */
	assert_true(e2e_send_str(r->ann, "1"));
	expect_text(r->wide, "1. ann  27/81");
	expect_text(r->wide, "2. bob  26/81");

	r->narrow = start_as("wes", 24, 80, "race", "--watch", r->id, NULL);
	expect_text(r->narrow, "Tab, arrows or 1-9: another racer");
	expect_shown(r->narrow, "1. ann  27/81");
	int row, col; /* one board */
	expect_text(r->narrow, "╚");
	assert_true(e2e_find(r->narrow, "╔", &row, &col));
	assert_false(e2e_find_from(r->narrow, "╔", row + 1, &row, &col));
	assert_true(e2e_send_str(r->narrow, "\t"));
	expect_shown(r->narrow, "2. bob  26/81");
	assert_true(e2e_send_str(r->narrow, E2E_KEY_LEFT));
	expect_shown(r->narrow, "1. ann");
	assert_true(e2e_send_str(r->narrow, E2E_KEY_RIGHT));
	expect_shown(r->narrow, "2. bob");
	assert_true(e2e_send_str(r->narrow, "1"));
	expect_shown(r->narrow, "1. ann");
	assert_true(e2e_send_str(r->narrow, "2"));
	expect_shown(r->narrow, "2. bob");
	assert_true(e2e_send_str(r->narrow, "9")); /* no ninth racer: bob stays */
	assert_true(e2e_send_str(r->narrow, "?"));
	expect_text(r->narrow, "Race: keys");
	expect_text(r->narrow, "next racer");
	assert_true(e2e_send_str(r->narrow, " "));
	expect_shown(r->narrow, "2. bob");
	/* Bob's progress comes to the screen that shows him. */
	assert_true(e2e_send_str(r->bob, "1"));
	expect_shown(r->narrow, "1. bob  27/81");
	assert_true(e2e_send_str(r->narrow, "q"));
	assert_int_equal(e2e_wait_exit(r->narrow, WAIT_MS), 0);
	assert_true(e2e_send_str(r->wide, "q"));
	assert_int_equal(e2e_wait_exit(r->wide, WAIT_MS), 0);
}

/* The store the players share, for races written here. */
static struct tc_store *shared_store(void)
{
	char path[4300], notice[TC_STORE_NOTICE_MAX];
	snprintf(path, sizeof path, "%s/shared/tilecade.db", e2e_sandbox);
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	return st;
}

/* A race over shows its board, the pane's standing the full width, and says it is over; at
 * 40x12 too, with a bottom line that fits. */
static void test_watch_a_race_over(void **state)
{
	struct race *r = *state;
	struct tc_store *st = shared_store();
	int64_t now = tc_race_now_ms();
	int64_t id = tc_store_race_open(st, "2048", "2048:4x4:s5", "cy", 0, now - 120000);
	assert_true(id > 0);
	assert_int_equal(tc_store_race_join(st, id, "dee", now - 119000), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, id, "cy", now - 118000), 0);
	struct tc_racer won = {.outcome = TC_RACER_WON, .time_ms = 42300, .points = 20000};
	struct tc_racer left = {.outcome = TC_RACER_LEFT};
	assert_int_equal(tc_store_race_finish(st, id, "dee", &won, now - 70000), 0);
	assert_int_equal(tc_store_race_finish(st, id, "cy", &left, now - 60000), 0);
	tc_store_close(st);
	snprintf(r->id, sizeof r->id, "%lld", (long long)id);
	r->wide = start_as("wes", 24, 80, "race", "--watch", r->id, NULL);
	expect_text(r->wide, "The race is over");
	expect_text(r->wide, "q: back"); /* the bottom line: the screen is drawn */
	int row, col, cy_row;
	assert_true(e2e_find(r->wide, "won 0:42.3", &row, &col));
	assert_true(strstr(e2e_row(r->wide, row), "1 dee") != NULL);
	assert_true(col > 60); /* the full width */
	assert_true(e2e_find(r->wide, "2 cy", &cy_row, &col));
	assert_true(cy_row > row);
	assert_true(strstr(e2e_row(r->wide, cy_row), "left") != NULL);
	r->narrow = start_as("wes", 12, 40, "race", "--watch", r->id, NULL);
	expect_text(r->narrow, "The race is over");
	expect_text(r->narrow, "won 0:42.3");
	expect_text(r->narrow, "q: back");
	assert_true(e2e_send_str(r->narrow, "q"));
	assert_int_equal(e2e_wait_exit(r->narrow, WAIT_MS), 0);
}

/* A race in its lobby names who has joined while their games have not come; the bottom line
 * fits 40 columns. */
static void test_watch_a_race_in_its_lobby(void **state)
{
	struct race *r = *state;
	struct tc_store *st = shared_store();
	int64_t now = tc_race_now_ms();
	int64_t id = tc_store_race_open(st, "2048", "2048:4x4:s6", "eve", 0, now);
	assert_true(id > 0);
	assert_int_equal(tc_store_race_join(st, id, "fay", now), TC_RACE_JOINED);
	tc_store_close(st);
	snprintf(r->id, sizeof r->id, "%lld", (long long)id);
	r->narrow = start_as("wes", 12, 40, "race", "--watch", r->id, NULL);
	expect_text(r->narrow, "Waiting for the racers' games...");
	expect_text(r->narrow, "eve");
	expect_text(r->narrow, "fay");
	expect_text(r->narrow, "q: back");
	assert_true(e2e_send_str(r->narrow, "q"));
	assert_int_equal(e2e_wait_exit(r->narrow, WAIT_MS), 0);
}

/* A race that is not there is one line and no screen. */
static void test_watch_no_race(void **state)
{
	struct race *r = *state;
	r->wide = start_as("wes", 24, 80, "race", "--watch", "99", NULL);
	expect_text(r->wide, "no race #99");
	int status = e2e_wait_exit(r->wide, WAIT_MS);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(test_watch_a_race, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_watch_a_race_over, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_watch_a_race_in_its_lobby, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_watch_no_race, setup, teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, e2e_game_group_teardown);
}
