/* What harness.c (the program and its terminal) and harness_screen.c (reading the screen) share. */
#ifndef E2E_HARNESS_INTERNAL_H
#define E2E_HARNESS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <vterm.h>

/* The most UTF-8 one cell can hold: VTERM_MAX_CHARS_PER_CELL code points of 4 bytes. */
#define E2E_CELL_BYTES (VTERM_MAX_CHARS_PER_CELL * 4)

struct e2e_term {
	int master, slave;
	pid_t pid;
	bool exited;
	int status;

	VTerm *vt;
	VTermScreen *vs;
	int rows, cols;

	/* Terminal modes, from libvterm's settermprop callback, except the cursor's visibility:
	 * libvterm restores it with a saved cursor (ESC 8, leaving ?1049) where xterm does not,
	 * and ncurses saves the cursor while it is hidden; a bare parser tracks ?25 instead. */
	bool altscreen, cursor_visible;
	int mouse;
	VTerm *modes;
	/* The kitty keyboard protocol's flags pushed (CSI > flags u) and popped (CSI < u), in
	 * order, as '+' and '-' (the first 63), and how many are pushed now. */
	char key_reports_log[64];
	int key_reports_depth;

	uint64_t bytes;
	int64_t start_ns, last_output_ns;

	/* The screen as text, rebuilt on demand after output changed it. */
	bool dirty;
	size_t stride;  /* bytes per row in row_text and row_col */
	char *row_text; /* rows NUL-terminated strings, stride apart */
	int *row_col;   /* the screen column each byte of row_text came from */
	char *text;     /* all rows joined by '\n' */
};

/* Sizes the text buffers for t->rows x t->cols; false when out of memory. */
bool e2e_screen_alloc(struct e2e_term *t);
void e2e_screen_release(struct e2e_term *t);

#endif
