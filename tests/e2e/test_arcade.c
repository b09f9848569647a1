/* The arcade through a real OpenSSH server: sshd on 127.0.0.1 with ForceCommand `tilecade
 * arcade`, real ssh clients with keys of their own, in terminals and without. Skipped (TAP's
 * "1..0 # SKIP", which meson reads as a skip) where sshd cannot run. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <dirent.h>
#include <ftw.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "play_2048.h"
#include "proc.h"
#include "screen_2048.h"
#include "sshd.h"
#include "zn_model.h"

#define WAIT_MS 10000
#define RUN_MS 20000

static const char *bin;
static struct e2e_sshd sshd;
/* One key each; a test names the ones it needs. "new" never gets a name before its test. */
static const char *const keys[] = {"ann", "bob", "cat", "dan", "new", NULL};

/* `ssh -i KEY HOST REQUEST` without a terminal, to its end. */
static void ssh_run(const char *key, const char *request, struct e2e_run *r)
{
	assert_true(e2e_sshd_run(&sshd, key, request, RUN_MS, r));
}

/* The same in an 80x24 terminal (ssh -tt), kept in *state for teardown. */
static struct e2e_term *ssh_term(void **state, const char *key, const char *request)
{
	e2e_free(*state);
	*state = e2e_sshd_term(&sshd, key, request, 24, 80);
	assert_non_null(*state);
	return *state;
}

static int exit_status(const struct e2e_run *r)
{
	return WIFEXITED(r->status) ? WEXITSTATUS(r->status) : -1;
}

/* The key has this name (given now, or before). */
static void named(const char *key, const char *name)
{
	struct e2e_run r;
	char request[64], said[96];
	snprintf(request, sizeof request, "name %s", name);
	snprintf(said, sizeof said, "you are %s on this arcade\n", name);
	ssh_run(key, request, &r);
	if (exit_status(&r) != 0)
		fprintf(stderr, "%s: %s%s", request, r.out, r.err);
	assert_int_equal(exit_status(&r), 0);
	assert_string_equal(r.out, said);
	e2e_run_free(&r);
}

static void wait_text(struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		fprintf(stderr, "no \"%s\" on the screen:\n%s\n", text, e2e_screen(t));
	int row, col;
	assert_true(e2e_find(t, text, &row, &col));
}

static int files_seen;
static int count_file(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	files_seen++;
	return 0;
}

/* Files and folders under the arcade's data, and in the login's home folder (the forced
 * command's working folder, where a relative path would land). */
static int files_written(void)
{
	files_seen = 0;
	nftw(sshd.data, count_file, 16, FTW_PHYS);
	const char *home = getenv("HOME");
	DIR *d = opendir(home ? home : "/");
	while (d && readdir(d))
		files_seen++;
	if (d)
		closedir(d);
	return files_seen;
}

static void test_names_are_picked_once(void **state)
{
	named("ann", "Ann");
	named("ann", "Ann"); /* asking again is no error */
	struct e2e_run r;
	ssh_run("bob", "name aNN", &r); /* taken, whatever the case */
	assert_int_equal(exit_status(&r), 1);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, "tilecade: the name aNN is taken: pick another\n");
	e2e_run_free(&r);
	named("bob", "Bob");
	ssh_run("ann", "name Annie", &r); /* a known key keeps its name */
	assert_int_equal(exit_status(&r), 1);
	assert_string_equal(r.out, "you are Ann on this arcade; names do not change\n");
	e2e_run_free(&r);
	ssh_run("dan", "name -x", &r);
	assert_int_equal(exit_status(&r), 2);
	assert_non_null(strstr(r.err, "is not a name: a name is 1 to 20 letters, digits"));
	e2e_run_free(&r);
	/* A new key without a terminal must name itself first. */
	ssh_run("dan", "scores", &r);
	assert_int_equal(exit_status(&r), 1);
	assert_string_equal(
	        r.err, "tilecade: this key is new here: pick a name first, ssh HOST name NAME\n");
	e2e_run_free(&r);
}

/* One line on stderr, nothing on stdout, exit status 2, no file written. */
static void refused(const char *key, const char *request, const char *line)
{
	int before = files_written();
	struct e2e_run r;
	ssh_run(key, request, &r);
	if (exit_status(&r) != 2 || strcmp(r.err, line) != 0)
		fprintf(stderr, "%s: exit %d, stdout \"%s\", stderr \"%s\"\n", request,
		        exit_status(&r), r.out, r.err);
	assert_int_equal(exit_status(&r), 2);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, line);
	e2e_run_free(&r);
	assert_int_equal(files_written(), before);
}

