/* Games shared live (tilecade/live_net.h) through real sockets in a temporary folder: the
 * publisher, a watcher who comes late, the count of watchers, rival racers, a slow watcher, a
 * player who goes away, long paths, clients that send what they should not, and the entry a
 * race's change is told through. */
#define _GNU_SOURCE /* mkdtemp, accept4 */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tilecade/live.h"
#include "tilecade/live_net.h"
#include "tilecade/races.h"
#include "tilecade/store.h"

#define GAME_ID "2048:4x4:s5"
/* How long a test waits for bytes that are on their way before it calls them lost: far longer
 * than local sockets take, so no timing is tested. */
#define PATIENCE_MS 5000

struct fixture {
	char dir[PATH_MAX];
	struct tc_live_log log; /* the player's stream */
	unsigned moves;
	struct tc_live_pub *pub;
};

static void describe(void *ctx, struct tc_live_hello *hello)
{
	struct fixture *f = ctx;
	snprintf(hello->game_id, sizeof hello->game_id, "%s", GAME_ID);
	hello->moves = f->moves;
	hello->elapsed_ms = 1500;
}

/* The player's program: each event logged, then told to the publisher, as tc_records does. */
static void play(struct fixture *f, const struct tc_live_event *ev)
{
	assert_true(tc_live_log_add(&f->log, ev));
	tc_live_pub_event(f->pub, ev);
}

static void start(struct fixture *f)
{
	struct tc_live_event ev = {.kind = TC_LIVE_START, .text = GAME_ID,
	                           .text_len = strlen(GAME_ID)};
	play(f, &ev);
}

static void move(struct fixture *f, int dir)
{
	struct tc_live_event ev = {.kind = TC_LIVE_MOVE, .at_ms = 100 * ++f->moves,
	                           .move = {.kind = (uint8_t)dir}};
	play(f, &ev);
}

static void end(struct fixture *f, enum tc_live_end how)
{
	struct tc_live_event ev = {.kind = TC_LIVE_END, .value = how};
	play(f, &ev);
}

static int setup_in(void **state, const char *sub)
{
	struct fixture *f = calloc(1, sizeof *f);
	snprintf(f->dir, sizeof f->dir, "/tmp/tilecade-live-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	if (sub) { /* a folder whose path is too long for a socket's address */
		size_t len = strlen(f->dir);
		while (len < 200) {
			len += (size_t)snprintf(f->dir + len, sizeof f->dir - len, "/%s", sub);
			assert_int_equal(mkdir(f->dir, 0700), 0);
		}
	}
	f->pub = tc_live_pub_new(f->dir, "ann", &f->log, describe, f);
	assert_non_null(f->pub);
	*state = f;
	return 0;
}

static int setup(void **state)
{
	return setup_in(state, NULL);
}

