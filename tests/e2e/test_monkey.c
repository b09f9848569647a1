/* A seeded monkey and input floods (issue 10): random keys, clicks, drags, wheel turns, bytes
 * and resizes thrown at every screen of tilecade, and escape-sequence floods and long key
 * repeats in 2048 and N's play screen. The program must never crash, never exit with a
 * status other than 0, and keep answering.
 *
 * Each test prints its seed. TILECADE_MONKEY_SEED=S replays a run
 * with base seed S ("random" picks one from the clock); the program itself is not fully
 * deterministic (a lone Esc waits for the rest of a sequence, N runs in real time), so a replay
 * sends the same events, not necessarily into the same states.
 *
 * Events go in batches; after each, the test waits until the program has read its input (a
 * generous time limit that only a hang exceeds) and checks it still runs. A program that left
 * (q in the menu) must have exited with status 0 and is started again; the events count on.
 * At the end it must still answer a resize, and Ctrl-C must end it with status 0 (under ASan
 * that also means no leak). TILECADE_BIN comes from meson. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness.h"
#include "sandbox.h"

#define EVENTS 10000
#define BATCH 50
#define WAIT_MS 20000  /* for anything the program must do; only a hang exceeds it */
#define PASTE_MS 60000 /* to write a flood, while the program reads it */
#define DEFAULT_SEED 20261122u

static uint64_t base_seed = DEFAULT_SEED;

/* ---- the random numbers: PCG32 ---- */

struct pcg {
	uint64_t state, inc;
};