static void test_refuses_shells_programs_and_files(void **state)
{
	named("ann", "Ann");
	refused("ann", "sh", "tilecade: 'sh' is not something the arcade does (try: help)\n");
	refused("ann", "cat /etc/passwd",
	        "tilecade: 'cat' is not something the arcade does (try: help)\n");
	refused("ann", "2048;sh",
	        "tilecade: '2048;sh' is not something the arcade does (try: help)\n");
	refused("ann", "2048 --seed=$(id)",
	        "tilecade: '$' is not taken in --seed's value: the arcade runs no shell and names "
	        "no files (try: help)\n");
	refused("ann", "replay /tmp/tilecade-replay.txt",
	        "tilecade: replay: '/tmp/tilecade-replay.txt' is not a recording's number (1 or "
	        "more, as #N in ssh HOST scores)\n");
	/* A refused byte in a file option's value names the option, as without it. */
	refused("ann", "2048 --config /x",
	        "tilecade: --config is not taken in the arcade: your scores, saves and settings "
	        "are kept for you\n");
	refused("ann", "2048 --bogus", "tilecade: unknown option '--bogus' (see: ssh HOST help)\n");
	refused("ann", "2048 --db x.db",
	        "tilecade: --db is not taken in the arcade: your scores, saves and settings are "
	        "kept for you\n");
	refused("ann", "2048 --config x.ini",
	        "tilecade: --config is not taken in the arcade: your scores, saves and settings "
	        "are kept for you\n");
	refused("ann", "ninja --replay x.txt",
	        "tilecade: --replay is not taken in the arcade: your scores, saves and settings "
	        "are kept for you\n");
	refused("ann", "znumbers --solve",
	        "tilecade: --solve is not taken in the arcade: it plays games; batch commands "
	        "are for a tilecade of your own\n");
	refused("ann", "2048 --moves lr",
	        "tilecade: --moves is not taken in the arcade: it plays games; batch commands "
	        "are for a tilecade of your own\n");
	/* Refused before the key is even asked for a name: nothing written for it. */
	refused("new", "sudoku --generate",
	        "tilecade: --generate is not taken in the arcade: it plays games; batch commands "
	        "are for a tilecade of your own\n");
	refused("ann", NULL, "tilecade: the menu needs a terminal: ssh -t HOST\n");
}

/* The commands that are not games take their own words only: a local option would be refused
 * offering --db and --config, which the arcade refuses too. */
