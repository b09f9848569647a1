/* Sudoku side by side with QQWing (Debian's `qqwing`), in the same run: solving QQWing's own
 * expert puzzles, and generating rated expert puzzles. Goals: 20x QQWing's solving rate and 10x
 * its expert-generation rate. QQWing runs as a program, so its times include starting it once
 * per batch; for solving, the start-up of an empty run is taken off. It also checks that both
 * programs agree on solutions and ratings. Without qqwing only our numbers are printed.
 *
 * Then the command line on QQWing's own mix (`qqwing --generate 2000 --one-line` five times,
 * mostly simple and easy puzzles): whole runs of `tilecade sudoku --solve` (TILECADE_BIN) and
 * `qqwing --solve --one-line` on the same file, reading, start-up and printing included. Goal
 * 20x. Prints tables; never fails (a benchmark is not a test).
 *
 * usage: sudoku [N]   (puzzles to solve, default 1000; N/5 generated) */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tilecade/sudoku.h"

#define DEFAULT_SOLVE 1000
#define ANY_COUNT 500      /* qqwing --difficulty any puzzles whose ratings are compared */
#define MIN_SOLVE_TIME 0.5 /* seconds of our solving, repeating the set, for a steady rate */
#define SOLVE_GOAL 20.0
#define GENERATE_GOAL 10.0
#define MIX_BATCH 2000 /* qqwing --generate's count, run MIX_RUNS times */
#define MIX_RUNS 5
#define CLI_TRIES 3 /* each program's best of three runs */
#define CLI_GOAL 20.0

extern char **environ;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The results go to a volatile sink so that the compiler cannot drop a call. */
static volatile unsigned sink;

/* QQWing's path: Debian puts it in /usr/games, which is not always in PATH. */
static bool find_qqwing(char *path, size_t len)
{
	if (access("/usr/games/qqwing", X_OK) == 0) {
		snprintf(path, len, "/usr/games/qqwing");
		return true;
	}
	const char *env = getenv("PATH");
	if (!env)
		return false;
	char dirs[4096];
	snprintf(dirs, sizeof dirs, "%s", env);
	char *save = NULL;
	for (char *dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		snprintf(path, len, "%s/qqwing", *dir ? dir : ".");
		if (access(path, X_OK) == 0)
			return true;
	}
	return false;
}

static enum sdk_rating rating_named(const char *text)
{
	static const char *const names[] = {"Simple", "Easy", "Intermediate", "Expert"};
	for (int r = 0; r < SDK_RATING_COUNT; r++)
		if (strstr(text, names[r]))
			return (enum sdk_rating)r;
	return SDK_RATING_COUNT;
}

/* Runs a command and keeps the 81-character grids it prints, up to max, with the rating QQWing
 * prints after each (--stats) when ratings is not NULL. Returns how many; the wall time of the
 * whole run goes to seconds. */
static int run_grids(const char *cmd, struct sdk_grid *grids, int max, enum sdk_rating *ratings,
                     double *seconds)
{
	double t0 = now_s();
	FILE *p = popen(cmd, "r");
	if (!p)
		return 0;
	int n = 0;
	char line[256], err[96];
	while (fgets(line, sizeof line, p)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "Difficulty:", 11) == 0 && ratings && n > 0)
			ratings[n - 1] = rating_named(line);
		else if (n < max && strlen(line) == SDK_CELLS &&
		         sdk_parse(line, &grids[n], err, sizeof err) == 0) {
			if (ratings)
				ratings[n] = SDK_RATING_COUNT;
			n++;
		}
	}
	pclose(p);
	*seconds = now_s() - t0;
	return n;
}

/* Our solving rate (puzzles a second) over the set, repeated until the time is measurable. */
static double our_solve_rate(const struct sdk_grid *puzzles, int n, int limit)
{
	int rounds = 0;
	double t0 = now_s(), t;
	do {
		for (int i = 0; i < n; i++)
			sink += (unsigned)sdk_solve(SDK_CLASSIC, &puzzles[i], limit, NULL);
		rounds++;
		t = now_s() - t0;
	} while (t < MIN_SOLVE_TIME);
	return n * rounds / t;
}

