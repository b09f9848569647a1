/* The program under test, its pseudo-terminal, and the waits that read its output into libvterm. */
#define _GNU_SOURCE /* openpty */
#include "harness.h"
#include "wrap.h"
#include "harness_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Longest a wait blocks in poll before it checks whether the child exited: the harness keeps
 * the terminal's slave side open, so the master never reports the child's end by itself. */
#define E2E_SLICE_MS 10
#define E2E_WRITE_TIMEOUT_MS 1000
#define E2E_DRAIN_MS 1000

static int64_t e2e_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ms stretched by E2E_SLOWDOWN (wrap.h), in nanoseconds. */
static int64_t e2e_scaled_ns(int ms)
{
	return (int64_t)ms * 1000000 * e2e_slowdown();
}

/* The time timeout_ms (stretched by E2E_SLOWDOWN) from now. */
static int64_t e2e_deadline(int timeout_ms)
{
	return e2e_now_ns() + e2e_scaled_ns(timeout_ms);
}

static int e2e_ms_left(int64_t deadline_ns)
{
	int64_t left = (deadline_ns - e2e_now_ns() + 999999) / 1000000;
	return left > 0 ? (int)left : 0;
}

static int e2e_min(int a, int b)
{
	return a < b ? a : b;
}

/* Writes all of len within the time limit; the master is non-blocking. */
static bool e2e_write_all(int fd, const char *bytes, size_t len)
{
	int64_t deadline = e2e_deadline(E2E_WRITE_TIMEOUT_MS);
	while (len > 0) {
		ssize_t n = write(fd, bytes, len);
		if (n > 0) {
			bytes += n;
			len -= (size_t)n;
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return false;
		int left = e2e_ms_left(deadline);
		if (left == 0)
			return false;
		struct pollfd p = {.fd = fd, .events = POLLOUT};
		poll(&p, 1, left);
	}
	return true;
}

/* libvterm's answers to the program's queries (cursor position, device attributes). */
static void e2e_answer(const char *s, size_t len, void *user)
{
	struct e2e_term *t = user;
	if (!e2e_write_all(t->master, s, len))
		fprintf(stderr, "e2e: could not answer the program's terminal query\n");
}

static int e2e_settermprop(VTermProp prop, VTermValue *val, void *user)
{
	struct e2e_term *t = user;
	if (prop == VTERM_PROP_ALTSCREEN)
		t->altscreen = val->boolean;
	else if (prop == VTERM_PROP_MOUSE)
		t->mouse = val->number;
	return 1;
}

static const VTermScreenCallbacks e2e_screen_callbacks = {.settermprop = e2e_settermprop};

static int e2e_skip_text(const char *bytes, size_t len, void *user)
{
	/* libvterm passes all the rest of the chunk: text ends at the first control character,
	 * else a sequence written after text in the same chunk would be skipped with it. */
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)bytes[i] < 0x20 || bytes[i] == 0x7f)
			return i > 0 ? (int)i : 1;
	return (int)len;
}

/* DECSET / DECRST 25: show or hide the cursor. */
static int e2e_csi(const char *leader, const long args[], int argcount, const char *intermed,
                   char command, void *user)
{
	struct e2e_term *t = user;
	if (leader && !intermed && command == 'u' &&
	    (!strcmp(leader, ">") || !strcmp(leader, "<"))) {
		bool push = leader[0] == '>';
		size_t n = strlen(t->key_reports_log);
		if (n + 1 < sizeof t->key_reports_log)
			t->key_reports_log[n] = push ? '+' : '-';
		if (push)
			t->key_reports_depth++;
		else if (t->key_reports_depth > 0)
			t->key_reports_depth--;
		return 1;
	}
	if (!leader || strcmp(leader, "?") != 0 || intermed || (command != 'h' && command != 'l'))
		return 1;
	for (int i = 0; i < argcount; i++)
		if (CSI_ARG(args[i]) == 25)
			t->cursor_visible = command == 'h';
	return 1;
}

static const VTermParserCallbacks e2e_mode_callbacks = {.text = e2e_skip_text, .csi = e2e_csi};

static bool e2e_vterm_new(struct e2e_term *t)
{
	t->vt = vterm_new(t->rows, t->cols);
	if (!t->vt)
		return false;
	vterm_set_utf8(t->vt, 1);
	vterm_output_set_callback(t->vt, e2e_answer, t);
	t->vs = vterm_obtain_screen(t->vt);
	vterm_screen_set_callbacks(t->vs, &e2e_screen_callbacks, t);
	/* Without this libvterm ignores ?1049h and the test could not see the alternate screen. */
	vterm_screen_enable_altscreen(t->vs, 1);
	vterm_screen_reset(t->vs, 1);
	t->modes = vterm_new(1, 1);
	if (!t->modes)
		return false;
	vterm_set_utf8(t->modes, 1);
	vterm_parser_set_callbacks(t->modes, &e2e_mode_callbacks, t);
	t->cursor_visible = true;
	return true;
}

