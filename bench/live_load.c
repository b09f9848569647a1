/* Players and watchers of live games as processes, through the code a terminal's uses (what
 * arcade_load and live_hosts share): a player is a 2048 session whose events go to its stream's
 * log and its publisher (tilecade/live_net.h) in a live place; a watcher opens that game with the
 * watch client and follows each event with its own session (tilecade/live_follow.h), as the
 * watch screen does before it draws. */
#define _GNU_SOURCE
#include "live_load.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "load_process.h"
#include "tilecade/g2048.h"
#include "tilecade/gameid.h"
#include "tilecade/live.h"
#include "tilecade/live_follow.h"
#include "tilecade/live_net.h"
#include "tilecade/session.h"

#define MOVES_MAX 256   /* a player's moves in one run, at most */
#define SAMPLES_MAX 256 /* latencies a watcher keeps */

/* What the processes of one run share: set up before they fork. */
struct shared {
	volatile int ready;       /* players whose socket is up */
	volatile int watching;    /* watchers connected */
	int64_t start_us, end_us; /* set before the start is told */
	bool idle;                /* nobody moves */
};

struct player_result {
	double cpu_s;
	long rss_kb;
	unsigned moves;
};

struct watcher_result {
	double cpu_s;
	long rss_kb;
	uint64_t bytes; /* after joining: the moves' */
	unsigned moves, samples;
	bool dropped;
	uint32_t latency_us[SAMPLES_MAX];
};

struct run {
	int players, watchers;
	/* The start, told to every process at once: the parent closes the writing end, and the
	 * reading end, which each waits on, reads the end of the pipe. Nobody polls meanwhile. */
	int start_pipe[2];
	struct shared *sh;
	int64_t *sent_us;   /* [player][move]: when the player's key for that move came */
	char (*socket)[32]; /* [player]: its game's name in the place (a folder's socket's) */
	struct player_result *pr;
	struct watcher_result *wr;
	char place[PATH_MAX]; /* a folder, or a database's URL */
	bool own_folder;      /* made for the run, removed after it */
};

/* The process's proportional set size: its own pages, and its share of those it shares (the
 * program and libraries, once for all), so that the sum over processes is what they take. */
static long pss_kb(void)
{
	long kb = 0;
	char line[128];
	FILE *f = fopen("/proc/self/smaps_rollup", "r");
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "Pss: %ld kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb;
}

/* ---- a player ---- */

struct player {
	struct tc_session *s;
	struct tc_live_log log;
	struct tc_live_pub *pub;
	int64_t *sent_us;
	int64_t key_us; /* when the key of the move being played came */
	unsigned moves;
};

/* The session's events, as tc_records logs and tells them. */
static void player_heard(void *ctx, const struct tc_live_event *ev)
{
	struct player *p = ctx;
	if (ev->kind == TC_LIVE_MOVE && p->moves < MOVES_MAX)
		p->sent_us[p->moves++] = p->key_us;
	if (ev->kind == TC_LIVE_NEW_GAME)
		tc_live_log_clear(&p->log);
	tc_live_log_add(&p->log, ev);
	tc_live_pub_event(p->pub, ev);
}

static void describe(void *ctx, struct tc_live_hello *hello)
{
	struct player *p = ctx;
	tc_session_game_id(p->s, hello->game_id, sizeof hello->game_id);
	hello->moves = tc_session_moves(p->s);
	hello->elapsed_ms = tc_session_elapsed_ms(p->s);
}

/* One slide that moves something; a new game when none does. */
static void play_a_move(struct player *p, unsigned *turn)
{
	p->key_us = now_us();
	for (int tries = 0; tries < 4; tries++) {
		static const int dirs[] = {G2048_LEFT, G2048_DOWN, G2048_RIGHT, G2048_DOWN};
		struct tc_move m = {.kind = (uint8_t)dirs[(*turn)++ % 4]};
		if (tc_session_apply(p->s, &m))
			return;
		m.kind = G2048_UP;
		if (tc_session_apply(p->s, &m))
			return;
	}
	tc_session_new_game(p->s, tc_fresh_seed());
}

