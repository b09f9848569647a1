/* An end-to-end terminal harness: runs a program in a pseudo-terminal and feeds everything it
 * writes into libvterm, so tests can read the screen a user would see and type like a user.
 *
 * Rows and columns of the screen are 0-based, like libvterm's; mouse positions are 1-based
 * (column, row), like the bytes an xterm sends. Every wait has a timeout and nothing sleeps a
 * fixed time. */
#ifndef E2E_HARNESS_H
#define E2E_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>

/* What an xterm sends for these keys (cursor keys in normal mode). */
#define E2E_KEY_UP "\033[A"
#define E2E_KEY_DOWN "\033[B"
#define E2E_KEY_RIGHT "\033[C"
#define E2E_KEY_LEFT "\033[D"
#define E2E_KEY_ENTER "\r"
#define E2E_KEY_ESC "\033"
#define E2E_KEY_CTRL_C "\003"

struct e2e_term;

enum e2e_color_kind { E2E_COLOR_DEFAULT, E2E_COLOR_INDEXED, E2E_COLOR_RGB };

struct e2e_color {
	enum e2e_color_kind kind;
	uint8_t index;   /* the palette index when kind is E2E_COLOR_INDEXED */
	uint8_t r, g, b; /* always filled in, from the palette if need be */
};

struct e2e_cell {
	char text[32]; /* UTF-8, "" for a cell nothing was written to */
	int width;     /* 2 for the left half of a wide character */
	struct e2e_color fg, bg;
	bool bold, reverse, underline;
};

/* Starts argv (searched in PATH) on a rows x cols pseudo-terminal. The child is a session leader
 * with the terminal as its controlling tty, TERM=xterm-256color, LC_ALL=C.UTF-8 and neither LINES
 * nor COLUMNS. env, NULL-terminated or NULL, is applied last: "NAME=VALUE" sets, "NAME" unsets.
 * Returns NULL (and prints why) when the terminal cannot be made; a program that cannot be
 * executed exits with status 127. */
struct e2e_term *e2e_start(int rows, int cols, const char *const argv[], const char *const env[]);

/* Kills the child's process group if the child still runs, and frees everything. NULL is ok. */
void e2e_free(struct e2e_term *t);
/* A cmocka teardown for tests that keep their terminal in *state, so that it is freed even after
 * a failed assert: e2e_free(*state), then *state = NULL. */
int e2e_term_teardown(void **state);

pid_t e2e_pid(const struct e2e_term *t);
int e2e_rows(const struct e2e_term *t);
int e2e_cols(const struct e2e_term *t);

/* Typing: false when the bytes could not be written within a second. */
bool e2e_send(struct e2e_term *t, const void *bytes, size_t len);
bool e2e_send_str(struct e2e_term *t, const char *s);

/* SGR (1006) mouse reports of the left button at 1-based column col and row row. */
bool e2e_mouse_press(struct e2e_term *t, int col, int row);
bool e2e_mouse_drag(struct e2e_term *t, int col, int row);
bool e2e_mouse_release(struct e2e_term *t, int col, int row);

/* A paste: writes all of len while reading what the program writes meanwhile, so that a
 * program answering every key with output cannot block the writer. False when the child
 * exited or timeout_ms passed before all of it was written. */
bool e2e_paste(struct e2e_term *t, const void *bytes, size_t len, int timeout_ms);
/* How many bytes sent to the program it has not read yet (the terminal's input queue). */
int e2e_unread_input(const struct e2e_term *t);
/* Reads output until the program has read all its input or has exited; false if neither
 * happened within timeout_ms. */
bool e2e_wait_input_read(struct e2e_term *t, int timeout_ms);

/* Resizes the terminal like a window manager would: the kernel sends SIGWINCH to the child. */
bool e2e_resize(struct e2e_term *t, int rows, int cols);
/* Makes the terminal claim a size the screen read back does not take (an ssh client may claim
 * any size up to 65535x65535): the program gets SIGWINCH and the new size; what it draws
 * beyond the harness's own rows and columns is lost. */