static void test_commands_take_their_own_words(void **state)
{
	named("ann", "Ann");
	const char *replay = "tilecade: replay takes a recording's number, as scores shows it "
	                     "(#N), and maybe --headless: ssh -t HOST replay N (ssh HOST replay "
	                     "lists the latest)\n";
	refused("ann", "replay -1", replay);
	refused("ann", "replay 1 --headless --seed 3", replay);
	refused("ann", "replay 1 2", replay);
	/* The number is checked before the terminal these need. */
	const char *numbers[] = {"#5x", "+1", "99999999999999999999999", "01"};
	for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
		char request[64], line[160];
		snprintf(request, sizeof request, "replay %s", numbers[i]);
		snprintf(line, sizeof line,
		         "tilecade: replay: '%s' is not a recording's number (1 or more, as #N in "
		         "ssh HOST scores)\n",
		         numbers[i]);
		refused("ann", request, line);
	}
	refused("ann", "live --seed 1", "tilecade: live takes nothing more: ssh HOST live\n");
	refused("ann", "help me", "tilecade: help takes nothing more: ssh HOST help\n");
	refused("ann", "watch -x",
	        "tilecade: watch takes one player's name: ssh -t HOST watch PLAYER\n");
	const char *scores = "tilecade: scores takes a game and its --level K: ssh HOST scores "
	                     "[GAME [--level K]]\n";
	refused("ann", "scores 2048 --seed 5", scores);
	refused("ann", "scores --level 3", scores); /* which game's level 3 is not guessed */
	const char *races = "tilecade: races takes a race's number, as races shows it (#N): ssh "
	                    "HOST races [ID]\n";
	refused("ann", "races 1 2", races);
	refused("ann", "races -1", races);
	refused("ann", "races --db x", races);
	/* A path after a file option is told of the option, not as the number (issue 27). */
	const char *db = "tilecade: --db is not taken in the arcade: your scores, saves and "
	                 "settings are kept for you\n";
	refused("ann", "replay 1 --db /tmp/y", db);
	refused("ann", "races --db /tmp/q", db);
	refused("ann", "replay --headless /tmp/y",
	        "tilecade: replay: '/tmp/y' is not a recording's number (1 or more, as #N in ssh "
	        "HOST scores)\n");
	/* N's --headless plays a file, which the arcade does not take: a recording's does. */
	refused("ann", "ninja --headless",
	        "tilecade: --headless is only for a recording in the arcade: ssh HOST replay N "
	        "--headless\n");
	for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
		char request[64], line[160];
		snprintf(request, sizeof request, "races %s", numbers[i]);
		snprintf(line, sizeof line,
		         "tilecade: races: '%s' is not a race's number (1 or more, as #N in "
		         "ssh HOST races)\n",
		         numbers[i]);
		refused("ann", request, line);
	}
	/* race: a game's options but files, one of a game, --join and --watch, a terminal. */
	refused("ann", "race 2048 --db x.db",
	        "tilecade: --db is not taken in the arcade: your scores, saves and settings are "
	        "kept for you\n");
	refused("ann", "race",
	        "tilecade: race needs a game, --join ID or --watch ID: ssh -t HOST race 2048, ssh "
	        "-t HOST race --join 12\n");
	refused("ann", "race --join 1 --seed 3",
	        "tilecade: --join plays the race's game as it was opened; drop --seed\n");
	refused("ann", "race --join x",
	        "tilecade: --join takes a race's number (as #ID in ssh HOST races), not 'x'\n");
	refused("ann", "race 2048 --generate",
	        "tilecade: --generate is not taken in the arcade: it plays games; batch commands "
	        "are for a tilecade of your own\n");
	refused("ann", "race 2048 --seed 5", "tilecade: this needs a terminal: ssh -t HOST ...\n");
	refused("ann", "race --join 1", "tilecade: this needs a terminal: ssh -t HOST ...\n");
	struct e2e_run r;
	ssh_run("ann", "scores znumbers --level 3", &r);
	assert_int_equal(exit_status(&r), 0);
	e2e_run_free(&r);
	ssh_run("ann", "races 99", &r); /* no terminal needed; no such race */
	assert_int_equal(exit_status(&r), 1);
	assert_string_equal(r.err, "tilecade: there is no race #99 (ssh HOST races lists them)\n");
	e2e_run_free(&r);
}

static void test_help_lists_the_requests(void **state)
{
	struct e2e_run r;
	ssh_run("new", "help", &r);
	assert_int_equal(exit_status(&r), 0);
	const char *requests[] = {"GAME [options]", "GAME --ghost N|best", "continue",
	                          "live",           "watch PLAYER",        "scores [GAME]",
	                          "replay [N]",     "races [ID]",          "race GAME [options]",
	                          "race --join ID", "name NAME",           "help"};
	for (size_t i = 0; i < sizeof requests / sizeof *requests; i++)
		if (!strstr(r.out, requests[i]))
			fail_msg("help does not name %s:\n%s", requests[i], r.out);
	e2e_run_free(&r);
}

static void test_a_new_key_is_asked_its_name_in_the_terminal(void **state)
{
	named("ann", "Ann");
	struct e2e_term *t = ssh_term(state, "cat", NULL);
	wait_text(t, "This key is new here");
	wait_text(t, "Name:");
	e2e_send_str(t, "ANN\r");
	wait_text(t, "the name ANN is taken: pick another");
	e2e_send_str(t, "two words\r");
	wait_text(t, "is not a name.");
	wait_text(t, "A name is 1 to 20 letters, digits, - _ or . (not first).");
	e2e_send_str(t, "Cat\r");
	wait_text(t, "zNumbers"); /* the menu */
	e2e_send_str(t, "q");
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
	named("cat", "Cat"); /* kept */
}

static void test_end_of_input_at_the_name_leaves(void **state)
{
	struct e2e_term *t = ssh_term(state, "new", "2048");
	wait_text(t, "Name:");
	e2e_send_str(t, "\004"); /* Ctrl-D */
	wait_text(t, "No name picked; nothing was kept.");
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
	struct e2e_run r;
	ssh_run("new", "scores", &r); /* still new */
	assert_int_equal(exit_status(&r), 1);
	e2e_run_free(&r);
}

static bool continued_or_not(struct e2e_term *t, void *ctx)
{
	int row, col;
	return e2e_find(t, "Moves: ", &row, &col) || e2e_find(t, "no saved game", &row, &col);
}

/* Until a `continue` shows the game with the model's moves: the dropped login's tilecade saves
 * it when sshd hangs up on it, which may be a moment after the client is gone. */