static void e2e_apply_env(const char *const env[])
{
	unsetenv("LINES");
	unsetenv("COLUMNS");
	setenv("TERM", "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	for (size_t i = 0; env && env[i]; i++) {
		const char *eq = strchr(env[i], '=');
		if (!eq) {
			unsetenv(env[i]);
			continue;
		}
		char name[256];
		size_t len = (size_t)(eq - env[i]);
		if (len == 0 || len >= sizeof name)
			continue;
		memcpy(name, env[i], len);
		name[len] = '\0';
		setenv(name, eq + 1, 1);
	}
}

/* In the forked child: becomes a session leader on the terminal and executes argv. */
static _Noreturn void e2e_child(int slave, const char *const argv[], const char *const env[])
{
	/* The test runner may block or ignore signals; exec keeps both, and the program must get
	 * SIGWINCH, SIGTERM and SIGHUP as a user's shell would deliver them. */
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (int sig = 1; sig < NSIG; sig++)
		signal(sig, SIG_DFL);
	setsid();
	ioctl(slave, TIOCSCTTY, 0);
	dup2(slave, STDIN_FILENO);
	dup2(slave, STDOUT_FILENO);
	dup2(slave, STDERR_FILENO);
	if (slave > STDERR_FILENO)
		close(slave);
	e2e_apply_env(env);
	e2e_execvp(argv);
	dprintf(STDERR_FILENO, "e2e: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

struct e2e_term *e2e_start(int rows, int cols, const char *const argv[], const char *const env[])
{
	struct e2e_term *t = calloc(1, sizeof *t);
	if (!t) {
		fprintf(stderr, "e2e: out of memory\n");
		return NULL;
	}
	t->master = t->slave = -1;
	t->pid = -1;
	t->rows = rows;
	t->cols = cols;
	struct winsize ws = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols};
	if (openpty(&t->master, &t->slave, NULL, NULL, &ws) != 0) {
		fprintf(stderr, "e2e: openpty: %s\n", strerror(errno));
		e2e_free(t);
		return NULL;
	}
	/* Other terminals' children must not inherit this one. */
	fcntl(t->master, F_SETFD, FD_CLOEXEC);
	fcntl(t->slave, F_SETFD, FD_CLOEXEC);
	fcntl(t->master, F_SETFL, fcntl(t->master, F_GETFL) | O_NONBLOCK);
	if (!e2e_vterm_new(t) || !e2e_screen_alloc(t)) {
		fprintf(stderr, "e2e: out of memory\n");
		e2e_free(t);
		return NULL;
	}
	fflush(NULL); /* or the child would write our buffered output a second time */
	t->start_ns = t->last_output_ns = e2e_now_ns();
	t->pid = fork();
	if (t->pid < 0) {
		fprintf(stderr, "e2e: fork: %s\n", strerror(errno));
		e2e_free(t);
		return NULL;
	}
	if (t->pid == 0)
		e2e_child(t->slave, argv, env);
	return t;
}

static void e2e_reap(struct e2e_term *t)
{
	if (!t->exited && waitpid(t->pid, &t->status, WNOHANG) == t->pid)
		t->exited = true;
}

void e2e_free(struct e2e_term *t)
{
	if (!t)
		return;
	if (t->pid > 0) {
		e2e_reap(t);
		if (!t->exited) {
			/* The whole group, so that a shell's children go too; the unreaped child
			 * keeps its pid, so the group cannot be someone else's. */
			kill(-t->pid, SIGKILL);
			kill(t->pid, SIGKILL);
			while (waitpid(t->pid, &t->status, 0) < 0 && errno == EINTR)
				;
		}
	}
	if (t->master >= 0)
		close(t->master);
	if (t->slave >= 0)
		close(t->slave);
	if (t->vt)
		vterm_free(t->vt);
	if (t->modes)
		vterm_free(t->modes);
	e2e_screen_release(t);
	free(t);
}

int e2e_term_teardown(void **state)
{
	e2e_free(*state);
	*state = NULL;
	return 0;
}

pid_t e2e_pid(const struct e2e_term *t)
{
	return t->pid;
}

int e2e_rows(const struct e2e_term *t)
{
	return t->rows;
}

int e2e_cols(const struct e2e_term *t)
{
	return t->cols;
}

bool e2e_send(struct e2e_term *t, const void *bytes, size_t len)
{
	return e2e_write_all(t->master, bytes, len);
}

bool e2e_send_str(struct e2e_term *t, const char *s)
{
	return e2e_send(t, s, strlen(s));
}

static bool e2e_mouse(struct e2e_term *t, int button, int col, int row, char final)
{
	char seq[48];
	int n = snprintf(seq, sizeof seq, "\033[<%d;%d;%d%c", button, col, row, final);
	return e2e_send(t, seq, (size_t)n);
}

bool e2e_mouse_press(struct e2e_term *t, int col, int row)
{
	return e2e_mouse(t, 0, col, row, 'M');
}

bool e2e_mouse_drag(struct e2e_term *t, int col, int row)
{
	return e2e_mouse(t, 32, col, row, 'M'); /* 32: motion with the button held */
}

bool e2e_mouse_release(struct e2e_term *t, int col, int row)
{
	return e2e_mouse(t, 0, col, row, 'm');
}

bool e2e_claim_size(struct e2e_term *t, int rows, int cols)
{
	struct winsize ws = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols};
	return ioctl(t->master, TIOCSWINSZ, &ws) == 0;
}

