/* Games shared live through a PostgreSQL database (src/store/live_db.h), read through
 * tilecade/live_net.h's calls as a folder's sockets are: the publisher, a watcher who comes
 * late, the count of watchers, listing, a player who goes away (kill -9 of another process),
 * an event too long for a notification, presence, races' news, and the latency of a move from
 * one process to another. Runs inside a throwaway cluster of its own (tests/pg/in_cluster.sh);
 * TC_TEST_DB is its URL. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
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
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../src/store/live_db.h"
#include "tilecade/live.h"
#include "tilecade/live_net.h"
#include "tilecade/store.h"

#define GAME_ID "2048:4x4:s5"
/* How long a test waits for what is on its way before it calls it lost: far longer than a
 * local server takes, so no timing is tested. */
#define PATIENCE_MS 10000

static const char *url;

struct player {
	struct tc_live_log log;
	unsigned moves;
	struct tc_live_pub *pub;
};

static void describe(void *ctx, struct tc_live_hello *hello)
{
	struct player *p = ctx;
	snprintf(hello->game_id, sizeof hello->game_id, "%s", GAME_ID);
	hello->moves = p->moves;
	hello->elapsed_ms = 1500;
}

static void play(struct player *p, const struct tc_live_event *ev)
{
	assert_true(tc_live_log_add(&p->log, ev));
	if (ev->kind == TC_LIVE_MOVE)
		p->moves++;
	tc_live_pub_event(p->pub, ev);
}

static void start(struct player *p, const char *name)
{
	memset(p, 0, sizeof *p);
	p->pub = tc_live_pub_new(url, name, &p->log, describe, p);
	assert_non_null(p->pub);
	assert_null(tc_live_pub_problem(p->pub));
	struct tc_live_event ev = {.kind = TC_LIVE_START, .text = GAME_ID,
	                           .text_len = strlen(GAME_ID)};
	play(p, &ev);
}

static void move(struct player *p, int dir)
{
	struct tc_live_event ev = {.kind = TC_LIVE_MOVE, .at_ms = 100 * (p->moves + 1),
	                           .move = {.kind = 1, .arg = {(int16_t)dir}}};
	play(p, &ev);
}

static void stop(struct player *p)
{
	tc_live_pub_free(p->pub);
	tc_live_log_free(&p->log);
}

/* What a follower was told. */
struct heard {
	int events, moves, starts, new_games, ends;
	unsigned watchers;
	size_t longest_text;
	int end_value;
};

static void on_event(void *ctx, const struct tc_live_event *ev)
{
	struct heard *h = ctx;
	h->events++;
	h->moves += ev->kind == TC_LIVE_MOVE;
	h->starts += ev->kind == TC_LIVE_START;
	h->new_games += ev->kind == TC_LIVE_NEW_GAME;
	h->ends += ev->kind == TC_LIVE_END;
	if (ev->kind == TC_LIVE_END)
		h->end_value = (int)ev->value;
	if (ev->kind == TC_LIVE_WATCHERS)
		h->watchers = ev->value;
	if (ev->text_len > h->longest_text)
		h->longest_text = ev->text_len;
}

