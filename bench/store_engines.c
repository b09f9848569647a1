/* The store on each engine (issue 20), SQLite (a file) beside PostgreSQL (a throwaway cluster on
 * this machine, made by pg_virtualenv: see pg_cluster.h), measured in the same run.
 *
 * A writer is a process with a store of its own (its own connection), as a player's program is.
 * It plays 2048 games, taken from a pool the expectimax player (depth 1) played before the run,
 * at full speed, and writes what the program writes of a game (src/tui/records.c): every 5 moves
 * the save with the stream so far, and at the game's end its recording (the stream and its END),
 * its score, and the save deleted. K writers play at once for a while; each then finishes the
 * game it is in.
 *
 * Measured, for each engine and K: the moves per second the store sustains (the moves played
 * with all those writes, per second of wall time), finished games per second, the wall time of
 * a game's end and of a save (p50, p99), the CPU a finished game costs (the writers', and on
 * PostgreSQL the server's processes', read from /proc), and the bytes the database grows per
 * finished game (and the WAL PostgreSQL writes). Prints tables; never fails.
 *
 * usage: store_engines [SECONDS] [WRITERS...]   (default: 10 s a run, 1 and 8 writers) */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "load_process.h"
#include "pg_cluster.h"
#include "sql.h"
#include "tilecade/g2048.h"
#include "tilecade/g2048_ai.h"
#include "tilecade/gameid.h"
#include "tilecade/live.h"
#include "tilecade/recordings.h"
#include "tilecade/session.h"
#include "tilecade/store.h"

#define POOL 8            /* games played beforehand, each writer going round them */
#define AUTOSAVE_MOVES 5  /* the program's (src/tui/records.c) */
#define SAMPLES_MAX 16384 /* latencies a writer keeps of each kind (a reservoir) */
#define WRITERS_MAX 32
#define RUNS_MAX 6

/* ---- the games ---- */

struct pool_game {
	uint64_t seed;
	unsigned moves;
	uint8_t *dir;  /* each move's slide */
	size_t stream; /* the bytes of its recording's stream */
};

/* A player's clock: a move 0.7 to 2.7 s after the last, so that the streams' times are a
 * player's. */
struct game_clock {
	uint64_t now;
};

static uint64_t clock_now(void *ctx)
{
	return ((struct game_clock *)ctx)->now;
}

static void log_event(void *ctx, const struct tc_live_event *ev)
{
	tc_live_log_add(ctx, ev);
}

/* A session of g's seed whose stream goes to log, begun as the program begins it. */
static struct tc_session *begin(const struct pool_game *g, struct game_clock *clock,
                                struct tc_live_log *log)
{
	struct tc_clock c = {clock_now, clock}; /* copied by the session */
	struct tc_session *s = tc_session_new(&g2048_game, NULL, g->seed, &c);
	char id[TC_GAMEID_MAX];
	int n = tc_session_game_id(s, id, sizeof id);
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = id, .text_len = (size_t)n};
	tc_live_log_add(log, &start);
	tc_session_listen(s, log_event, log);
	return s;
}

static void next_move_time(struct game_clock *clock, unsigned k)
{
	clock->now += 700 + (k * 7919u) % 2000;
}

static bool play_pool(struct pool_game *pool)
{
	struct g2048_ai *ai = g2048_ai_new();
	for (int i = 0; ai && i < POOL; i++) {
		struct pool_game *g = &pool[i];
		*g = (struct pool_game){.seed = (uint64_t)i + 1};
		struct game_clock clock = {0};
		struct tc_live_log log = {0};
		struct tc_session *s = begin(g, &clock, &log);
		size_t cap = 0;
		while (tc_session_status(s) == TC_PLAYING) {
			struct g2048_ai_choice c;
			g2048_ai_choose(ai, tc_session_state(s), 1, &c);
			if (c.dir < 0)
				break;
			if (g->moves == cap) {
				cap = cap ? 2 * cap : 1024;
				if (!(g->dir = realloc(g->dir, cap)))
					return false;
			}
			next_move_time(&clock, g->moves);
			tc_session_apply(s, &(struct tc_move){.kind = (uint8_t)c.dir});
			g->dir[g->moves++] = (uint8_t)c.dir;
		}
		g->stream = log.len;
		tc_live_log_free(&log);
		tc_session_free(s);
	}
	g2048_ai_free(ai);
	return ai != NULL;
}

/* ---- a writer ---- */

struct latencies {
	unsigned seen, kept;
	uint32_t us[SAMPLES_MAX];
};