static void run_player(const struct run *r, int i)
{
	struct player p = {.sent_us = r->sent_us + (size_t)i * MOVES_MAX};
	char name[32];
	snprintf(name, sizeof name, "player%d", i);
	p.s = tc_session_new(&g2048_game, NULL, (uint64_t)i + 1, NULL);
	p.pub = tc_live_pub_new(r->place, name, &p.log, describe, &p);
	tc_session_listen(p.s, player_heard, &p);
	char id[TC_GAMEID_MAX];
	int n = tc_session_game_id(p.s, id, sizeof id);
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = id, .text_len = (size_t)n};
	player_heard(&p, &start);
	snprintf(r->socket[i], sizeof r->socket[i], "%s", tc_live_pub_socket(p.pub));
	__atomic_add_fetch(&r->sh->ready, 1, __ATOMIC_SEQ_CST);
	/* Until the run starts: the watchers connect. */
	for (bool started = false; !started;) {
		struct pollfd fds[64];
		int k = tc_live_pub_fds(p.pub, fds, 63);
		fds[k] = (struct pollfd){r->start_pipe[0], POLLIN, 0};
		if (poll(fds, (nfds_t)k + 1, -1) <= 0)
			continue;
		tc_live_pub_ready(p.pub, fds, k);
		started = fds[k].revents != 0;
	}
	srand((unsigned)i * 7919u + 1);
	int64_t next = r->sh->start_us + (rand() % 1000) * 1000;
	unsigned turn = 0;
	double cpu_before = cpu_seconds();
	for (;;) {
		int64_t now = now_us();
		if (now >= r->sh->end_us)
			break;
		if (!r->sh->idle && now >= next) {
			play_a_move(&p, &turn);
			next = now + (500 + rand() % 1000) * 1000;
			continue;
		}
		int64_t until = r->sh->idle || next > r->sh->end_us ? r->sh->end_us : next;
		struct pollfd fds[64];
		int k = tc_live_pub_fds(p.pub, fds, 64);
		int wait = (int)((until - now + 999) / 1000);
		if (poll(fds, (nfds_t)k, wait) > 0)
			tc_live_pub_ready(p.pub, fds, k);
	}
	r->pr[i] = (struct player_result){cpu_seconds() - cpu_before, pss_kb(), p.moves};
	struct tc_live_event end = {.kind = TC_LIVE_END, .value = TC_LIVE_END_LEFT};
	player_heard(&p, &end);
	tc_live_pub_free(p.pub);
	exit(0); /* as the program ends: a database's live connection writes what it holds first */
}

/* ---- a watcher ---- */

struct watcher {
	struct tc_live_follow follow;
	const int64_t *sent_us;
	struct watcher_result *res;
	bool broken;
	double cpu_at_end; /* when the stream's end came: what the run cost, not the exit */
};

static void watcher_heard(void *ctx, const struct tc_live_event *ev)
{
	struct watcher *w = ctx;
	char err[160];
	if (tc_live_follow(&w->follow, ev, err, sizeof err) != 0)
		w->broken = true;
	if (ev->kind == TC_LIVE_END)
		w->cpu_at_end = cpu_seconds();
	if (ev->kind != TC_LIVE_MOVE)
		return;
	/* Watchers connect before anyone moves: every move comes as it is played. */
	unsigned k = w->res->moves++;
	int64_t sent = k < MOVES_MAX ? w->sent_us[k] : 0;
	if (sent > 0 && w->res->samples < SAMPLES_MAX)
		w->res->latency_us[w->res->samples++] = (uint32_t)(now_us() - sent);
}

