/* One arcade on two hosts (issue 20): two sshd on two loopback ports, each with an arcade
 * account of its own (its own data and settings), both settings naming the one PostgreSQL
 * database. Names are one set; a game played on one host is listed, watched and continued on
 * the other; a race opened on one is joined from the other; scores are one board; the database's
 * password, in the settings, is never shown. Runs inside a throwaway cluster of its own
 * (tests/pg/in_cluster.sh: PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE); skipped where sshd
 * cannot run (not root, not installed). */
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
#include <sys/wait.h>

#include <cmocka.h>

#include "harness.h"
#include "lose_2048.h"
#include "play_2048.h"
#include "proc.h"
#include "screen_2048.h"
#include "sshd.h"

#define WAIT_MS 10000
#define RUN_MS 20000

static const char *bin;
/* The arcade's two hosts; the second takes the first's keys. */
static struct e2e_sshd one, two;
static const char *const keys[] = {"ann", "bob", "cat", "dan", NULL};

/* The database's password, in the arcades' settings, is never shown. */
static void unshown(const char *text)
{
	const char *password = getenv("PGPASSWORD");
	if (strstr(text, password))
		fail_msg("the database's password is shown:\n%s", text);
}

/* `ssh -p PORT REQUEST` of key to host, without a terminal; its exit status. */
static int ssh_run(const struct e2e_sshd *host, const char *key, const char *request,
                   struct e2e_run *r)
{
	assert_true(e2e_sshd_run(host, key, request, RUN_MS, r));
	unshown(r->out);
	unshown(r->err);
	return WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1;
}

/* The same in a terminal. */
static struct e2e_term *ssh_term(const struct e2e_sshd *host, const char *key, const char *request)
{
	struct e2e_term *t = e2e_sshd_term(host, key, request, 24, 80);
	assert_non_null(t);
	return t;
}

/* The test's terminals, freed by its teardown. */
static struct e2e_term *first, *second;

static int terms_teardown(void **state)
{
	e2e_free(first);
	e2e_free(second);
	first = second = NULL;
	return 0;
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fail_msg("no \"%s\" on the screen:\n%s", text, e2e_screen(t));
	unshown(e2e_screen(t));
}

/* key is name on host (given now, or before). */
static void named(const struct e2e_sshd *host, const char *key, const char *name)
{
	struct e2e_run r;
	char request[64], said[96];
	snprintf(request, sizeof request, "name %s", name);
	snprintf(said, sizeof said, "you are %s on this arcade\n", name);
	int status = ssh_run(host, key, request, &r);
	if (status != 0 || strcmp(r.out, said) != 0)
		fail_msg("%s on port %d: exit %d, %s%s", request, host->port, status, r.out, r.err);
	e2e_run_free(&r);
}

static const char *arrow(char dir)
{
	return dir == 'l'   ? E2E_KEY_LEFT
	       : dir == 'r' ? E2E_KEY_RIGHT
	       : dir == 'u' ? E2E_KEY_UP
	                    : E2E_KEY_DOWN;
}

/* Until a row shows a, then b (a racer's line of the race pane), or the test fails. */
static void wait_row(struct e2e_term *t, const char *a, const char *b)
{
	if (!e2e_wait_row(t, a, b, WAIT_MS))
		fail_msg("no row with \"%s\" then \"%s\":\n%s", a, b, e2e_screen(t));
}

static void test_names_are_one_set(void **state)
{
	named(&one, "ann", "Ann");
	struct e2e_run r;
	/* Taken on the first host, taken on the second, whatever the case. */
	assert_int_equal(ssh_run(&two, "bob", "name aNN", &r), 1);
	assert_string_equal(r.err, "tilecade: the name aNN is taken: pick another\n");
	e2e_run_free(&r);
	named(&two, "bob", "Bob");
	/* A key named on one host has its name on the other. */
	assert_int_equal(ssh_run(&two, "ann", "name Annie", &r), 1);
	assert_string_equal(r.out, "you are Ann on this arcade; names do not change\n");
	e2e_run_free(&r);
	named(&one, "bob", "Bob");
}

/* A losing game's vi key as the model's slide. */
static char slide_of(char vi)
{
	return vi == 'h' ? 'l' : vi == 'l' ? 'r' : vi == 'k' ? 'u' : 'd';
}

/* Ann plays 2048 on the first host; on the second, Bob's `live` lists her game and his `watch
 * ann` shows her board move by move; her screen counts him. She loses, and her score is on the
 * second host's board. */