static uint32_t pcg_next(struct pcg *r)
{
	uint64_t old = r->state;
	r->state = old * 6364136223846793005u + r->inc;
	uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	uint32_t rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

static void pcg_seed(struct pcg *r, uint64_t seed)
{
	r->state = 0;
	r->inc = (seed << 1) | 1;
	pcg_next(r);
	r->state += seed;
	pcg_next(r);
}

/* 0 to n-1 (n small: the bias does not matter here). */
static int pcg_below(struct pcg *r, int n)
{
	return (int)(pcg_next(r) % (uint32_t)n);
}

/* ---- the program ---- */

/* Where a monkey starts, and how to get there from a fresh start. */
enum start { AT_GAME, AT_MENU, AT_SCORES, AT_BROWSER, AT_NINJA_PLAY };

struct target {
	const char *name;
	const char *game; /* the command line's game, or NULL for the menu */
	enum start start;
};

static char asan_env[4200], ubsan_env[4200];

/* The sanitizers (when built with them) write their reports into the sandbox, so that a
 * failure can print them: on the terminal they would be drawn over. */
static void sanitizer_env(void)
{
	const char *a = getenv("ASAN_OPTIONS"), *u = getenv("UBSAN_OPTIONS");
	snprintf(asan_env, sizeof asan_env, "ASAN_OPTIONS=%s%slog_path=%s/sanitizer", a ? a : "",
	         a && *a ? ":" : "", e2e_sandbox);
	snprintf(ubsan_env, sizeof ubsan_env, "UBSAN_OPTIONS=%s%slog_path=%s/sanitizer", u ? u : "",
	         u && *u ? ":" : "", e2e_sandbox);
}

static void print_sanitizer_logs(void)
{
	char cmd[4400];
	snprintf(cmd, sizeof cmd, "cat '%s'/sanitizer* 1>&2 2>/dev/null", e2e_sandbox);
	int ignored = system(cmd);
	(void)ignored;
}

static int group_setup(void **state)
{
	if (e2e_game_group_setup(state) != 0)
		return -1;
	/* Prompts may save files under any name the monkey types: relative to the sandbox. */
	if (chdir(e2e_sandbox) != 0)
		return -1;
	const char *s = getenv("TILECADE_MONKEY_SEED");
	if (s && strcmp(s, "random") == 0)
		base_seed = (uint64_t)time(NULL);
	else if (s && *s)
		base_seed = strtoull(s, NULL, 10);
	sanitizer_env();
	return 0;
}

static int group_teardown(void **state)
{
	return e2e_game_group_teardown(state);
}

/* What the test knows when something goes wrong. */
struct run {
	const struct target *target;
	uint64_t seed;
	long events;
	const char *last; /* the last bytes sent */
	size_t last_len;
};

static void print_bytes(const char *bytes, size_t len)
{
	fprintf(stderr, "last bytes sent (%zu): \"", len);
	for (size_t i = 0; i < len && i < 4000; i++) {
		unsigned char c = (unsigned char)bytes[i];
		if (c >= 0x20 && c < 0x7F && c != '\\' && c != '"')
			fputc(c, stderr);
		else
			fprintf(stderr, "\\x%02x", c);
	}
	fprintf(stderr, "\"\n");
}

__attribute__((format(printf, 3, 4))) static void run_fail(struct run *r, struct e2e_term *t,
                                                           const char *fmt, ...)
{
	char why[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	fprintf(stderr, "monkey %s, seed %" PRIu64 ", after %ld events: %s\n", r->target->name,
	        r->seed, r->events, why);
	if (r->last)
		print_bytes(r->last, r->last_len);
	fprintf(stderr, "screen (%dx%d):\n%s\n", e2e_cols(t), e2e_rows(t), e2e_screen(t));
	print_sanitizer_logs();
	fail_msg("monkey %s (seed %" PRIu64 "): %s; replay with TILECADE_MONKEY_SEED=%" PRIu64,
	         r->target->name, r->seed, why, base_seed);
}

/* An exit the program may take: status 0. A crash ends it by a signal or (sanitizers) a
 * status of their own. */
static void check_status(struct run *r, struct e2e_term *t, int status)
{
	if (WIFSIGNALED(status))
		run_fail(r, t, "killed by signal %d", WTERMSIG(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		run_fail(r, t, "exited with status %d", WEXITSTATUS(status));
}

static bool shows(struct e2e_term *t, const char *text)
{
	return strstr(e2e_screen(t), text) != NULL;
}

static void wait_text(struct run *r, struct e2e_term *t, const char *text)
{
	if (!e2e_wait_text(t, text, WAIT_MS))
		run_fail(r, t, "'%s' not on the screen", text);
}

/* Something drawn, and then a moment without output (or the time limit: N's play screen
 * draws all the time). */
static void wait_drawn(struct e2e_term *t)
{
	uint64_t before = e2e_bytes(t);
	for (int i = 0; i < WAIT_MS / 10 && e2e_bytes(t) == before; i++)
		e2e_wait_quiet(t, 10, 10);
	e2e_wait_quiet(t, 50, 500);
}

/* An empty room (the border is solid) with the ninja on its floor, room to run both ways. */
static const char *open_level_path(void)
{
	static char path[4200];
	snprintf(path, sizeof path, "%s/open.txt", e2e_sandbox);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 713; i++)
		fputc('0', f);
	fputs("|5^300,560\n", f);
	assert_int_equal(fclose(f), 0);
	return path;
}

#define REPLACE_QUESTION "A new game replaces it"

/* N's play screen, or the question before it replaces a run in progress. */
static bool play_or_question(struct e2e_term *t, void *unused)
{
	return shows(t, "time ") || shows(t, REPLACE_QUESTION);
}

static struct e2e_term *start(struct run *r, void **state)
{
	const struct target *g = r->target;
	char seed[32];
	snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
	/* N opens its level browser, which takes no --seed (the levels are the pack's): its
	 * argv ends before it. */
	bool seeded = g->start != AT_BROWSER && g->start != AT_NINJA_PLAY;
	const char *argv[] = {e2e_bin, g->game, seeded ? "--seed" : NULL, seed, NULL};
	const char *no_game[] = {e2e_bin, NULL};
	const char *env[] = {asan_env, ubsan_env, NULL};
	e2e_free(*state);
	struct e2e_term *t = e2e_start(24, 80, g->game ? argv : no_game, env);
	*state = t;
	assert_non_null(t);
	r->last = NULL;
	switch (g->start) {
	case AT_GAME:
		wait_drawn(t);
		if (shows(t, "A new game replaces it")) { /* an earlier run's game in progress */
			e2e_send_str(t, "y");
			wait_drawn(t);
		}
		break;
	case AT_MENU:
		wait_drawn(t);
		break;
	case AT_SCORES:
		wait_text(r, t, "2048");
		wait_text(r, t, "Scores");
		wait_drawn(t);
		e2e_send_str(t, E2E_KEY_UP E2E_KEY_ENTER); /* the last row of the menu */
		wait_drawn(t);
		break;
	case AT_BROWSER:
		wait_text(r, t, "Enter play");
		break;
	case AT_NINJA_PLAY: {
		wait_text(r, t, "Enter play");
		e2e_send_str(t, "o");
		wait_text(r, t, "Open level file");
		e2e_send_str(t, "\025"); /* Ctrl-U */
		e2e_send_str(t, open_level_path());
		e2e_send_str(t, E2E_KEY_ENTER);
		wait_text(r, t, "opened");
		e2e_send_str(t, E2E_KEY_ENTER);
		/* A run an earlier flood left in progress is asked about first (issue 27): y. */
		assert_true(e2e_wait(t, play_or_question, NULL, WAIT_MS));
		if (shows(t, REPLACE_QUESTION))
			e2e_send_str(t, "y");
		wait_text(r, t, "time ");
		break;
	}
	}
	int status = e2e_wait_exit(t, 0);
	if (status != -1)
		run_fail(r, t, "ended at its start (status %d)", status);
	return t;
}

/* ---- the events ---- */

struct key {
	const char *bytes;
	int weight;
};

/* The keys of DESIGN.md and every game's own, and a few control keys. Never Ctrl-C (it quits,
 * tested below) nor Ctrl-Z (it would stop the program). q and Esc are rare: the menu quits on
 * them, and the monkey should spend its time in the games. */
static const struct key keys[] = {
        {E2E_KEY_UP, 40},
        {E2E_KEY_DOWN, 40},
        {E2E_KEY_RIGHT, 40},
        {E2E_KEY_LEFT, 40},
        {"h", 6},
        {"j", 6},
        {"k", 6},
        {"l", 6},
        {"w", 6},
        {"a", 4},
        {"s", 6},
        {"d", 6},
        {"0", 2},
        {"1", 3},
        {"2", 3},
        {"3", 3},
        {"4", 3},
        {"5", 3},
        {"6", 3},
        {"7", 3},
        {"8", 3},
        {"9", 3},
        {E2E_KEY_ENTER, 20},
        {" ", 12},
        {E2E_KEY_ESC, 2},
        {"q", 2},
        {"y", 8},
        {"n", 5},
        {"u", 5},
        {"U", 4},
        {"r", 4},
        {"p", 5},
        {"H", 3},
        {"+", 3},
        {"-", 3},
        {"m", 4},
        {"c", 3},
        {"e", 3},
        {"x", 3},
        {"?", 4},
        {"\t", 4},
        {"\177", 5},
        {"\014", 2}, /* Ctrl-L */
        {"\022", 2},
        /* Ctrl-R */ {"\025", 1}, /* Ctrl-U */
        {"o", 1},
        {"\033[3~", 1}, /* Delete */
};
#define KEYS (sizeof keys / sizeof keys[0])

struct buf {
	char bytes[BATCH * 48];
	size_t len;
};

static void put(struct buf *b, const char *bytes, size_t len)
{
	memcpy(b->bytes + b->len, bytes, len);
	b->len += len;
}

static void put_key(struct pcg *r, struct buf *b)
{
	int total = 0;
	for (size_t i = 0; i < KEYS; i++)
		total += keys[i].weight;
	int x = pcg_below(r, total);
	size_t i = 0;
	while (x >= keys[i].weight)
		x -= keys[i++].weight;
	put(b, keys[i].bytes, strlen(keys[i].bytes));
}

/* A mouse report in xterm's SGR (1006) form: presses and releases of the three buttons, drags,
 * wheel turns, sometimes with Shift, Alt or Ctrl, mostly on the screen and sometimes off it. */
static void put_mouse(struct pcg *r, struct buf *b, int rows, int cols)
{
	int kind = pcg_below(r, 10), button = pcg_below(r, 5) == 0 ? 1 + pcg_below(r, 2) : 0;
	char final = 'M';
	if (kind < 4) { /* press */
	} else if (kind < 7) {
		button += 32; /* drag */
	} else if (kind < 9) {
		final = 'm'; /* release */
	} else {
		button = 64 + pcg_below(r, 2); /* wheel */
	}
	if (pcg_below(r, 10) == 0)
		button += 4 << pcg_below(r, 3);
	int col = 1 + pcg_below(r, cols), row = 1 + pcg_below(r, rows);
	if (pcg_below(r, 20) == 0) {
		col = pcg_below(r, cols + 40);
		row = pcg_below(r, rows + 20);
	}
	char seq[48];
	int n = snprintf(seq, sizeof seq, "\033[<%d;%d;%d%c", button, col, row, final);
	put(b, seq, (size_t)n);
}

/* A byte of printable ASCII, not '/': a prompt must not get an absolute path or one out of
 * the sandbox. */
static void put_printable(struct pcg *r, struct buf *b)
{
	char c;
	do
		c = (char)(0x20 + pcg_below(r, 0x5F));
	while (c == '/');
	put(b, &c, 1);
}

static void put_high(struct pcg *r, struct buf *b)
{
	char c = (char)(0x80 + pcg_below(r, 0x80));
	put(b, &c, 1);
}

/* Sends a batch; the program may have left meanwhile (checked by the caller). */
static void send_batch(struct run *r, struct e2e_term *t, struct buf *b)
{
	r->last = b->bytes;
	r->last_len = b->len;
	if (b->len > 0 && !e2e_paste(t, b->bytes, b->len, PASTE_MS) && e2e_wait_exit(t, 0) == -1)
		run_fail(r, t, "does not read its input");
}

/* After a batch: the program has read it and still runs, or it left with status 0 and is
 * started again. Returns the terminal to go on with. */
static struct e2e_term *drain(struct run *r, void **state, struct e2e_term *t)
{
	if (!e2e_wait_input_read(t, WAIT_MS))
		run_fail(r, t, "hangs: its input is not read");
	e2e_wait_quiet(t, 5, 50);
	int status = e2e_wait_exit(t, 0);
	if (status == -1)
		return t;
	check_status(r, t, status);
	return start(r, state);
}

/* Still answering: a window too small shows how small it is, a usual one the screen again.
 * Then Ctrl-C quits, with status 0, from wherever the monkey left it. Three rows are too few
 * for every screen (a race's end fits in four, the menu in five). */
static void assert_answers(struct run *r, struct e2e_term *t)
{
	e2e_resize(t, 3, 60);
	wait_text(r, t, "(now 60x3)");
	e2e_resize(t, 24, 80);
	for (int i = 0; i < WAIT_MS / 10 && shows(t, "(now 60x3)"); i++)
		e2e_wait_quiet(t, 10, 10);
	if (shows(t, "(now 60x3)"))
		run_fail(r, t, "does not redraw after a resize");
	r->last = NULL;
	e2e_send_str(t, E2E_KEY_CTRL_C);
	int status = e2e_wait_exit(t, WAIT_MS);
	if (status == -1)
		run_fail(r, t, "Ctrl-C does not end it");
	check_status(r, t, status);
}

static void monkey(void **state, const struct target *g, uint64_t seed)
{
	struct run r = {.target = g, .seed = seed};
	fprintf(stderr,
	        "# monkey %s: seed %" PRIu64 " (base %" PRIu64
	        "; replay with TILECADE_MONKEY_SEED=%" PRIu64 ")\n",
	        g->name, seed, base_seed, base_seed);
	struct pcg rng;
	pcg_seed(&rng, seed);
	struct e2e_term *t = start(&r, state);
	int restarts = 0, resizes = 0;
	static struct buf b;
	while (r.events < EVENTS) {
		b.len = 0;
		for (int i = 0; i < BATCH && r.events < EVENTS; i++) {
			r.events++;
			int roll = pcg_below(&rng, 1000);
			if (roll < 700) {
				put_key(&rng, &b);
			} else if (roll < 780) {
				put_printable(&rng, &b);
			} else if (roll < 820) {
				put_high(&rng, &b);
			} else if (roll < 995) {
				put_mouse(&rng, &b, e2e_rows(t), e2e_cols(t));
			} else {
				/* A resize between what was typed before and after it. */
				send_batch(&r, t, &b);
				b.len = 0;
				resizes++;
				if (pcg_below(&rng, 2) == 0)
					e2e_resize(t, 24, 80);
				else
					e2e_resize(t, 1 + pcg_below(&rng, 60),
					           1 + pcg_below(&rng, 200));
			}
		}
		send_batch(&r, t, &b);
		pid_t before = e2e_pid(t);
		t = drain(&r, state, t);
		if (e2e_pid(t) != before)
			restarts++;
	}
	fprintf(stderr, "# monkey %s: %ld events, %d resizes, %d restarts\n", g->name, r.events,
	        resizes, restarts);
	assert_answers(&r, t);
}

static const struct target targets[] = {
        {"znumbers", "znumbers", AT_GAME},
        {"match3", "match3", AT_GAME},
        {"sudoku", "sudoku", AT_GAME},
        {"2048", "2048", AT_GAME},
        {"ninja-browser", "ninja", AT_BROWSER},
        {"ninja-play", "ninja", AT_NINJA_PLAY},
        {"menu", NULL, AT_MENU},
        {"scores", NULL, AT_SCORES},
};
#define TARGETS (sizeof targets / sizeof targets[0])

/* The tests get their target from their index in main's table. */
static const struct target *target_of(void **state, int index)
{
	(void)state;
	return &targets[index];
}

#define MONKEY_TEST(i, fn)                                                                         \
	static void fn(void **state)                                                               \
	{                                                                                          \
		monkey(state, target_of(state, i), base_seed + (i));                               \
	}
MONKEY_TEST(0, test_monkey_znumbers)
MONKEY_TEST(1, test_monkey_match3)
MONKEY_TEST(2, test_monkey_sudoku)
MONKEY_TEST(3, test_monkey_2048)
MONKEY_TEST(4, test_monkey_ninja_browser)
MONKEY_TEST(5, test_monkey_ninja_play)
MONKEY_TEST(6, test_monkey_menu)
MONKEY_TEST(7, test_monkey_scores)

/* ---- floods ---- */

static const struct target flood_2048 = {"2048 flood", "2048", AT_GAME};
static const struct target flood_ninja = {"N play flood", "ninja", AT_NINJA_PLAY};

static bool input_room(struct e2e_term *t, void *unused)
{
	(void)unused;
	return e2e_unread_input(t) < 1024;
}

/* Writes a flood in pieces that the terminal takes whole, none ending in an Esc: an Esc the
 * program reads alone, with the rest of its sequence not sent yet, is rightly the Esc key (back
 * to the menu), which a real paste cannot tell from a slow one either. */
static bool paste_whole(struct e2e_term *t, const char *bytes, size_t len)
{
	while (len > 0) {
		if (!e2e_wait(t, input_room, NULL, PASTE_MS))
			return false;
		size_t n = len < 256 ? len : 256;
		while (n < len && n > 1 && bytes[n - 1] == '\033')
			n--;
		if (!e2e_paste(t, bytes, n, PASTE_MS))
			return false;
		bytes += n;
		len -= n;
	}
	return true;
}

/* Sends a flood, then checks the program took it: it still runs, answers a resize, and a key
 * after the flood (Ctrl-C) ends it with status 0 within the time limit. */
static void flood(void **state, const struct target *g, const char *bytes, size_t len,
                  const char *what)
{
	struct run r = {.target = g, .seed = base_seed, .events = 0};
	struct e2e_term *t = start(&r, state);
	r.last = bytes;
	r.last_len = len;
	if (!paste_whole(t, bytes, len)) {
		int status = e2e_wait_exit(t, WAIT_MS);
		run_fail(&r, t, "%s: not read; the program %s %d", what,
		         status == -1          ? "hangs"
		         : WIFSIGNALED(status) ? "was killed by signal"
		                               : "exited with status",
		         status == -1          ? 0
		         : WIFSIGNALED(status) ? WTERMSIG(status)
		                               : WEXITSTATUS(status));
	}
	if (!e2e_wait_input_read(t, WAIT_MS))
		run_fail(&r, t, "%s: hangs", what);
	int status = e2e_wait_exit(t, 0);
	if (status != -1)
		run_fail(&r, t, "%s: ended it (status %d)", what, status);
	assert_answers(&r, t);
}

/* 10,000 "\e[" in a row: every one starts a sequence that the next one breaks. */
static void csi_flood(void **state, const struct target *g)
{
	enum { COUNT = 10000 };
	static char bytes[COUNT * 2];
	for (size_t i = 0; i < COUNT; i++)
		memcpy(bytes + 2 * i, "\033[", 2);
	flood(state, g, bytes, sizeof bytes, "10,000 \\e[");
}

static void test_csi_flood_2048(void **state)
{
	csi_flood(state, &flood_2048);
}

static void test_csi_flood_ninja(void **state)
{
	csi_flood(state, &flood_ninja);
}

/* 64 KiB of random bytes at once, as a paste of a binary file: everything but the keys that
 * rightly end or stop the game (q, Ctrl-C, Ctrl-Z) and '/' (a prompt); an Esc always starts a
 * sequence, so that no Esc is read as the Esc key. */
static void paste(void **state, const struct target *g)
{
	enum { LEN = 64 * 1024 };
	static char bytes[LEN];
	struct pcg rng;
	pcg_seed(&rng, base_seed ^ 0x9A57Eu);
	for (size_t i = 0; i < LEN; i++) {
		char c = (char)pcg_below(&rng, 256);
		if (c == 'q' || c == 3 || c == 0x1a || c == '/')
			c = 0;
		bytes[i] = c;
		if (c == '\033' && i + 1 < LEN)
			bytes[++i] = pcg_below(&rng, 2) ? '[' : 'O';
	}
	if (bytes[LEN - 1] == '\033')
		bytes[LEN - 1] = 0;
	flood(state, g, bytes, sizeof bytes, "64 KiB of random bytes");
}

static void test_paste_2048(void **state)
{
	paste(state, &flood_2048);
}

static void test_paste_ninja(void **state)
{
	paste(state, &flood_ninja);
}

/* Sequences that crash or corrupt libtermkey 0.22 unless filtered (input_filter.h): numbers
 * that overflow, missing code points, 17 parameters, 8-bit CSIs; each followed by an ordinary
 * key, all sent 100 times. */
static void test_hostile_sequences(void **state)
{
	static const char *const hostile[] = {"\033[9999999999999999999u",
	                                      "\033[1:2:3:4:5:6:7:8:9:10:11:12:13:14:15:16:17u",
	                                      "\033[u",
	                                      "\033[;5u",
	                                      "\033[27;5~",
	                                      "\033[27;5;~",
	                                      "\033[~",
	                                      "\033[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18u",
	                                      "\2339999999999999999999u",
	                                      "\033\2339999999999999999999u",
	                                      "\033[<99999999999;99999999999;99999999999M",
	                                      "\033[1;99999999999999999999A",
	                                      "\303\2339999999999999999999u",
	                                      "\033[9999999999999999999",
	                                      "u"};
	static char bytes[100 * 1024];
	size_t len = 0;
	for (int round = 0; round < 100; round++)
		for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
			size_t n = strlen(hostile[i]);
			memcpy(bytes + len, hostile[i], n);
			len += n;
			bytes[len++] = 'x';
		}
	flood(state, &flood_2048, bytes, len, "hostile escape sequences");
}

enum { REPEATS = 2000 };

static void send_repeats(struct run *r, struct e2e_term *t, const char *key)
{
	static char bytes[REPEATS * 3];
	for (size_t i = 0; i < REPEATS; i++)
		memcpy(bytes + 3 * i, key, 3);
	r->last = bytes;
	r->last_len = sizeof bytes;
	if (!paste_whole(t, bytes, sizeof bytes))
		run_fail(r, t, "2,000 arrows: not read (or the program ended)");
	if (!e2e_wait_input_read(t, WAIT_MS))
		run_fail(r, t, "2,000 arrows: hangs");
}

/* 2,000 Right arrows at once (a key held for seconds, read in one go), then ? shows the help
 * at once: the slides and their animations did not pile up. */
static void test_repeat_2048(void **state)
{
	struct run r = {.target = &flood_2048, .seed = base_seed};
	struct e2e_term *t = start(&r, state);
	send_repeats(&r, t, E2E_KEY_RIGHT);
	r.last = NULL;
	e2e_send_str(t, "?");
	wait_text(&r, t, "2048: keys");
	e2e_send_str(t, " ");
	for (int i = 0; i < WAIT_MS / 10 && shows(t, "2048: keys"); i++)
		e2e_wait_quiet(t, 10, 10);
	if (shows(t, "2048: keys"))
		run_fail(&r, t, "a key does not close the help");
	assert_answers(&r, t);
}

/* Where the ninja's braille dots are: the leftmost column of them, or -1. */
static int ninja_col(struct e2e_term *t)
{
	int at = -1;
	for (int row = 0; row < e2e_rows(t) - 1; row++)
		for (int col = 1; col < e2e_cols(t) - 1; col++) {
			struct e2e_cell cell;
			if (!e2e_cell(t, row, col, &cell))
				continue;
			const unsigned char *u = (const unsigned char *)cell.text;
			if (u[0] == 0xE2 && u[1] >= 0xA0 && u[1] <= 0xA3 && (at < 0 || col < at))
				at = col;
		}
	return at;
}

struct left_of {
	int col;
};

static bool moved_left(struct e2e_term *t, void *ctx)
{
	int col = ninja_col(t);
	return col >= 0 && col < ((struct left_of *)ctx)->col;
}

/* 2,000 Right arrows at once: the ninja runs to the right wall; then Left (sent again and
 * again, as a held key) brings it back within the time limit. */
static void test_repeat_ninja(void **state)
{
	struct run r = {.target = &flood_ninja, .seed = base_seed};
	struct e2e_term *t = start(&r, state);
	send_repeats(&r, t, E2E_KEY_RIGHT);
	e2e_wait_quiet(t, 300, 2000); /* let it come to rest; the clock keeps drawing */
	struct left_of from = {ninja_col(t)};
	if (from.col < 0)
		run_fail(&r, t, "no ninja on the screen");
	r.last = NULL;
	bool moved = false;
	for (int i = 0; i < WAIT_MS / 40 && !moved; i++) {
		e2e_send_str(t, E2E_KEY_LEFT);
		moved = e2e_wait(t, moved_left, &from, 40);
	}
	if (!moved)
		run_fail(&r, t, "the ninja does not run left after the flood");
	assert_answers(&r, t);
}

int main(void)
{
	/* TILECADE_MONKEY_ONLY=test_monkey_2048 (a cmocka pattern) runs only those tests. */
	if (getenv("TILECADE_MONKEY_ONLY"))
		cmocka_set_test_filter(getenv("TILECADE_MONKEY_ONLY"));
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_teardown(test_monkey_znumbers, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_monkey_match3, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_monkey_sudoku, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_monkey_2048, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_monkey_ninja_browser, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_monkey_ninja_play, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_monkey_menu, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_monkey_scores, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_csi_flood_2048, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_csi_flood_ninja, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_paste_2048, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_paste_ninja, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_hostile_sequences, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_repeat_2048, e2e_term_teardown),
	        cmocka_unit_test_teardown(test_repeat_ninja, e2e_term_teardown),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