static void run_watcher(const struct run *r, int i)
{
	int player = i % r->players;
	struct watcher w = {.sent_us = r->sent_us + (size_t)player * MOVES_MAX, .res = &r->wr[i]};
	tc_live_follow_init(&w.follow);
	static struct tc_live_watch conn;
	/* A database's game shows once the player's live connection has written it. */
	bool open = false;
	for (int tries = 0; !open && tries < 100; tries++) {
		open = tc_live_watch_open(&conn, r->place, r->socket[player], 'W') == 0;
		if (!open && errno != ENOENT && errno != EAGAIN)
			break;
		if (!open)
			usleep(50000);
	}
	__atomic_add_fetch(&r->sh->watching, 1, __ATOMIC_SEQ_CST);
	/* Joining (the hello, the stream so far) is done before the run starts. */
	uint64_t joined = 0;
	for (bool started = false; open && conn.state == TC_LIVE_WATCH_OPEN && !started;) {
		struct pollfd fds[2] = {{conn.fd, POLLIN, 0}, {r->start_pipe[0], POLLIN, 0}};
		if (poll(fds, 2, -1) <= 0)
			continue;
		if (fds[0].revents)
			tc_live_watch_pump(&conn, watcher_heard, &w);
		joined = conn.bytes;
		started = fds[1].revents != 0;
	}
	double cpu_before = cpu_seconds();
	while (open && conn.state == TC_LIVE_WATCH_OPEN && !w.broken) {
		struct pollfd fd = {conn.fd, POLLIN, 0};
		if (poll(&fd, 1, -1) > 0)
			tc_live_watch_pump(&conn, watcher_heard, &w);
	}
	w.res->cpu_s = (w.cpu_at_end > 0 ? w.cpu_at_end : cpu_seconds()) - cpu_before;
	w.res->rss_kb = pss_kb();
	w.res->bytes = conn.bytes - joined;
	w.res->dropped = !open || conn.state != TC_LIVE_WATCH_ENDED || w.broken;
	_exit(0);
}

/* ---- a run ---- */

static void summarise(const struct run *r, double seconds, struct live_outcome *o)
{
	uint32_t *all = malloc((size_t)r->watchers * SAMPLES_MAX * sizeof *all + 1);
	size_t n = 0;
	double cpu_p = 0, cpu_w = 0, rss_p = 0, rss_w = 0, moves_w = 0, bytes = 0;
	for (int i = 0; i < r->players; i++) {
		cpu_p += r->pr[i].cpu_s;
		rss_p += (double)r->pr[i].rss_kb;
		o->moves += r->pr[i].moves;
	}
	for (int i = 0; i < r->watchers; i++) {
		const struct watcher_result *w = &r->wr[i];
		cpu_w += w->cpu_s;
		rss_w += (double)w->rss_kb;
		bytes += (double)w->bytes;
		moves_w += w->moves;
		o->dropped += w->dropped;
		for (unsigned k = 0; k < w->samples; k++)
			all[n++] = w->latency_us[k];
	}
	o->samples = (unsigned)n;
	latency_percentiles(all, n, &o->p50_ms, &o->p99_ms, &o->max_ms);
	free(all);
	o->cpu_player_pct = r->players ? 100 * cpu_p / r->players / seconds : 0;
	o->cpu_watcher_pct = r->watchers ? 100 * cpu_w / r->watchers / seconds : 0;
	o->cpu_machine_pct = 100 * (cpu_p + cpu_w) / seconds;
	o->bytes_per_move = moves_w > 0 ? bytes / moves_w : 0;
	o->rss_player_kb = r->players ? rss_p / r->players : 0;
	o->rss_watcher_kb = r->watchers ? rss_w / r->watchers : 0;
}

/* Forks the players, waits until each has its socket, forks the watchers, lets them play for
 * `seconds` and gathers what they measured. */