bool e2e_resize(struct e2e_term *t, int rows, int cols)
{
	if (!e2e_claim_size(t, rows, cols))
		return false;
	vterm_set_size(t->vt, rows, cols);
	t->rows = rows;
	t->cols = cols;
	return e2e_screen_alloc(t);
}

/* Reads one chunk of output, waiting up to timeout_ms for it; returns its size (0: none). */
static size_t e2e_pump(struct e2e_term *t, int timeout_ms)
{
	/* read before poll: finding nothing, read first waits for output the kernel is still
	 * passing from the slave to the master, which poll does not see yet. Without it a
	 * program's last words before exiting could be missed. */
	char buf[8192];
	ssize_t n = read(t->master, buf, sizeof buf);
	if (n <= 0 && timeout_ms > 0) {
		struct pollfd p = {.fd = t->master, .events = POLLIN};
		if (poll(&p, 1, timeout_ms) > 0)
			n = read(t->master, buf, sizeof buf);
	}
	if (n <= 0)
		return 0;
	vterm_input_write(t->vt, buf, (size_t)n);
	vterm_input_write(t->modes, buf, (size_t)n);
	t->bytes += (uint64_t)n;
	t->last_output_ns = e2e_now_ns();
	t->dirty = true;
	return (size_t)n;
}

