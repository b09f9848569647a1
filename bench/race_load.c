/* One race of many racers and watchers on one machine, as processes through the code a
 * terminal's uses: a racer is a 2048 session whose events go to its stream's log and its
 * publisher (tilecade/live_net.h, hello.race set) in a live folder, its socket told to the
 * store; every racer and every watcher follows the whole race with a race feed
 * (src/tui/race_feed.h): the store read, each other racer's stream on an 'R' connection, the
 * progress computed from the position followed. Racers slide at a racer's pace (one slide
 * every 0.25 to 0.75 s).
 *
 * Measured: the progress latency, from a racer's key (CLOCK_MONOTONIC, one clock for every
 * process) to each follower's feed having that move's progress (p50, p99, max over every
 * follower and move); CPU per racer (its game, its publisher and its feed) and per watcher
 * (getrusage); bytes a follower receives per racer's move (every recv of the process counted,
 * the link wrapping it); CPU while nobody moves. Prints tables; never fails.
 *
 * usage: race_load [SECONDS] [RACERS] [WATCHERS]   (default 20 s, 50 racers, 50 watchers) */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "load_process.h"
#include "race_feed.h"
#include "tilecade/g2048.h"
#include "tilecade/gameid.h"
#include "tilecade/live.h"
#include "tilecade/live_net.h"
#include "tilecade/races.h"
#include "tilecade/session.h"
#include "tilecade/store.h"

#define MOVES_MAX 512     /* a racer's moves in one run, at most */
#define SAMPLES_MAX 16384 /* latencies a follower keeps */
#define GOAL_MS 50        /* the p99 */
#define FDS_MAX 512

/* What the processes of one run share: set up before they fork. */
struct shared {
	volatile int ready;    /* racers whose socket is up and told to the store */
	volatile int watching; /* feeds following every other racer */
	int64_t start_us, end_us; /* set before the start is told */
	bool idle;                /* nobody moves */
};

struct result {
	double cpu_s;
	uint64_t received_bytes; /* during the run */
	unsigned moves;      /* racers: played; followers: seen */
	unsigned samples;
	bool lost; /* a racer's stream closed before the run's end */
	uint32_t latency_us[SAMPLES_MAX];
};

struct run {
	int racers, watchers;
	/* The start, told to every process at once by closing the writing end; "up" likewise
	 * tells the racers that every racer's socket is in the store. */
	int start_pipe[2], up_pipe[2];
	struct shared *sh;
	int64_t *sent_us;       /* [racer][move]: when the racer's key for that move came */
	struct result *res;     /* [racer], then [racers + watcher] */
	char dir[PATH_MAX], db[PATH_MAX + 16];
	int64_t race;
};

/* Bytes the process has received on its sockets: the bench is linked with recv wrapped
 * (-Wl,--wrap=recv), so that every stream's bytes are counted where they are taken. */
static uint64_t received;
ssize_t __real_recv(int fd, void *buf, size_t len, int flags);
ssize_t __wrap_recv(int fd, void *buf, size_t len, int flags);
ssize_t __wrap_recv(int fd, void *buf, size_t len, int flags)
{
	ssize_t n = __real_recv(fd, buf, len, flags);
	if (n > 0)
		received += (uint64_t)n;
	return n;
}

static uint64_t received_bytes(void)
{
	return received;
}

static void racer_name(int i, char *buf, size_t len)
{
	snprintf(buf, len, "r%02d", i);
}

/* ---- a follower: a racer's or a watcher's race feed ---- */

struct follower {
	const struct run *r;
	struct tc_race_feed *feed;
	struct result *res;
	unsigned seen[TC_RACE_RACERS_MAX]; /* moves seen of each racer */
	int others;                        /* racers it follows */
};

/* The racer a feed's racer is (by name), or -1. */
static int racer_index(const struct tc_racer *racer)
{
	int i;
	return sscanf(racer->player, "r%d", &i) == 1 ? i : -1;
}

/* After the feed took what came: every move newly followed is one latency. Returns how many
 * racers have a session followed. */