static int setup_long(void **state)
{
	return setup_in(state, "a-folder-name-of-some-length");
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	tc_live_pub_free(f->pub);
	tc_live_log_free(&f->log);
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%.*s'", 26, f->dir); /* the temporary folder's top */
	assert_int_equal(system(cmd), 0);
	free(f);
	return 0;
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A watcher and what it was told. */
struct watcher {
	struct tc_live_watch w;
	struct tc_live_log got; /* its events, but TC_LIVE_WATCHERS */
	unsigned watchers;      /* the last TC_LIVE_WATCHERS */
	unsigned watchers_told;
};

static void heard(void *ctx, const struct tc_live_event *ev)
{
	struct watcher *c = ctx;
	if (ev->kind == TC_LIVE_WATCHERS) {
		c->watchers = ev->value;
		c->watchers_told++;
		return;
	}
	assert_true(tc_live_log_add(&c->got, ev));
}

/* One round: the publisher and the watchers act on what came within wait_ms. */
static void pump(struct fixture *f, struct watcher **ws, int n, int wait_ms)
{
	struct pollfd fds[64];
	int k = tc_live_pub_fds(f->pub, fds, 48);
	int pub_fds = k;
	for (int i = 0; i < n; i++)
		if (ws[i]->w.fd >= 0)
			fds[k++] = (struct pollfd){ws[i]->w.fd, POLLIN, 0};
	if (poll(fds, (nfds_t)k, wait_ms) < 0)
		return;
	tc_live_pub_ready(f->pub, fds, pub_fds);
	for (int i = 0; i < n; i++)
		tc_live_watch_pump(&ws[i]->w, heard, ws[i]);
}

static bool closed(void *ctx)
{
	return ((struct tc_live_watch *)ctx)->state != TC_LIVE_WATCH_OPEN;
}

static bool has_hello(void *ctx)
{
	return ((struct tc_live_watch *)ctx)->has_hello;
}

/* Lets the publisher and the watchers act on what came until done(ctx), or the patience runs
 * out; returns done(ctx). */
static bool run_until(struct fixture *f, struct watcher **ws, int n, bool (*done)(void *),
                      void *ctx)
{
	int64_t give_up = now_ms() + PATIENCE_MS;
	while (!done(ctx) && now_ms() < give_up)
		pump(f, ws, n, 50);
	return done(ctx);
}

static bool has_all(void *ctx)
{
	void **pair = ctx;
	const struct watcher *c = pair[0];
	const struct tc_live_log *log = pair[1];
	return c->got.len >= log->len;
}

/* Waits until c has been sent the whole of the player's log, and checks it is the same. */
static void expect_log(struct fixture *f, struct watcher *c)
{
	void *pair[2] = {c, &f->log};
	assert_true(run_until(f, &c, 1, has_all, pair));
	assert_int_equal(c->got.len, f->log.len);
	assert_memory_equal(c->got.bytes, f->log.bytes, f->log.len);
}

/* tc_live_list as another program runs it, while this one's publisher answers. */
static int list_from_child(struct fixture *f, struct tc_live_game *games, int max)
{
	int out[2];
	assert_int_equal(pipe(out), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(out[0]);
		int n = tc_live_list(f->dir, games, max, PATIENCE_MS);
		ssize_t ignored = write(out[1], &n, sizeof n);
		ignored = write(out[1], games, (size_t)n * sizeof *games);
		(void)ignored;
		_exit(0);
	}
	close(out[1]);
	int n = -1;
	for (int64_t give_up = now_ms() + 2 * PATIENCE_MS; now_ms() < give_up;) {
		static struct pollfd fds[2048];
		int k = tc_live_pub_fds(f->pub, fds, 2047);
		fds[k] = (struct pollfd){out[0], POLLIN, 0};
		if (poll(fds, (nfds_t)k + 1, 50) < 0)
			continue;
		tc_live_pub_ready(f->pub, fds, k);
		if (fds[k].revents) {
			assert_int_equal(read(out[0], &n, sizeof n), (ssize_t)sizeof n);
			for (size_t got = 0, want = (size_t)n * sizeof *games; got < want;) {
				ssize_t r = read(out[0], (char *)games + got, want - got);
				assert_true(r > 0);
				got += (size_t)r;
			}
			break;
		}
	}
	close(out[0]);
	int status;
	waitpid(pid, &status, 0);
	return n;
}

static void open_watcher(struct fixture *f, struct watcher *c, char mode)
{
	memset(c, 0, sizeof *c);
	char name[32];
	snprintf(name, sizeof name, "p%ld", (long)getpid());
	assert_int_equal(tc_live_watch_open(&c->w, f->dir, name, mode), 0);
}

static void close_watcher(struct watcher *c)
{
	tc_live_watch_close(&c->w);
	tc_live_log_free(&c->got);
}

static void test_hello_round_trip(void **state)
{
	(void)state;
	struct tc_live_hello h = {.player = "ann\tx", .game_id = GAME_ID, .moves = 12,
	                          .elapsed_ms = 65432, .watchers = 3, .best = 2048,
	                          .events = 41},
	                     back;
	char line[256];
	size_t len = tc_live_hello_encode(&h, line, sizeof line);
	assert_true(len > 0);
	size_t used;
	assert_int_equal(tc_live_hello_decode((unsigned char *)line, len - 1, &back, &used), 0);
	assert_int_equal(tc_live_hello_decode((unsigned char *)line, len, &back, &used), 1);
	assert_int_equal(used, len);
	assert_string_equal(back.player, "ann x"); /* a tab would break the line */
	assert_string_equal(back.game_id, GAME_ID);
	assert_int_equal(back.moves, 12);
	assert_int_equal(back.elapsed_ms, 65432);
	assert_int_equal(back.watchers, 3);
	assert_int_equal(back.best, 2048);
	assert_false(back.over);
	assert_int_equal(back.events, 41);
	h.over = true;
	len = tc_live_hello_encode(&h, line, sizeof line);
	assert_int_equal(tc_live_hello_decode((unsigned char *)line, len, &back, &used), 1);
	assert_true(back.over);
	/* An earlier program's hello, without the last field: a game still played. */
	const char *old = "tilecade-live 1\tann\tid\t1\t2\t3\t4\n";
	assert_int_equal(tc_live_hello_decode((const unsigned char *)old, strlen(old), &back,
	                                      &used),
	                 1);
	assert_int_equal(back.best, 4);
	assert_false(back.over);
	assert_int_equal(back.race, 0);
	const char *bad[] = {"HTTP/1.1 200 OK\n", "tilecade-live 1\tann\n",
	                     "tilecade-live 1\tann\tid\tx\t1\t2\t0\n",
	                     "tilecade-live 1\tann\tid\t-1\t1\t2\t0\n",
	                     "tilecade-live 1\tann\tid\t1\t1\t2\n",
	                     /* an elapsed time no game has (millions of hours) */
	                     "tilecade-live 1\tann\tid\t1\t18446744073709551615\t2\t0\n",
	                     "tilecade-live 1\tann\tid\t1\t8640000001\t2\t0\n",
	                     "tilecade-live 1\tann\tid\t1\t1\t2\t0\t2\n",
	                     /* a race that is no race's ID, a field after it */
	                     "tilecade-live 1\tann\tid\t1\t1\t2\t0\t0\t3\t-4\n",
	                     "tilecade-live 1\tann\tid\t1\t1\t2\t0\t0\t3\tx\n",
	                     "tilecade-live 1\tann\tid\t1\t1\t2\t0\t0\t3\t9223372036854775808\n",
	                     "tilecade-live 1\tann\tid\t1\t1\t2\t0\t0\t3\t4\t5\n"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(tc_live_hello_decode((const unsigned char *)bad[i], strlen(bad[i]),
		                                      &back, &used),
		                 -1);
}

/* A game in a race says so in its hello; a game in none sends the hello earlier programs
 * read (they take no field after the events). */
static void test_hello_race(void **state)
{
	(void)state;
	struct tc_live_hello h = {.player = "ann", .game_id = GAME_ID, .events = 3, .race = 42},
	                     back;
	char line[256];
	size_t used, len = tc_live_hello_encode(&h, line, sizeof line);
	assert_true(len > 0);
	assert_int_equal(tc_live_hello_decode((unsigned char *)line, len, &back, &used), 1);
	assert_int_equal(back.race, 42);
	assert_int_equal(back.events, 3);
	assert_non_null(strstr(line, "\t3\t42\n"));
	h.race = INT64_MAX;
	len = tc_live_hello_encode(&h, line, sizeof line);
	assert_int_equal(tc_live_hello_decode((unsigned char *)line, len, &back, &used), 1);
	assert_int_equal(back.race, INT64_MAX);
	h.race = 0;
	len = tc_live_hello_encode(&h, line, sizeof line);
	assert_string_equal(line, "tilecade-live 1\tann\t" GAME_ID "\t0\t0\t0\t0\t0\t3\n");
	assert_int_equal(tc_live_hello_decode((unsigned char *)line, len, &back, &used), 1);
	assert_int_equal(back.race, 0);
}

/* watch NAME follows the player's game still played before one that is over, then the newest
 * (the socket that came last), whatever the sockets' names. */
static void test_pick_the_latest_game(void **state)
{
	(void)state;
	struct tc_live_game games[] = {
	        {.socket = "p100", .shared_ns = 300, .hello = {.player = "ann"}},
	        {.socket = "p200", .shared_ns = 100, .hello = {.player = "ann"}},
	        {.socket = "p300", .shared_ns = 900, .hello = {.player = "bob"}},
	        {.socket = "p90", .shared_ns = 500, .hello = {.player = "ann"}},
	};
	int count;
	assert_int_equal(tc_live_pick(games, 4, "ann", &count), 3);
	assert_int_equal(count, 3);
	games[3].hello.over = true; /* its player looks at the result */
	assert_int_equal(tc_live_pick(games, 4, "ann", &count), 0);
	games[0].hello.over = games[1].hello.over = true;
	assert_int_equal(tc_live_pick(games, 4, "ann", NULL), 3);
	assert_int_equal(tc_live_pick(games, 4, "bob", &count), 2);
	assert_int_equal(count, 1);
	assert_int_equal(tc_live_pick(games, 4, "cy", &count), -1);
	assert_int_equal(count, 0);
}

/* Nothing is made in the folder before a game starts; the socket goes with the game. */
static void test_socket_lives_with_the_game(void **state)
{
	struct fixture *f = *state;
	struct tc_live_game games[4];
	assert_int_equal(list_from_child(f, games, 4), 0);
	start(f);
	assert_null(tc_live_pub_problem(f->pub));
	move(f, 1);
	struct watcher c;
	open_watcher(f, &c, 'L');
	expect_log(f, &c);
	end(f, TC_LIVE_END_LEFT);
	struct watcher *ws[] = {&c};
	assert_true(run_until(f, ws, 1, closed, &c.w));
	assert_int_equal(c.w.state, TC_LIVE_WATCH_ENDED);
	assert_int_equal(list_from_child(f, games, 4), 0);
	close_watcher(&c);
}

/* A watcher who comes late is sent the whole game so far, then each event as it comes. */
static void test_late_watcher_gets_the_whole_game(void **state)
{
	struct fixture *f = *state;
	start(f);
	for (int i = 0; i < 30; i++)
		move(f, i % 4);
	struct watcher c;
	open_watcher(f, &c, 'W');
	expect_log(f, &c);
	assert_true(c.w.has_hello);
	assert_string_equal(c.w.hello.player, "ann");
	assert_string_equal(c.w.hello.game_id, GAME_ID);
	assert_int_equal(c.w.hello.moves, 30);
	assert_int_equal(c.w.hello.elapsed_ms, 1500);
	assert_int_equal(c.w.hello.events, 31);
	/* The game so far is older than the hello: the clock runs on from the hello's time. */
	assert_int_equal(c.w.time_at, 1500);
	move(f, 2);
	move(f, 3);
	expect_log(f, &c);
	assert_int_equal(c.w.time_at, 3200);
	/* A new game of another session (START again) comes as NEW_GAME. */
	struct tc_live_event again = {.kind = TC_LIVE_START, .text = "2048:5x5:s9",
	                              .text_len = 11};
	tc_live_pub_event(f->pub, &again);
	again.kind = TC_LIVE_NEW_GAME;
	assert_true(tc_live_log_add(&f->log, &again));
	expect_log(f, &c);
	assert_int_equal(c.w.time_at, 0); /* the new game's clock starts again */
	close_watcher(&c);
}

struct count_wait {
	struct fixture *f;
	struct watcher **ws;
	int n;
	unsigned want;
};

/* The publisher counts want and every open watcher has been told so. */
static bool counted(void *ctx)
{
	struct count_wait *cw = ctx;
	if (tc_live_pub_watchers(cw->f->pub) != cw->want)
		return false;
	for (int i = 0; i < cw->n; i++)
		if (cw->ws[i]->w.fd >= 0 && cw->ws[i]->watchers != cw->want)
			return false;
	return true;
}

/* Watchers are counted, listers are not, and everyone is told the count when it changes. */
static void test_watchers_are_counted(void **state)
{
	struct fixture *f = *state;
	start(f);
	struct watcher a, b, lister;
	open_watcher(f, &a, 'W');
	open_watcher(f, &b, 'W');
	open_watcher(f, &lister, 'L');
	struct watcher *ws[] = {&a, &b, &lister};
	struct count_wait cw = {f, ws, 3, 2};
	assert_true(run_until(f, ws, 3, counted, &cw));
	assert_true(lister.w.has_hello);
	tc_live_watch_close(&b.w);
	cw.want = 1;
	assert_true(run_until(f, ws, 3, counted, &cw));
	/* The hello of one who comes now says how many watch. */
	struct watcher c;
	open_watcher(f, &c, 'L');
	expect_log(f, &c);
	assert_int_equal(c.w.hello.watchers, 1);
	close_watcher(&a);
	close_watcher(&b);
	close_watcher(&c);
	close_watcher(&lister);
}

/* A rival racer ('R') is sent all a watcher is, the count of watchers too, and is not counted
 * among them. */
static void test_rivals_are_not_counted(void **state)
{
	struct fixture *f = *state;
	start(f);
	move(f, 2);
	struct watcher rival, watcher;
	open_watcher(f, &rival, 'R');
	expect_log(f, &rival);
	open_watcher(f, &watcher, 'W');
	struct watcher *ws[] = {&rival, &watcher};
	struct count_wait cw = {f, ws, 2, 1};
	assert_true(run_until(f, ws, 2, counted, &cw));
	assert_int_equal(rival.w.hello.watchers, 0);
	move(f, 3);
	end(f, TC_LIVE_END_FINISHED);
	assert_true(run_until(f, ws, 2, closed, &rival.w));
	assert_int_equal(rival.w.state, TC_LIVE_WATCH_ENDED);
	assert_int_equal(rival.got.len, f->log.len);
	assert_memory_equal(rival.got.bytes, f->log.bytes, f->log.len);
	close_watcher(&rival);
	close_watcher(&watcher);
}

static bool count_is(void *ctx)
{
	struct count_wait *cw = ctx;
	return tc_live_pub_watchers(cw->f->pub) == cw->want;
}

/* A watcher that takes nothing is dropped once it falls behind; the player never waits, and the
 * others go on. */
static void test_slow_watcher_is_dropped(void **state)
{
	struct fixture *f = *state;
	start(f);
	struct watcher slow, fine;
	open_watcher(f, &slow, 'W');
	open_watcher(f, &fine, 'W');
	struct watcher *both[] = {&slow, &fine};
	struct count_wait cw = {f, both, 2, 2};
	assert_true(run_until(f, both, 2, count_is, &cw));
	/* Moves until slow has more unread than its socket and the publisher's backlog hold;
	 * fine reads on as they come. */
	struct watcher *only_fine[] = {&fine};
	for (int i = 0; i < 1000000 && tc_live_pub_watchers(f->pub) == 2; i++) {
		move(f, i % 4);
		if (i % 64 == 0)
			pump(f, only_fine, 1, 0);
	}
	cw.want = 1;
	assert_true(run_until(f, only_fine, 1, count_is, &cw));
	expect_log(f, &fine);
	/* What slow reads now ends without the stream's end: it was dropped. */
	struct watcher *only_slow[] = {&slow};
	assert_true(run_until(f, only_slow, 1, closed, &slow.w));
	assert_int_equal(slow.w.state, TC_LIVE_WATCH_DROPPED);
	close_watcher(&slow);
	close_watcher(&fine);
}

/* A player's program that goes away without ending its stream (a crash, kill -9) reads as
 * dropped; one that ends it, as ended. */
static void test_player_gone_is_dropped(void **state)
{
	struct fixture *f = *state;
	start(f);
	move(f, 1);
	struct watcher c;
	open_watcher(f, &c, 'W');
	expect_log(f, &c);
	tc_live_pub_free(f->pub); /* as the kernel closes a killed program's sockets */
	f->pub = tc_live_pub_new(f->dir, "ann", &f->log, describe, f);
	struct watcher *ws[] = {&c};
	assert_true(run_until(f, ws, 1, closed, &c.w));
	assert_int_equal(c.w.state, TC_LIVE_WATCH_DROPPED);
	close_watcher(&c);
}

/* Sockets in a folder whose path does not fit a socket address: publish, watch and list. */
static void test_long_paths(void **state)
{
	struct fixture *f = *state;
	assert_true(strlen(f->dir) >= sizeof(((struct sockaddr_un *)0)->sun_path));
	start(f);
	assert_null(tc_live_pub_problem(f->pub));
	move(f, 0);
	struct watcher c;
	open_watcher(f, &c, 'W');
	expect_log(f, &c);
	struct tc_live_game games[4];
	assert_int_equal(list_from_child(f, games, 4), 1);
	assert_string_equal(games[0].hello.player, "ann");
	close_watcher(&c);
}

/* A client that sends junk is not counted, one that floods is dropped, and the watchers
 * beside them are not disturbed. */
static void test_junk_from_a_client(void **state)
{
	struct fixture *f = *state;
	start(f);
	struct watcher junk, flood, good;
	open_watcher(f, &junk, 'x');
	open_watcher(f, &flood, 'W');
	open_watcher(f, &good, 'W');
	struct watcher *ws[] = {&junk, &flood, &good};
	struct count_wait cw = {f, ws, 3, 2};
	assert_true(run_until(f, ws, 3, count_is, &cw));
	char bytes[1024];
	memset(bytes, 'W', sizeof bytes);
	assert_int_equal(send(junk.w.fd, bytes, 100, MSG_NOSIGNAL), 100);
	for (int i = 0; i < 8; i++)
		if (send(flood.w.fd, bytes, sizeof bytes, MSG_NOSIGNAL) < 0)
			break;
	cw.want = 1;
	assert_true(run_until(f, ws, 3, count_is, &cw));
	move(f, 3);
	expect_log(f, &good);
	expect_log(f, &junk); /* not a watcher, but sent the game all the same */
	close_watcher(&junk);
	close_watcher(&flood);
	close_watcher(&good);
}

/* A publisher that is not one: a watcher of bytes that are no stream calls it broken. */
static void test_junk_from_a_publisher(void **state)
{
	struct fixture *f = *state;
	int server = tc_live_socket(f->dir, "p1", true);
	assert_true(server >= 0);
	assert_int_equal(listen(server, 4), 0);
	struct watcher c = {0};
	assert_int_equal(tc_live_watch_open(&c.w, f->dir, "p1", 'W'), 0);
	int peer = -1;
	for (int64_t give_up = now_ms() + PATIENCE_MS; peer < 0 && now_ms() < give_up;)
		peer = accept4(server, NULL, NULL, SOCK_CLOEXEC);
	assert_true(peer >= 0);
	const char bad[] = "tilecade-live 1\tmallory\t2048:4x4:s1\t0\t0\t0\t0\t0\n\xff\xff\xff\xff";
	assert_int_equal(send(peer, bad, sizeof bad - 1, MSG_NOSIGNAL), (ssize_t)(sizeof bad - 1));
	struct watcher *ws[] = {&c};
	assert_true(run_until(f, ws, 1, closed, &c.w));
	assert_int_equal(c.w.state, TC_LIVE_WATCH_BROKEN);
	close(peer);
	close(server);
	close_watcher(&c);
}

/* Another user's program that names itself a player it is not (a shared folder is open to all)
 * is not believed; one that names its own login is. Needs root to be another user: as anyone
 * else there is nobody to be, and nothing to check. */
static void test_impostor_is_refused(void **state)
{
	struct fixture *f = *state;
	const struct passwd *nobody = getpwnam("nobody");
	if (geteuid() != 0 || !nobody)
		return;
	assert_int_equal(chmod(f->dir, 0777), 0);
	const char *names[] = {"ann", nobody->pw_name};
	for (int i = 0; i < 2; i++) {
		int ready[2];
		assert_int_equal(pipe(ready), 0);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) { /* a publisher as nobody, its socket "p1" */
			if (setgid(nobody->pw_gid) != 0 || setuid(nobody->pw_uid) != 0)
				_exit(1);
			int fd = tc_live_socket(f->dir, "p1", true);
			if (fd < 0 || listen(fd, 4) != 0)
				_exit(1);
			ssize_t ignored = write(ready[1], "", 1);
			int peer = -1;
			while (peer < 0)
				peer = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
			char hello[256];
			struct tc_live_hello h = {.game_id = GAME_ID};
			snprintf(h.player, sizeof h.player, "%s", names[i]);
			size_t len = tc_live_hello_encode(&h, hello, sizeof hello);
			ignored = send(peer, hello, len, MSG_NOSIGNAL);
			(void)ignored;
			char drain[16];
			while (recv(peer, drain, sizeof drain, 0) > 0)
				;
			_exit(0);

		}
		char byte;
		assert_int_equal(read(ready[0], &byte, 1), 1);
		close(ready[0]);
		close(ready[1]);
		struct watcher c = {0};
		assert_int_equal(tc_live_watch_open(&c.w, f->dir, "p1", 'W'), 0);
		struct watcher *ws[] = {&c};
		if (i == 0) {
			assert_true(run_until(f, ws, 1, closed, &c.w));
			assert_int_equal(c.w.state, TC_LIVE_WATCH_BROKEN);
		} else {
			assert_true(run_until(f, ws, 1, has_hello, &c.w));
			assert_string_equal(c.w.hello.player, nobody->pw_name);
		}
		close_watcher(&c);
		waitpid(pid, NULL, 0);
		char path[PATH_MAX + 8];
		snprintf(path, sizeof path, "%s/p1", f->dir);
		unlink(path);
	}
}

/* The list: games in progress with their hellos; a socket left by a program that is gone is
 * removed; other files are left alone. */
static void test_list_skips_stale_sockets(void **state)
{
	struct fixture *f = *state;
	int stale = tc_live_socket(f->dir, "p999999", true);
	assert_true(stale >= 0);
	close(stale); /* bound, never listening: connect is refused */
	char other[PATH_MAX + 16];
	snprintf(other, sizeof other, "%s/notes.txt", f->dir);
	FILE *fp = fopen(other, "w");
	assert_non_null(fp);
	fclose(fp);
	start(f);
	move(f, 0);
	move(f, 1);
	struct tc_live_game games[4];
	assert_int_equal(list_from_child(f, games, 4), 1);
	char name[32];
	snprintf(name, sizeof name, "p%ld", (long)getpid());
	assert_string_equal(games[0].socket, name);
	assert_string_equal(games[0].hello.player, "ann");
	assert_string_equal(games[0].hello.game_id, GAME_ID);
	assert_int_equal(games[0].hello.moves, 2);
	assert_int_equal(games[0].hello.elapsed_ms, 1500);
	char stale_path[PATH_MAX + 16];
	snprintf(stale_path, sizeof stale_path, "%s/p999999", f->dir);
	assert_int_equal(access(stale_path, F_OK), -1);
	assert_int_equal(access(other, F_OK), 0);
	assert_true(tc_live_socket_name("p123"));
	assert_false(tc_live_socket_name("p"));
	assert_false(tc_live_socket_name("p12x"));
	assert_false(tc_live_socket_name("notes.txt"));
}

/* A client socket connected to the player's, that says nothing (-1 when the backlog is full). */
static int connect_raw(struct fixture *f)
{
	char name[32];
	snprintf(name, sizeof name, "p%ld", (long)getpid());
	return tc_live_socket(f->dir, name, false);
}

/* The publisher acts on everything that is ready now, until nothing is. */
static void settle(struct fixture *f)
{
	struct pollfd fds[2048];
	for (int round = 0; round < 10000; round++) {
		int k = tc_live_pub_fds(f->pub, fds, 2048);
		if (poll(fds, (nfds_t)k, 0) <= 0)
			return;
		tc_live_pub_ready(f->pub, fds, k);
	}
	fail_msg("the publisher is never done: it spins");
}

/* Descriptors for a test of many connections (both their ends are this program's). */
static void allow_descriptors(rlim_t want)
{
	struct rlimit lim;
	assert_int_equal(getrlimit(RLIMIT_NOFILE, &lim), 0);
	if (lim.rlim_cur < want && (lim.rlim_max == RLIM_INFINITY || lim.rlim_max >= want)) {
		lim.rlim_cur = want;
		assert_int_equal(setrlimit(RLIMIT_NOFILE, &lim), 0);
	}
	assert_int_equal(getrlimit(RLIMIT_NOFILE, &lim), 0);
	assert_true(lim.rlim_cur >= want);
}

/* Out of descriptors, the player's program turns connections away at once: its listening
 * socket is not left ready (which had it wake at once, forever: 100% CPU). When descriptors
 * are free again, watchers get in. */
static void test_out_of_descriptors_never_spins(void **state)
{
	struct fixture *f = *state;
	start(f);
	int clients[4];
	for (int i = 0; i < 4; i++) {
		clients[i] = connect_raw(f);
		assert_true(clients[i] >= 0);
		assert_int_equal(send(clients[i], "W", 1, MSG_NOSIGNAL), 1);
	}
	struct rlimit saved;
	assert_int_equal(getrlimit(RLIMIT_NOFILE, &saved), 0);
	struct rlimit low = saved;
	low.rlim_cur = 256;
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &low), 0);
	int filler[256], filled = 0;
	for (int fd; filled < 256 && (fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0;)
		filler[filled++] = fd;
	assert_int_equal(errno, EMFILE);
	settle(f); /* fails if the listening socket stays ready */
	assert_int_equal(tc_live_pub_watchers(f->pub), 0);
	for (int i = 0; i < filled; i++)
		close(filler[i]);
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &saved), 0);
	for (int i = 0; i < 4; i++) { /* each was closed without a word */
		char byte; /* its byte unread: reset */
		ssize_t n = recv(clients[i], &byte, 1, 0);
		assert_true(n == 0 || (n < 0 && errno == ECONNRESET));
		close(clients[i]);
	}
	struct watcher c;
	open_watcher(f, &c, 'W');
	expect_log(f, &c);
	close_watcher(&c);
}