static void test_watched_across_hosts_and_one_board(void **state)
{
	named(&one, "ann", "Ann");
	named(&two, "bob", "Bob");
	char keys_pressed[512];
	uint64_t score;
	int n = e2e_play_losing_moves(3, keys_pressed, sizeof keys_pressed, &score);
	assert_true(n > 4 && n <= E2E_PLAY_MAX);
	first = ssh_term(&one, "ann", "2048 --size 3 --seed 3");
	struct e2e_play p, w;
	e2e_play_begin(&p, first, bin);
	assert_string_equal(p.id, "2048:3x3:s3");

	struct e2e_run r;
	assert_int_equal(ssh_run(&two, "bob", "live", &r), 0);
	if (!strstr(r.out, "Ann") || !strstr(r.out, "2048:3x3:s3"))
		fail_msg("live on the second host lists: %s%s", r.out, r.err);
	e2e_run_free(&r);

	second = ssh_term(&two, "bob", "watch ann");
	wait_text(second, "watching Ann, 1 watching");
	wait_text(first, "1 watching");
	w = p;
	w.t = second;
	e2e_play_check(&w);
	/* Each move on both boards; the last one's end box covers the board: its count then. */
	for (int i = 0; i < n; i++) {
		char dir = slide_of(keys_pressed[i]);
		e2e_send_str(first, arrow(dir));
		e2e_play_slide(&p, dir);
		e2e_play_slide(&w, dir);
		if (i == n - 1)
			break;
		e2e_play_check(&p);
		e2e_play_check(&w);
	}
	char end[64];
	snprintf(end, sizeof end, "Score %llu in %d moves", (unsigned long long)score, n);
	wait_text(first, "Game over: no moves left");
	wait_text(first, end);
	wait_text(second, "Ann lost: Game over: no moves left");
	wait_text(second, end);
	e2e_send_str(first, "q");
	wait_text(first, "zNumbers"); /* her menu */
	e2e_send_str(second, "q");
	assert_int_equal(e2e_wait_exit(second, WAIT_MS), 0);

	assert_int_equal(ssh_run(&two, "bob", "scores 2048", &r), 0);
	char points[32];
	snprintf(points, sizeof points, " %llu ", (unsigned long long)score);
	if (!strstr(r.out, "Ann") || !strstr(r.out, points))
		fail_msg("scores on the second host has not Ann's %llu:\n%s%s",
		         (unsigned long long)score, r.out, r.err);
	e2e_run_free(&r);
}

static bool continued_or_not(struct e2e_term *t, void *ctx)
{
	int row, col;
	return e2e_find(t, "Moves: ", &row, &col) || e2e_find(t, "no saved game", &row, &col);
}

/* Ann's game dropped on the first host (her ssh killed) is continued on the second: the board,
 * score and moves as they were. Her login's tilecade saves the game when sshd hangs up on it,
 * which may be a moment after the client is gone: continue is asked until it shows the game. */
static void test_continued_on_the_other_host(void **state)
{
	named(&one, "ann", "Ann");
	first = ssh_term(&one, "ann", "2048 --seed 5");
	struct e2e_play p;
	e2e_play_begin(&p, first, bin);
	for (const char *d = "ldrulurd"; *d && strlen(p.moves) < 3; d++)
		if (e2e_play_would_move(&p, *d)) {
			e2e_send_str(first, arrow(*d));
			e2e_play_slide(&p, *d);
			e2e_play_check(&p);
		}
	kill(e2e_pid(first), SIGKILL); /* the connection drops */
	e2e_wait_exit(first, WAIT_MS);
	for (int tries = 0; tries < 100; tries++) {
		e2e_free(second);
		second = ssh_term(&two, "ann", "continue");
		struct e2e_2048_status st;
		if (e2e_wait(second, continued_or_not, NULL, WAIT_MS) &&
		    e2e_2048_status(second, &st) && st.moves == (int)strlen(p.moves))
			break;
	}
	p.t = second;
	e2e_play_check(&p);
	e2e_send_str(second, "q");
	wait_text(second, "Leave this game? (y/n)");
	e2e_send_str(second, "y");
	wait_text(second, "zNumbers"); /* the menu */
	e2e_send_str(second, "q");
	assert_int_equal(e2e_wait_exit(second, WAIT_MS), 0);
}

/* One game, one program across hosts (issue 27): Ann plays 2048 on the first host to 6 moves
 * (saved at 5) and leaves that login as it is (a frozen client); on the second host she
 * continues, plays to 13 and leaves. A key on the first login then plays nothing: its tilecade
 * says in one line that the game was taken over and ends; Continue has 13 moves. */
