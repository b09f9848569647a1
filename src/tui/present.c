/* Sending a frame: curses' doupdate(), in a few passes when that is cheaper on the wire.
 *
 * curses sends a frame line by line, left to right, and changes colour whenever the next cell it
 * writes has another one. When the changed cells of a line are runs of different colours (the
 * tiles of a 2048 row after a slide), it changes colour for every run on every line, though
 * each tile is three lines of one colour; and it repaints a short unchanged run between two
 * changed ones (a gap of board colour between two tiles) rather than move over it, because its
 * rule weighs the characters of a cursor move against the characters skipped, not the colour
 * changes. Both cost about 16 bytes a time.
 *
 * So the changed runs of a line that differ in colour from the run before them go out in
 * separate passes, the first of each line in the first pass, the second in the second, and so
 * on: in a pass the runs of successive lines are one tile's lines, sent with one colour change,
 * and curses moves over what lies between them. Cells of later passes are held back (set to
 * what the terminal shows) until their pass. All passes go out at once, one after the other,
 * and the terminal ends up showing exactly what one doupdate() would have shown. */
#include "present.h"

#include <curses.h>
#include <stdbool.h>
#include <stdlib.h>
#include <wchar.h>

/* curses repaints an unchanged run of up to 5 cells between two changed ones rather than move
 * over it (measured with xterm-256color). */
#define REPAINTED_GAP 6
/* More passes would cost more in cursor moves and resets than they save. */
#define MAX_PASSES 4
/* Wider windows are sent in one pass (a line's cells live on the stack). */
#define MAX_COLS 512

struct cell {
	wchar_t text[CCHARW_MAX + 1];
	attr_t attr;
	short pair;
};

static bool read_cell(WINDOW *w, int y, int x, struct cell *c)
{
	cchar_t cc;
	return mvwin_wch(w, y, x, &cc) != ERR &&
	       getcchar(&cc, c->text, &c->attr, &c->pair, NULL) != ERR;
}

static bool same_look(const struct cell *a, const struct cell *b)
{
	return a->attr == b->attr && a->pair == b->pair;
}

static bool same_cell(const struct cell *a, const struct cell *b)
{
	return same_look(a, b) && wcscmp(a->text, b->text) == 0;
}

/* Sets pass[x] for line y: 0 for unchanged cells and for every cell of a line that cannot be
 * split (a wide character, whose halves must go together); returns the highest pass. */
static int plan_line(int y, int cols, unsigned char *pass)
{
	static struct cell was[MAX_COLS], now[MAX_COLS];
	for (int x = 0; x < cols; x++) {
		pass[x] = 0;
		if (!read_cell(curscr, y, x, &was[x]) || !read_cell(newscr, y, x, &now[x]) ||
		    wcwidth(was[x].text[0]) != 1 || wcwidth(now[x].text[0]) != 1)
			return 0;
	}
	int current = -1, highest = 0;
	const struct cell *last = NULL; /* the last changed cell before x */
	int gap = 0;                    /* unchanged cells since then */
	bool mixed_gap = false;         /* whether they differ in colour from it */
	for (int x = 0; x < cols; x++) {
		if (same_cell(&was[x], &now[x])) {
			gap++;
			if (last && !same_look(&now[x], last))
				mixed_gap = true;
			continue;
		}
		/* A run of another colour, or one that curses would reach by repainting a gap of
		 * another colour, starts a pass of its own; a run's own cells go together, whatever
		 * their colours, since curses writes them all anyway. */
		bool new_run = !last || gap > 0;
		if (new_run &&
		    (!last || !same_look(&now[x], last) || (mixed_gap && gap < REPAINTED_GAP)))
			current = current + 1 < MAX_PASSES ? current + 1 : current;
		pass[x] = (unsigned char)current;
		highest = current > highest ? current : highest;
		last = &now[x];
		gap = 0;
		mixed_gap = false;
	}
	return highest;
}

/* Sets the cells planned for pass p or later (p >= 1) in newscr to what window w holds there:
 * the terminal's cells (curscr) to hold them all back, the frame's (stdscr) to send pass p. */
static void stage(WINDOW *w, int rows, int cols, const unsigned char *plan, int p, bool later_too)
{
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++) {
			int q = plan[(size_t)y * (size_t)cols + (size_t)x];
			if (q == p || (later_too && q > p)) {
				cchar_t cc;
				mvwin_wch(w, y, x, &cc);
				mvwadd_wch(newscr, y, x, &cc);
			}
		}
}

void tc_present(void)
{
	wnoutrefresh(stdscr);
	int rows = getmaxy(newscr), cols = getmaxx(newscr);
	/* After clearok (a resize, a resume) curses repaints everything anyway. */
	unsigned char *plan = cols <= MAX_COLS && !is_cleared(curscr)
	                              ? calloc((size_t)rows * (size_t)cols, 1)
	                              : NULL;
	int passes = 1;
	for (int y = 0; plan && y < rows; y++)
		if (is_linetouched(newscr, y)) {
			int highest = plan_line(y, cols, plan + (size_t)y * (size_t)cols);
			passes = highest + 1 > passes ? highest + 1 : passes;
		}
	if (passes > 1)
		stage(curscr, rows, cols, plan, 1, true);
	for (int p = 1; p < passes; p++) {
		doupdate();
		stage(stdscr, rows, cols, plan, p, false);
	}
	free(plan);
	doupdate();
}