static double our_generate_rate(int n, bool symmetric, struct sdk_grid *out)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, 2006, symmetric);
	double t0 = now_s();
	for (int i = 0; i < n; i++) {
		struct sdk_grid p;
		sdk_generate(SDK_CLASSIC, SDK_EXPERT, symmetric, &rng, &p, NULL);
		if (out)
			out[i] = p;
		sink += p.cell[i % SDK_CELLS];
	}
	return n / (now_s() - t0);
}

static void row(const char *task, double theirs, double ours, double goal)
{
	if (theirs > 0)
		printf("%-40s %12.1f %12.1f %8.1fx %6.0fx%s\n", task, theirs, ours, ours / theirs,
		       goal, ours / theirs >= goal ? "" : "  (below goal)");
	else
		printf("%-40s %12s %12.1f %9s %6s\n", task, "-", ours, "-", "-");
}

static void header(void)
{
	printf("%-40s %12s %12s %9s %7s\n", "task (puzzles a second)", "qqwing", "tilecade",
	       "ratio", "goal");
}

/* Solves with QQWing, reading the puzzles from a file: returns the time, start-up taken off,
 * and counts the solutions that agree with ours. */
static double qqwing_solve(const char *qqwing, const struct sdk_grid *puzzles, int n, int *agree)
{
	char name[] = "/tmp/tilecade-bench-XXXXXX";
	int fd = mkstemp(name);
	if (fd < 0)
		return 0;
	FILE *f = fdopen(fd, "w");
	for (int i = 0; i < n; i++) {
		char text[SDK_CELLS + 1];
		sdk_print(&puzzles[i], text);
		fprintf(f, "%s\n", text);
	}
	fclose(f);
	char cmd[1280];
	double empty = 1e9, t;
	for (int i = 0; i < 5; i++) {
		snprintf(cmd, sizeof cmd, "%s --solve --one-line < /dev/null", qqwing);
		struct sdk_grid none;
		run_grids(cmd, &none, 1, NULL, &t);
		if (t < empty)
			empty = t;
	}
	struct sdk_grid *solutions = calloc((size_t)n, sizeof *solutions);
	snprintf(cmd, sizeof cmd, "%s --solve --one-line < %s", qqwing, name);
	int got = solutions ? run_grids(cmd, solutions, n, NULL, &t) : 0;
	*agree = 0;
	for (int i = 0; i < got; i++) {
		struct sdk_grid ours;
		*agree += sdk_solve(SDK_CLASSIC, &puzzles[i], 1, &ours) == 1 &&
		          memcmp(&ours, &solutions[i], sizeof ours) == 0;
	}
	free(solutions);
	remove(name);
	return got == n && t > empty ? t - empty : 0;
}

/* How our rating compares with QQWing's on its own puzzles, per QQWing level. */
static void agreement(const struct sdk_grid *puzzles, const enum sdk_rating *theirs, int n)
{
	int count[SDK_RATING_COUNT] = {0}, same[SDK_RATING_COUNT] = {0};
	int ours_of[SDK_RATING_COUNT][SDK_RATING_COUNT] = {{0}};
	for (int i = 0; i < n; i++) {
		if (theirs[i] >= SDK_RATING_COUNT)
			continue;
		enum sdk_rating r = sdk_rate(SDK_CLASSIC, &puzzles[i]);
		count[theirs[i]]++;
		same[theirs[i]] += r == theirs[i];
		ours_of[theirs[i]][r]++;
	}
	printf("%-14s %7s %7s   %s\n", "qqwing says", "puzzles", "agree", "tilecade says");
	for (int r = 0; r < SDK_RATING_COUNT; r++) {
		printf("%-14s %7d %6.1f%%  ", sdk_rating_name(r), count[r],
		       count[r] ? 100.0 * same[r] / count[r] : 0.0);
		for (int o = 0; o < SDK_RATING_COUNT; o++)
			if (ours_of[r][o])
				printf(" %s %d", sdk_rating_name(o), ours_of[r][o]);
		printf("\n");
	}
}

/* Runs argv[0] (a path) with argv, standard input from `in` and standard output to `out`
 * (appended to with `append`). Returns the wall time, or -1 when it did not run or exit. */