static int take_news(struct follower *fo, bool measure)
{
	const struct tc_racer *racers;
	int n = tc_race_feed_racers(fo->feed, &racers), followed = 0;
	int64_t now = now_us();
	for (int k = 0; k < n; k++) {
		const struct tc_session *s = tc_race_feed_session(fo->feed, k);
		int i = racer_index(&racers[k]);
		if (!s || i < 0 || i >= fo->r->racers)
			continue;
		followed++;
		unsigned moves = tc_session_moves(s);
		for (unsigned m = fo->seen[i]; measure && m < moves && m < MOVES_MAX; m++) {
			int64_t sent = fo->r->sent_us[(size_t)i * MOVES_MAX + m];
			fo->res->moves++;
			if (sent > 0 && fo->res->samples < SAMPLES_MAX)
				fo->res->latency_us[fo->res->samples++] = (uint32_t)(now - sent);
		}
		fo->seen[i] = moves;
	}
	return followed;
}

/* The feed's descriptors after fds[k]; returns the new count. */
static int feed_fds(struct follower *fo, struct pollfd *fds, int k)
{
	return k + tc_race_feed_fds(fo->feed, fds + k, FDS_MAX - k);
}

static void feed_ready(struct follower *fo, const struct pollfd *fds, int n, bool measure)
{
	if (tc_race_feed_ready(fo->feed, fds, n))
		take_news(fo, measure);
}

/* Follows until every other racer's game is followed (its START came). */
static bool follower_open(struct follower *fo, struct tc_store *st, const char *self)
{
	char err[160];
	fo->feed = tc_race_feed_new(st, fo->r->dir, fo->r->race, self, err, sizeof err);
	if (!fo->feed) {
		fprintf(stderr, "race_load: %s\n", err);
		return false;
	}
	return true;
}

/* ---- a racer ---- */

struct racer {
	struct tc_session *s;
	struct tc_live_log log;
	struct tc_live_pub *pub;
	int64_t race;
	int64_t *sent_us;
	int64_t key_us; /* when the key of the move being played came */
	unsigned moves;
};

static void racer_heard(void *ctx, const struct tc_live_event *ev)
{
	struct racer *p = ctx;
	if (ev->kind == TC_LIVE_MOVE && p->moves < MOVES_MAX)
		p->sent_us[p->moves++] = p->key_us;
	tc_live_log_add(&p->log, ev);
	tc_live_pub_event(p->pub, ev);
}

static void describe(void *ctx, struct tc_live_hello *hello)
{
	struct racer *p = ctx;
	tc_session_game_id(p->s, hello->game_id, sizeof hello->game_id);
	hello->moves = tc_session_moves(p->s);
	hello->elapsed_ms = tc_session_elapsed_ms(p->s);
	hello->race = p->race;
}

/* One slide that moves something; the racer is stuck (and stays) when none does. */
static void play_a_move(struct racer *p, unsigned *turn)
{
	p->key_us = now_us();
	for (int tries = 0; tries < 4; tries++) {
		static const int dirs[] = {G2048_LEFT, G2048_DOWN, G2048_RIGHT, G2048_UP};
		struct tc_move m = {.kind = (uint8_t)dirs[(*turn)++ % 4]};
		if (tc_session_apply(p->s, &m))
			return;
	}
}

/* Waits on the publisher (and the feed, once it has one) until fd is closed: the parent's
 * word. */
static void serve_until(struct racer *p, struct follower *fo, int fd)
{
	for (;;) {
		struct pollfd fds[FDS_MAX];
		int k = tc_live_pub_fds(p->pub, fds, FDS_MAX / 2);
		int pub_fds = k;
		int feed_from = k;
		if (fo && fo->feed)
			k = feed_fds(fo, fds, k);
		fds[k] = (struct pollfd){fd, POLLIN, 0};
		if (poll(fds, (nfds_t)k + 1, -1) <= 0)
			continue;
		tc_live_pub_ready(p->pub, fds, pub_fds);
		if (fo && fo->feed)
			feed_ready(fo, fds + feed_from, k - feed_from, false);
		if (fds[k].revents)
			return;
	}
}

