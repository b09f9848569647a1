/* Live moves across hosts (issue 20): players (processes) each publishing a 2048 game, each
 * followed by a watcher process (live_load.h), on PostgreSQL beside the same on SQLite's one
 * machine, in one run. On PostgreSQL the live place is the database: every process has its own
 * connection (its live hub), as a watcher on another host has, and moves go through the
 * database (LISTEN/NOTIFY); on SQLite they go through a folder of Unix sockets.
 *
 * Measured: a move's latency from the player's key to the watcher's follower having played it
 * (p50, p99, max; the goal: p99 <= 200 ms with 100 players), CPU per player and per watcher,
 * the server's CPU (PostgreSQL's processes, read from /proc: the cluster runs on this machine),
 * and the CPU of everyone while nobody moves. The cluster (pg_cluster.h) is made with
 * max_connections=300: PostgreSQL's default 100 is too few for 200 processes' connections.
 * Prints a table; never fails.
 *
 * usage: live_hosts [SECONDS] [PLAYERS]   (default 20 s a run, a quarter of that idle; 100
 * players, one watcher each) */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "live_load.h"
#include "pg_cluster.h"
#include "tilecade/store.h"

#define GOAL_MS 200

/* One live place's runs. */
struct place_result {
	struct live_outcome run, idle;
};

static double server_cpu(void *admin)
{
	return pg_server_cpu_seconds(admin);
}

/* The runs in place (NULL: a fresh folder), with admin's server's CPU when admin is given. */
static void measure(const char *place, struct tc_store *admin, int players, double seconds,
                    struct place_result *out)
{
	struct live_server server = {server_cpu, admin};
	live_load_run(place, admin ? &server : NULL, players, players, seconds, false, &out->run);
	if (admin)
		pg_backends_gone(admin); /* each run has its own connections */
	live_load_run(place, admin ? &server : NULL, players, players, seconds / 4, true,
	              &out->idle);
}

/* A number, or "-" for none (v < 0). Up to 8 a row. */
static const char *cell(double v, int decimals)
{
	static char buf[8][32];
	static int next;
	char *b = buf[next++ % 8];
	if (v < 0)
		snprintf(b, 32, "-");
	else
		snprintf(b, 32, "%.*f", decimals, v);
	return b;
}

/* A percentage, or "-" for none. */
static const char *percent(double v, int decimals)
{
	const char *c = cell(v, decimals);
	if (v >= 0)
		strcat((char *)c, "%");
	return c;
}

static void print_row(const char *label, const struct place_result *r)
{
	const struct live_outcome *o = &r->run, *idle = &r->idle;
	if (!o->ok) {
		printf("| %s | %s |\n", label, o->why);
		return;
	}
	double idle_all = idle->ok ? idle->cpu_machine_pct : -1;
	if (idle_all >= 0 && idle->cpu_server_pct >= 0)
		idle_all += idle->cpu_server_pct;
	printf("| %s | %u | %s | %s | %s | %s |", label, o->samples, cell(o->p50_ms, 2),
	       cell(o->p99_ms, 2), cell(o->max_ms, 2), o->p99_ms <= GOAL_MS ? "yes" : "no");
	printf(" %s | %s | %s | %s | %u |\n", percent(o->cpu_player_pct, 3),
	       percent(o->cpu_watcher_pct, 3), percent(o->cpu_server_pct, 1), percent(idle_all, 2),
	       o->dropped);
}