static void test_a_game_taken_over_from_another_host(void **state)
{
	named(&one, "ann", "Ann");
	first = ssh_term(&one, "ann", "2048 --seed 7");
	struct e2e_play p;
	e2e_play_begin(&p, first, bin);
	e2e_play_to(&p, 6);
	second = ssh_term(&two, "ann", "continue");
	p.moves[5] = '\0'; /* the save */
	p.t = second;
	e2e_play_check(&p);
	e2e_play_to(&p, 13);
	e2e_send_str(second, "qy");
	wait_text(second, "zNumbers"); /* the menu */
	e2e_send_str(second, "q");
	assert_int_equal(e2e_wait_exit(second, WAIT_MS), 0);

	e2e_send_str(first, E2E_KEY_LEFT);
	wait_text(first, "this game was continued or replaced in another session");
	int status = e2e_wait_exit(first, WAIT_MS);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	e2e_free(second);
	second = ssh_term(&one, "ann", "continue");
	p.t = second;
	e2e_play_check(&p);
}

/* The race's number its lobby shows ("Race #12"). */
static long race_on_screen(struct e2e_term *t)
{
	int row, col;
	wait_text(t, "Race #");
	assert_true(e2e_find(t, "Race #", &row, &col));
	long id = strtol(e2e_row(t, row) + col + strlen("Race #"), NULL, 10);
	assert_true(id > 0);
	return id;
}

/* Ann opens a race on the first host; the second's `races` lists it and Bob joins it there;
 * Ann's lobby sees him; she starts it and both boards are the seed's start; each racer's pane
 * follows the other's score; both leave, and the second host's `races ID` has the result. */
static void test_a_race_across_hosts(void **state)
{
	named(&one, "ann", "Ann");
	named(&two, "bob", "Bob");
	named(&two, "cat", "Cat");
	first = ssh_term(&one, "ann", "race 2048 --seed 7");
	long id = race_on_screen(first);
	struct e2e_run r;
	char line[128];
	assert_int_equal(ssh_run(&two, "cat", "races", &r), 0);
	snprintf(line, sizeof line, "#%ld  2048:4x4:s7  Ann  1 racer  lobby\n", id);
	if (!strstr(r.out, line))
		fail_msg("races on the second host lists no %s:\n%s%s", line, r.out, r.err);
	e2e_run_free(&r);

	char join[48];
	snprintf(join, sizeof join, "race --join %ld", id);
	second = ssh_term(&two, "bob", join);
	assert_int_equal(race_on_screen(second), id);
	wait_text(first, "Bob"); /* the opener's lobby is told */

	e2e_send_str(first, "\r"); /* the opener starts it */
	struct e2e_play p, w;
	e2e_play_begin(&p, first, bin);
	assert_string_equal(p.id, "2048:4x4:s7");
	e2e_play_check(&p);
	w = p;
	w.t = second;
	e2e_play_check(&w); /* the same start on both */

	for (const char *d = "ldrulurd"; *d; d++)
		if (e2e_play_would_move(&p, *d)) {
			e2e_send_str(first, arrow(*d));
			e2e_play_slide(&p, *d);
			e2e_play_check(&p);
		}
	for (const char *d = "urdl"; *d && strlen(w.moves) < 2; d++)
		if (e2e_play_would_move(&w, *d)) {
			e2e_send_str(second, arrow(*d));
			e2e_play_slide(&w, *d);
			e2e_play_check(&w);
		}
	struct e2e_board board;
	uint64_t ann_score, bob_score;
	e2e_play_batch(bin, p.id, p.moves, &board, &ann_score);
	e2e_play_batch(bin, w.id, w.moves, &board, &bob_score);
	char points[32];
	snprintf(points, sizeof points, "%llu pts", (unsigned long long)ann_score);
	wait_row(second, "Ann", points);
	snprintf(points, sizeof points, "%llu pts", (unsigned long long)bob_score);
	wait_row(first, "Bob", points);

	e2e_send_str(second, "q");
	wait_text(second, "Leave the race? (y/n)");
	e2e_send_str(second, "y");
	wait_row(first, "Bob", "left");
	e2e_send_str(first, "q");
	wait_text(first, "Leave the race? (y/n)");
	e2e_send_str(first, "y");
	char request[32], head[64];
	snprintf(request, sizeof request, "races %ld", id);
	snprintf(head, sizeof head, "race #%ld  2048:4x4:s7  over\n", id);
	assert_int_equal(ssh_run(&two, "cat", request, &r), 0);
	if (strncmp(r.out, head, strlen(head)) != 0 || !strstr(r.out, "Ann") ||
	    !strstr(r.out, "Bob"))
		fail_msg("races %ld on the second host:\n%s%s", id, r.out, r.err);
	e2e_run_free(&r);
}