struct writer_result {
	unsigned games, moves, errors;
	struct latencies save, end;
};

struct shared {
	volatile int ready; /* writers whose store is open */
	int64_t start_us, end_us;
};

struct run {
	const struct pool_game *pool;
	const char *where; /* the database: a path or a URL */
	int writers;
	int start_pipe[2];
	struct shared *sh;
	struct writer_result *res;
};

/* Keeps a latency: every one until the reservoir is full, then each with an equal chance. */
static void keep_latency(struct latencies *l, int64_t us, unsigned *rng)
{
	unsigned seen = l->seen++;
	*rng = *rng * 1103515245u + 12345u;
	unsigned slot = seen < SAMPLES_MAX ? seen : (*rng >> 8) % (seen + 1);
	if (slot < SAMPLES_MAX) {
		l->us[slot] = (uint32_t)(us > UINT32_MAX ? UINT32_MAX : us);
		if (l->kept < SAMPLES_MAX)
			l->kept++;
	}
}

/* The save of s with its stream, as the program saves a game every 5 moves. */
static bool save(struct tc_store *st, const struct tc_session *s, const struct tc_live_log *log,
                 struct writer_result *res, unsigned *rng)
{
	size_t len;
	void *blob = tc_session_save(s, &len);
	if (!blob)
		return false;
	char id[TC_GAMEID_MAX], summary[160];
	tc_session_game_id(s, id, sizeof id);
	snprintf(summary, sizeof summary, "%s, %u moves, score %lld", id, tc_session_moves(s),
	         (long long)tc_session_score(s));
	int64_t t0 = now_us();
	int rc = tc_store_save_game_stream(st, "2048", blob, len, summary, log->bytes, log->len);
	keep_latency(&res->save, now_us() - t0, rng);
	free(blob);
	return rc == 0;
}

/* A game's end as the program writes it: the recording (the stream closed by its END), the
 * score linked to it, the save deleted. */
static bool finish(struct tc_store *st, const struct tc_session *s, struct tc_live_log *log,
                   const char *player, struct writer_result *res, unsigned *rng)
{
	uint64_t elapsed = tc_session_elapsed_ms(s);
	struct tc_live_event end = {
	        .kind = TC_LIVE_END, .value = TC_LIVE_END_FINISHED, .at_ms = (uint32_t)elapsed};
	tc_live_log_add(log, &end);
	struct tc_recording rec = {.points = tc_session_score(s),
	                           .time_ms = (int64_t)elapsed,
	                           .moves = tc_session_moves(s),
	                           .date = (int64_t)time(NULL),
	                           .events = log->bytes,
	                           .events_len = log->len};
	snprintf(rec.player, sizeof rec.player, "%s", player);
	snprintf(rec.game, sizeof rec.game, "2048");
	tc_session_game_id(s, rec.game_id, sizeof rec.game_id);
	snprintf(rec.result, sizeof rec.result, tc_session_won(s) ? "won" : "lost");
	struct tc_score score = {.board = {"2048", "random", "4x4"},
	                         .points = rec.points,
	                         .time_ms = rec.time_ms,
	                         .moves = rec.moves,
	                         .date = rec.date,
	                         .lost = !tc_session_won(s)};
	snprintf(score.player, sizeof score.player, "%s", player);
	snprintf(score.game_id, sizeof score.game_id, "%s", rec.game_id);
	int64_t t0 = now_us();
	score.recording = tc_store_add_recording(st, &rec);
	bool ok = score.recording > 0 && tc_store_add_score(st, &score, TC_RANK_POINTS) > 0;
	tc_store_delete_game(st, "2048");
	keep_latency(&res->end, now_us() - t0, rng);
	return ok;
}

static void play(struct tc_store *st, const struct pool_game *g, const char *player,
                 struct writer_result *res, unsigned *rng)
{
	struct game_clock clock = {0};
	struct tc_live_log log = {0};
	struct tc_session *s = begin(g, &clock, &log);
	for (unsigned k = 0; k < g->moves; k++) {
		next_move_time(&clock, k);
		tc_session_apply(s, &(struct tc_move){.kind = g->dir[k]});
		if ((k + 1) % AUTOSAVE_MOVES == 0 && tc_session_status(s) == TC_PLAYING &&
		    !save(st, s, &log, res, rng))
			res->errors++;
	}
	if (!finish(st, s, &log, player, res, rng))
		res->errors++;
	res->games++;
	res->moves += g->moves;
	tc_live_log_free(&log);
	tc_session_free(s);
}