/* Connections that never say what they want (anyone may open them in a shared folder) do not
 * keep real watchers and listers out: beyond a few, the oldest of them is closed. */
static void test_silent_connections_make_room(void **state)
{
	struct fixture *f = *state;
	enum { SILENT = 1100 };
	allow_descriptors(4 * SILENT);
	start(f);
	move(f, 1);
	static int silent[SILENT];
	for (int i = 0; i < SILENT; i++) {
		silent[i] = connect_raw(f);
		assert_true(silent[i] >= 0);
		if (i % 64 == 63)
			settle(f);
	}
	settle(f);
	struct tc_live_game games[4];
	assert_int_equal(list_from_child(f, games, 4), 1);
	assert_string_equal(games[0].hello.player, "ann");
	struct watcher c;
	open_watcher(f, &c, 'W');
	expect_log(f, &c);
	struct watcher *ws[] = {&c};
	struct count_wait cw = {f, ws, 1, 1};
	assert_true(run_until(f, ws, 1, counted, &cw));
	close_watcher(&c);
	int open_still = 0;
	for (int i = 0; i < SILENT; i++) {
		char byte;
		if (recv(silent[i], &byte, 1, MSG_DONTWAIT) < 0 && errno == EAGAIN)
			open_still++;
		close(silent[i]);
	}
	assert_true(open_still <= 16);
}