static void run_racer(const struct run *r, int i)
{
	char name[32], err[160];
	racer_name(i, name, sizeof name);
	struct tc_store *st = tc_store_open(r->db, err, sizeof err);
	struct racer p = {.sent_us = r->sent_us + (size_t)i * MOVES_MAX, .race = r->race};
	/* Every racer plays the race's game: the same seed. */
	p.s = tc_session_new(&g2048_game, NULL, 5, NULL);
	p.pub = tc_live_pub_new(r->dir, name, &p.log, describe, &p);
	tc_session_listen(p.s, racer_heard, &p);
	char id[TC_GAMEID_MAX], socket[32];
	int n = tc_session_game_id(p.s, id, sizeof id);
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = id, .text_len = (size_t)n};
	racer_heard(&p, &start);
	snprintf(socket, sizeof socket, "p%ld", (long)getpid());
	tc_store_race_socket(st, r->race, name, socket);
	__atomic_add_fetch(&r->sh->ready, 1, __ATOMIC_SEQ_CST);
	serve_until(&p, NULL, r->up_pipe[0]);
	struct follower fo = {.r = r, .res = &r->res[i], .others = r->racers - 1};
	if (!follower_open(&fo, st, name))
		_exit(1);
	/* Connected: serving the others' feeds while this one takes every other racer's START. */
	while (take_news(&fo, false) < fo.others) {
		struct pollfd fds[FDS_MAX];
		int k = tc_live_pub_fds(p.pub, fds, FDS_MAX / 2), pub_fds = k;
		k = feed_fds(&fo, fds, k);
		if (poll(fds, (nfds_t)k, -1) <= 0)
			continue;
		tc_live_pub_ready(p.pub, fds, pub_fds);
		feed_ready(&fo, fds + pub_fds, k - pub_fds, false);
	}
	__atomic_add_fetch(&r->sh->watching, 1, __ATOMIC_SEQ_CST);
	serve_until(&p, &fo, r->start_pipe[0]);
	srand((unsigned)i * 7919u + 1);
	int64_t next = r->sh->start_us + (rand() % 500) * 1000;
	unsigned turn = 0;
	double cpu_before = cpu_seconds();
	uint64_t received_before = received_bytes();
	for (;;) {
		int64_t now = now_us();
		if (now >= r->sh->end_us)
			break;
		if (!r->sh->idle && now >= next) {
			play_a_move(&p, &turn);
			next = now + (250 + rand() % 500) * 1000;
			continue;
		}
		int64_t until = r->sh->idle || next > r->sh->end_us ? r->sh->end_us : next;
		struct pollfd fds[FDS_MAX];
		int k = tc_live_pub_fds(p.pub, fds, FDS_MAX / 2), pub_fds = k;
		k = feed_fds(&fo, fds, k);
		int wait = (int)((until - now + 999) / 1000);
		if (poll(fds, (nfds_t)k, wait) > 0) {
			tc_live_pub_ready(p.pub, fds, pub_fds);
			feed_ready(&fo, fds + pub_fds, k - pub_fds, true);
		}
	}
	fo.res->cpu_s = cpu_seconds() - cpu_before;
	fo.res->received_bytes = received_bytes() - received_before;
	fo.res->lost = take_news(&fo, true) < fo.others;
	r->res[r->racers + r->watchers + i].moves = p.moves; /* played, kept apart */
	struct tc_live_event end = {.kind = TC_LIVE_END, .value = TC_LIVE_END_FINISHED};
	racer_heard(&p, &end);
	tc_live_pub_free(p.pub);
	_exit(0);
}

/* ---- a watcher ---- */

static void run_watcher(const struct run *r, int i)
{
	char err[160];
	struct tc_store *st = tc_store_open(r->db, err, sizeof err);
	struct follower fo = {.r = r, .res = &r->res[r->racers + i], .others = r->racers};
	if (!follower_open(&fo, st, NULL))
		_exit(1);
	while (take_news(&fo, false) < fo.others) {
		struct pollfd fds[FDS_MAX];
		int k = feed_fds(&fo, fds, 0);
		if (poll(fds, (nfds_t)k, -1) > 0)
			feed_ready(&fo, fds, k, false);
	}
	__atomic_add_fetch(&r->sh->watching, 1, __ATOMIC_SEQ_CST);
	for (bool started = false; !started;) {
		struct pollfd fds[FDS_MAX];
		int k = feed_fds(&fo, fds, 0);
		fds[k] = (struct pollfd){r->start_pipe[0], POLLIN, 0};
		if (poll(fds, (nfds_t)k + 1, -1) <= 0)
			continue;
		feed_ready(&fo, fds, k, false);
		started = fds[k].revents != 0;
	}
	double cpu_before = cpu_seconds();
	uint64_t received_before = received_bytes();
	for (;;) {
		int64_t now = now_us();
		if (now >= r->sh->end_us)
			break;
		struct pollfd fds[FDS_MAX];
		int k = feed_fds(&fo, fds, 0);
		if (poll(fds, (nfds_t)k, (int)((r->sh->end_us - now + 999) / 1000)) > 0)
			feed_ready(&fo, fds, k, true);
	}
	fo.res->cpu_s = cpu_seconds() - cpu_before;
	fo.res->received_bytes = received_bytes() - received_before;
	fo.res->lost = take_news(&fo, true) < fo.others;
	_exit(0);
}