static struct e2e_term *continue_game(void **state, struct e2e_play *p)
{
	for (int tries = 0; tries < 100; tries++) {
		struct e2e_term *t = ssh_term(state, "ann", "continue");
		struct e2e_2048_status st;
		if (e2e_wait(t, continued_or_not, NULL, WAIT_MS) && e2e_2048_status(t, &st) &&
		    st.moves == (int)strlen(p->moves))
			return t;
		e2e_free(t);
		*state = NULL;
	}
	fail_msg("continue never showed the game of moves %s", p->moves);
	return NULL;
}

static void test_continue_brings_back_a_dropped_game_to_its_player_only(void **state)
{
	named("ann", "Ann");
	named("bob", "Bob");
	struct e2e_term *t = ssh_term(state, "ann", "2048 --seed 5");
	struct e2e_play p;
	e2e_play_begin(&p, t, bin);
	assert_string_equal(p.id, "2048:4x4:s5");
	e2e_play_to(&p, 3);
	kill(e2e_pid(t), SIGKILL); /* the connection drops */
	e2e_wait_exit(t, WAIT_MS);
	p.t = continue_game(state, &p);
	e2e_play_check(&p); /* the board, score and moves as they were */
	e2e_send_str(p.t, "q");
	/* Another key's Continue does not see it. */
	t = ssh_term(state, "bob", "continue");
	wait_text(t, "no saved game to continue");
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
}

/* Plays three slides of 2048 with this seed as key, checked against the model. */
static void play_three(struct e2e_play *p, struct e2e_term *t)
{
	e2e_play_begin(p, t, bin);
	e2e_play_to(p, 3);
}

/* The number of the arcade's recording of the game of this ID, by `replay N --headless`;
 * its outcome line in line. */
static int recording_of(const char *key, const char *id, char *line, size_t len)
{
	for (int n = 1; n <= 20; n++) {
		char request[48], want[64];
		snprintf(request, sizeof request, "replay #%d --headless", n);
		snprintf(want, sizeof want, " id=%s\n", id);
		struct e2e_run r;
		ssh_run(key, request, &r);
		size_t out = strlen(r.out), tail = strlen(want);
		bool found =
		        exit_status(&r) == 0 && out > tail && strcmp(r.out + out - tail, want) == 0;
		if (found)
			snprintf(line, len, "%s", r.out);
		e2e_run_free(&r);
		if (found)
			return n;
	}
	fail_msg("no recording of %s", id);
	return 0;
}

static bool shows_board(struct e2e_term *t, void *board)
{
	char why[160];
	return e2e_2048_shows(t, board, why, sizeof why);
}

static void test_a_finished_game_replays(void **state)
{
	named("dan", "Dan");
	struct e2e_term *t = ssh_term(state, "dan", "2048 --seed 77");
	struct e2e_play p;
	play_three(&p, t);
	char moves[E2E_PLAY_MAX + 1];
	snprintf(moves, sizeof moves, "%s", p.moves);
	e2e_send_str(t, "n"); /* a new game over it: this one is left for good, and recorded */
	wait_text(t, "Start a new game? (y/n)");
	e2e_send_str(t, "y");
	wait_text(t, "Moves: 0"); /* the new game, left at once */
	e2e_send_str(t, "q");
	wait_text(t, "zNumbers");
	e2e_send_str(t, "q");
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
	/* Its outcome, without a terminal: the model's score after the three slides. */
	struct e2e_board board;
	uint64_t score;
	e2e_play_batch(bin, "2048:4x4:s77", moves, &board, &score);
	char line[160], want[96], request[32];
	int n = recording_of("dan", "2048:4x4:s77", line, sizeof line);
	snprintf(want, sizeof want, " score=%llu moves=3 id=2048:4x4:s77\n",
	         (unsigned long long)score);
	if (!strstr(line, want))
		fail_msg("replay %d --headless: %s, not ...%s", n, line, want);
	/* --headless first, as locally. */
	struct e2e_run r;
	snprintf(request, sizeof request, "replay --headless %d", n);
	ssh_run("dan", request, &r);
	assert_int_equal(exit_status(&r), 0);
	assert_string_equal(r.out, line);
	e2e_run_free(&r);
	/* Left for good, it is on no board: `replay` lists it, to anyone on the arcade. */
	ssh_run("ann", "replay", &r);
	assert_int_equal(exit_status(&r), 0);
	char listed[96];
	snprintf(listed, sizeof listed, "#%d  ", n);
	snprintf(want, sizeof want, "  Dan  2048:4x4:s77  left score=%llu moves=3\n",
	         (unsigned long long)score);
	if (strncmp(r.out, listed, strlen(listed)) != 0 || !strstr(r.out, want))
		fail_msg("replay lists no %s...%s first:\n%s", listed, want, r.out);
	e2e_run_free(&r);
	/* On a screen, by another player: End shows the last position, the model's board. */
	snprintf(request, sizeof request, "replay %d", n);
	t = ssh_term(state, "ann", request);
	wait_text(t, "2048:4x4:s77");
	e2e_send_str(t, "\033[F"); /* End */
	if (!e2e_wait(t, shows_board, &board, WAIT_MS)) {
		char why[160];
		e2e_2048_shows(t, &board, why, sizeof why);
		fail_msg("the replay's end is not the model's board (%s):\n%s", why, e2e_screen(t));
	}
	e2e_send_str(t, "q");
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
	/* Raced by another player: its game, its ghost beside it (issue 19). */
	char ghost[48];
	snprintf(request, sizeof request, "2048 --ghost %d", n);
	snprintf(ghost, sizeof ghost, "Ghost: Dan #%d", n);
	t = ssh_term(state, "ann", request);
	wait_text(t, ghost);
	wait_text(t, "2048:4x4:s77");
	e2e_send_str(t, "q");
	wait_text(t, "zNumbers"); /* the menu */
	e2e_send_str(t, "q");
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
}