static double run_file(char *const argv[], const char *in, const char *out, bool append)
{
	posix_spawn_file_actions_t files;
	posix_spawn_file_actions_init(&files);
	posix_spawn_file_actions_addopen(&files, 0, in, O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&files, 1, out,
	                                 O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0600);
	double t0 = now_s();
	pid_t pid;
	int spawned = posix_spawn(&pid, argv[0], &files, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&files);
	int status;
	if (spawned != 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return now_s() - t0;
}

/* The fastest of CLI_TRIES runs, or -1. */
static double best_run(char *const argv[], const char *in, const char *out)
{
	double best = -1;
	for (int i = 0; i < CLI_TRIES; i++) {
		double t = run_file(argv, in, out, false);
		if (t < 0)
			return -1;
		if (best < 0 || t < best)
			best = t;
	}
	return best;
}

/* How many lines of file a there are, and how many of them equal the same line of file b. */
static int lines_equal(const char *a_path, const char *b_path, int *lines)
{
	FILE *a = fopen(a_path, "r"), *b = b_path ? fopen(b_path, "r") : NULL;
	char la[256], lb[256];
	int same = 0;
	*lines = 0;
	while (a && fgets(la, sizeof la, a)) {
		++*lines;
		same += b && fgets(lb, sizeof lb, b) && strcmp(la, lb) == 0;
	}
	if (a)
		fclose(a);
	if (b)
		fclose(b);
	return same;
}

/* The command line on QQWing's default mix; qqwing is NULL when it is not installed. */
static void cli_mix(const char *qqwing)
{
	const char *tilecade = getenv("TILECADE_BIN");
	printf("\ncommand line on QQWing's default mix (qqwing --generate %d --one-line, %d "
	       "times):\n"
	       "whole runs on the same file, start-up, reading and printing included, best of "
	       "%d\n\n",
	       MIX_BATCH, MIX_RUNS, CLI_TRIES);
	if (!qqwing) {
		printf("skipped: qqwing is not installed (apt-get install qqwing)\n");
		return;
	}
	if (!tilecade || access(tilecade, X_OK) != 0) {
		printf("skipped: TILECADE_BIN does not name the tilecade program (meson test "
		       "--benchmark sets it)\n");
		return;
	}
	char mix[] = "/tmp/tilecade-bench-mix-XXXXXX", ours[] = "/tmp/tilecade-bench-ours-XXXXXX",
	     theirs[] = "/tmp/tilecade-bench-theirs-XXXXXX";
	int fds[3] = {mkstemp(mix), mkstemp(ours), mkstemp(theirs)};
	for (int i = 0; i < 3; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	if (fds[0] < 0 || fds[1] < 0 || fds[2] < 0) {
		printf("skipped: cannot make files in /tmp\n");
		goto out;
	}
	char batch[16];
	snprintf(batch, sizeof batch, "%d", MIX_BATCH);
	char *gen[] = {(char *)qqwing, "--generate", batch, "--one-line", NULL};
	for (int i = 0; i < MIX_RUNS; i++)
		if (run_file(gen, "/dev/null", mix, true) < 0) {
			printf("skipped: qqwing --generate did not run\n");
			goto out;
		}
	int n = 0;
	lines_equal(mix, NULL, &n);
	char *their_cmd[] = {(char *)qqwing, "--solve", "--one-line", NULL};
	char *our_cmd[] = {(char *)tilecade, "sudoku", "--solve", NULL};
	double theirs_s = best_run(their_cmd, mix, theirs), ours_s = best_run(our_cmd, mix, ours);
	if (theirs_s <= 0 || ours_s <= 0) {
		printf("skipped: %s did not run\n", theirs_s <= 0 ? "qqwing --solve" : tilecade);
		goto out;
	}
	printf("%-40s %12s %12s %9s %7s\n", "task (seconds)", "qqwing", "tilecade", "ratio",
	       "goal");
	char task[64];
	snprintf(task, sizeof task, "sudoku --solve on the mix (%d)", n);
	printf("%-40s %12.3f %12.3f %8.1fx %6.0fx%s\n", task, theirs_s, ours_s, theirs_s / ours_s,
	       CLI_GOAL, theirs_s / ours_s >= CLI_GOAL ? "" : "  (below goal)");
	int lines = 0, same = lines_equal(ours, theirs, &lines);
	printf("\noutput lines equal to qqwing's: %d of %d\n", same, lines);
out:
	remove(mix);
	remove(ours);
	remove(theirs);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : DEFAULT_SOLVE;
	if (n < 5)
		n = 5;
	int g = n / 5;
	struct sdk_grid *puzzles = calloc((size_t)(n + ANY_COUNT), sizeof *puzzles);
	enum sdk_rating *ratings = calloc((size_t)(n + ANY_COUNT), sizeof *ratings);
	if (!puzzles || !ratings)
		return 0;
	char qqwing[1024], cmd[1280];
	bool have = find_qqwing(qqwing, sizeof qqwing), installed = have;
	if (!have)
		printf("qqwing not installed: only tilecade's numbers (apt-get install "
		       "qqwing)\n\n");

	/* The puzzles to solve: QQWing's experts, timed as its expert generation, or ours. */
	double their_gen = 0, t = 0;
	int got = 0;
	if (have) {
		snprintf(cmd, sizeof cmd, "%s --generate %d --difficulty expert --one-line", qqwing,
		         n);
		got = run_grids(cmd, puzzles, n, NULL, &t);
		if (got == n)
			their_gen = n / t;
	}
	if (got != n) {
		have = false;
		our_generate_rate(n, false, puzzles);
	}
	int agree = 0;
	double their_solve = have ? qqwing_solve(qqwing, puzzles, n, &agree) : 0;
	double our_solve = our_solve_rate(puzzles, n, 1);
	double our_unique = our_solve_rate(puzzles, n, 2);

	double their_sym = 0;
	if (have) {
		snprintf(cmd, sizeof cmd,
		         "%s --generate %d --difficulty expert --symmetry rotate180 --one-line",
		         qqwing, g);
		struct sdk_grid *sym = calloc((size_t)g, sizeof *sym);
		if (sym && run_grids(cmd, sym, g, NULL, &t) == g)
			their_sym = g / t;
		free(sym);
	}
	double our_gen = our_generate_rate(g, false, NULL);
	double our_sym = our_generate_rate(g, true, NULL);

	printf("classic sudoku: %d of %s expert puzzles solved; expert puzzles generated without\n"
	       "symmetry unless said (each program's own, rated on QQWing's scale)\n\n",
	       n, have ? "QQWing's" : "our");
	header();
	char task[64];
	snprintf(task, sizeof task, "solve expert puzzles (%d)", n);
	row(task, their_solve > 0 ? n / their_solve : 0, our_solve, SOLVE_GOAL);
	row("  count solutions up to 2", 0, our_unique, 0);
	if (have)
		snprintf(task, sizeof task, "generate rated expert (%d; qqwing %d)", g, n);
	else
		snprintf(task, sizeof task, "generate rated expert (%d)", g);
	row(task, their_gen, our_gen, GENERATE_GOAL);
	snprintf(task, sizeof task, "  with half-turn symmetry (%d)", g);
	row(task, their_sym, our_sym, GENERATE_GOAL);
	if (!have) {
		cli_mix(installed ? qqwing : NULL);
		return 0;
	}
	printf("\nsolutions equal to sdk_solve's: %d of %d\n", agree, n);

	/* Ratings: QQWing's expert puzzles above, and a mix from --difficulty any. */
	for (int i = 0; i < n; i++)
		ratings[i] = SDK_EXPERT;
	snprintf(cmd, sizeof cmd, "%s --generate %d --difficulty any --stats --one-line", qqwing,
	         ANY_COUNT);
	int mixed = run_grids(cmd, puzzles + n, ANY_COUNT, ratings + n, &t);
	printf("\nratings of QQWing's puzzles (%d expert, %d of --difficulty any)\n\n", n, mixed);
	agreement(puzzles, ratings, n + mixed);
	cli_mix(qqwing);
	free(puzzles);
	free(ratings);
	return 0;
}