/* ---- a run ---- */

struct outcome {
	bool ok;
	char why[160];
	unsigned samples, played, lost;
	double p50_ms, p99_ms, max_ms;
	double cpu_racer_pct, cpu_watcher_pct, cpu_machine_pct; /* of one core */
	double bytes_per_move;
};

static void summarise(const struct run *r, double seconds, struct outcome *o)
{
	int followers = r->racers + r->watchers;
	uint32_t *all = malloc((size_t)followers * SAMPLES_MAX * sizeof *all + 1);
	size_t n = 0;
	double cpu_r = 0, cpu_w = 0, bytes = 0, seen = 0;
	for (int i = 0; i < followers; i++) {
		const struct result *res = &r->res[i];
		*(i < r->racers ? &cpu_r : &cpu_w) += res->cpu_s;
		bytes += (double)res->received_bytes;
		seen += res->moves;
		o->lost += res->lost;
		for (unsigned k = 0; k < res->samples; k++)
			all[n++] = res->latency_us[k];
	}
	for (int i = 0; i < r->racers; i++)
		o->played += r->res[followers + i].moves;
	o->samples = (unsigned)n;
	latency_percentiles(all, n, &o->p50_ms, &o->p99_ms, &o->max_ms);
	free(all);
	o->cpu_racer_pct = 100 * cpu_r / r->racers / seconds;
	o->cpu_watcher_pct = r->watchers ? 100 * cpu_w / r->watchers / seconds : 0;
	o->cpu_machine_pct = 100 * (cpu_r + cpu_w) / seconds;
	o->bytes_per_move = seen > 0 ? bytes / seen : 0;
}

/* The race in a fresh store: opened by r00, every racer joined, started. */
static bool open_race(struct run *r, char *why, size_t len)
{
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(r->db, notice, sizeof notice);
	int64_t now = tc_race_now_ms();
	char name[32];
	racer_name(0, name, sizeof name);
	r->race = tc_store_ok(st) ? tc_store_race_open(st, "2048", "2048:4x4:s5", name, 0, now) : 0;
	for (int i = 1; r->race > 0 && i < r->racers; i++) {
		racer_name(i, name, sizeof name);
		if (tc_store_race_join(st, r->race, name, now) != TC_RACE_JOINED)
			r->race = 0;
	}
	racer_name(0, name, sizeof name);
	if (r->race > 0 && tc_store_race_start(st, r->race, name, now) != 0)
		r->race = 0;
	tc_store_close(st);
	if (r->race <= 0)
		snprintf(why, len, "the race could not be opened in the store: %.100s", notice);
	return r->race > 0;
}

/* Forks the racers, waits until each has its socket in the store, has each follow the race,
 * forks the watchers, lets them race for `seconds` and gathers what they measured. */
static void race(struct run *r, double seconds, bool idle, pid_t *pids, struct outcome *o)
{
	int racers = r->racers, watchers = r->watchers;
	r->sh->idle = idle;
	int spawned = 0;
	for (; spawned < racers; spawned++) {
		pid_t pid = fork();
		if (pid == 0) {
			close(r->start_pipe[1]);
			close(r->up_pipe[1]);
			run_racer(r, spawned);
		}
		if (pid < 0)
			break;
		pids[spawned] = pid;
	}
	while (r->sh->ready < spawned)
		usleep(10000);
	close(r->up_pipe[1]);
	bool racers_up = spawned == racers;
	for (int i = 0; racers_up && i < watchers; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			close(r->start_pipe[1]);
			run_watcher(r, i);
		}
		if (pid < 0)
			break;
		pids[spawned++] = pid;
	}
	while (r->sh->watching < spawned)
		usleep(10000);
	if (spawned < racers + watchers) {
		snprintf(o->why, sizeof o->why, "fork failed at %d processes: %s", spawned,
		         strerror(errno));
		r->sh->start_us = r->sh->end_us = now_us();
		close(r->start_pipe[1]);
		reap(pids, spawned);
		return;
	}
	r->sh->start_us = now_us();
	r->sh->end_us = r->sh->start_us + (int64_t)(seconds * 1e6);
	close(r->start_pipe[1]); /* go */
	reap(pids, spawned);
	close(r->start_pipe[0]);
	close(r->up_pipe[0]);
	summarise(r, seconds, o);
	o->ok = true;
}

