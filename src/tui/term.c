/* Terminal set-up and tear-down, the event loop's wait, and signal handling.
 *
 * Order matters (see TERMINAL-NOTES.md): signal handlers before curses, curses before termkey,
 * mouse reporting after the first refresh; tear-down in reverse. Signals only write a byte to
 * a self-pipe, so a signal arriving just before poll() still wakes it. */
#define _POSIX_C_SOURCE 200809L
#include "term.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <ncursesw/term.h> /* <term.h> would find our own term.h */
#include <termkey.h>
#include <unistd.h>

#include "input.h"
#include "input_filter.h"
#include "text_wrap.h"
#include "tilecade/session.h"
#include "tilecade/store.h"

#define MOUSE_ON "\033[?1000h\033[?1002h\033[?1006h"
#define MOUSE_OFF "\033[?1006l\033[?1002l\033[?1000l"
/* The kitty keyboard protocol: push flags 1 (disambiguate) + 2 (report repeats and releases) +
 * 8 (every key as an escape code, so letters report releases too), and pop them. Terminals
 * without it ignore both. The terminal keeps one stack per screen, so both are sent while
 * curses has the alternate screen. */
#define KEY_REPORTS_ON "\033[>11u"
#define KEY_REPORTS_OFF "\033[<u"
/* The most rows and columns curses is given, whatever size the terminal claims: what any screen
 * can show. curses keeps several copies of the screen, so a size taken as it comes (an ssh
 * client may claim 65535x65535) would take gigabytes; beyond these the screen is drawn in its
 * top-left corner. */
#define MAX_ROWS 250
#define MAX_COLS 800

static TermKey *tk;
static SCREEN *screen;
static bool is_open;
static int signal_pipe[2] = {-1, -1};
static volatile sig_atomic_t got_winch, got_quit, got_tstp, got_cont;
/* The quit is the terminal going away (a hang-up, its input closed), not the player's asking. */
static volatile sig_atomic_t got_hangup;
static bool got_wake; /* a source said a screen must be drawn again */
static struct tc_term_source sources[TC_TERM_SOURCES];
static int source_count;
/* What one wait sleeps on: the terminal, the signal pipe, then the sources' descriptors. */
#define WAIT_FDS 2048
static uint64_t escape_deadline; /* when a lone Esc stops waiting for the rest of a sequence */
/* After that wait, every key libtermkey holds is taken as it stands, up to the last: a lone Esc
 * left behind would join the next byte into a sequence the filter never saw. */
static bool taking_as_is;
/* Bytes read from the terminal go through the filter (input_filter.h) and wait here for room
 * in libtermkey's buffer; they are read only when none wait. */
static struct tc_input_filter input_filter;
static unsigned char filtered[4096 + TC_INPUT_HELD_MAX];
static size_t filtered_start, filtered_len;

static void on_signal(int sig)
{
	int saved = errno;
	switch (sig) {
	case SIGWINCH:
		got_winch = 1;
		break;
	case SIGTSTP:
		got_tstp = 1;
		break;
	case SIGCONT:
		got_cont = 1;
		break;
	case SIGHUP:
		got_hangup = 1;
		got_quit = 1;
		break;
	default:
		got_quit = 1;
	}
	if (signal_pipe[1] >= 0) {
		ssize_t ignored = write(signal_pipe[1], "", 1);
		(void)ignored;
	}
	errno = saved;
}

static const int handled_signals[] = {SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT};

static void install_handlers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++)
		sigaction(handled_signals[i], &sa, NULL);
}

static void restore_handlers(void)
{
	for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++)
		signal(handled_signals[i], SIG_DFL);
}

/* Debian's xterm terminfo names "\e[<" as the mouse key, which makes libtermkey read SGR mouse
 * reports as X10 ones; hiding that entry lets it parse them properly. */
static const char *hide_terminfo_mouse(const char *name, const char *value, void *data)
{
	(void)data;
	return strcmp(name, "key_mouse") == 0 ? NULL : value;
}