/* Opens n listers that stay and read nothing; returns how many the publisher keeps open. */
static int listers_kept(struct fixture *f, int n)
{
	static int ls[1024];
	assert_true(n <= 1024);
	for (int i = 0; i < n; i++) {
		ls[i] = connect_raw(f);
		assert_true(ls[i] >= 0);
		assert_int_equal(send(ls[i], "L", 1, MSG_NOSIGNAL), 1);
		settle(f);
	}
	int open_still = 0;
	for (int i = 0; i < n; i++) {
		char buf[4096];
		ssize_t got;
		while ((got = recv(ls[i], buf, sizeof buf, MSG_DONTWAIT)) > 0)
			;
		open_still += got < 0 && errno == EAGAIN;
		close(ls[i]);
	}
	return open_still;
}

/* Watchers beyond the cap are closed before they are sent anything; the count stays at the
 * cap, the watchers in it are served, the game is still listed, and listers still have their
 * own room. */
static void test_watchers_are_capped(void **state)
{
	struct fixture *f = *state;
	enum { CAP = 512, MORE = 520 };
	allow_descriptors(8 * MORE);
	start(f);
	static int ws[MORE];
	for (int i = 0; i < MORE; i++) {
		ws[i] = connect_raw(f);
		assert_true(ws[i] >= 0);
		assert_int_equal(send(ws[i], "W", 1, MSG_NOSIGNAL), 1);
		settle(f);
	}
	assert_int_equal(tc_live_pub_watchers(f->pub), CAP);
	struct tc_live_game games[4];
	assert_int_equal(list_from_child(f, games, 4), 1);
	assert_int_equal(listers_kept(f, 300), 256);
	int turned_away = 0;
	for (int i = 0; i < MORE; i++) {
		char byte;
		if (recv(ws[i], &byte, 1, MSG_DONTWAIT) == 0)
			turned_away++;
		close(ws[i]);
	}
	assert_int_equal(turned_away, MORE - CAP);
}

