/* Live games and races across hosts (issue 20): two "hosts", each a tilecade of its own home
 * and settings on one PostgreSQL database. Host B's `live` lists host A's game, B watches it and
 * sees A's moves as they are made; A killed reads as dropped on B. A race opened on A is joined
 * from B, each racer's pane shows the other's progress, and a racer killed reads as dropped.
 * Runs inside a throwaway cluster of its own (tests/pg/in_cluster.sh: TC_TEST_DB). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"
#include "screen_2048.h"

#define WAIT_MS 10000

static const char *db;

/* A host: its home, its settings (naming its player) and its data, as environment. */
struct host {
	char home[4200], config[4300], data[4300], player[16];
	char env_home[4300], env_config[4400], env_data[4400];
	const char *env[5];
};

static void host_make(struct host *h, const char *name, const char *player)
{
	snprintf(h->home, sizeof h->home, "%s/%s", getenv("HOME"), name);
	snprintf(h->config, sizeof h->config, "%s/config", h->home);
	snprintf(h->data, sizeof h->data, "%s/data", h->home);
	snprintf(h->player, sizeof h->player, "%s", player);
	char dir[4400], file[4500];
	mkdir(h->home, 0700);
	mkdir(h->config, 0700);
	mkdir(h->data, 0700);
	snprintf(dir, sizeof dir, "%s/tilecade", h->config);
	mkdir(dir, 0700);
	snprintf(file, sizeof file, "%s/config.ini", dir);
	FILE *f = fopen(file, "w");
	assert_non_null(f);
	fprintf(f, "[player]\nname = %s\n", player);
	fclose(f);
	snprintf(h->env_home, sizeof h->env_home, "HOME=%s", h->home);
	snprintf(h->env_config, sizeof h->env_config, "XDG_CONFIG_HOME=%s", h->config);
	snprintf(h->env_data, sizeof h->env_data, "XDG_DATA_HOME=%s", h->data);
	h->env[0] = h->env_home;
	h->env[1] = h->env_config;
	h->env[2] = h->env_data;
	h->env[3] = "NO_COLOR";
	h->env[4] = NULL;
}

struct hosts {
	struct host a, b;
	struct e2e_term *on_a, *on_b, *cmd;
};

static int group_setup(void **state)
{
	db = getenv("TC_TEST_DB");
	if (!db || !*db) {
		printf("1..0 # SKIP no PostgreSQL test cluster (TC_TEST_DB unset: run through "
		       "tests/pg/in_cluster.sh)\n");
		exit(0);
	}
	if (e2e_game_group_setup(state) != 0)
		return -1;
	e2e_sandbox_no_host_config();
	return 0;
}

static int setup(void **state)
{
	struct hosts *h = calloc(1, sizeof *h);
	host_make(&h->a, "host-a", "alice");
	host_make(&h->b, "host-b", "bob");
	*state = h;
	return 0;
}

static int teardown(void **state)
{
	struct hosts *h = *state;
	e2e_free(h->on_a);
	e2e_free(h->on_b);
	e2e_free(h->cmd);
	free(h);
	return 0;
}

/* tilecade ARGS... --db DB on host h, on a terminal of its own. */
static struct e2e_term *on(const struct host *h, const char *a, const char *b, const char *c,
                           const char *d)
{
	const char *argv[] = {e2e_bin, "--db", db, a, b, c, d, NULL};
	struct e2e_term *t = e2e_start(24, 80, argv, h->env);
	assert_non_null(t);
	return t;
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "waited for '%s' on the screen:\n%s\n", text, e2e_screen(t));
	assert_true(e2e_wait_text(t, text, 0));
}

static bool moves_shown(struct e2e_term *t, void *moves)
{
	struct e2e_2048_status s;
	return e2e_2048_status(t, &s) && s.moves == *(int *)moves;
}

static void wait_moves(struct e2e_term *t, int moves)
{
	if (!e2e_wait(t, moves_shown, &moves, WAIT_MS))
		fprintf(stderr, "no 'Moves: %d':\n%s\n", moves, e2e_screen(t));
	assert_true(moves_shown(t, &moves));
}

/* The row of the screen holding `name` after column from_col, with `text` on it after. */
static bool row_says(struct e2e_term *t, void *ctx)
{
	const char *const *want = ctx;
	for (int row = 0; row < e2e_rows(t); row++) {
		const char *line = e2e_row(t, row);
		const char *at = strstr(line, want[0]);
		if (at && strstr(at, want[1]))
			return true;
	}
	return false;
}