static void run_writer(const struct run *r, int w)
{
	char player[32], notice[TC_STORE_NOTICE_MAX];
	snprintf(player, sizeof player, "writer%d", w);
	struct writer_result *res = &r->res[w];
	struct tc_store *st = tc_store_open(r->where, notice, sizeof notice);
	tc_store_set_owner(st, player);
	if (!tc_store_ok(st)) {
		fprintf(stderr, "store_engines: %s\n", notice);
		res->errors++;
	}
	__atomic_add_fetch(&r->sh->ready, 1, __ATOMIC_SEQ_CST);
	char go;
	while (read(r->start_pipe[0], &go, 1) < 0 && errno == EINTR)
		;
	unsigned rng = (unsigned)w * 7919u + 1;
	for (int g = 0; tc_store_ok(st) && now_us() < r->sh->end_us; g++)
		play(st, &r->pool[(w + g * r->writers) % POOL], player, res, &rng);
	tc_store_close(st); /* SQLite's last writer checkpoints its log into the file here */
	_exit(0);
}

/* ---- a run ---- */

/* What one engine did with K writers. */
struct measure {
	bool ok;
	char why[TC_STORE_NOTICE_MAX];
	int writers;
	double wall_s;
	unsigned games, moves, saves, errors;
	double save_p50, save_p99, end_p50, end_p99;
	double writers_cpu_s, server_cpu_s; /* the server's: -1 for SQLite (no server) */
	int64_t grown, wal;                 /* bytes; wal -1 for SQLite */
	int64_t held;                       /* what the database holds more once vacuumed, bytes */
};

struct results {
	int runs;
	unsigned pool_moves; /* the pool's mean moves a game */
	size_t pool_stream;  /* and stream bytes a game */
	struct measure m[RUNS_MAX];
};

static double children_cpu_seconds(void)
{
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	       ru.ru_stime.tv_usec / 1e6;
}

static void percentiles(struct writer_result *res, int writers, bool end, double *p50, double *p99)
{
	size_t n = 0;
	for (int w = 0; w < writers; w++)
		n += (end ? &res[w].end : &res[w].save)->kept;
	uint32_t *all = malloc(n * sizeof *all + 1);
	if (!all)
		return;
	n = 0;
	for (int w = 0; w < writers; w++) {
		const struct latencies *l = end ? &res[w].end : &res[w].save;
		memcpy(all + n, l->us, l->kept * sizeof *all);
		n += l->kept;
	}
	double max;
	latency_percentiles(all, n, p50, p99, &max);
	free(all);
}

/* K writers on the database at where for `seconds` of new games; the store's growth is the
 * caller's to read. */
static void run_writers(const struct pool_game *pool, const char *where, int writers,
                        double seconds, struct measure *m)
{
	struct run r = {.pool = pool, .where = where, .writers = writers};
	size_t res_len = (size_t)writers * sizeof *r.res;
	r.sh = shared_memory(sizeof *r.sh);
	r.res = shared_memory(res_len);
	pid_t pids[WRITERS_MAX] = {0};
	if (!r.sh || !r.res || pipe(r.start_pipe) != 0) {
		snprintf(m->why, sizeof m->why, "out of memory");
		return;
	}
	double cpu_before = children_cpu_seconds();
	int forked = 0;
	fflush(NULL);
	for (; forked < writers; forked++) {
		pid_t pid = fork();
		if (pid == 0) {
			close(r.start_pipe[1]);
			run_writer(&r, forked);
		}
		if (pid < 0)
			break;
		pids[forked] = pid;
	}
	while (r.sh->ready < forked)
		usleep(10000);
	r.sh->start_us = now_us();
	r.sh->end_us = r.sh->start_us + (int64_t)(seconds * 1e6);
	close(r.start_pipe[1]); /* go */
	reap(pids, forked);
	m->wall_s = (double)(now_us() - r.sh->start_us) / 1e6;
	m->writers_cpu_s = children_cpu_seconds() - cpu_before;
	close(r.start_pipe[0]);
	for (int w = 0; w < forked; w++) {
		m->games += r.res[w].games;
		m->moves += r.res[w].moves;
		m->saves += r.res[w].save.seen;
		m->errors += r.res[w].errors;
	}
	percentiles(r.res, forked, false, &m->save_p50, &m->save_p99);
	percentiles(r.res, forked, true, &m->end_p50, &m->end_p99);
	m->ok = forked == writers && m->games > 0;
	if (forked < writers)
		snprintf(m->why, sizeof m->why, "fork failed: %s", strerror(errno));
	else if (m->games == 0)
		snprintf(m->why, sizeof m->why, "no game was written (errors above)");
	munmap(r.sh, sizeof *r.sh);
	munmap(r.res, res_len);
}