/* Listers that stay (anyone may open them) do not keep a new one out: beyond the cap the
 * oldest is closed. */
static void test_listers_make_room(void **state)
{
	struct fixture *f = *state;
	allow_descriptors(2048);
	start(f);
	assert_int_equal(listers_kept(f, 300), 256);
	struct tc_live_game games[4];
	assert_int_equal(list_from_child(f, games, 4), 1);
	assert_int_equal(listers_kept(f, 10), 10); /* the others gone, the room is theirs */
}

/* Rival racers beyond their cap are closed before they are sent anything, as watchers are;
 * watchers and listers still get in. */
static void test_rivals_are_capped(void **state)
{
	struct fixture *f = *state;
	enum { CAP = 128, MORE = 131 };
	allow_descriptors(8 * MORE);
	start(f);
	static int rs[MORE];
	for (int i = 0; i < MORE; i++) {
		rs[i] = connect_raw(f);
		assert_true(rs[i] >= 0);
		assert_int_equal(send(rs[i], "R", 1, MSG_NOSIGNAL), 1);
		settle(f);
	}
	assert_int_equal(tc_live_pub_watchers(f->pub), 0);
	struct watcher c;
	open_watcher(f, &c, 'W');
	expect_log(f, &c);
	close_watcher(&c);
	assert_int_equal(listers_kept(f, 10), 10);
	int turned_away = 0;
	for (int i = 0; i < MORE; i++) {
		char byte;
		if (recv(rs[i], &byte, 1, MSG_DONTWAIT) == 0)
			turned_away++;
		close(rs[i]);
	}
	assert_int_equal(turned_away, MORE - CAP);
}