/* One run, in a folder and a store of its own that are removed after it. */
static void run_load(int racers, int watchers, double seconds, bool idle, struct outcome *o)
{
	memset(o, 0, sizeof *o);
	struct run r = {.racers = racers, .watchers = watchers};
	int followers = racers + watchers;
	size_t res_len = (size_t)(followers + racers) * sizeof *r.res;
	size_t sent_len = (size_t)racers * MOVES_MAX * sizeof *r.sent_us;
	r.sh = shared_memory(sizeof *r.sh);
	r.sent_us = shared_memory(sent_len);
	r.res = shared_memory(res_len);
	pid_t *pids = calloc((size_t)followers, sizeof *pids);
	snprintf(r.dir, sizeof r.dir, "/tmp/tilecade-race-load-XXXXXX");
	if (!r.sh || !r.sent_us || !r.res || !pids || !mkdtemp(r.dir)) {
		snprintf(o->why, sizeof o->why, "out of memory");
		return;
	}
	snprintf(r.db, sizeof r.db, "%s/tilecade.db", r.dir);
	if (pipe(r.start_pipe) != 0 || pipe(r.up_pipe) != 0)
		snprintf(o->why, sizeof o->why, "no pipe: %s", strerror(errno));
	else if (open_race(&r, o->why, sizeof o->why))
		race(&r, seconds, idle, pids, o);
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", r.dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", r.dir);
	munmap(r.sh, sizeof *r.sh);
	munmap(r.sent_us, sent_len);
	munmap(r.res, res_len);
	free(pids);
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 20;
	int racers = argc > 2 ? atoi(argv[2]) : 50;
	int watchers = argc > 3 ? atoi(argv[3]) : 50;
	if (seconds <= 0)
		seconds = 20;
	if (racers < 2 || racers > TC_RACE_RACERS_MAX)
		racers = 50;
	if (watchers < 0)
		watchers = 50;
	struct rlimit nofile;
	if (getrlimit(RLIMIT_NOFILE, &nofile) == 0) {
		nofile.rlim_cur = nofile.rlim_max;
		setrlimit(RLIMIT_NOFILE, &nofile);
	}
	signal(SIGPIPE, SIG_IGN);
	printf("Race load: one 2048 race of %d racers and %d watchers as processes on %ld cores, "
	       "a slide a racer every 0.25-0.75 s, %.0f s.\n"
	       "Every racer and watcher follows every (other) racer through a race feed.\n"
	       "Latency: a racer's key to a follower's feed having that move's progress "
	       "(CLOCK_MONOTONIC); CPU in %% of one core;\nbytes: what a follower received "
	       "on its sockets per racer's move it followed.\n\n",
	       racers, watchers, sysconf(_SC_NPROCESSORS_ONLN), seconds);
	printf("| run | moves played | progress seen | p50 ms | p99 ms | max ms | CPU/racer | "
	       "CPU/watcher | machine CPU | B/move seen | lost |\n");
	printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	fflush(stdout);
	struct outcome o;
	char label[64];
	snprintf(label, sizeof label, "%d racers, %d watchers", racers, watchers);
	run_load(racers, watchers, seconds, false, &o);
	if (!o.ok)
		printf("| %s | %s |\n", label, o.why);
	else
		printf("| %s | %u | %u | %.2f | %.2f | %.2f | %.2f%% | %.2f%% | %.1f%% | %.1f | %u "
		       "|\n",
		       label, o.played, o.samples, o.p50_ms, o.p99_ms, o.max_ms, o.cpu_racer_pct,
		       o.cpu_watcher_pct, o.cpu_machine_pct, o.bytes_per_move, o.lost);
	if (o.ok)
		printf("\np99 %s the goal of %d ms.\n", o.p99_ms <= GOAL_MS ? "within" : "above",
		       GOAL_MS);
	fflush(stdout);
	struct outcome idle;
	run_load(racers, watchers, seconds / 4, true, &idle);
	printf("\nIdle (nobody moves, %.0f s): the %d processes used %.4f%% of one core in all.\n",
	       seconds / 4, racers + watchers, idle.ok ? idle.cpu_machine_pct : -1.0);
	return 0;
}