/* Plays the zNumbers game on t to its win, leaves it (to its level list or the Daily list,
 * then the menu) and the arcade. */
static void win_znumbers(struct e2e_term *t, const char *list)
{
	struct e2e_zn_model g;
	e2e_zn_model_attach(&g, t);
	while (g.moves < g.plan_len)
		e2e_zn_model_play_next(&g);
	wait_text(t, "Rank 1");
	e2e_send_str(t, "q");
	wait_text(t, list);
	e2e_send_str(t, "q");
	wait_text(t, "Scores");
	e2e_send_str(t, "q");
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
}

/* A daily counts on its day, started as the daily, in the arcade as locally: tomorrow's daily
 * played by its ID goes on no daily board (it said "Rank 1" on tomorrow's), today's does. */
static void test_only_the_daily_started_as_such_is_on_a_daily_board(void **state)
{
	named("bob", "Bob");
	win_znumbers(ssh_term(state, "bob", "znumbers --id znumbers:6x6a60:s1020261208"),
	             "choose a level");
	struct e2e_run r;
	ssh_run("bob", "scores znumbers", &r);
	if (strstr(r.out, "daily"))
		fail_msg("a daily played by its ID is on a daily board:\n%s", r.out);
	e2e_run_free(&r);
	win_znumbers(ssh_term(state, "bob", "znumbers --daily"), "Daily puzzles of");
	ssh_run("bob", "scores znumbers", &r);
	if (!strstr(r.out, "zNumbers · daily ") || !strstr(r.out, "Bob"))
		fail_msg("the daily is not on its day's board:\n%s", r.out);
	e2e_run_free(&r);
}

/* Watching a player with no game sends to the arcade's own list (issue 18: "tilecade live",
 * which an arcade player cannot run). */
static void test_watching_nobody_says_where_the_games_are(void **state)
{
	named("ann", "Ann");
	struct e2e_term *t = ssh_term(state, "ann", "watch nobody");
	wait_text(t, "nobody has no game in progress (ssh HOST live lists them)");
	int status = e2e_wait_exit(t, WAIT_MS);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
}

/* The second terminal of a test with two (the first in *state), freed by two_teardown. */
static struct e2e_term *second;

static int two_teardown(void **state)
{
	e2e_free(second);
	second = NULL;
	return e2e_term_teardown(state);
}

static const char *arrow(char dir)
{
	return dir == 'l'   ? E2E_KEY_LEFT
	       : dir == 'r' ? E2E_KEY_RIGHT
	       : dir == 'u' ? E2E_KEY_UP
	                    : E2E_KEY_DOWN;
}

/* Ann plays through ssh while Bob watches through ssh, in a window of another size: Bob's board
 * is the model's after every move; `live` lists the game; Ann leaves and Bob is told. */