bool e2e_claim_size(struct e2e_term *t, int rows, int cols);

/* Reads output until done(t, ctx) is true (returns true) or timeout_ms pass or the child has
 * exited and all its output is read (returns false). */
typedef bool e2e_done_fn(struct e2e_term *t, void *ctx);
bool e2e_wait(struct e2e_term *t, e2e_done_fn *done, void *ctx, int timeout_ms);
/* Until the screen shows text (within one row). */
bool e2e_wait_text(struct e2e_term *t, const char *text, int timeout_ms);
/* Until the screen no longer shows text: a frame is read in pieces, so a text a later piece of the
 * same frame erases can still be there when the text that replaced it already shows. */
bool e2e_wait_gone(struct e2e_term *t, const char *text, int timeout_ms);
/* Until done, as e2e_wait, a new game started where a game of its kind is in progress (left by an
 * earlier test): tilecade asks before the new game replaces it, and the question is answered yes. */
bool e2e_wait_new_game(struct e2e_term *t, e2e_done_fn *done, void *ctx, int timeout_ms);
bool e2e_wait_new_game_text(struct e2e_term *t, const char *text, int timeout_ms);
/* Until a row shows a, then b further on (a racer's line of a race pane). */
bool e2e_wait_row(struct e2e_term *t, const char *a, const char *b, int timeout_ms);
/* Until nothing has been written for quiet_ms; false if that did not happen within timeout_ms. */
bool e2e_wait_quiet(struct e2e_term *t, int quiet_ms, int timeout_ms);
/* Until the child exits; returns its wait status (see WIFEXITED) or -1 on timeout. The output it
 * wrote before exiting has been read when this returns. */
int e2e_wait_exit(struct e2e_term *t, int timeout_ms);

/* The screen as UTF-8 text: one line per row, joined by '\n', trailing blanks removed. The
 * returned text stays valid until the next wait, resize or free. */
const char *e2e_screen(struct e2e_term *t);
/* One row of that text, or "" for a row off the screen; valid as long as e2e_screen's. */
const char *e2e_row(struct e2e_term *t, int row);
/* The first place, in reading order, where text starts; false if it is not on the screen.
 * e2e_find_from looks only at rows from from_row down. */
bool e2e_find(struct e2e_term *t, const char *text, int *row, int *col);
bool e2e_find_from(struct e2e_term *t, const char *text, int from_row, int *row, int *col);
/* The cell at row, col; false off the screen. */
bool e2e_cell(const struct e2e_term *t, int row, int col, struct e2e_cell *out);

/* The modes the program left the terminal in, as set by escape sequences. */
bool e2e_altscreen(const struct e2e_term *t);
bool e2e_cursor_visible(const struct e2e_term *t);
int e2e_mouse_mode(const struct e2e_term *t); /* 0 off, else a VTERM_PROP_MOUSE_* value */
/* The line discipline's settings (echo, canonical mode): tcgetattr on the terminal, which the
 * harness keeps open so this works after the child has exited. Returns tcgetattr's result. */
int e2e_tty_attr(const struct e2e_term *t, struct termios *out);

/* The program gave the terminal back as it found it: the main screen, the cursor shown, no
 * mouse reporting, no kitty keyboard protocol pushed, echo and canonical mode on. When not, says
 * which on stderr. */
bool e2e_terminal_given_back(const struct e2e_term *t);

/* The kitty keyboard protocol: how many flag sets the program has pushed (CSI > flags u) and
 * not popped (CSI < u), and all of them in order, '+' a push and '-' a pop (the first 63). The
 * harness's terminal does not speak the protocol; tests send its key sequences themselves. */
int e2e_key_reports(const struct e2e_term *t);
const char *e2e_key_reports_log(const struct e2e_term *t);

/* Bytes the program has written so far, and when the last of them arrived (milliseconds after
 * e2e_start). */
uint64_t e2e_bytes(const struct e2e_term *t);
double e2e_last_output_ms(const struct e2e_term *t);

#endif