static void wait_row(struct e2e_term *t, const char *name, const char *text)
{
	const char *want[] = {name, text};
	if (!e2e_wait(t, row_says, want, WAIT_MS))
		fprintf(stderr, "no row with '%s' then '%s':\n%s\n", name, text, e2e_screen(t));
	assert_true(row_says(t, want));
}

/* Kills a host's program as a crash or a lost host would: no word to anyone. */
static void kill_hard(struct e2e_term *t)
{
	kill(e2e_pid(t), SIGKILL);
	e2e_wait_exit(t, WAIT_MS);
}

/* Makes one move on t, which shows `moves` so far: the arrows tried in turn until one moves
 * the board (a slide against a wall is no move). */
static void make_move(struct e2e_term *t, int moves)
{
	static const char *const arrows[] = {"\033[D", "\033[A", "\033[C", "\033[B"};
	int next = moves + 1;
	for (int i = 0; i < 4 && !moves_shown(t, &next); i++) {
		assert_true(e2e_send_str(t, arrows[(moves + i) % 4]));
		assert_true(e2e_wait_input_read(t, WAIT_MS));
		e2e_wait(t, moves_shown, &next, 1000); /* none: that way was no move */
	}
	wait_moves(t, next);
}

static void live_and_watch_across_hosts(void **state)
{
	struct hosts *h = *state;
	h->on_a = on(&h->a, "2048", "--seed", "5", "--no-anim");
	wait_moves(h->on_a, 0);
	make_move(h->on_a, 0);
	/* Host B lists host A's game, once A's program has written it (it writes on its own time,
	 * never holding up play). */
	const char *want[] = {"alice", "2048:4x4:s5"};
	for (int tries = 0; tries < 50 && !(h->cmd && row_says(h->cmd, want)); tries++) {
		e2e_free(h->cmd);
		h->cmd = on(&h->b, "live", NULL, NULL, NULL);
		e2e_wait_exit(h->cmd, WAIT_MS);
	}
	wait_row(h->cmd, "alice", "2048:4x4:s5");
	/* B watches it: A's moves show as they are made, and A is told of its watcher. */
	h->on_b = on(&h->b, "watch", "alice", "--no-anim", NULL);
	wait_moves(h->on_b, 1);
	wait_text(h->on_a, "1 watching");
	for (int moves = 1; moves < 4; moves++) {
		make_move(h->on_a, moves);
		wait_moves(h->on_b, moves + 1);
	}
	/* A's program killed: B reads it as dropped. */
	kill_hard(h->on_a);
	wait_text(h->on_b, "alice's connection dropped");
	/* ... and lists it no more. */
	e2e_free(h->cmd);
	h->cmd = on(&h->b, "live", NULL, NULL, NULL);
	wait_text(h->cmd, "no games in progress");
}

static void race_across_hosts(void **state)
{
	struct hosts *h = *state;
	h->on_a = on(&h->a, "race", "2048", "--seed", "7");
	wait_text(h->on_a, "Race #");
	int row, col;
	assert_true(e2e_find(h->on_a, "Race #", &row, &col));
	char id[16];
	snprintf(id, sizeof id, "%d", atoi(e2e_row(h->on_a, row) + col + 6));
	/* B joins from the other host: both lobbies show both racers. */
	const char *argv[] = {e2e_bin, "--db", db, "race", "--join", id, NULL};
	h->on_b = e2e_start(24, 80, argv, h->b.env);
	assert_non_null(h->on_b);
	wait_text(h->on_b, "Waiting for alice to start");
	wait_row(h->on_a, "bob", "");
	assert_true(e2e_send_str(h->on_a, "\r"));
	wait_moves(h->on_a, 0);
	wait_moves(h->on_b, 0);
	/* Each pane shows the other racer's progress as they play. */
	make_move(h->on_a, 0);
	make_move(h->on_a, 1);
	make_move(h->on_b, 0);
	wait_row(h->on_b, "alice", "pts");
	wait_row(h->on_a, "bob", "pts");
	/* A racer killed reads as dropped on the other host. */
	kill_hard(h->on_a);
	wait_row(h->on_b, "alice", "dropped");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup_teardown(live_and_watch_across_hosts, setup, teardown),
	        cmocka_unit_test_setup_teardown(race_across_hosts, setup, teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, e2e_game_group_teardown);
}
