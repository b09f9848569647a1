/* Many players and watchers on one machine, as processes through the code a terminal's uses
 * (live_load.h), in a folder of Unix sockets: a move's latency from the player's key to the
 * watcher's follower, CPU per player and per watcher, bytes a watcher takes per move, memory
 * (PSS) per process; CPU while nobody moves; the most players this machine holds at p99 <= 200
 * ms, one watcher each; and how much the store grows per 1,000 finished games with their
 * recordings. Prints tables; never fails.
 *
 * usage: arcade_load [SECONDS] [MOST_PLAYERS]   (default 20 s a run, half that a step of the
 * step-up, up to 3000 players: 6000 processes load both cores for some minutes) */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "live_load.h"
#include "tilecade/g2048.h"
#include "tilecade/gameid.h"
#include "tilecade/live.h"
#include "tilecade/recordings.h"
#include "tilecade/session.h"
#include "tilecade/store.h"

#define GOAL_MS 200 /* the step-up's p99 */

/* ---- the store ---- */

static void log_event(void *ctx, const struct tc_live_event *ev)
{
	tc_live_log_add(ctx, ev);
}

static long long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

/* 1,000 2048 games played to their end, each stored as tc_records stores one: its recording
 * and its score. Returns false (why in buf) when the store could not be used. */
static bool store_growth(char *buf, size_t len)
{
	char dir[] = "/tmp/tilecade-arcade-store-XXXXXX", path[64], wal[80];
	if (!mkdtemp(dir))
		return snprintf(buf, len, "no temporary folder"), false;
	snprintf(path, sizeof path, "%s/tilecade.db", dir);
	snprintf(wal, sizeof wal, "%s-wal", path);
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice);
	bool ok = tc_store_ok(st);
	long long before = file_size(path) + file_size(wal);
	uint64_t events = 0, moves = 0;
	for (int g = 0; ok && g < 1000; g++) {
		struct tc_live_log log = {0};
		struct tc_session *s = tc_session_new(&g2048_game, NULL, (uint64_t)g + 1, NULL);
		char id[TC_GAMEID_MAX];
		int n = tc_session_game_id(s, id, sizeof id);
		struct tc_live_event start = {.kind = TC_LIVE_START, .text = id, .text_len = (size_t)n};
		tc_live_log_add(&log, &start);
		tc_session_listen(s, log_event, &log);
		unsigned turn = 0;
		while (tc_session_status(s) == TC_PLAYING) {
			static const int dirs[] = {G2048_LEFT, G2048_DOWN, G2048_RIGHT, G2048_UP};
			struct tc_move m = {.kind = (uint8_t)dirs[turn++ % 4]};
			tc_session_apply(s, &m);
		}
		struct tc_live_event end = {.kind = TC_LIVE_END, .value = TC_LIVE_END_FINISHED};
		tc_live_log_add(&log, &end);
		struct tc_recording rec = {.points = tc_session_score(s),
		                           .time_ms = (int64_t)tc_session_elapsed_ms(s),
		                           .moves = tc_session_moves(s),
		                           .date = (int64_t)time(NULL),
		                           .events = log.bytes,
		                           .events_len = log.len};
		snprintf(rec.player, sizeof rec.player, "player%d", g % 50);
		snprintf(rec.game, sizeof rec.game, "2048");
		snprintf(rec.game_id, sizeof rec.game_id, "%s", id);
		snprintf(rec.result, sizeof rec.result, "lost");
		struct tc_score score = {.points = rec.points, .time_ms = rec.time_ms,
		                         .moves = (int)rec.moves, .date = rec.date, .lost = true};
		snprintf(score.board.game, sizeof score.board.game, "2048");
		snprintf(score.board.mode, sizeof score.board.mode, "random");
		snprintf(score.board.level, sizeof score.board.level, "4x4");
		snprintf(score.player, sizeof score.player, "%s", rec.player);
		snprintf(score.game_id, sizeof score.game_id, "%s", id);
		score.recording = tc_store_add_recording(st, &rec);
		ok = score.recording > 0 && tc_store_add_score(st, &score, TC_RANK_POINTS) > 0;
		events += log.len;
		moves += rec.moves;
		tc_live_log_free(&log);
		tc_session_free(s);
	}
	tc_store_close(st); /* checkpoints the write-ahead log into the file */
	long long after = file_size(path) + file_size(wal);
	if (ok)
		snprintf(buf, len,
		         "| 1,000 finished 2048 games | %.0f moves | %.1f B | %.1f KiB | %.2f MiB |",
		         moves / 1000.0, events / 1000.0, (after - before) / 1000.0 / 1024.0,
		         (after - before) / 1048576.0);
	else
		snprintf(buf, len, "the store could not be written: %s", notice);
	char cmd[64];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	return ok;
}

