/* Players and watchers of live games as processes, through the code a terminal's uses, in a live
 * place: a folder of Unix sockets (SQLite's, one machine) or a PostgreSQL database's URL (many
 * hosts, LISTEN/NOTIFY). Players move at a human pace (one 2048 slide every 0.5 to 1.5 s).
 *
 * Measured: a move's latency from the player's key (CLOCK_MONOTONIC, one clock for every
 * process) to the watcher's follower having played it; CPU per player and per watcher
 * (getrusage); bytes a watcher takes per move; memory (PSS) per process. */
#ifndef BENCH_LIVE_LOAD_H
#define BENCH_LIVE_LOAD_H

#include <stdbool.h>

struct live_outcome {
	bool ok;
	char why[160];
	int players, watchers;
	unsigned samples;
	double p50_ms, p99_ms, max_ms;
	double cpu_player_pct, cpu_watcher_pct, cpu_machine_pct; /* of one core */
	double cpu_server_pct; /* the live place's server's, of one core; -1: none */
	double bytes_per_move;
	double rss_player_kb, rss_watcher_kb;
	unsigned moves, dropped;
};

/* The server behind a live place (a database's), whose CPU is read when a run starts and ends. */
struct live_server {
	double (*cpu_seconds)(void *ctx); /* -1 when it cannot be read */
	void *ctx;
};

/* Forks the players, each publishing its game in place (a folder or a URL; NULL: a fresh
 * folder, removed after), waits until each has it shared, forks the watchers (watcher i
 * follows player i % players), lets them play for `seconds` (idle: nobody moves) and gathers
 * what they measured, and what server (NULL: none) spent meanwhile. */
void live_load_run(const char *place, const struct live_server *server, int players, int watchers,
                   double seconds, bool idle, struct live_outcome *o);

#endif