static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Reads the follower until done(h) or it closes; false when neither came in time. Publishers
 * of this process are served while waiting (their watchers' count). */
static bool follow_until(struct tc_live_watch *w, struct heard *h, struct player *p,
                         bool (*done)(const struct heard *))
{
	uint64_t until = now_ms() + PATIENCE_MS;
	while (!done(h) && w->state == TC_LIVE_WATCH_OPEN && now_ms() < until) {
		struct pollfd fds[2] = {{w->fd, POLLIN, 0}};
		int n = 1;
		if (p)
			n += tc_live_pub_fds(p->pub, fds + 1, 1);
		poll(fds, (nfds_t)n, 100);
		if (p && n > 1 && fds[1].revents)
			tc_live_pub_ready(p->pub, fds + 1, 1);
		tc_live_watch_pump(w, on_event, h);
	}
	return done(h) || w->state != TC_LIVE_WATCH_OPEN;
}

static int wanted_moves;
static bool has_moves(const struct heard *h)
{
	return h->moves >= wanted_moves;
}
static bool never(const struct heard *h)
{
	(void)h;
	return false;
}

/* A game is listed once its row is in: the hub writes on its own time. */
static int listed(const char *player, struct tc_live_game *games, int max)
{
	uint64_t until = now_ms() + PATIENCE_MS;
	for (;;) {
		int n = tc_live_list(url, games, max, 0);
		if (tc_live_pick(games, n, player, NULL) >= 0 || now_ms() > until)
			return n;
		usleep(20000);
	}
}

static void open_watch(struct tc_live_watch *w, const char *socket, char mode)
{
	uint64_t until = now_ms() + PATIENCE_MS;
	while (tc_live_watch_open(w, url, socket, mode) != 0) {
		assert_true(errno == ENOENT || errno == EAGAIN);
		assert_true(now_ms() < until);
		usleep(20000);
	}
}

static void publish_and_watch(void **state)
{
	(void)state;
	struct player alice;
	start(&alice, "alice");
	move(&alice, 0);
	move(&alice, 1);
	struct tc_live_game games[8];
	int n = listed("alice", games, 8);
	int i = tc_live_pick(games, n, "alice", NULL);
	assert_true(i >= 0);
	assert_string_equal(games[i].socket, tc_live_pub_socket(alice.pub));
	assert_string_equal(games[i].hello.game_id, GAME_ID);

	struct tc_live_watch w;
	struct heard h = {0};
	open_watch(&w, games[i].socket, 'W');
	wanted_moves = 2;
	assert_true(follow_until(&w, &h, &alice, has_moves));
	assert_true(w.has_hello);
	assert_string_equal(w.hello.player, "alice");
	assert_int_equal(h.starts, 1); /* the stream so far, from its start */
	/* The watcher is counted, and the count reaches both sides. */
	uint64_t until = now_ms() + PATIENCE_MS;
	while (tc_live_pub_watchers(alice.pub) != 1 && now_ms() < until) {
		struct pollfd fd;
		if (tc_live_pub_fds(alice.pub, &fd, 1) == 1 && poll(&fd, 1, 100) == 1)
			tc_live_pub_ready(alice.pub, &fd, 1);
	}
	assert_int_equal(tc_live_pub_watchers(alice.pub), 1);
	move(&alice, 2);
	wanted_moves = 3;
	assert_true(follow_until(&w, &h, &alice, has_moves));
	assert_int_equal(h.watchers, 1);

	struct tc_live_event end = {.kind = TC_LIVE_END, .value = TC_LIVE_END_FINISHED};
	play(&alice, &end);
	follow_until(&w, &h, &alice, never);
	assert_int_equal(w.state, TC_LIVE_WATCH_ENDED);
	assert_int_equal(h.ends, 1);
	/* An ended game is listed no more, nor followed. */
	n = tc_live_list(url, games, 8, 0);
	assert_int_equal(tc_live_pick(games, n, "alice", NULL), -1);
	assert_int_not_equal(tc_live_watch_open(&w, url, tc_live_pub_socket(alice.pub), 'W'), 0);
	assert_int_equal(errno, ENOENT);
	stop(&alice);
}

/* A watcher who comes after a new game began is sent that game from its start, as a START. */
static void late_watcher_gets_the_game_played(void **state)
{
	(void)state;
	struct player bob;
	start(&bob, "bob");
	move(&bob, 0);
	struct tc_live_event next = {.kind = TC_LIVE_START, .text = "2048:4x4:s6",
	                             .text_len = strlen("2048:4x4:s6")};
	tc_live_pub_event(bob.pub, &next); /* sent on as NEW_GAME */
	move(&bob, 3);
	struct tc_live_game games[8];
	int i = tc_live_pick(games, listed("bob", games, 8), "bob", NULL);
	assert_true(i >= 0);
	struct tc_live_watch w;
	struct heard h = {0};
	/* Wait until the second game's move is written: then the watcher's stream is whole. */
	wanted_moves = 1;
	uint64_t until = now_ms() + PATIENCE_MS;
	do {
		memset(&h, 0, sizeof h);
		open_watch(&w, games[i].socket, 'L');
		follow_until(&w, &h, NULL, has_moves);
		tc_live_watch_close(&w);
	} while (h.moves < 1 && now_ms() < until);
	assert_int_equal(h.starts, 1);
	assert_int_equal(h.new_games, 0);
	assert_int_equal(h.moves, 1);
	assert_int_equal(w.hello.events, 2);
	stop(&bob);
}

/* An event whose hex does not fit a notification's payload is read from its row. */
static void long_event_read_from_its_row(void **state)
{
	(void)state;
	struct player carol;
	start(&carol, "carol");
	struct tc_live_game games[8];
	int i = tc_live_pick(games, listed("carol", games, 8), "carol", NULL);
	assert_true(i >= 0);
	struct tc_live_watch w;
	struct heard h = {0};
	open_watch(&w, games[i].socket, 'W');
	/* A new game (sent on as NEW_GAME) whose ID is long. */
	static char text[10000];
	memset(text, 'x', sizeof text);
	struct tc_live_event big = {.kind = TC_LIVE_START, .text = text, .text_len = sizeof text};
	tc_live_pub_event(carol.pub, &big);
	move(&carol, 0);
	wanted_moves = 1;
	assert_true(follow_until(&w, &h, &carol, has_moves));
	assert_int_equal(h.longest_text, sizeof text);
	assert_int_equal(h.new_games, 1);
	tc_live_watch_close(&w);
	stop(&carol);
}

/* ---- another process: a player killed, and latency ---- */

/* The child: publishes as "dave", makes a move each time a byte comes on standard input (its
 * time sent back on standard output), and is killed. */
static int child_player(void)
{
	struct player dave;
	start(&dave, "dave");
	printf("%s\n", tc_live_pub_socket(dave.pub));
	fflush(stdout);
	char c;
	int dirs[] = {0, 2};
	int k = 0;
	while (read(STDIN_FILENO, &c, 1) == 1) {
		move(&dave, dirs[k++ % 2]);
	}
	pause();
	return 0;
}

static pid_t spawn(int *to, int *from)
{
	int in[2], out[2];
	assert_int_equal(pipe(in), 0);
	assert_int_equal(pipe(out), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		execl("/proc/self/exe", "test_live_db", "--player", (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	*to = in[1];
	*from = out[0];
	return pid;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

#define LATENCY_MOVES 200

static void other_process_killed_reads_as_dropped(void **state)
{
	(void)state;
	int to, from;
	pid_t pid = spawn(&to, &from);
	char socket[32] = "";
	FILE *in = fdopen(from, "r");
	assert_non_null(fgets(socket, sizeof socket, in));
	socket[strcspn(socket, "\n")] = '\0';
	struct tc_live_watch w;
	struct heard h = {0};
	open_watch(&w, socket, 'W');
	/* Latency: a move asked of the other process, until it is read here. */
	static uint64_t took[LATENCY_MOVES];
	for (int m = 0; m < LATENCY_MOVES; m++) {
		uint64_t t0;
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		t0 = (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
		assert_int_equal(write(to, "m", 1), 1);
		wanted_moves = m + 1;
		assert_true(follow_until(&w, &h, NULL, has_moves));
		assert_int_equal(h.moves, m + 1);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		took[m] = (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000 - t0;
	}
	qsort(took, LATENCY_MOVES, sizeof *took, by_value);
	printf("# live move latency across two processes: p50 %.2f ms, p99 %.2f ms (%d moves)\n",
	       took[LATENCY_MOVES / 2] / 1000.0, took[LATENCY_MOVES * 99 / 100] / 1000.0,
	       LATENCY_MOVES);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	follow_until(&w, &h, NULL, never);
	assert_int_equal(w.state, TC_LIVE_WATCH_DROPPED);
	assert_true(tc_live_gone(url, socket));
	fclose(in);
	close(to);
}

/* ---- presence and news ---- */

static void presence_held_and_freed(void **state)
{
	(void)state;
	char name[32];
	int fd = tc_live_presence_open(url, name, sizeof name);
	assert_true(fd >= 0);
	assert_int_equal(name[0], 'l');
	uint64_t until = now_ms() + PATIENCE_MS;
	while (tc_live_gone(url, name) && now_ms() < until)
		usleep(10000);
	assert_false(tc_live_gone(url, name));
	tc_live_presence_close(url, fd, name);
	until = now_ms() + PATIENCE_MS;
	while (!tc_live_gone(url, name) && now_ms() < until)
		usleep(10000);
	assert_true(tc_live_gone(url, name));
	assert_true(tc_live_gone(url, "l12345"));  /* no one holds it */
	assert_false(tc_live_gone(url, "p12345")); /* a game not written yet */
}

static bool news_named(struct tc_live_news *n, const char *want)
{
	uint64_t until = now_ms() + PATIENCE_MS;
	char name[64];
	while (now_ms() < until) {
		struct pollfd fd = {n->fd, POLLIN, 0};
		poll(&fd, 1, 100);
		while (tc_live_news_next(n, name, sizeof name))
			if (strcmp(name, want) == 0)
				return true;
	}
	return false;
}

static void news_of_races_and_games(void **state)
{
	(void)state;
	struct tc_live_news news;
	assert_true(tc_live_news_open(&news, url, true) >= 0);
	/* The news is heard once the hub has it: a race told until it is heard back. */
	tc_live_races_changed(url);
	assert_true(news_named(&news, TC_LIVE_RACES));
	struct player erin;
	start(&erin, "erin");
	assert_true(news_named(&news, tc_live_pub_socket(erin.pub)));
	stop(&erin);
	tc_live_news_close(&news);
}

static uint64_t wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static void pg_run(const char *command)
{
	char line[256];
	snprintf(line, sizeof line, "pg_ctlcluster %s regress %s >&2", getenv("PGVERSION"),
	         command);
	assert_int_equal(system(line), 0);
}

/* Waits until the hub is out of touch (away true) or back in touch. */
static void wait_touch(bool away)
{
	uint64_t until = now_ms() + PATIENCE_MS;
	while (tc_live_out_of_touch(url) != away && now_ms() < until)
		usleep(20000);
	assert_int_equal(tc_live_out_of_touch(url), away);
}

static void wait_watchers(struct player *p, unsigned count)
{
	uint64_t until = now_ms() + 3 * PATIENCE_MS;
	while (tc_live_pub_watchers(p->pub) != count && now_ms() < until) {
		struct pollfd fd;
		if (tc_live_pub_fds(p->pub, &fd, 1) == 1 && poll(&fd, 1, 100) == 1)
			tc_live_pub_ready(p->pub, &fd, 1);
	}
	assert_int_equal(tc_live_pub_watchers(p->pub), count);
}

static bool has_three(const struct heard *h)
{
	return h->events >= 3;
}

static bool has_end(const struct heard *h)
{
	return h->ends > 0;
}

/* The cluster stopped while a game is watched: the watcher is out of touch (not left with a
 * still board and no word); the player leaves meanwhile, to continue later, and once the
 * database is back the watcher is told so (her END, kept until it could be written), and her
 * count of watchers is right again (a watcher who went while away is counted out). */
static void outage_tells_the_watcher_and_sends_the_end(void **state)
{
	(void)state;
	struct player ann, amy;
	start(&ann, "ann");
	start(&amy, "amy");
	move(&ann, 0);
	struct tc_live_game games[8];
	assert_true(tc_live_pick(games, listed("ann", games, 8), "ann", NULL) >= 0);
	assert_true(tc_live_pick(games, listed("amy", games, 8), "amy", NULL) >= 0);
	struct tc_live_watch w, v;
	struct heard h = {0};
	open_watch(&w, tc_live_pub_socket(ann.pub), 'W');
	open_watch(&v, tc_live_pub_socket(amy.pub), 'W');
	wanted_moves = 1;
	assert_true(follow_until(&w, &h, &ann, has_moves));
	wait_watchers(&ann, 1);
	wait_watchers(&amy, 1);
	assert_false(tc_live_out_of_touch(url));

	pg_run("stop");
	wait_touch(true);
	struct tc_live_event end = {.kind = TC_LIVE_END, .value = TC_LIVE_END_LEFT};
	play(&ann, &end);
	stop(&ann);
	tc_live_watch_close(&v); /* amy's watcher goes while away */
	pg_run("start");
	wait_touch(false);

	assert_true(follow_until(&w, &h, NULL, has_end));
	assert_int_equal(w.state, TC_LIVE_WATCH_ENDED);
	assert_int_equal(h.ends, 1);
	assert_int_equal(h.end_value, TC_LIVE_END_LEFT);
	tc_live_watch_close(&w);
	wait_watchers(&amy, 0);
	stop(&amy);
}

/* A listing on another host reads the player's clock as it runs now: the hello's time plus
 * the time since, unless the game is paused. */
static void listing_shows_the_running_clock(void **state)
{
	(void)state;
	struct player dan;
	start(&dan, "dan");
	move(&dan, 0);
	uint64_t moved = wall_ms();
	struct tc_live_game games[8];
	int i = tc_live_pick(games, listed("dan", games, 8), "dan", NULL);
	assert_true(i >= 0);
	usleep(1200 * 1000);
	uint64_t asked = wall_ms();
	i = tc_live_pick(games, tc_live_list(url, games, 8, 0), "dan", NULL);
	assert_true(i >= 0);
	/* describe's hello says 1500 ms, when the move was made (before `moved`). */
	assert_true(games[i].hello.elapsed_ms >= 1500 + (asked - moved));

	struct tc_live_event pause = {.kind = TC_LIVE_PAUSE, .at_ms = 1500};
	play(&dan, &pause);
	struct tc_live_watch w;
	struct heard h = {0};
	open_watch(&w, games[i].socket, 'L');
	follow_until(&w, &h, NULL, has_three); /* START, MOVE, PAUSE: the pause is written */
	tc_live_watch_close(&w);
	assert_int_equal(h.events, 3);
	usleep(1200 * 1000);
	i = tc_live_pick(games, tc_live_list(url, games, 8, 0), "dan", NULL);
	assert_true(i >= 0);
	assert_int_equal(games[i].hello.elapsed_ms, 1500); /* paused: the clock stands */
	stop(&dan);
}

/* The store made once, as a program's first opening makes it: the live tables are its. */
static int make_tables(void)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(url, notice, sizeof notice);
	if (!st || !tc_store_ok(st)) {
		fprintf(stderr, "the store cannot be made: %s\n", notice);
		tc_store_close(st);
		return -1;
	}
	tc_store_close(st);
	return 0;
}

int main(int argc, char **argv)
{
	url = getenv("TC_TEST_DB");
	if (!url || !*url) {
		printf("1..0 # SKIP no PostgreSQL test cluster (TC_TEST_DB unset: run through "
		       "tests/pg/in_cluster.sh)\n");
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "--player") == 0)
		return child_player();
	if (make_tables() != 0)
		return 1;
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(publish_and_watch),
	        cmocka_unit_test(late_watcher_gets_the_game_played),
	        cmocka_unit_test(long_event_read_from_its_row),
	        cmocka_unit_test(other_process_killed_reads_as_dropped),
	        cmocka_unit_test(presence_held_and_freed),
	        cmocka_unit_test(news_of_races_and_games),
	        cmocka_unit_test(listing_shows_the_running_clock),
	        cmocka_unit_test(outage_tells_the_watcher_and_sends_the_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