int main(int argc, char **argv)
{
	const char *inside = pg_cluster_inside(argc, argv);
	int first = inside ? 3 : 1;
	double seconds = argc > first ? atof(argv[first]) : 20;
	int players = argc > first + 1 ? atoi(argv[first + 1]) : 100;
	if (seconds <= 0)
		seconds = 20;
	if (players < 1 || players > 140)
		players = 100; /* 2 connections a player, within the cluster's 300 */
	struct rlimit nofile;
	if (getrlimit(RLIMIT_NOFILE, &nofile) == 0) {
		nofile.rlim_cur = nofile.rlim_max;
		setrlimit(RLIMIT_NOFILE, &nofile);
	}
	signal(SIGPIPE, SIG_IGN);
	static struct place_result lite, pg;
	if (inside) {
		char notice[TC_STORE_NOTICE_MAX];
		/* Opened once: the schema, live tables included, is made before anyone plays. */
		struct tc_store *admin = tc_store_open(pg_cluster_url(), notice, sizeof notice);
		if (!tc_store_ok(admin)) {
			fprintf(stderr, "live_hosts: %s\n", notice);
			return 1;
		}
		measure(pg_cluster_url(), admin, players, seconds, &pg);
		tc_store_close(admin);
		return pg_cluster_hand_back(inside, &pg, sizeof pg) ? 0 : 1;
	}
	printf("Live moves across hosts: %d players as processes, each publishing a 2048 game (a "
	       "slide every 0.5-1.5 s),\neach followed by a watcher process; %g s, then %g s "
	       "with nobody moving. %ld cores, shared with whatever else runs.\nSQLite: the live "
	       "folder's Unix sockets, one machine. PostgreSQL: a throwaway cluster on this "
	       "machine "
	       "(pg_virtualenv,\nmax_connections=300: the default 100 is too few for %d "
	       "processes), "
	       "every process with its own connection,\nas on another host, the moves through the "
	       "database (LISTEN/NOTIFY) over TCP to localhost.\nLatency: the player's key to the "
	       "watcher's follower having played the move (CLOCK_MONOTONIC). CPU in %% of "
	       "one\ncore "
	       "over the run's while (connections made before it): per player, per watcher, the "
	       "server's\nprocesses, and all of them while nobody moves.\n\n",
	       players, seconds, seconds / 4, sysconf(_SC_NPROCESSORS_ONLN), 2 * players);
	fflush(stdout);
	measure(NULL, NULL, players, seconds, &lite);
	char why[256], secs[32], count[16];
	snprintf(secs, sizeof secs, "%g", seconds);
	snprintf(count, sizeof count, "%d", players);
	char *args[] = {secs, count, NULL};
	bool have_pg = pg_cluster_run("max_connections=300", args, &pg, sizeof pg, why, sizeof why);
	printf("| live place | moves seen | p50 ms | p99 ms | max ms | p99 <= %d ms | CPU/player | "
	       "CPU/watcher | server CPU | idle CPU, all | dropped |\n"
	       "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n",
	       GOAL_MS);
	print_row("SQLite: Unix sockets", &lite);
	if (have_pg) {
		print_row("PostgreSQL: LISTEN/NOTIFY", &pg);
		if (lite.run.ok && pg.run.ok && lite.run.p50_ms > 0 && lite.run.p99_ms > 0)
			printf("\nPostgreSQL/SQLite: p50 x%.1f, p99 x%.1f, CPU a player x%.1f, a "
			       "watcher x%.1f.\n",
			       pg.run.p50_ms / lite.run.p50_ms, pg.run.p99_ms / lite.run.p99_ms,
			       lite.run.cpu_player_pct > 0
			               ? pg.run.cpu_player_pct / lite.run.cpu_player_pct
			               : 0,
			       lite.run.cpu_watcher_pct > 0
			               ? pg.run.cpu_watcher_pct / lite.run.cpu_watcher_pct
			               : 0);
		if (pg.run.ok && pg.run.moves > 0 && pg.run.cpu_server_pct >= 0)
			printf("PostgreSQL's server: %.2f ms of CPU a move played (each with one "
			       "follower).\n",
			       10 * pg.run.cpu_server_pct * seconds / pg.run.moves);
	} else {
		printf("\nPostgreSQL skipped: %s\n", why);
	}
	printf("\nGoal: p99 <= %d ms with %d players.\n", GOAL_MS, players);
	return 0;
}