static long long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long long)st.st_size : 0;
}

static void sqlite_run(const struct pool_game *pool, int writers, double seconds, struct measure *m)
{
	char dir[] = "/tmp/tilecade-store-engines-XXXXXX", path[64], wal[80];
	if (!mkdtemp(dir)) {
		snprintf(m->why, sizeof m->why, "no temporary folder: %s", strerror(errno));
		return;
	}
	snprintf(path, sizeof path, "%s/tilecade.db", dir);
	snprintf(wal, sizeof wal, "%s-wal", path);
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open(path, notice, sizeof notice); /* made, migrated */
	bool ok = tc_store_ok(st);
	tc_store_close(st);
	if (!ok)
		snprintf(m->why, sizeof m->why, "%s", notice);
	long long before = file_size(path) + file_size(wal);
	if (ok)
		run_writers(pool, path, writers, seconds, m);
	m->grown = file_size(path) + file_size(wal) - before;
	m->wal = -1;
	st = tc_store_open(path, notice, sizeof notice);
	if (tc_sql_exec(st, "VACUUM") != TC_SQL_DONE)
		m->held = -1;
	tc_store_close(st);
	if (m->held == 0)
		m->held = file_size(path) + file_size(wal) - before;
	m->server_cpu_s = -1;
	char cmd[64];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

static void pg_run(struct tc_store *admin, const struct pool_game *pool, int writers,
                   double seconds, struct measure *m)
{
	char name[32], url[64], notice[TC_STORE_NOTICE_MAX];
	snprintf(name, sizeof name, "tilecade_bench_%d", writers);
	if (!pg_new_database(admin, name, url, sizeof url)) {
		snprintf(m->why, sizeof m->why, "could not make the database %s", name);
		return;
	}
	/* Made and migrated; kept open to measure. */
	struct tc_store *st = tc_store_open(url, notice, sizeof notice);
	struct pg_sizes before, after;
	double cpu0 = pg_server_cpu_seconds(st);
	if (!tc_store_ok(st) || !pg_sizes(st, &before) || cpu0 < 0) {
		snprintf(m->why, sizeof m->why, "%s",
		         tc_store_ok(st) ? "the server's sizes or "
		                           "CPU cannot be read"
		                         : notice);
		tc_store_close(st);
		return;
	}
	run_writers(pool, url, writers, seconds, m);
	pg_backends_gone(st);
	m->server_cpu_s = pg_server_cpu_seconds(st) - cpu0;
	if (pg_sizes(st, &after)) {
		m->grown = after.database - before.database;
		m->wal = after.wal - before.wal;
	}
	/* The rows' versions that overwritten saves left behind (autovacuum makes their room
	 * reusable later) given back; the catalogs' own, outside the store's tables, left out. */
	m->held = tc_sql_exec(st, "VACUUM FULL") == TC_SQL_DONE && pg_sizes(st, &after)
	                  ? after.tables - before.tables
	                  : -1;
	tc_store_close(st);
}

/* ---- tables ---- */

/* A cell: v with `decimals` decimals, "-" for none (v < 0: not measured). Up to 8 cells a row,
 * each its own buffer. */
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

static const char *ratio(double pg, double sqlite)
{
	return cell(sqlite > 0 && pg >= 0 ? pg / sqlite : -1, 2);
}

/* A measure of a run, per second or per game: -1 when the run did not go. */
static double per_second(const struct measure *m, double count)
{
	return m->ok ? count / m->wall_s : -1;
}

static double per_game(const struct measure *m, double amount)
{
	return m->ok ? amount / m->games : -1;
}

static void print_tables(const struct results *lite, const struct results *pg, bool have_pg)
{
	static const struct measure none;
	printf("\nMoves per second the store sustains (moves played with their saves, and their "
	       "finished games written, per second of wall time):\n\n"
	       "| writers | SQLite moves/s | PostgreSQL moves/s | PostgreSQL/SQLite | SQLite "
	       "games/s | PostgreSQL games/s |\n| ---: | ---: | ---: | ---: | ---: | ---: |\n");
	for (int i = 0; i < lite->runs; i++) {
		const struct measure *a = &lite->m[i], *b = have_pg ? &pg->m[i] : &none;
		double ma = per_second(a, a->moves), mb = per_second(b, b->moves);
		printf("| %d | %s | %s | %s | %s | %s |\n", a->writers, cell(ma, 0), cell(mb, 0),
		       ratio(mb, ma), cell(per_second(a, a->games), 1),
		       cell(per_second(b, b->games), 1));
	}
	printf("\nWall time of a game's end (its recording, its score, its save deleted) and of a "
	       "save with its stream (every 5 moves), ms:\n\n"
	       "| writers | SQLite end p50 | p99 | PostgreSQL end p50 | p99 | PostgreSQL/SQLite "
	       "p50 | SQLite save p50 | p99 | PostgreSQL save p50 | p99 | PostgreSQL/SQLite p50 "
	       "|\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
	       "|\n");
	for (int i = 0; i < lite->runs; i++) {
		const struct measure *a = &lite->m[i], *b = have_pg ? &pg->m[i] : &none;
		double b_end = b->ok ? b->end_p50 : -1, b_save = b->ok ? b->save_p50 : -1;
		printf("| %d | %s | %s | %s | %s | %s |", a->writers, cell(a->end_p50, 2),
		       cell(a->end_p99, 2), cell(b_end, 2), cell(b->ok ? b->end_p99 : -1, 2),
		       ratio(b_end, a->end_p50));
		printf(" %s | %s | %s | %s | %s |\n", cell(a->save_p50, 2), cell(a->save_p99, 2),
		       cell(b_save, 2), cell(b->ok ? b->save_p99 : -1, 2),
		       ratio(b_save, a->save_p50));
	}
	printf("\nCost per finished game: a writer's wall time (the run's wall time x writers / "
	       "games), CPU (the writers', and\nPostgreSQL's server processes' from /proc):\n\n"
	       "| writers | SQLite wall ms | PostgreSQL wall ms | PostgreSQL/SQLite | SQLite CPU "
	       "ms "
	       "| PostgreSQL CPU ms: writers + server = all | PostgreSQL/SQLite |\n"
	       "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	for (int i = 0; i < lite->runs; i++) {
		const struct measure *a = &lite->m[i], *b = have_pg ? &pg->m[i] : &none;
		double wa = per_game(a, 1e3 * a->wall_s * a->writers);
		double wb = per_game(b, 1e3 * b->wall_s * b->writers);
		double ca = per_game(a, 1e3 * a->writers_cpu_s);
		double cw = per_game(b, 1e3 * b->writers_cpu_s);
		double cs = per_game(b, 1e3 * b->server_cpu_s);
		double cb = cw >= 0 && cs >= 0 ? cw + cs : -1;
		printf("| %d | %s | %s | %s | %s |", a->writers, cell(wa, 1), cell(wb, 1),
		       ratio(wb, wa), cell(ca, 1));
		printf(" %s + %s = %s | %s |\n", cell(cw, 1), cell(cs, 1), cell(cb, 1),
		       ratio(cb, ca));
	}
	printf("\nBytes the database grew per finished game during the run (SQLite: file + WAL "
	       "after "
	       "the last close; PostgreSQL:\npg_database_size, beside the WAL it wrote), and what "
	       "it "
	       "holds once vacuumed (SQLite VACUUM, PostgreSQL VACUUM FULL):\n\n"
	       "| writers | SQLite grew B | PostgreSQL grew B | PostgreSQL/SQLite | PostgreSQL WAL "
	       "B "
	       "| SQLite vacuumed B | PostgreSQL vacuumed B | PostgreSQL/SQLite |\n"
	       "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	for (int i = 0; i < lite->runs; i++) {
		const struct measure *a = &lite->m[i], *b = have_pg ? &pg->m[i] : &none;
		double ga = per_game(a, (double)a->grown), gb = per_game(b, (double)b->grown);
		double ha = a->held >= 0 ? per_game(a, (double)a->held) : -1;
		double hb = b->held >= 0 ? per_game(b, (double)b->held) : -1;
		printf("| %d | %s | %s | %s | %s |", a->writers, cell(ga, 0), cell(gb, 0),
		       ratio(gb, ga), cell(per_game(b, (double)b->wal), 0));
		printf(" %s | %s | %s |\n", cell(ha, 0), cell(hb, 0), ratio(hb, ha));
	}
	for (int i = 0; i < lite->runs; i++) {
		const struct measure *a = &lite->m[i], *b = have_pg ? &pg->m[i] : NULL;
		if (!a->ok)
			printf("SQLite, %d writers: %s\n", a->writers, a->why);
		if (b && !b->ok)
			printf("PostgreSQL, %d writers: %s\n", b->writers, b->why);
		if (a->errors || (b && b->errors))
			printf("%d writers: %u writes failed on SQLite, %u on PostgreSQL\n",
			       a->writers, a->errors, b ? b->errors : 0);
	}
}

/* Every run of one engine: SQLite when admin is NULL, else PostgreSQL beside admin's
 * database. */
static void measure_engine(struct tc_store *admin, const struct pool_game *pool, const int *writers,
                           int runs, double seconds, struct results *out)
{
	out->runs = runs;
	for (int i = 0; i < runs; i++) {
		struct measure *m = &out->m[i];
		*m = (struct measure){.writers = writers[i]};
		if (admin)
			pg_run(admin, pool, writers[i], seconds, m);
		else
			sqlite_run(pool, writers[i], seconds, m);
	}
}

static double load_average(void)
{
	double load = -1;
	FILE *f = fopen("/proc/loadavg", "r");
	if (f && fscanf(f, "%lf", &load) != 1)
		load = -1;
	if (f)
		fclose(f);
	return load;
}

int main(int argc, char **argv)
{
	const char *inside = pg_cluster_inside(argc, argv);
	int first = inside ? 3 : 1;
	double seconds = argc > first ? atof(argv[first]) : 10;
	if (seconds <= 0)
		seconds = 10;
	int writers[RUNS_MAX] = {1, 8}, runs = 2;
	if (argc > first + 1)
		for (runs = 0; runs < RUNS_MAX && first + 1 + runs < argc; runs++) {
			writers[runs] = atoi(argv[first + 1 + runs]);
			if (writers[runs] < 1 || writers[runs] > WRITERS_MAX)
				writers[runs] = 1;
		}
	signal(SIGPIPE, SIG_IGN);
	static struct pool_game pool[POOL];
	if (!play_pool(pool)) {
		fprintf(stderr, "store_engines: out of memory\n");
		return inside ? 1 : 0;
	}
	static struct results lite, pg;
	if (inside) {
		char notice[TC_STORE_NOTICE_MAX];
		struct tc_store *admin = tc_store_open(pg_cluster_url(), notice, sizeof notice);
		if (!tc_store_ok(admin)) {
			fprintf(stderr, "store_engines: %s\n", notice);
			return 1;
		}
		measure_engine(admin, pool, writers, runs, seconds, &pg);
		tc_store_close(admin);
		return pg_cluster_hand_back(inside, &pg, sizeof pg) ? 0 : 1;
	}
	unsigned moves = 0;
	size_t stream = 0;
	for (int i = 0; i < POOL; i++)
		moves += pool[i].moves, stream += pool[i].stream;
	printf("The store on each engine: K writer processes, each with its own store "
	       "(connection), "
	       "play 2048 games at full speed\n(a pool of %d played by the expectimax player at "
	       "depth "
	       "1: %u moves, a %zu B stream a game on average) and write\nwhat the program writes: "
	       "the "
	       "save with its stream every %d moves; at a game's end its recording, its score, the "
	       "save\ndeleted. %.0f s of new games a run, each writer then ends the game it is in; "
	       "a "
	       "fresh database a run.\nSQLite: a file in /tmp (WAL). PostgreSQL: a throwaway "
	       "cluster "
	       "on this machine (pg_virtualenv, its defaults:\nfsync and synchronous_commit on), "
	       "over "
	       "TCP to localhost. %ld cores; load average %.2f at the start\n(other programs, such "
	       "as "
	       "builds beside, count in it).\n",
	       POOL, moves / POOL, stream / POOL, AUTOSAVE_MOVES, seconds,
	       sysconf(_SC_NPROCESSORS_ONLN), load_average());
	fflush(stdout);
	measure_engine(NULL, pool, writers, runs, seconds, &lite);
	char why[256], secs[32], counts[RUNS_MAX][8];
	char *args[RUNS_MAX + 2] = {secs};
	snprintf(secs, sizeof secs, "%g", seconds);
	for (int i = 0; i < runs; i++) {
		snprintf(counts[i], sizeof counts[i], "%d", writers[i]);
		args[i + 1] = counts[i];
	}
	bool have_pg = pg_cluster_run("", args, &pg, sizeof pg, why, sizeof why) && pg.runs == runs;
	print_tables(&lite, &pg, have_pg);
	if (!have_pg)
		printf("\nPostgreSQL skipped: %s\n", why);
	printf("\nLoad average at the end: %.2f\n", load_average());
	return 0;
}