/* s's percent-encoding (RFC 3986: all but unreserved bytes), for a URL's user or password. */
/* pg_ctlcluster's stop or start of the test cluster. */
static void cluster(const char *how)
{
	char command[160];
	snprintf(command, sizeof command, "pg_ctlcluster \"$PGVERSION\" regress %s >&2", how);
	int status = system(command);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static int cluster_teardown(void **state)
{
	terms_teardown(state);
	cluster("start");
	return 0;
}

/* The database down at the start stops no player this host knows: Ann plays under the name
 * it remembers; a key new here, or a name asked for, is told to come back later. */
static void test_played_while_the_database_is_away(void **state)
{
	named(&one, "ann", "Ann");
	cluster("stop");
	first = ssh_term(&one, "ann", "2048 --seed 1");
	struct e2e_play p;
	e2e_play_begin(&p, first, bin); /* her board */
	assert_string_equal(p.id, "2048:4x4:s1");
	const char *line = "tilecade: the arcade's database cannot be reached; try again later\n";
	struct e2e_run r;
	assert_int_equal(ssh_run(&one, "dan", "scores", &r), 1);
	assert_string_equal(r.err, line);
	e2e_run_free(&r);
	assert_int_equal(ssh_run(&one, "dan", "name Dan", &r), 1);
	assert_string_equal(r.err, line);
	e2e_run_free(&r);
}

static void percent_encoded(const char *s, char *buf, size_t len)
{
	size_t n = 0;
	for (; *s && n + 4 < len; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("-._~", c))
			buf[n++] = (char)c;
		else
			n += (size_t)snprintf(buf + n, len - n, "%%%02X", c);
	}
	buf[n] = '\0';
}

/* Both arcade accounts' settings name the test cluster's database by a whole URL: sshd gives
 * the forced command none of the test's PG* variables. */
static bool share_the_database(char *why, size_t len)
{
	const char *host = getenv("PGHOST"), *port = getenv("PGPORT"), *user = getenv("PGUSER"),
	           *password = getenv("PGPASSWORD"), *db = getenv("PGDATABASE");
	if (!host || !port || !user || !password || !db) {
		snprintf(why, len, "not in a test cluster (tests/pg/in_cluster.sh)");
		return false;
	}
	char u[128], pw[256], settings[1024];
	percent_encoded(user, u, sizeof u);
	percent_encoded(password, pw, sizeof pw);
	snprintf(settings, sizeof settings, "[storage]\ndatabase = postgresql://%s:%s@%s:%s/%s\n",
	         u, pw, host, port, db);
	if (!e2e_sshd_arcade_settings(&one, settings) ||
	    !e2e_sshd_arcade_settings(&two, settings)) {
		snprintf(why, len, "cannot write the arcade accounts' settings");
		return false;
	}
	return true;
}

int main(void)
{
	bin = getenv("TILECADE_BIN");
	if (!bin) {
		fprintf(stderr, "TILECADE_BIN is not set: run these tests with meson test\n");
		return 1;
	}
	char why[256];
	if (!getenv("PGVERSION")) {
		printf("1..0 # SKIP not in a test cluster (tests/pg/in_cluster.sh)\n");
		return 0;
	}
	if (e2e_sshd_start(&one, bin, keys, why, sizeof why) != 0 ||
	    e2e_sshd_start_beside(&two, &one, bin, why, sizeof why) != 0 ||
	    !share_the_database(why, sizeof why)) {
		printf("1..0 # SKIP %s\n", why);
		e2e_sshd_stop(&two);
		e2e_sshd_stop(&one);
		return 0;
	}
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_names_are_one_set),
	        cmocka_unit_test_teardown(test_watched_across_hosts_and_one_board, terms_teardown),
	        cmocka_unit_test_teardown(test_continued_on_the_other_host, terms_teardown),
	        cmocka_unit_test_teardown(test_a_game_taken_over_from_another_host, terms_teardown),
	        cmocka_unit_test_teardown(test_a_race_across_hosts, terms_teardown),
	        cmocka_unit_test_teardown(test_played_while_the_database_is_away, cluster_teardown),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	e2e_sshd_stop(&two);
	e2e_sshd_stop(&one);
	return failed;
}