/* ---- tables ---- */

static void print_run(const char *label, const struct live_outcome *o)
{
	if (!o->ok) {
		printf("| %-34s | %s |\n", label, o->why);
		return;
	}
	printf("| %-34s | %6u | %7.2f | %7.2f | %7.2f | %6.3f%% | %6.3f%% | %5.1f | %6.0f | %6.0f | %u |\n",
	       label, o->samples, o->p50_ms, o->p99_ms, o->max_ms, o->cpu_player_pct,
	       o->cpu_watcher_pct, o->bytes_per_move, o->rss_player_kb, o->rss_watcher_kb,
	       o->dropped);
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 20;
	int most = argc > 2 ? atoi(argv[2]) : 3000;
	if (seconds <= 0)
		seconds = 20;
	struct rlimit nofile;
	if (getrlimit(RLIMIT_NOFILE, &nofile) == 0) {
		nofile.rlim_cur = nofile.rlim_max;
		setrlimit(RLIMIT_NOFILE, &nofile);
	}
	signal(SIGPIPE, SIG_IGN);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	printf("Arcade load: players and watchers as processes on %ld cores, one 2048 slide a "
	       "player every 0.5-1.5 s, %.0f s a run.\n"
	       "Latency: the player's key to the watcher's follower having played the move "
	       "(CLOCK_MONOTONIC);\nCPU in %% of one core; memory as PSS (a process's own pages and its share of the "
	       "program's) at the end.\n\n",
	       cores, seconds);
	printf("| run | moves seen | p50 ms | p99 ms | max ms | CPU/player | CPU/watcher | B/move "
	       "| PSS/player KiB | PSS/watcher KiB | dropped |\n");
	printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	fflush(stdout);
	struct live_outcome o;
	live_load_run(NULL, NULL, 100, 100, seconds, false, &o);
	print_run("100 players, 100 watchers", &o);
	fflush(stdout);
	live_load_run(NULL, NULL, 100, 0, seconds, false, &o);
	print_run("100 players, no watcher", &o);
	fflush(stdout);
	live_load_run(NULL, NULL, 100, 100, seconds / 4, true, &o);
	printf("\nIdle (nobody moves, %.0f s): 100 players and 100 watchers used %.4f%% of one core "
	       "in all.\n\n",
	       seconds / 4, o.ok ? o.cpu_machine_pct : -1.0);
	fflush(stdout);

	printf("Step-up, one watcher a player (%.0f s each; goal p99 <= %d ms):\n\n", seconds / 2,
	       GOAL_MS);
	printf("| players | watchers | moves seen | p50 ms | p99 ms | max ms | machine CPU %% of one "
	       "core | dropped |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	fflush(stdout);
	static const int steps[] = {100, 250, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000};
	int held = 0;
	for (size_t i = 0; i < sizeof steps / sizeof *steps && steps[i] <= most; i++) {
		live_load_run(NULL, NULL, steps[i], steps[i], seconds / 2, false, &o);
		if (!o.ok) {
			printf("| %d | %d | %s |\n", steps[i], steps[i], o.why);
			break;
		}
		printf("| %d | %d | %u | %.2f | %.2f | %.2f | %.1f | %u |\n", steps[i], steps[i],
		       o.samples, o.p50_ms, o.p99_ms, o.max_ms, o.cpu_machine_pct, o.dropped);
		fflush(stdout);
		if (o.p99_ms > GOAL_MS || o.dropped > 0)
			break;
		held = steps[i];
	}
	printf("\nMost concurrent players held at p99 <= %d ms: %d%s\n\n", GOAL_MS, held,
	       held == steps[sizeof steps / sizeof *steps - 1] || held >= most ? " (the most tried)"
	                                                                      : "");
	char line[TC_STORE_NOTICE_MAX + 64];
	printf("| store growth | moves a game | stream a game | store a game | store per 1,000 "
	       "|\n| --- | ---: | ---: | ---: | ---: |\n");
	store_growth(line, sizeof line);
	printf("%s\n", line);
	return 0;
}