bool e2e_paste(struct e2e_term *t, const void *bytes, size_t len, int timeout_ms)
{
	const char *p = bytes;
	int64_t deadline = e2e_deadline(timeout_ms);
	while (len > 0) {
		ssize_t n = write(t->master, p, len);
		if (n > 0) {
			p += n;
			len -= (size_t)n;
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return false;
		e2e_reap(t);
		int left = e2e_ms_left(deadline);
		if (t->exited || left == 0)
			return false;
		struct pollfd pfd = {.fd = t->master, .events = POLLIN | POLLOUT};
		poll(&pfd, 1, e2e_min(left, E2E_SLICE_MS));
		while (e2e_pump(t, 0) > 0)
			;
	}
	return true;
}

int e2e_unread_input(const struct e2e_term *t)
{
	int n = 0;
	if (ioctl(t->slave, FIONREAD, &n) != 0)
		return 0;
	return n;
}

bool e2e_wait_input_read(struct e2e_term *t, int timeout_ms)
{
	int64_t deadline = e2e_deadline(timeout_ms);
	for (;;) {
		e2e_reap(t);
		if (t->exited || e2e_unread_input(t) == 0)
			return true;
		int left = e2e_ms_left(deadline);
		if (left == 0)
			return false;
		e2e_pump(t, e2e_min(left, E2E_SLICE_MS));
	}
}

bool e2e_wait(struct e2e_term *t, e2e_done_fn *done, void *ctx, int timeout_ms)
{
	int64_t deadline = e2e_deadline(timeout_ms);
	for (;;) {
		if (done(t, ctx))
			return true;
		e2e_reap(t);
		int left = e2e_ms_left(deadline);
		if (left == 0)
			return false;
		bool gone = t->exited;
		if (e2e_pump(t, gone ? 0 : e2e_min(left, E2E_SLICE_MS)) == 0 && gone)
			return done(t, ctx);
	}
}

static bool e2e_has_text(struct e2e_term *t, void *text)
{
	return strstr(e2e_screen(t), text) != NULL;
}

bool e2e_wait_text(struct e2e_term *t, const char *text, int timeout_ms)
{
	return e2e_wait(t, e2e_has_text, (void *)text, timeout_ms);
}

static bool e2e_lacks_text(struct e2e_term *t, void *text)
{
	return strstr(e2e_screen(t), text) == NULL;
}

bool e2e_wait_gone(struct e2e_term *t, const char *text, int timeout_ms)
{
	return e2e_wait(t, e2e_lacks_text, (void *)text, timeout_ms);
}

#define E2E_REPLACE_QUESTION "A new game replaces it"

struct e2e_done {
	e2e_done_fn *done;
	void *ctx;
};

static bool e2e_done_or_asked(struct e2e_term *t, void *ctx)
{
	const struct e2e_done *d = ctx;
	return d->done(t, d->ctx) || e2e_has_text(t, E2E_REPLACE_QUESTION);
}

bool e2e_wait_new_game(struct e2e_term *t, e2e_done_fn *done, void *ctx, int timeout_ms)
{
	struct e2e_done d = {done, ctx};
	if (!e2e_wait(t, e2e_done_or_asked, &d, timeout_ms))
		return false;
	if (done(t, ctx))
		return true;
	return e2e_send_str(t, "y") && e2e_wait(t, done, ctx, timeout_ms);
}

bool e2e_wait_new_game_text(struct e2e_term *t, const char *text, int timeout_ms)
{
	return e2e_wait_new_game(t, e2e_has_text, (void *)text, timeout_ms);
}

struct two_texts {
	const char *a, *b;
};

static bool e2e_has_row(struct e2e_term *t, void *ctx)
{
	const struct two_texts *w = ctx;
	for (int row = 0; row < e2e_rows(t); row++) {
		const char *line = e2e_row(t, row), *a = strstr(line, w->a);
		if (a && strstr(a + strlen(w->a), w->b))
			return true;
	}
	return false;
}

bool e2e_wait_row(struct e2e_term *t, const char *a, const char *b, int timeout_ms)
{
	struct two_texts w = {a, b};
	return e2e_wait(t, e2e_has_row, &w, timeout_ms);
}

bool e2e_wait_quiet(struct e2e_term *t, int quiet_ms, int timeout_ms)
{
	int64_t start = e2e_now_ns();
	int64_t deadline = start + e2e_scaled_ns(timeout_ms);
	int64_t quiet_since = start;
	for (;;) {
		int64_t quiet_end = quiet_since + e2e_scaled_ns(quiet_ms);
		int quiet_left = e2e_ms_left(quiet_end);
		if (quiet_left == 0)
			return true;
		int left = e2e_ms_left(deadline);
		if (left == 0)
			return false;
		if (e2e_pump(t, e2e_min(quiet_left, left)) > 0)
			quiet_since = t->last_output_ns;
	}
}

int e2e_wait_exit(struct e2e_term *t, int timeout_ms)
{
	int64_t deadline = e2e_deadline(timeout_ms);
	for (;;) {
		e2e_reap(t);
		if (t->exited) {
			/* What it wrote is in the terminal's buffer; the time limit stops a
			 * grandchild that keeps writing. */
			int64_t drain_end = e2e_deadline(E2E_DRAIN_MS);
			while (e2e_ms_left(drain_end) > 0 && e2e_pump(t, 0) > 0)
				;
			return t->status;
		}
		int left = e2e_ms_left(deadline);
		if (left == 0)
			return -1;
		e2e_pump(t, e2e_min(left, E2E_SLICE_MS));
	}
}

bool e2e_altscreen(const struct e2e_term *t)
{
	return t->altscreen;
}

bool e2e_cursor_visible(const struct e2e_term *t)
{
	return t->cursor_visible;
}

int e2e_mouse_mode(const struct e2e_term *t)
{
	return t->mouse;
}

int e2e_tty_attr(const struct e2e_term *t, struct termios *out)
{
	return tcgetattr(t->slave, out);
}

int e2e_key_reports(const struct e2e_term *t)
{
	return t->key_reports_depth;
}

const char *e2e_key_reports_log(const struct e2e_term *t)
{
	return t->key_reports_log;
}

uint64_t e2e_bytes(const struct e2e_term *t)
{
	return t->bytes;
}

double e2e_last_output_ms(const struct e2e_term *t)
{
	return (double)(t->last_output_ns - t->start_ns) / 1e6;
}

bool e2e_terminal_given_back(const struct e2e_term *t)
{
	struct termios tio;
	bool tty = e2e_tty_attr(t, &tio) == 0;
	bool echo = tty && (tio.c_lflag & ECHO), canonical = tty && (tio.c_lflag & ICANON);
	bool ok = !e2e_altscreen(t) && e2e_cursor_visible(t) && e2e_mouse_mode(t) == 0 &&
	          e2e_key_reports(t) == 0 && echo && canonical;
	if (!ok)
		fprintf(stderr,
		        "e2e: the terminal is not given back: alternate screen %s, cursor %s, "
		        "mouse "
		        "mode %d, kitty protocol \"%s\", echo %s, canonical mode %s\n",
		        e2e_altscreen(t) ? "on" : "off", e2e_cursor_visible(t) ? "shown" : "hidden",
		        e2e_mouse_mode(t), e2e_key_reports_log(t), echo ? "on" : "off",
		        canonical ? "on" : "off");
	return ok;
}