static void test_one_plays_and_another_watches(void **state)
{
	named("ann", "Ann");
	named("bob", "Bob");
	struct e2e_term *player = ssh_term(state, "ann", "2048 --seed 9");
	struct e2e_play p, w;
	e2e_play_begin(&p, player, bin);
	second = e2e_sshd_term(&sshd, "bob", "watch ann", 22, 60); /* names in any case */
	assert_non_null(second);
	wait_text(second, "watching Ann, 1 watching");
	wait_text(player, "1 watching");
	w = p;
	w.t = second;
	e2e_play_check(&w);
	for (const char *d = "ldrulurd"; *d; d++) {
		if (!e2e_play_would_move(&p, *d))
			continue;
		e2e_send_str(player, arrow(*d));
		e2e_play_slide(&p, *d);
		e2e_play_slide(&w, *d);
		e2e_play_check(&p);
		e2e_play_check(&w);
	}
	struct e2e_run r;
	ssh_run("cat", "live", &r);
	assert_int_equal(exit_status(&r), 0);
	char moves[32];
	snprintf(moves, sizeof moves, " %zu moves", strlen(p.moves));
	if (!strstr(r.out, "Ann") || !strstr(r.out, "2048:4x4:s9") || !strstr(r.out, moves))
		fail_msg("live lists: %s", r.out);
	e2e_run_free(&r);
	e2e_send_str(player, "qy");
	wait_text(second, "Ann left");
	e2e_play_check(&w); /* the last position stays */
	e2e_send_str(second, "q");
	assert_int_equal(e2e_wait_exit(second, WAIT_MS), 0);
}

/* ---- one game, one program (issue 27) ---- */

/* Until `live` no longer lists a game of this ID: its program has ended. */
static void wait_not_live(const char *id)
{
	for (int tries = 0; tries < 200; tries++) {
		struct e2e_run r;
		ssh_run("cat", "live", &r);
		bool listed = strstr(r.out, id) != NULL;
		e2e_run_free(&r);
		if (!listed)
			return;
	}
	fail_msg("live lists %s long after its connection dropped", id);
}

/* Ann plays 2048 to 6 moves (saved at 5) and her ssh client freezes; she logs in again with the
 * same key, continues, plays to 13 moves and leaves. When the frozen connection finally drops,
 * its program's hang-up save does not put the game back to 6 moves: Continue has 13. */
static void test_a_frozen_login_does_not_overwrite_the_newer_save(void **state)
{
	named("ann", "Ann");
	struct e2e_term *frozen = ssh_term(state, "ann", "2048 --seed 7");
	struct e2e_play p;
	e2e_play_begin(&p, frozen, bin);
	e2e_play_to(&p, 6);
	second = e2e_sshd_term(&sshd, "ann", "continue", 24, 80);
	assert_non_null(second);
	p.moves[5] = '\0'; /* the save */
	p.t = second;
	e2e_play_check(&p);
	e2e_play_to(&p, 13);
	e2e_send_str(second, "qy");
	assert_true(e2e_wait_text(second, "Continue", WAIT_MS));
	e2e_send_str(second, "q");
	assert_int_equal(e2e_wait_exit(second, WAIT_MS), 0);

	kill(e2e_pid(frozen), SIGKILL); /* the connection drops: sshd hangs its program up */
	e2e_wait_exit(frozen, WAIT_MS);
	wait_not_live("2048:4x4:s7");
	p.t = continue_game(state, &p);
	e2e_play_check(&p);
}

/* ---- races (issue 19) ---- */