/* Whether a program is gone, asked of its socket: a game's that answers is there; a lobby's
 * presence is there however often it is asked (nobody reads it); a socket missing, or left
 * behind by a program killed (refused), is gone; names no program makes are not asked. */
static void test_gone_and_presence(void **state)
{
	struct fixture *f = *state;
	assert_true(tc_live_gone(f->dir, "p999999"));
	start(f);
	assert_false(tc_live_gone(f->dir, tc_live_pub_socket(f->pub)));
	char name[16];
	int fd = tc_live_presence_open(f->dir, name, sizeof name);
	assert_true(fd >= 0);
	char want[16];
	snprintf(want, sizeof want, "l%ld", (long)getpid());
	assert_string_equal(name, want);
	for (int i = 0; i < 50; i++)
		assert_false(tc_live_gone(f->dir, name));
	tc_live_presence_close(f->dir, fd, name);
	assert_true(tc_live_gone(f->dir, name));
	int left = tc_live_socket(f->dir, "l77", true); /* bound, then its program killed */
	assert_true(left >= 0);
	assert_int_equal(listen(left, 1), 0);
	assert_false(tc_live_gone(f->dir, "l77"));
	close(left);
	assert_true(tc_live_gone(f->dir, "l77"));
	assert_false(tc_live_gone(f->dir, "../p1"));
	assert_false(tc_live_gone(f->dir, "races"));
	assert_false(tc_live_gone(NULL, "p1"));
}