static void write_tty(const char *s)
{
	fflush(stdout);
	ssize_t ignored = write(STDOUT_FILENO, s, strlen(s));
	(void)ignored;
}

static bool mouse_wanted;       /* the player may turn the mouse off in the settings */
static bool key_reports_wanted; /* a screen asked for key releases (tc_term_key_reports) */
static bool key_reports_sent;   /* the protocol is pushed and not popped */
static bool key_reports_used;   /* pushed at least once: decode its sequences from then on */

static void mouse_reporting(bool on)
{
	if (mouse_wanted)
		write_tty(on ? MOUSE_ON : MOUSE_OFF);
}

static void key_reports(bool on)
{
	if (on == key_reports_sent)
		return;
	write_tty(on ? KEY_REPORTS_ON : KEY_REPORTS_OFF);
	key_reports_sent = on;
	if (on)
		key_reports_used = true;
}

void tc_term_key_reports(bool on)
{
	key_reports_wanted = on;
	if (is_open)
		key_reports(on);
}

bool tc_term_mouse(void)
{
	return mouse_wanted;
}

/* The Linux console (TERM linux, linux-16color, ...) takes UTF-8, but its fonts lack most of
 * our glyphs (match-3's star, N's slopes and braille): they would show as diamonds. */
static bool linux_console(void)
{
	const char *term = getenv("TERM");
	return term && (strcmp(term, "linux") == 0 || strncmp(term, "linux-", 6) == 0);
}

bool tc_term_unicode(void)
{
	const char *codeset = nl_langinfo(CODESET);
	return codeset && strcmp(codeset, "UTF-8") == 0 && !linux_console();
}

/* A positive number from the environment, or 0. */
static long env_size(const char *name)
{
	const char *v = getenv(name);
	char *end;
	long n = v ? strtol(v, &end, 10) : 0;
	return v && *v && !*end && n > 0 ? n : 0;
}

static int capped(long n, int max)
{
	return n > max ? max : (int)n;
}

/* The terminal's size, capped; false when it is not known. LINES and COLUMNS count only where
 * the terminal does not tell its size (a serial line). */
static bool terminal_size(int *rows, int *cols)
{
	struct winsize ws;
	long r = 0, c = 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) {
		r = ws.ws_row;
		c = ws.ws_col;
	}
	if (r == 0)
		r = env_size("LINES");
	if (c == 0)
		c = env_size("COLUMNS");
	*rows = capped(r, MAX_ROWS);
	*cols = capped(c, MAX_COLS);
	return r > 0 && c > 0;
}