void live_load_run(const char *place, const struct live_server *server, int players, int watchers,
                   double seconds, bool idle, struct live_outcome *o)
{
	memset(o, 0, sizeof *o);
	o->players = players;
	o->watchers = watchers;
	struct run r = {.players = players, .watchers = watchers};
	r.sh = shared_memory(sizeof *r.sh);
	r.sent_us = shared_memory((size_t)players * MOVES_MAX * sizeof *r.sent_us);
	r.pr = shared_memory((size_t)players * sizeof *r.pr);
	r.socket = shared_memory((size_t)players * sizeof *r.socket);
	r.wr = shared_memory((size_t)(watchers ? watchers : 1) * sizeof *r.wr);
	pid_t *pids = calloc((size_t)(players + watchers), sizeof *pids);
	r.own_folder = !place;
	snprintf(r.place, sizeof r.place, "%s", place ? place : "/tmp/tilecade-live-load-XXXXXX");
	if (!r.sh || !r.sent_us || !r.pr || !r.socket || !r.wr || !pids ||
	    (r.own_folder && !mkdtemp(r.place))) {
		snprintf(o->why, sizeof o->why, "out of memory");
		return;
	}
	if (pipe(r.start_pipe) != 0) {
		snprintf(o->why, sizeof o->why, "no pipe: %s", strerror(errno));
		return;
	}
	r.sh->idle = idle;
	int forked = 0;
	fflush(NULL); /* players exit(): nothing of the parent's output twice */
	for (; forked < players; forked++) {
		pid_t pid = fork();
		if (pid == 0) {
			close(r.start_pipe[1]);
			run_player(&r, forked);
		}
		if (pid < 0)
			break;
		pids[forked] = pid;
	}
	while (r.sh->ready < forked)
		usleep(10000);
	int spawned = forked;
	for (int i = 0; forked == players && i < watchers; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			close(r.start_pipe[1]);
			run_watcher(&r, i);
		}
		if (pid < 0)
			break;
		pids[spawned++] = pid;
	}
	while (r.sh->watching < spawned - forked)
		usleep(10000);
	if (spawned < players + watchers) {
		snprintf(o->why, sizeof o->why, "fork failed at %d processes: %s", spawned,
		         strerror(errno));
		r.sh->start_us = r.sh->end_us = now_us();
		close(r.start_pipe[1]);
		reap(pids, spawned);
		close(r.start_pipe[0]);
		return;
	}
	double server_before = server ? server->cpu_seconds(server->ctx) : -1;
	r.sh->start_us = now_us();
	r.sh->end_us = r.sh->start_us + (int64_t)(seconds * 1e6);
	close(r.start_pipe[1]); /* go */
	/* The server's CPU while they play, read up to a little before the end: at the end every
	 * process leaves at once, and a backend reaped while the server's processes are read
	 * could be missed. */
	int64_t margin = (int64_t)(seconds * 1e5) < 200000 ? (int64_t)(seconds * 1e5) : 200000;
	int64_t server_end = r.sh->end_us - margin;
	for (int64_t left; server && (left = server_end - now_us()) > 0;)
		usleep((useconds_t)(left > 100000 ? 100000 : left));
	double server_after = server ? server->cpu_seconds(server->ctx) : -1;
	reap(pids, spawned);
	close(r.start_pipe[0]);
	summarise(&r, seconds, o);
	o->cpu_server_pct = server_before >= 0 && server_after >= 0
	                            ? 100 * (server_after - server_before) /
	                                      ((double)(server_end - r.sh->start_us) / 1e6)
	                            : -1;
	o->ok = true;
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", r.place);
	if (r.own_folder && system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", r.place);
	munmap(r.sh, sizeof *r.sh);
	munmap(r.sent_us, (size_t)players * MOVES_MAX * sizeof *r.sent_us);
	munmap(r.pr, (size_t)players * sizeof *r.pr);
	munmap(r.socket, (size_t)players * sizeof *r.socket);
	munmap(r.wr, (size_t)(watchers ? watchers : 1) * sizeof *r.wr);
	free(pids);
}