/* A race's racers whose program is gone are dropped by whoever reads it: out of a lobby, then
 * dropped once it runs; those whose program is there, or who have no socket yet, are not. */
static void test_race_probe(void **state)
{
	struct fixture *f = *state;
	char path[PATH_MAX + 16], notice[TC_STORE_NOTICE_MAX];
	snprintf(path, sizeof path, "%s/tilecade.db", f->dir);
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	assert_true(tc_store_ok(st));
	int64_t now = tc_race_now_ms();
	int64_t id = tc_store_race_open(st, "2048", GAME_ID, "ann", 0, now);
	assert_int_equal(tc_store_race_join(st, id, "bob", now), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, id, "cy", now), TC_RACE_JOINED);
	char name[16];
	int fd = tc_live_presence_open(f->dir, name, sizeof name);
	assert_true(fd >= 0);
	assert_int_equal(tc_store_race_socket(st, id, "ann", name), 0);
	assert_int_equal(tc_store_race_socket(st, id, "bob", "p999999"), 0);
	assert_int_equal(tc_live_race_probe(st, f->dir, id, now), 1);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(tc_store_race_get(st, id, now, &race, r, TC_RACE_RACERS_MAX), 2);
	assert_int_equal(tc_live_race_probe(st, f->dir, id, now), 0);
	assert_int_equal(tc_store_race_start(st, id, "ann", now), 0);
	tc_live_presence_close(f->dir, fd, name);
	int64_t later = now + TC_RACE_COUNTDOWN_MS + 1000;
	assert_int_equal(tc_live_race_probe(st, f->dir, id, later), 1);
	assert_int_equal(tc_store_race_get(st, id, later, &race, r, TC_RACE_RACERS_MAX), 2);
	for (int i = 0; i < 2; i++)
		assert_int_equal(r[i].outcome, strcmp(r[i].player, "ann") == 0 ? TC_RACER_DROPPED
		                                                              : TC_RACER_RACING);
	assert_int_equal(tc_live_race_probe(st, NULL, id, later), 0);
	tc_store_close(st);
}

/* The entry a race's change sets the time of. */
static void races_path(const struct fixture *f, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", f->dir, TC_LIVE_RACES);
}

/* Sets a file's times long ago (without following a link), to see whether they change. */
static void make_old(const char *path)
{
	struct timespec old[2] = {{1000, 0}, {1000, 0}};
	assert_int_equal(utimensat(AT_FDCWD, path, old, AT_SYMLINK_NOFOLLOW), 0);
}

static time_t mtime_of(const char *path)
{
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	return st.st_mtime;
}

/* Whether the folder's inotify watch told IN_ATTRIB of the entry TC_LIVE_RACES. */
static bool told_attrib(int in_fd)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	bool told = false;
	ssize_t n;
	while ((n = read(in_fd, buf, sizeof buf)) > 0)
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *ev = (const struct inotify_event *)p;
			if ((ev->mask & IN_ATTRIB) && ev->len &&
			    strcmp(ev->name, TC_LIVE_RACES) == 0)
				told = true;
			p += sizeof *ev + ev->len;
		}
	return told;
}

/* A race's change: the folder's entry "races" is made (mode 0666 whatever the umask, so that
 * every user of a shared folder may set it), then its time set, which inotify tells as
 * IN_ATTRIB to the programs waiting on races. */
static void test_races_changed(void **state)
{
	struct fixture *f = *state;
	char path[PATH_MAX + 16];
	races_path(f, path, sizeof path);
	int in_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	assert_true(in_fd >= 0);
	assert_true(inotify_add_watch(in_fd, f->dir, IN_ATTRIB) >= 0);
	mode_t mask = umask(077);
	tc_live_races_changed(f->dir);
	umask(mask);
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0666);
	assert_true(told_attrib(in_fd));

	make_old(path);
	told_attrib(in_fd); /* drains what the test itself did */
	tc_live_races_changed(f->dir);
	assert_true(mtime_of(path) > 1000);
	assert_true(told_attrib(in_fd));

	/* One made by an earlier program under its umask is opened to every user again. */
	assert_int_equal(chmod(path, 0600), 0);
	tc_live_races_changed(f->dir);
	assert_int_equal(lstat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0666);

	/* Another user's, in a shared folder (sticky, open to all): opened as it is, without
	 * O_CREAT, which fs.protected_regular refuses there for a file that is not ours. */
	const struct passwd *nobody = getpwnam("nobody");
	if (geteuid() == 0 && nobody) {
		assert_int_equal(chmod(f->dir, 01777), 0);
		assert_int_equal(chown(path, nobody->pw_uid, nobody->pw_gid), 0);
		make_old(path);
		tc_live_races_changed(f->dir);
		assert_true(mtime_of(path) > 1000);
		assert_int_equal(lstat(path, &st), 0);
		assert_int_equal(st.st_uid, nobody->pw_uid);
		assert_int_equal(chmod(f->dir, 0700), 0);
	}
	close(in_fd);
}