/* Sets or unsets (value NULL) a variable of the environment. */
static void set_env(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

/* Starts curses at the terminal's size, capped: left to itself curses would allocate for
 * whatever the terminal or LINES and COLUMNS say. It takes its size from LINES and COLUMNS
 * before the terminal, so they say the capped size while it starts, then are as they were. */
static SCREEN *start_curses(void)
{
	int rows, cols;
	if (!terminal_size(&rows, &cols))
		return newterm(NULL, stdout, stdin); /* terminfo's size */
	const char *names[2] = {"LINES", "COLUMNS"};
	int values[2] = {rows, cols};
	char *saved[2];
	for (int i = 0; i < 2; i++) {
		const char *v = getenv(names[i]);
		saved[i] = v ? strdup(v) : NULL;
		char text[16];
		snprintf(text, sizeof text, "%d", values[i]);
		set_env(names[i], text);
	}
	SCREEN *started = newterm(NULL, stdout, stdin);
	for (int i = 0; i < 2; i++) {
		set_env(names[i], saved[i]);
		free(saved[i]);
	}
	return started;
}

/* The columns of TERM an error line names: a longer value is no terminal's name. */
#define TERM_SHOWN_MAX 64

/* TERM as an error line names it: its controls as '?', cut to TERM_SHOWN_MAX columns. */
static void term_shown(const char *term, char *out, size_t len)
{
	char safe[(TERM_SHOWN_MAX + 1) * 4 + 1]; /* room to tell that more follows */
	tc_sanitize(term, safe, sizeof safe);
	tc_text_cut(safe, TERM_SHOWN_MAX, tc_term_unicode() ? "…" : "~", out, len);
}

/* Undoes a half-done tc_term_open and explains why it stopped. */
__attribute__((format(printf, 3, 4))) static int give_up(char *err, size_t errlen, const char *fmt,
                                                         ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	if (screen) {
		endwin();
		delscreen(screen);
		screen = NULL;
	}
	restore_handlers();
	for (int i = 0; i < 2; i++)
		if (signal_pipe[i] >= 0) {
			close(signal_pipe[i]);
			signal_pipe[i] = -1;
		}
	return -1;
}

bool tc_term_present(void)
{
	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

int tc_term_open(bool mouse, char *err, size_t errlen)
{
	mouse_wanted = mouse;
	if (!tc_term_present())
		return give_up(err, errlen, "needs a terminal on standard input and output");
	const char *term = getenv("TERM");
	if (!term || !*term)
		return give_up(err, errlen, "TERM is not set; try TERM=xterm-256color");
	char shown[TERM_SHOWN_MAX * 4 + 1];
	term_shown(term, shown, sizeof shown);
	if (pipe(signal_pipe) != 0)
		return give_up(err, errlen, "cannot create a pipe: %s", strerror(errno));
	for (int i = 0; i < 2; i++)
		fcntl(signal_pipe[i], F_SETFL, fcntl(signal_pipe[i], F_GETFL) | O_NONBLOCK);
	install_handlers();

	/* The entry is looked up first on its own: newterm leaks what it allocated when there is
	 * none (valgrind), setupterm does not. */
	int lookup;
	if (setupterm(term, STDOUT_FILENO, &lookup) != OK)
		return give_up(err, errlen,
		               "unknown terminal type '%s' (no terminfo entry); try "
		               "TERM=xterm-256color",
		               shown);
	del_curterm(cur_term);
	screen = start_curses();
	if (!screen)
		return give_up(err, errlen,
		               "cannot start on terminal type '%s'; try TERM=xterm-256color",
		               shown);
	char *move = tigetstr("cup");
	if (!move || move == (char *)-1)
		return give_up(err, errlen,
		               "terminal type '%s' cannot move the cursor; try TERM=xterm-256color",
		               shown);
	raw();
	noecho();
	nonl();
	curs_set(0);
	leaveok(stdscr, TRUE);
	typeahead(-1); /* input is libtermkey's; curses must not poll it */
	if (has_colors()) {
		start_color();
		use_default_colors();
	}

	tk = termkey_new(STDIN_FILENO, TERMKEY_FLAG_CTRLC | TERMKEY_FLAG_NOSTART);
	if (!tk)
		return give_up(err, errlen, "cannot read the keyboard of this terminal");
	termkey_hook_terminfo_getstr(tk, hide_terminfo_mouse, NULL);
	termkey_start(tk);
	tc_input_filter_init(&input_filter, termkey_get_flags(tk) & TERMKEY_FLAG_UTF8);
	filtered_start = filtered_len = 0;
	is_open = true;

	erase();
	refresh();
	mouse_reporting(true);
	key_reports(key_reports_wanted);
	return 0;
}

void tc_term_close(void)
{
	if (!is_open)
		return;
	is_open = false;
	key_reports(false);
	key_reports_wanted = false;
	mouse_reporting(false);
	termkey_destroy(tk);
	tk = NULL;
	curs_set(1);
	endwin();
	delscreen(screen);
	screen = NULL;
	restore_handlers();
	close(signal_pipe[0]);
	close(signal_pipe[1]);
	signal_pipe[0] = signal_pipe[1] = -1;
}

void tc_term_suspend(void)
{
	key_reports(false);
	mouse_reporting(false);
	termkey_stop(tk);
	curs_set(1);
	endwin();

	signal(SIGTSTP, SIG_DFL);
	kill(0, SIGTSTP); /* stops the whole job, like the shell's own Ctrl-Z */
	install_handlers();

	termkey_start(tk);
	curs_set(0);
	tc_term_force_repaint();
	refresh();
	mouse_reporting(true);
	key_reports(key_reports_wanted);
	got_tstp = got_cont = 0;
}

void tc_term_force_repaint(void)
{
	clearok(curscr, TRUE);
}

/* A resize redraws the whole screen: the terminal may have lost or moved what it showed (a
 * window shrunk and grown again between two of our reads of its size), and curses, which
 * thinks the screen is as it left it, would otherwise send only what changed. */
static void apply_resize(void)
{
	int rows, cols;
	if (terminal_size(&rows, &cols))
		resizeterm(rows, cols);
	tc_term_force_repaint();
}

static int special_key(TermKeySym sym)
{
	switch (sym) {
	case TERMKEY_SYM_UP:
		return TC_KEY_UP;
	case TERMKEY_SYM_DOWN:
		return TC_KEY_DOWN;
	case TERMKEY_SYM_LEFT:
		return TC_KEY_LEFT;
	case TERMKEY_SYM_RIGHT:
		return TC_KEY_RIGHT;
	case TERMKEY_SYM_ENTER:
		return TC_KEY_ENTER;
	case TERMKEY_SYM_ESCAPE:
		return TC_KEY_ESCAPE;
	case TERMKEY_SYM_BACKSPACE:
	case TERMKEY_SYM_DEL:
		return TC_KEY_BACKSPACE;
	case TERMKEY_SYM_TAB:
		return TC_KEY_TAB;
	case TERMKEY_SYM_DELETE:
		return TC_KEY_DELETE;
	case TERMKEY_SYM_HOME:
		return TC_KEY_HOME;
	case TERMKEY_SYM_END:
		return TC_KEY_END;
	case TERMKEY_SYM_SPACE:
		return ' ';
	default:
		return TC_KEY_OTHER;
	}
}

/* The event type of a key in the kitty protocol; false for one to drop: a release while the
 * protocol is off (sent before the terminal read the pop, it would act as a second press). */
static bool key_phase(const TermKeyKey *key, struct tc_event *ev)
{
	struct tc_kitty_mods m = tc_kitty_mods(key->modifiers);
	ev->repeat = m.phase == TC_PHASE_REPEAT;
	ev->release = m.phase == TC_PHASE_RELEASE;
	return !ev->release || key_reports_sent;
}

/* A lone C1 byte (0x80-0x9f: invalid UTF-8 from line noise or a Latin-1 paste) reaches us as
 * Ctrl-Alt and a character from '@' to '_' (0x83 is Ctrl-Alt-C). No terminal sends it for a
 * key; taken as one, a stray byte would quit (Ctrl-C) or suspend (Ctrl-Z) the game. */
static bool c1_byte(const TermKeyKey *key)
{
	return key->type == TERMKEY_TYPE_UNICODE &&
	       key->modifiers == (TERMKEY_KEYMOD_CTRL | TERMKEY_KEYMOD_ALT) &&
	       key->code.codepoint >= 0x40 && key->code.codepoint < 0x60;
}

/* Turns a libtermkey key into an event; returns false for keys with no use here. */
static bool translate(TermKeyKey *key, struct tc_event *ev)
{
	memset(ev, 0, sizeof *ev);
	if (c1_byte(key))
		return false;
	/* Legacy encodings (modifiers 0-7) decode to themselves, so once the protocol has been on
	 * its sequences are decoded (input.h), also those still arriving after it went off. */
	if (key_reports_used && key->type == TERMKEY_TYPE_UNICODE) {
		struct tc_kitty_mods m = tc_kitty_mods(key->modifiers);
		int code = tc_kitty_key((long)key->code.codepoint, m.shift, m.caps_lock);
		if (code < 0 || !key_phase(key, ev))
			return false;
		ev->type = TC_EV_KEY;
		ev->key = code;
		ev->ctrl = m.ctrl;
		if (ev->ctrl && ev->key >= 'A' && ev->key <= 'Z')
			ev->key += 'a' - 'A';
		return true;
	}
	if (key_reports_used && key->type == TERMKEY_TYPE_KEYSYM) {
		if (!key_phase(key, ev))
			return false;
		ev->type = TC_EV_KEY;
		ev->key = special_key(key->code.sym);
		return true;
	}
	switch (key->type) {
	case TERMKEY_TYPE_UNICODE:
		ev->type = TC_EV_KEY;
		ev->key = (int)key->code.codepoint;
		ev->ctrl = (key->modifiers & TERMKEY_KEYMOD_CTRL) != 0;
		if (ev->ctrl && ev->key >= 'A' && ev->key <= 'Z')
			ev->key += 'a' - 'A';
		return true;
	case TERMKEY_TYPE_KEYSYM:
		ev->type = TC_EV_KEY;
		ev->key = special_key(key->code.sym);
		return true;
	case TERMKEY_TYPE_MOUSE: {
		TermKeyMouseEvent kind;
		int button, line, col;
		termkey_interpret_mouse(tk, key, &kind, &button, &line, &col);
		ev->type = TC_EV_MOUSE;
		ev->row = line - 1;
		ev->col = col - 1;
		ev->button = button;
		if (kind == TERMKEY_MOUSE_PRESS && (button == 4 || button == 5)) {
			ev->mouse = TC_MOUSE_WHEEL;
			ev->button = button == 4 ? -1 : 1;
		} else if (kind == TERMKEY_MOUSE_PRESS) {
			ev->mouse = TC_MOUSE_PRESS;
		} else if (kind == TERMKEY_MOUSE_DRAG) {
			ev->mouse = TC_MOUSE_DRAG;
		} else if (kind == TERMKEY_MOUSE_RELEASE) {
			ev->mouse = TC_MOUSE_RELEASE;
		} else {
			return false;
		}
		return true;
	}
	default:
		return false;
	}
}

bool tc_term_hung_up(void)
{
	return got_hangup;
}

/* Events raised by signals, in order of urgency. */
static bool signal_event(struct tc_event *ev)
{
	memset(ev, 0, sizeof *ev);
	if (got_quit) {
		ev->type = TC_EV_QUIT;
		return true;
	}
	if (got_tstp) {
		got_tstp = 0;
		ev->type = TC_EV_SUSPEND;
		return true;
	}
	if (got_cont) {
		got_cont = 0;
		ev->type = TC_EV_RESUMED;
		return true;
	}
	if (got_winch) {
		got_winch = 0;
		apply_resize();
		ev->type = TC_EV_RESIZE;
		return true;
	}
	if (got_wake) {
		got_wake = false;
		ev->type = TC_EV_WAKE;
		return true;
	}
	return false;
}

bool tc_term_add_source(const struct tc_term_source *src)
{
	if (source_count == TC_TERM_SOURCES)
		return false;
	sources[source_count++] = *src;
	return true;
}

void tc_term_remove_source(void *ctx)
{
	for (int i = 0; i < source_count; i++)
		if (sources[i].ctx == ctx) {
			sources[i] = sources[--source_count];
			return;
		}
}

/* Asks each source for its descriptors after fds[*n]; first[i] is where source i's begin. */
static void gather_sources(struct pollfd *fds, nfds_t *n, nfds_t first[TC_TERM_SOURCES + 1])
{
	for (int i = 0; i < source_count; i++) {
		first[i] = *n;
		*n += (nfds_t)sources[i].fds(sources[i].ctx, fds + *n, WAIT_FDS - (int)*n);
	}
	first[source_count] = *n;
}

/* Tells each source what came on its descriptors. A source may add or remove sources as it
 * acts: the ones gathered are told from a copy. */
static void tell_sources(const struct pollfd *fds, const nfds_t first[TC_TERM_SOURCES + 1])
{
	struct tc_term_source told[TC_TERM_SOURCES];
	int count = source_count;
	memcpy(told, sources, sizeof told);
	for (int i = 0; i < count; i++) {
		bool any = false;
		for (nfds_t k = first[i]; k < first[i + 1]; k++)
			any |= fds[k].revents != 0;
		if (any && told[i].ready(told[i].ctx, fds + first[i], (int)(first[i + 1] - first[i])))
			got_wake = true;
	}
}

/* Reads what the terminal sent, through the filter. */
static void read_terminal(void)
{
	unsigned char raw[4096];
	ssize_t n = read(STDIN_FILENO, raw, sizeof raw);
	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
		got_quit = got_hangup = 1; /* the terminal has gone */
	else if (n > 0) {
		filtered_start = 0;
		filtered_len = tc_input_filter_feed(&input_filter, raw, (size_t)n, filtered);
	}
}

/* Moves filtered bytes into libtermkey's buffer, as many as fit. */
static void feed_termkey(void)
{
	if (filtered_len == 0)
		return;
	size_t took = termkey_push_bytes(tk, (const char *)filtered + filtered_start, filtered_len);
	if (took == (size_t)-1) /* full */
		return;
	filtered_start += took;
	filtered_len -= took;
}

bool tc_term_wait(struct tc_event *ev, int timeout_ms)
{
	uint64_t deadline = timeout_ms < 0 ? UINT64_MAX : tc_monotonic_ms() + (uint64_t)timeout_ms;
	for (;;) {
		if (signal_event(ev))
			return true;
		feed_termkey();
		TermKeyKey key;
		TermKeyResult res =
		        taking_as_is ? termkey_getkey_force(tk, &key) : termkey_getkey(tk, &key);
		if (res != TERMKEY_RES_KEY)
			taking_as_is = false;
		if (res == TERMKEY_RES_KEY) {
			escape_deadline = 0;
			if (translate(&key, ev))
				return true;
			continue;
		}
		if (res != TERMKEY_RES_AGAIN && filtered_len > 0)
			continue;
		/* Half an escape sequence is buffered (AGAIN) or held by the filter; after
		 * termkey's wait time it is taken as it stands (a lone Esc). A frame deadline never
		 * forces it early. A sequence that fills termkey's buffer is taken at once. */
		uint64_t now = tc_monotonic_ms();
		if (res != TERMKEY_RES_AGAIN && !tc_input_filter_holding(&input_filter))
			escape_deadline = 0;
		else if (escape_deadline == 0)
			escape_deadline = now + (uint64_t)termkey_get_waittime(tk);
		if (escape_deadline && (now >= escape_deadline || filtered_len > 0)) {
			escape_deadline = 0;
			if (filtered_len == 0) {
				filtered_start = 0;
				filtered_len = tc_input_filter_flush(&input_filter, filtered);
				feed_termkey();
			}
			taking_as_is = true;
			continue;
		}
		if (now >= deadline)
			return false;
		uint64_t until =
		        escape_deadline && escape_deadline < deadline ? escape_deadline : deadline;
		int wait = until == UINT64_MAX ? -1 : (int)(until - now);
		static struct pollfd fds[WAIT_FDS];
		fds[0] = (struct pollfd){STDIN_FILENO, POLLIN, 0};
		fds[1] = (struct pollfd){signal_pipe[0], POLLIN, 0};
		nfds_t n = 2, first[TC_TERM_SOURCES + 1];
		gather_sources(fds, &n, first);
		int ready = poll(fds, n, wait);
		if (ready > 0)
			tell_sources(fds, first);
		if (ready < 0 && errno != EINTR)
			got_quit = 1;
		if (ready > 0 && fds[1].revents) {
			char drain[64];
			while (read(signal_pipe[0], drain, sizeof drain) > 0)
				;
		}
		if (ready > 0 && fds[0].revents & POLLIN)
			read_terminal();
		else if (ready > 0 && fds[0].revents & (POLLHUP | POLLERR))
			got_quit = got_hangup = 1;
	}
}