/* Until a row shows a, then b (a racer's line of the race pane), or the test fails. */
static void wait_row(struct e2e_term *t, const char *a, const char *b)
{
	if (!e2e_wait_row(t, a, b, WAIT_MS))
		fail_msg("no row with \"%s\" then \"%s\":\n%s", a, b, e2e_screen(t));
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

/* ssh HOST races ID's board, without a terminal. */
static void race_board(long id, struct e2e_run *r)
{
	char request[32];
	snprintf(request, sizeof request, "races %ld", id);
	ssh_run("cat", request, r);
	assert_int_equal(exit_status(r), 0);
}

/* `ssh HOST races` lists Ann's lobby of race id, on game_id, alone in it. */
static void lobby_listed(long id, const char *game_id)
{
	struct e2e_run r;
	char line[128];
	ssh_run("cat", "races", &r);
	assert_int_equal(exit_status(&r), 0);
	snprintf(line, sizeof line, "#%ld  %s  Ann  1 racer  lobby\n", id, game_id);
	if (!strstr(r.out, line))
		fail_msg("races lists no %s:\n%s%s", line, r.out, r.err);
	e2e_run_free(&r);
}

/* Until bob's `continue` is back in the race: his dropped login's tilecade saves the game when
 * sshd hangs up on it, which may be a moment after the client is gone. */
static struct e2e_term *continue_race(long id)
{
	char title[32];
	snprintf(title, sizeof title, "Race #%ld", id);
	for (int tries = 0; tries < 100; tries++) {
		struct e2e_term *t = e2e_sshd_term(&sshd, "bob", "continue", 24, 80);
		assert_non_null(t);
		if (e2e_wait_text(t, title, WAIT_MS))
			return t;
		e2e_free(t);
	}
	fail_msg("continue never brought bob back into race #%ld", id);
	return NULL;
}

/* Ann opens a race through ssh, `races` lists it, Bob joins it; Ann starts it and both play
 * the seed's start; Bob's pane shows Ann's score as she plays; Bob's connection drops (kill -9
 * of his ssh) and `continue` brings him back into the race; both leave it, and its board
 * (`races ID`) has the result. */
static void test_a_race_through_ssh(void **state)
{
	named("ann", "Ann");
	named("bob", "Bob");
	struct e2e_term *opener = ssh_term(state, "ann", "race 2048 --seed 5");
	long id = race_on_screen(opener);
	lobby_listed(id, "2048:4x4:s5");

	struct e2e_run r;
	char line[128], join[48];
	snprintf(join, sizeof join, "race --join %ld", id);
	second = e2e_sshd_term(&sshd, "bob", join, 24, 80);
	assert_non_null(second);
	assert_int_equal(race_on_screen(second), id);
	wait_text(opener, "Bob"); /* the opener's lobby is told */
	ssh_run("cat", "races", &r);
	snprintf(line, sizeof line, "#%ld  2048:4x4:s5  Ann  2 racers  lobby\n", id);
	if (!strstr(r.out, line))
		fail_msg("races lists no %s:\n%s", line, r.out);
	e2e_run_free(&r);

	e2e_send_str(opener, "\r"); /* the opener starts it */
	struct e2e_play p, w;
	e2e_play_begin(&p, opener, bin);
	assert_string_equal(p.id, "2048:4x4:s5");
	e2e_play_check(&p); /* the seed's start, on both boards */
	w = p;
	w.t = second;
	e2e_play_check(&w);

	/* Ann plays; Bob's pane follows her score. */
	for (const char *d = "ldrulurd"; *d; d++) {
		if (!e2e_play_would_move(&p, *d))
			continue;
		e2e_send_str(opener, arrow(*d));
		e2e_play_slide(&p, *d);
		e2e_play_check(&p);
	}
	struct e2e_board board;
	uint64_t score;
	e2e_play_batch(bin, p.id, p.moves, &board, &score);
	char points[32];
	snprintf(points, sizeof points, "%llu pts", (unsigned long long)score);
	wait_row(second, "Ann", points);

	/* Bob plays a slide, then his connection drops: Ann's pane says so, and continue brings
	 * him back into the race with his game as it was. */
	const char *d = e2e_play_would_move(&w, 'l') ? "l" : "r";
	e2e_send_str(second, arrow(*d));
	e2e_play_slide(&w, *d);
	e2e_play_check(&w);
	kill(e2e_pid(second), SIGKILL);
	e2e_wait_exit(second, WAIT_MS);
	e2e_free(second);
	second = NULL;
	wait_row(opener, "Bob", "dropped");
	second = continue_race(id);
	w.t = second;
	e2e_play_check(&w);
	wait_row(second, "Ann", points);

	/* Both leave; the race is over and its board has them. */
	e2e_send_str(second, "q");
	wait_text(second, "Leave the race? (y/n)");
	e2e_send_str(second, "y");
	e2e_send_str(opener, "q");
	wait_text(opener, "Leave the race? (y/n)");
	e2e_send_str(opener, "y");
	race_board(id, &r);
	char head[64], ann[128];
	snprintf(head, sizeof head, "race #%ld  2048:4x4:s5  over\n", id);
	snprintf(ann, sizeof ann, "1     Ann               left    ");
	if (strncmp(r.out, head, strlen(head)) != 0 || !strstr(r.out, ann) ||
	    !strstr(r.out, "2     Bob               left    "))
		fail_msg("races %ld:\n%s%s", id, r.out, r.err);
	/* Ann's score, as she left it. */
	snprintf(line, sizeof line, " %8llu  ", (unsigned long long)score);
	if (!strstr(strstr(r.out, ann), line))
		fail_msg("races %ld has not Ann's score %llu:\n%s", id, (unsigned long long)score,
		         r.out);
	e2e_run_free(&r);
}

/* N's level browser opens and saves files a player names at home; in the arcade it says no. */
static void test_no_file_is_opened_or_saved_from_a_screen(void **state)
{
	named("ann", "Ann");
	int before = files_written();
	struct e2e_term *t = ssh_term(state, "ann", "ninja");
	wait_text(t, "Enter play");
	e2e_send_str(t, "o");
	wait_text(t, "the arcade opens and saves no files");
	e2e_send_str(t, E2E_KEY_ESC "w");
	wait_text(t, "the arcade opens and saves no files");
	int row, col;
	assert_false(e2e_find(t, "Save to", &row, &col));
	e2e_send_str(t, "q"); /* to the menu, then away */
	wait_text(t, "zNumbers");
	e2e_send_str(t, "q");
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
	assert_int_equal(files_written(), before);
}

/* N's game IDs, as scores, recordings, races and the live listing show them, are given back
 * to --id in the arcade as at home (issue 27): its request line takes no quotes, and N's IDs
 * have no spaces. A race is opened on one too. */
static void test_ninja_game_ids_are_given_back(void **state)
{
	named("ann", "Ann");
	const char *requests[] = {"ninja --id ninja:seed:s3", "ninja --id=ninja:seed:s3"};
	for (size_t i = 0; i < sizeof requests / sizeof *requests; i++) {
		struct e2e_term *t = ssh_term(state, "ann", requests[i]);
		if (!e2e_wait_text(t, "gold 0/45", WAIT_MS)) /* seed 3's level: its 45 gold */
			fail_msg("%s plays no seed 3:\n%s", requests[i], e2e_screen(t));
		wait_text(t, "seed 3");
		e2e_send_str(t, "q");
		wait_text(t, "zNumbers"); /* the menu, as after any game's ID */
		e2e_send_str(t, "q");
		assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
	}
	struct e2e_term *t = ssh_term(state, "ann", "ninja --id ninja:any:s3");
	wait_text(t, "any seed 3");

	t = ssh_term(state, "ann", "race ninja --id ninja:seed:s3");
	lobby_listed(race_on_screen(t), "ninja:seed:s3");
	e2e_send_str(t, "q");
	assert_int_equal(e2e_wait_exit(t, WAIT_MS), 0);
}

/* Run without sshd: the admin is told what to set. */
static void test_without_the_key_the_admin_is_told(void **state)
{
	const char *argv[] = {bin, "arcade", NULL};
	struct e2e_run r;
	unsetenv("SSH_USER_AUTH");
	assert_true(e2e_run(argv, RUN_MS, &r));
	assert_int_equal(exit_status(&r), 1);
	assert_string_equal(r.err, "tilecade: the arcade needs to know your key: its admin sets "
	                           "'ExposeAuthInfo yes' for it in sshd_config\n");
	e2e_run_free(&r);
	char path[E2E_SSHD_PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/auth-password", sshd.dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("password\n", f);
	fclose(f);
	setenv("SSH_USER_AUTH", path, 1);
	assert_true(e2e_run(argv, RUN_MS, &r));
	unsetenv("SSH_USER_AUTH");
	assert_int_equal(exit_status(&r), 1);
	assert_non_null(strstr(r.err, "log in with a key, not a password"));
	e2e_run_free(&r);
}

int main(void)
{
	bin = getenv("TILECADE_BIN");
	if (!bin) {
		fprintf(stderr, "TILECADE_BIN is not set: run these tests with meson test\n");
		return 1;
	}
	char why[256];
	if (e2e_sshd_start(&sshd, bin, keys, why, sizeof why) != 0) {
		printf("1..0 # SKIP %s\n", why);
		e2e_sshd_stop(&sshd);
		return 0;
	}
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_names_are_picked_once),
	        cmocka_unit_test(test_refuses_shells_programs_and_files),
	        cmocka_unit_test(test_commands_take_their_own_words),
	        cmocka_unit_test(test_help_lists_the_requests),
	        cmocka_unit_test_teardown(test_a_new_key_is_asked_its_name_in_the_terminal,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_end_of_input_at_the_name_leaves, e2e_term_teardown),
	        cmocka_unit_test_teardown(
	                test_continue_brings_back_a_dropped_game_to_its_player_only,
	                e2e_term_teardown),
	        cmocka_unit_test_teardown(test_a_finished_game_replays, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_only_the_daily_started_as_such_is_on_a_daily_board,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_watching_nobody_says_where_the_games_are,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_one_plays_and_another_watches, two_teardown),
	        cmocka_unit_test_teardown(test_a_race_through_ssh, two_teardown),
	        cmocka_unit_test_teardown(test_a_frozen_login_does_not_overwrite_the_newer_save,
	                                  two_teardown),
	        cmocka_unit_test_teardown(test_no_file_is_opened_or_saved_from_a_screen,
	                                  e2e_term_teardown),
	        cmocka_unit_test_teardown(test_ninja_game_ids_are_given_back, e2e_term_teardown),
	        cmocka_unit_test(test_without_the_key_the_admin_is_told),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	e2e_sshd_stop(&sshd);
	return failed;
}