/* What else is under that name (anyone may put something there in a shared folder) is never
 * followed, opened or set: a symbolic link (to a file, or to none), a FIFO (no hang), a
 * folder, a hard link to another file. */
static void test_races_changed_trusts_nothing_else(void **state)
{
	struct fixture *f = *state;
	char path[PATH_MAX + 16], target[PATH_MAX + 16];
	races_path(f, path, sizeof path);
	snprintf(target, sizeof target, "%s/target", f->dir);
	FILE *fp = fopen(target, "w");
	assert_non_null(fp);
	fclose(fp);
	make_old(target);

	assert_int_equal(symlink(target, path), 0);
	tc_live_races_changed(f->dir);
	assert_int_equal(mtime_of(target), 1000);
	assert_int_equal(unlink(path), 0);

	char missing[PATH_MAX + 32];
	snprintf(missing, sizeof missing, "%s/nothing-here", f->dir);
	assert_int_equal(symlink(missing, path), 0);
	tc_live_races_changed(f->dir);
	struct stat st;
	assert_int_not_equal(lstat(missing, &st), 0);
	assert_int_equal(unlink(path), 0);

	assert_int_equal(link(target, path), 0);
	tc_live_races_changed(f->dir);
	assert_int_equal(mtime_of(target), 1000);
	assert_int_equal(unlink(path), 0);

	assert_int_equal(mkfifo(path, 0666), 0);
	make_old(path);
	tc_live_races_changed(f->dir);
	assert_int_equal(mtime_of(path), 1000);
	assert_int_equal(unlink(path), 0);

	assert_int_equal(mkdir(path, 0700), 0);
	make_old(path);
	tc_live_races_changed(f->dir);
	assert_int_equal(mtime_of(path), 1000);
	assert_int_equal(rmdir(path), 0);

	/* No folder: nothing made, no crash. */
	char none[PATH_MAX + 16];
	snprintf(none, sizeof none, "%s/no-folder", f->dir);
	tc_live_races_changed(none);
	assert_int_not_equal(lstat(none, &st), 0);
}

/* What is not a socket in the folder is never connected to, followed or removed: a symbolic
 * link to a socket elsewhere, a FIFO, a file; no more is another user's stale socket (as root,
 * who can make one). */
static void test_list_follows_no_links(void **state)
{
	struct fixture *f = *state;
	char outside_dir[] = "/tmp/tilecade-outside-XXXXXX";
	assert_non_null(mkdtemp(outside_dir));
	int outside = tc_live_socket(outside_dir, "sock", true);
	assert_true(outside >= 0);
	assert_int_equal(listen(outside, 4), 0);
	char target[PATH_MAX], link[PATH_MAX + 16], fifo[PATH_MAX + 16], file[PATH_MAX + 16];
	snprintf(target, sizeof target, "%s/sock", outside_dir);
	snprintf(link, sizeof link, "%s/p111", f->dir);
	snprintf(fifo, sizeof fifo, "%s/p112", f->dir);
	snprintf(file, sizeof file, "%s/p113", f->dir);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	FILE *fp = fopen(file, "w");
	assert_non_null(fp);
	fclose(fp);
	const struct passwd *nobody = getpwnam("nobody");
	char theirs[PATH_MAX + 16];
	snprintf(theirs, sizeof theirs, "%s/p114", f->dir);
	bool as_root = geteuid() == 0 && nobody;
	if (as_root) {
		int stale = tc_live_socket(f->dir, "p114", true);
		assert_true(stale >= 0);
		close(stale); /* bound, never listening: connect is refused */
		assert_int_equal(lchown(theirs, nobody->pw_uid, nobody->pw_gid), 0);
	}
	struct tc_live_game games[8];
	assert_int_equal(list_from_child(f, games, 8), 0);
	struct tc_live_watch w;
	assert_int_equal(tc_live_watch_open(&w, f->dir, "p111", 'W'), -1);
	assert_int_equal(errno, ENOTSOCK);
	int peer = accept4(outside, NULL, NULL, SOCK_NONBLOCK);
	assert_int_equal(peer, -1); /* no one came */
	struct stat st;
	assert_int_equal(lstat(link, &st), 0);
	assert_int_equal(lstat(fifo, &st), 0);
	assert_int_equal(lstat(file, &st), 0);
	if (as_root)
		assert_int_equal(lstat(theirs, &st), 0);
	close(outside);
	unlink(target);
	rmdir(outside_dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_hello_round_trip),
	        cmocka_unit_test(test_hello_race),
	        cmocka_unit_test(test_pick_the_latest_game),
	        cmocka_unit_test_setup_teardown(test_socket_lives_with_the_game, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_gone_and_presence, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_race_probe, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_late_watcher_gets_the_whole_game, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_watchers_are_counted, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_rivals_are_not_counted, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_slow_watcher_is_dropped, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_player_gone_is_dropped, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_long_paths, setup_long, teardown),
	        cmocka_unit_test_setup_teardown(test_junk_from_a_client, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_junk_from_a_publisher, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_impostor_is_refused, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_list_skips_stale_sockets, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_out_of_descriptors_never_spins, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_silent_connections_make_room, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_watchers_are_capped, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_listers_make_room, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_rivals_are_capped, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_races_changed, setup, teardown),
	        cmocka_unit_test_setup_teardown(test_races_changed_trusts_nothing_else, setup,
	                                        teardown),
	        cmocka_unit_test_setup_teardown(test_list_follows_no_links, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
