/* Sudoku in the terminal: the 9x9 grid with double lines around the boxes (none in the latin
 * stage, which has no boxes), a cursor moved by keys or clicks, and a digit bar under the grid
 * whose buttons write at the cursor and count the digits still to place. Cells are named by
 * column letter and row number (C3), as the hints name them.
 *
 * The grid grows with the window: three-line cells hold pencil marks as a 3x3 keypad, one-line
 * cells show them in a row (the info line then lists the cursor's in full). Without colour,
 * givens are bold, the player's digits plain, conflicts reversed and underlined, and the cursor
 * a pair of brackets. */
#include <curses.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "grid.h"
#include "sudoku_grid.h"
#include "term.h"
#include "theme.h"
#include "tilecade/sudoku.h"

#define SIDE TC_SUDOKU_SIDE
#define BUTTON_W 3 /* "7×3": a digit and how many are left */
#define MODE_W 6   /* "Digits" or "Marks" */
/* The digit bar: the mode, then nine buttons two (narrow: one) columns apart. */
#define BAR_W(gap) (MODE_W + (gap) + SIDE * BUTTON_W + (SIDE - 1) * (gap))
#define BAR_WIDE BAR_W(2)
#define BAR_NARROW BAR_W(1)
#define ROWS_BELOW 2 /* the bar and the info line */

/* Where things are, as last drawn: for clicks. */
struct layout {
	struct tc_sudoku_grid grid;
	int bar_y, bar_gap, mode_x, button_x[SIDE];
	int info_y, info_x, info_w;
};

/* What the grid shows besides the position: nothing, the player's wrong digits (check, or a
 * hint on a wrong position), or a hint's step. It holds while the digits stay as they were. */
enum shown { SHOW_NOTHING, SHOW_WRONG, SHOW_STEP };

struct view_sdk {
	int cursor;
	bool marking;   /* digits typed and clicked are pencil marks */
	bool conflicts; /* repeated digits are highlighted */
	int last_digit; /* the digit the player last typed or clicked, 0 for none */
	int looked;     /* the digit last chosen or under the cursor, 0 for none */
	char info[96];  /* a message for the info line, until the next key */
	enum shown shown;
	struct sdk_grid shown_for; /* the digits the shown things are about */
	bool wrong[SDK_CELLS];
	/* A hint: its steps to the next digit, the one shown, and how much of it is told. */
	struct sdk_step steps[SDK_HINT_STEPS];
	int step_count, step_at;
	enum { TELL_TECHNIQUE, TELL_CELLS, TELL_DIGIT } told;
	char shown_text[96];
	struct layout layout;
	bool has_layout;
};

static const struct sudoku *state_of(const struct tc_session *s)
{
	return tc_session_state(s);
}

static void *create(bool animations)
{
	(void)animations; /* nothing moves on its own */
	struct view_sdk *v = calloc(1, sizeof *v);
	if (v) {
		v->cursor = SDK_CELLS / 2;
		v->conflicts = true;
	}
	return v;
}

static void destroy(void *view)
{
	free(view);
}

static void cell_name(int cell, char buf[4])
{
	buf[0] = (char)('A' + cell % SIDE);
	buf[1] = (char)('1' + cell / SIDE % SIDE);
	buf[2] = '\0';
}

/* ---- drawing ---- */

/* The player's digits that differ from the solution; returns how many, the first in *first. */
static int find_wrong(const struct sudoku *z, bool wrong[SDK_CELLS], int *first)
{
	int n = 0;
	*first = -1;
	for (int i = 0; i < SDK_CELLS; i++) {
		wrong[i] = z->entry.cell[i] && z->entry.cell[i] != z->solution.cell[i];
		if (wrong[i] && n++ == 0)
			*first = i;
	}
	return n;
}

static int empty_cells(const struct sudoku *z)
{
	int n = 0;
	for (int i = 0; i < SDK_CELLS; i++)
		n += z->entry.cell[i] == 0;
	return n;
}


static bool fit(struct layout *l, int stage, struct tc_rect area)
{
	if (!tc_sudoku_grid_fit(&l->grid, stage == SDK_CLASSIC, area, BAR_NARROW, ROWS_BELOW))
		return false;
	const struct tc_sudoku_grid *g = &l->grid;
	l->bar_y = g->below;
	l->info_y = g->below + 1;
	l->bar_gap = area.w >= BAR_WIDE ? 2 : 1;
	int bar_w = BAR_W(l->bar_gap);
	int bar_x = g->left + (g->w - bar_w) / 2;
	if (bar_x + bar_w > area.x + area.w)
		bar_x = area.x + area.w - bar_w;
	if (bar_x < area.x)
		bar_x = area.x;
	l->mode_x = bar_x;
	for (int d = 0; d < SIDE; d++)
		l->button_x[d] = bar_x + MODE_W + l->bar_gap + d * (BUTTON_W + l->bar_gap);
	l->info_x = area.x;
	l->info_w = area.w;
	return true;
}

static void min_size(const struct tc_session *s, int *w, int *h)
{
	tc_sudoku_grid_min_size(state_of(s)->stage == SDK_CLASSIC, BAR_NARROW, ROWS_BELOW, w, h);
}

/* The digit the player is looking at: the one under the cursor, else the last one chosen or
 * passed over. It stays lit while the cursor crosses empty cells, which is where the player
 * looks for its place, and relighting nine cells is most of what a cursor move would send. */
static int highlighted_digit(const struct view_sdk *v, const struct sudoku *z)
{
	return z->entry.cell[v->cursor] ? z->entry.cell[v->cursor] : v->looked;
}

static void put_cursor(struct view_sdk *v, const struct sudoku *z, int cell)
{
	v->cursor = cell;
	if (z->entry.cell[cell])
		v->looked = z->entry.cell[cell];
}

static bool in_proof(const struct sdk_step *st, int cell)
{
	for (int i = 0; i < st->proof_count; i++)
		if (st->proof[i] == cell)
			return true;
	return false;
}

/* How a cell looks: its fill, and the look of its digit with a space either side (the core).
 * The highlighted digit lights only the core, so that relighting its cells, which a cursor move
 * may do, sends a few columns per cell rather than all. Hints and conflicts fill the cell. The
 * highlights that matter most are applied last. */
static void cell_looks(const struct view_sdk *v, const struct sudoku *z, const bool *conflict,
                       int cell, int hl, attr_t *fill, attr_t *core)
{
	int digit = z->entry.cell[cell];
	bool given = z->given.cell[cell] != 0;
	*fill = given   ? tc_theme_attr(TC_ROLE_TEXT) | A_BOLD
	        : digit ? tc_theme_attr(TC_ROLE_ENTRY)
	                : tc_theme_attr(TC_ROLE_TEXT);
	*core = *fill;
	if (digit && digit == hl) /* bold stays the givens' mark */
		*core = given ? tc_theme_attr(TC_ROLE_SELECTED) | A_BOLD
		              : tc_theme_attr(TC_ROLE_SELECTED) & ~A_BOLD;
	attr_t marked = 0;
	const struct sdk_step *step = &v->steps[v->step_at];
	bool cells_told = v->shown == SHOW_STEP && v->told >= TELL_CELLS;
	if (cells_told && in_proof(step, cell))
		marked = tc_theme_attr(TC_ROLE_HINT);
	if (cells_told && step->cell == cell)
		marked = tc_theme_attr(TC_ROLE_TARGET);
	if ((v->conflicts && conflict[cell]) || (v->shown == SHOW_WRONG && v->wrong[cell]))
		marked = tc_theme_attr(TC_ROLE_BAD) | A_UNDERLINE;
	if (marked)
		*fill = *core = marked;
}

/* How many marks a one-line cell shows in a row: its whole width between lines (the cursor's
 * brackets go on the lines), else all but its edges. */
static int marks_room(const struct tc_sudoku_grid *g)
{
	return g->vline[1] != TC_SUDOKU_NO_LINE ? g->cw : g->cw - 2;
}

/* Whether some cell has more marks than a one-line cell shows. */
static bool marks_cut(const struct tc_sudoku_grid *g, const struct sudoku *z)
{
	for (int i = 0; i < SDK_CELLS && g->ch == 1; i++)
		if (!z->entry.cell[i] && __builtin_popcount(z->marks[i]) > marks_room(g))
			return true;
	return false;
}

/* Pencil marks: a 3x3 keypad in tall cells, else a row, cut short with an ellipsis (the info
 * line lists the cursor's in full). */
static void draw_marks(const struct tc_sudoku_grid *g, int x, int y, uint16_t marks, attr_t cell,
                       int hl)
{
	bool plain = cell == tc_theme_attr(TC_ROLE_TEXT);
	attr_t attr = plain ? tc_theme_attr(TC_ROLE_DIM) : cell;
	attr_t bright = plain ? tc_theme_attr(TC_ROLE_SELECTED) : cell | A_BOLD;
	if (g->ch >= 3) {
		int step = g->cw >= 7 ? 2 : 1, x0 = x + (g->cw - 2 * step - 1) / 2;
		for (int d = 1; d <= SIDE; d++) {
			if (!(marks >> (d - 1) & 1))
				continue;
			char text[2] = {(char)('0' + d), '\0'};
			tc_draw_text(x0 + (d - 1) % 3 * step, y + (d - 1) / 3, 1,
			             d == hl ? bright : attr, text);
		}
		return;
	}
	int room = marks_room(g), count = 0, shown = 0;
	for (int d = 1; d <= SIDE; d++)
		count += marks >> (d - 1) & 1;
	/* A space before them when they fit so, as before a digit; else from the cell's edge. */
	int at = x + (count <= g->cw - 2 ? 1 : (g->cw - room) / 2);
	for (int d = 1; d <= SIDE; d++) {
		if (!(marks >> (d - 1) & 1))
			continue;
		if (count > room && shown == room - 1) {
			tc_draw_text(at + shown, y, 1, attr, tc_term_unicode() ? "…" : "+");
			break;
		}
		char text[2] = {(char)('0' + d), '\0'};
		tc_draw_text(at + shown++, y, 1, d == hl ? bright : attr, text);
	}
}

/* The cursor: a '[' and a ']' on the lines either side of its cell, plain: a move then
 * changes three or four line columns and nothing between them, which curses reaches by moving,
 * where brackets in the cells would have it send the cells again in their colours. Without
 * lines, at the cell's edges in its fill. */
static void draw_cursor(const struct tc_sudoku_grid *g, int cell, attr_t fill)
{
	int col = cell % SIDE, x = g->x[col], y = g->y[cell / SIDE] + g->ch / 2;
	if (g->vline[col] != TC_SUDOKU_NO_LINE && g->vline[col + 1] != TC_SUDOKU_NO_LINE) {
		tc_draw_text(x - 1, y, 1, tc_theme_attr(TC_ROLE_TEXT), "[");
		tc_draw_text(x + g->cw, y, 1, tc_theme_attr(TC_ROLE_TEXT), "]");
		return;
	}
	tc_draw_text(x, y, 1, fill | A_BOLD, "[");
	tc_draw_text(x + g->cw - 1, y, 1, fill | A_BOLD, "]");
}

static void draw_cells(const struct view_sdk *v, const struct sudoku *z)
{
	const struct tc_sudoku_grid *g = &v->layout.grid;
	bool conflict[SDK_CELLS];
	sdk_conflicts(z->stage, &z->entry, conflict);
	int hl = highlighted_digit(v, z);
	bool lines = g->vline[1] != TC_SUDOKU_NO_LINE;
	for (int cell = 0; cell < SDK_CELLS; cell++) {
		int x = g->x[cell % SIDE], y = g->y[cell / SIDE], mid = y + g->ch / 2;
		attr_t attr, core;
		cell_looks(v, z, conflict, cell, hl, &attr, &core);
		tc_fill_rect((struct tc_rect){x, y, g->cw, g->ch}, attr);
		int digit = z->entry.cell[cell];
		if (digit) {
			int core_w = g->cw >= 5 ? 3 : 1;
			tc_fill_rect((struct tc_rect){x + (g->cw - core_w) / 2, mid, core_w, 1},
			             core);
			char text[2] = {(char)('0' + digit), '\0'};
			tc_draw_text(x + g->cw / 2, mid, 1, core, text);
		} else if (z->marks[cell]) {
			draw_marks(g, x, y, z->marks[cell], attr, hl);
		} else if (!lines) { /* without lines a dot shows where each cell is */
			tc_draw_text(x + g->cw / 2, mid, 1,
			             attr == tc_theme_attr(TC_ROLE_TEXT)
			                     ? tc_theme_attr(TC_ROLE_DIM)
			                     : attr,
			             tc_term_unicode() ? "·" : ".");
		}
		if (cell == v->cursor)
			draw_cursor(g, cell, attr);
	}
}

static int digits_left(const struct sudoku *z, int digit)
{
	int left = SIDE;
	for (int i = 0; i < SDK_CELLS; i++)
		left -= z->entry.cell[i] == digit;
	return left > 0 ? left : 0;
}

static void draw_bar(const struct view_sdk *v, const struct sudoku *z)
{
	const struct layout *l = &v->layout;
	tc_draw_text(l->mode_x, l->bar_y, MODE_W, tc_theme_attr(TC_ROLE_TITLE),
	             v->marking ? "Marks" : "Digits");
	int hl = highlighted_digit(v, z);
	for (int d = 1; d <= SIDE; d++) {
		int left = digits_left(z, d);
		char text[16];
		snprintf(text, sizeof text, "%d%s%d", d, tc_term_unicode() ? "×" : "x", left);
		enum tc_role role = d == hl ? TC_ROLE_SELECTED : left ? TC_ROLE_TEXT : TC_ROLE_DIM;
		tc_draw_text(l->button_x[d - 1], l->bar_y, BUTTON_W, tc_theme_attr(role), text);
	}
}

/* The info line: a message, else what is shown on the grid, else the cursor's marks when
 * one-line cells cannot show them all. */
static void draw_info(const struct view_sdk *v, const struct sudoku *z)
{
	const struct layout *l = &v->layout;
	char text[96];
	const char *info = v->info;
	if (!*info && v->shown != SHOW_NOTHING)
		info = v->shown_text;
	/* A full grid that is not won would otherwise just sit there: say why. */
	bool wrong[SDK_CELLS];
	int first, wrongs;
	if (!*info && empty_cells(z) == 0 && (wrongs = find_wrong(z, wrong, &first)) > 0) {
		snprintf(text, sizeof text, "Grid full: %d digit%s wrong (e marks %s)", wrongs,
		         wrongs == 1 ? "" : "s", wrongs == 1 ? "it" : "them");
		info = text;
	}
	if (!*info && l->grid.ch == 1 && !z->entry.cell[v->cursor] && z->marks[v->cursor]) {
		char name[4];
		cell_name(v->cursor, name);
		int n = snprintf(text, sizeof text, "Marks in %s:", name);
		for (int d = 1; d <= SIDE; d++)
			if (z->marks[v->cursor] >> (d - 1) & 1)
				n += snprintf(text + n, sizeof text - (size_t)n, " %d", d);
		info = text;
	}
	int w = tc_text_width(info);
	int x = l->info_x + (l->info_w - w) / 2;
	tc_draw_text(x < l->info_x ? l->info_x : x, l->info_y, l->info_w,
	             tc_theme_attr(TC_ROLE_TEXT), info);
}

static void draw(void *view, const struct tc_session *s, struct tc_rect area, uint64_t now)
{
	(void)now;
	struct view_sdk *v = view;
	const struct sudoku *z = state_of(s);
	/* Hints and checks are about the digits they saw; any change (a move, undo) ends them. */
	if (v->shown != SHOW_NOTHING && memcmp(&v->shown_for, &z->entry, sizeof z->entry) != 0)
		v->shown = SHOW_NOTHING;
	v->has_layout = fit(&v->layout, z->stage, area);
	if (!v->has_layout)
		return;
	tc_sudoku_grid_draw(&v->layout.grid);
	draw_cells(v, z);
	draw_bar(v, z);
	draw_info(v, z);
}

/* ---- playing ---- */

static bool apply(struct tc_session *s, enum sdk_move_kind kind, int cell, int digit)
{
	struct tc_move m = {.kind = (uint8_t)kind, .arg = {(int16_t)cell, (int16_t)digit}};
	return tc_session_apply(s, &m);
}

static bool refuse_given(struct view_sdk *v, const struct sudoku *z)
{
	if (!z->given.cell[v->cursor])
		return false;
	char name[4];
	cell_name(v->cursor, name);
	snprintf(v->info, sizeof v->info, "%s is given: it cannot be changed", name);
	return true;
}

/* A digit typed or clicked: written, or toggled as a mark in marks mode (or when `mark`). */
static void enter_digit(struct view_sdk *v, struct tc_session *s, int digit, bool mark)
{
	const struct sudoku *z = state_of(s);
	v->last_digit = v->looked = digit;
	if (refuse_given(v, z))
		return;
	if (!mark) {
		apply(s, SDK_MOVE_DIGIT, v->cursor, digit);
		return;
	}
	if (z->entry.cell[v->cursor]) {
		char name[4];
		cell_name(v->cursor, name);
		snprintf(v->info, sizeof v->info, "%s holds a %d: clear it (x) to pencil in marks",
		         name, z->entry.cell[v->cursor]);
		return;
	}
	apply(s, SDK_MOVE_MARK, v->cursor, digit);
}

/* Clears the digit, or, in an empty cell, its marks. */
static void clear_cell(struct view_sdk *v, struct tc_session *s)
{
	const struct sudoku *z = state_of(s);
	if (refuse_given(v, z))
		return;
	if (z->entry.cell[v->cursor]) {
		apply(s, SDK_MOVE_DIGIT, v->cursor, 0);
		return;
	}
	uint16_t marks = z->marks[v->cursor];
	for (int d = 1; d <= SIDE; d++)
		if (marks >> (d - 1) & 1)
			apply(s, SDK_MOVE_MARK, v->cursor, d);
}

static void show(struct view_sdk *v, const struct sudoku *z, enum shown what)
{
	v->shown = what;
	v->shown_for = z->entry;
	v->info[0] = '\0';
}

static void check(struct view_sdk *v, const struct tc_session *s)
{
	const struct sudoku *z = state_of(s);
	int first, n = find_wrong(z, v->wrong, &first);
	if (n == 0) {
		snprintf(v->info, sizeof v->info, "No mistakes so far");
		return;
	}
	show(v, z, SHOW_WRONG);
	snprintf(v->shown_text, sizeof v->shown_text, "%d wrong digit%s marked", n,
	         n == 1 ? "" : "s");
}

/* A unit as a player reads it: "row 3", "column C", "the top-left box". */
static void unit_name(int unit, char *buf, size_t len)
{
	if (unit < SIDE)
		snprintf(buf, len, "row %d", unit + 1);
	else if (unit < 2 * SIDE)
		snprintf(buf, len, "column %c", 'A' + unit - SIDE);
	else
		snprintf(buf, len, "the %s box", sdk_box_name(unit - 2 * SIDE));
}

/* The step's cells: a placement's cell, else the proof (a pair, the pointing cells). */
static void step_cells(const struct sdk_step *st, char *buf, size_t len)
{
	char name[4];
	if (st->cell >= 0) {
		cell_name(st->cell, name);
		snprintf(buf, len, "%s", name);
		return;
	}
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < st->proof_count && n + 5 < len; i++) {
		cell_name(st->proof[i], name);
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "", name);
	}
}

/* "2 and 7": the digits of a mask. */
static void digits_text(uint16_t digits, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int d = 1; d <= SIDE && n + 8 < len; d++)
		if (digits >> (d - 1) & 1) {
			bool last = !(digits >> d);
			n += (size_t)snprintf(buf + n, len - n, "%s%d", n == 0 ? "" : last ? " and " : ", ", d);
		}
}

/* What the step shown says so far: its technique, then where, then its digit. A step of
 * several is numbered ("1/2") until its digit, whose line has room only for the reason at the
 * narrowest (60 columns). */
static void describe_step(const struct view_sdk *v, char *buf, size_t len)
{
	const struct sdk_step *st = &v->steps[v->step_at];
	char at[24] = "", unit[24] = "", target[24] = "", cells[40], digits[24], technique[32];
	if (v->step_count > 1)
		snprintf(at, sizeof at, "%d/%d ", v->step_at + 1, v->step_count);
	if (st->unit >= 0)
		unit_name(st->unit, unit, sizeof unit);
	if (st->target >= 0)
		unit_name(st->target, target, sizeof target);
	step_cells(st, cells, sizeof cells);
	digits_text(st->digits, digits, sizeof digits);
	snprintf(technique, sizeof technique, "%s", sdk_technique_name(st->technique));
	if (st->technique == SDK_GUESS && v->told == TELL_TECHNIQUE) {
		snprintf(buf, len, "Hint: no technique applies here (H: a digit)");
		return;
	}
	if (st->technique == SDK_GUESS) {
		snprintf(buf, len, "No logical step left: the known solution puts %d at %s",
		         st->digit, cells);
		return;
	}
	if (v->told == TELL_TECHNIQUE) {
		snprintf(buf, len, "%sHint: a %s (H: where)", at, technique);
		return;
	}
	technique[0] = (char)toupper((unsigned char)technique[0]);
	bool pair = st->technique == SDK_NAKED_PAIR || st->technique == SDK_HIDDEN_PAIR;
	if (v->told == TELL_CELLS) {
		if (*unit)
			snprintf(buf, len, "%s%s in %s: %s (H: digit%s)", at, technique, unit, cells,
			         pair ? "s" : "");
		else /* a naked single: its cell is the place */
			snprintf(buf, len, "%s%s at %s (H: digit)", at, technique, cells);
		return;
	}
	switch (st->technique) {
	case SDK_NAKED_SINGLE:
		snprintf(buf, len, "%s: %s can only be %d", technique, cells, st->digit);
		break;
	case SDK_HIDDEN_SINGLE:
		snprintf(buf, len, "%s: %d in %s goes to %s", technique, st->digit, unit, cells);
		break;
	case SDK_NAKED_PAIR:
		snprintf(buf, len, "%s hold %s: no other cell of %s takes them", cells, digits,
		         unit);
		break;
	case SDK_HIDDEN_PAIR:
		snprintf(buf, len, "%s fit only %s in %s: nothing else goes there", digits, cells,
		         unit);
		break;
	default: /* pointing, box-line: the digit's places in one unit all lie in another */
		snprintf(buf, len, "%ds of %s lie in %s: none elsewhere", st->digit, unit, target);
		break;
	}
}

/* Shows the next part of the hint: a new hint's technique, else more of the step shown, else
 * the next step. The step's cell goes under the cursor with its digit lit; Enter still writes
 * the player's own last digit, not the hint's. A guess has no cells: its technique, then its
 * digit. */
static void hint(struct view_sdk *v, const struct tc_session *s)
{
	const struct sudoku *z = state_of(s);
	bool going_on = v->shown == SHOW_STEP &&
	                memcmp(&v->shown_for, &z->entry, sizeof z->entry) == 0;
	if (going_on && v->told < TELL_DIGIT) {
		v->told = v->steps[v->step_at].technique == SDK_GUESS ? TELL_DIGIT : v->told + 1;
	} else if (going_on && v->step_at + 1 < v->step_count) {
		v->step_at++;
		v->told = TELL_TECHNIQUE;
	} else if (!going_on) {
		int first, n = find_wrong(z, v->wrong, &first);
		if (n > 0) {
			show(v, z, SHOW_WRONG);
			snprintf(v->shown_text, sizeof v->shown_text,
			         "%d of your digits %s wrong (marked): no hint until %s cleared", n,
			         n == 1 ? "is" : "are", n == 1 ? "it is" : "they are");
			put_cursor(v, z, first);
			return;
		}
		v->step_at = 0;
		v->told = TELL_TECHNIQUE;
		v->step_count = sdk_hint_steps(z->stage, &z->entry, v->steps, SDK_HINT_STEPS);
		if (v->step_count == 0) {
			/* Beyond the techniques the hints know: a digit of the solution instead, at
			 * the cursor if it is empty (the grid is not full, or it would be won). */
			int cell = v->cursor;
			while (z->entry.cell[cell])
				cell = (cell + 1) % SDK_CELLS;
			v->steps[0] = (struct sdk_step){.technique = SDK_GUESS,
			                                .cell = cell,
			                                .digit = z->solution.cell[cell],
			                                .unit = -1,
			                                .target = -1};
			v->step_count = 1;
		}
		show(v, z, SHOW_STEP);
	}
	describe_step(v, v->shown_text, sizeof v->shown_text);
	const struct sdk_step *st = &v->steps[v->step_at];
	if (v->told == TELL_DIGIT && st->cell >= 0) {
		v->cursor = st->cell;
		v->looked = st->digit; /* its other places light up */
	}
}

static void move_cursor(struct view_sdk *v, const struct tc_session *s, int dr, int dc)
{
	int r = v->cursor / SIDE + dr, c = v->cursor % SIDE + dc;
	if (r >= 0 && r < SIDE && c >= 0 && c < SIDE)
		put_cursor(v, state_of(s), r * SIDE + c);
}

static void toggle_mode(struct view_sdk *v)
{
	v->marking = !v->marking;
	snprintf(v->info, sizeof v->info, "%s",
	         v->marking ? "Marks: 1-9 pencil in candidates" : "Digits: 1-9 write digits");
}

static bool letter(struct view_sdk *v, struct tc_session *s, int key)
{
	switch (key) {
	case '0':
	case 'x':
	case '.':
	case TC_KEY_BACKSPACE:
	case TC_KEY_DELETE:
		clear_cell(v, s);
		return true;
	case 'm':
	case TC_KEY_TAB:
		toggle_mode(v);
		return true;
	case 'a':
		if (!apply(s, SDK_MOVE_AUTOMARKS, 0, 0))
			snprintf(v->info, sizeof v->info, "The marks are all candidates already");
		else if (v->has_layout && marks_cut(&v->layout.grid, state_of(s)))
			snprintf(v->info, sizeof v->info,
			         "%s more marks: listed here at the cursor",
			         tc_term_unicode() ? "…" : "+");
		return true;
	case 'c':
		v->conflicts = !v->conflicts;
		snprintf(v->info, sizeof v->info, "Conflicts %s",
		         v->conflicts ? "highlighted" : "not highlighted");
		return true;
	case 'e':
		check(v, s);
		return true;
	}
	if (key >= '1' && key <= '9') {
		enter_digit(v, s, key - '0', v->marking);
		return true;
	}
	return false;
}

static bool action(void *view, struct tc_session *s, enum tc_action act, const struct tc_event *ev,
                   uint64_t now)
{
	(void)now;
	struct view_sdk *v = view;
	v->info[0] = '\0';
	switch (act) {
	case TC_ACT_UP:
		move_cursor(v, s, -1, 0);
		return true;
	case TC_ACT_DOWN:
		move_cursor(v, s, 1, 0);
		return true;
	case TC_ACT_LEFT:
		move_cursor(v, s, 0, -1);
		return true;
	case TC_ACT_RIGHT:
		move_cursor(v, s, 0, 1);
		return true;
	case TC_ACT_SELECT:
		if (v->last_digit)
			enter_digit(v, s, v->last_digit, v->marking);
		else
			snprintf(v->info, sizeof v->info, "Type a digit first%s",
			         tc_term_mouse() ? ", or click one below" : "");
		return true;
	case TC_ACT_HINT:
		hint(v, s);
		if (v->shown == SHOW_STEP) /* given, not refused for a wrong digit */
			tc_session_count_hint(s);
		return true;
	case TC_ACT_SOLUTION: /* asked first by the play screen, which marks the game */
		apply(s, SDK_MOVE_REVEAL, 0, 0);
		return true;
	default:
		break;
	}
	return ev->type == TC_EV_KEY && letter(v, s, ev->key);
}

static bool mouse(void *view, struct tc_session *s, const struct tc_event *ev, uint64_t now)
{
	(void)now;
	struct view_sdk *v = view;
	const struct layout *l = &v->layout;
	if (!v->has_layout || ev->mouse != TC_MOUSE_PRESS || (ev->button != 1 && ev->button != 3))
		return false;
	v->info[0] = '\0';
	int cell = tc_sudoku_grid_cell_at(&l->grid, ev->col, ev->row);
	if (cell >= 0) {
		put_cursor(v, state_of(s), cell);
		return true;
	}
	if (ev->row != l->bar_y)
		return false;
	if (ev->col >= l->mode_x && ev->col < l->mode_x + MODE_W) {
		toggle_mode(v);
		return true;
	}
	for (int d = 0; d < SIDE; d++)
		if (ev->col >= l->button_x[d] && ev->col < l->button_x[d] + BUTTON_W + l->bar_gap) {
			/* A right click pencils in whatever the mode. */
			enter_digit(v, s, d + 1, v->marking || ev->button == 3);
			return true;
		}
	return false;
}

static int next_frame(void *view, uint64_t now)
{
	(void)view;
	(void)now;
	return -1;
}

static void reset(void *view)
{
	struct view_sdk *v = view;
	v->shown = SHOW_NOTHING;
	v->info[0] = '\0';
}

static void capitalised(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s", name);
	buf[0] = (char)toupper((unsigned char)buf[0]);
}

static void describe(void *view, const struct tc_session *s, bool narrow, char *buf, size_t len)
{
	(void)view;
	const struct sudoku *z = state_of(s);
	const struct sdk_params *p = tc_session_params(s);
	char stage[16], rating[24];
	capitalised(sdk_stage_name(z->stage), stage, sizeof stage);
	/* The player's own puzzle has no rating asked for: it is rated as it is. */
	const char *rated = sdk_rating_name(p->custom ? sdk_rate(z->stage, &z->given)
	                                              : (enum sdk_rating)p->rating);
	capitalised(rated, rating, sizeof rating);
	const char *sep = narrow ? "  " : "   ";
	int left = empty_cells(z);
	if (z->level > 0 && narrow)
		snprintf(buf, len, "Level %d%sLeft: %d", z->level, sep, left);
	else if (z->level > 0)
		snprintf(buf, len, "Level %d (%s)%sLeft: %d", z->level, sdk_stage_name(z->stage),
		         sep, left);
	else if (narrow)
		snprintf(buf, len, "%s%sLeft: %d", rating, sep, left);
	else
		snprintf(buf, len, "%s, %s%s%sLeft: %d", stage, rated, p->custom ? " (yours)" : "",
		         sep, left);
}

/* The campaign's six levels, then new puzzles of each stage and rating. */
#define GENERATED_ENTRIES (2 * SDK_RATING_COUNT)

static void level_entry(int i, char *name, size_t name_len, char *detail, size_t detail_len,
                        void *params)
{
	struct sdk_params *p = params;
	if (i < SDK_LEVELS) {
		sdk_level_params(i + 1, p);
		snprintf(name, name_len, "Level %d", p->level);
		snprintf(detail, detail_len, "%s, %s", sdk_stage_name(p->stage),
		         sdk_rating_name(p->rating));
		return;
	}
	i -= SDK_LEVELS;
	p->level = 0;
	p->stage = i < SDK_RATING_COUNT ? SDK_CLASSIC : SDK_LATIN;
	p->rating = i % SDK_RATING_COUNT;
	capitalised(sdk_stage_name(p->stage), name, name_len);
	snprintf(detail, detail_len, "%s, a new puzzle", sdk_rating_name(p->rating));
}

/* Inside the grid's frame: the won and lost boxes stay within it, its lines whole. */
static bool board_inside(void *view, struct tc_rect *inside)
{
	const struct view_sdk *v = view;
	const struct tc_sudoku_grid *g = &v->layout.grid;
	*inside = (struct tc_rect){g->left + 1, g->top + 1, g->w - 2, g->h - 2};
	return v->has_layout;
}

/* One axis of the grid as tiles of a box's edges (overlay.h): its cells when they come one
 * every same step, else its 3x3 boxes (a classic grid without thin lines). at: each cell's
 * first screen column or row; size: a cell's width or height. */
static bool axis_tiles(const int *at, int size, int *o, int *step, int *w)
{
	bool same_steps = true;
	for (int i = 1; i + 1 < SIDE; i++)
		same_steps &= at[i + 1] - at[i] == at[1] - at[0];
	*o = at[0];
	if (same_steps) {
		*step = at[1] - at[0];
		*w = size;
		return true;
	}
	*step = at[3] - at[0];
	*w = at[2] + size - at[0];
	return at[6] - at[3] == *step;
}

/* The won and lost boxes cover whole cells, and the lines beside them: no sliver of a cell or
 * of its line shows beside a box. */
static bool board_tiles(void *view, struct tc_tiles *tiles)
{
	const struct view_sdk *v = view;
	const struct tc_sudoku_grid *g = &v->layout.grid;
	return v->has_layout && axis_tiles(g->x, g->cw, &tiles->x0, &tiles->step_x, &tiles->w) &&
	       axis_tiles(g->y, g->ch, &tiles->y0, &tiles->step_y, &tiles->h);
}

/* A level won: the campaign is complete once every level is won on the scoreboard, in any
 * order; until then the box says which are still to solve. After level 6, n goes on to
 * expert puzzles. */
static bool campaign_won(const struct tc_session *s, int open, char *title, size_t title_len,
                         char *line, size_t line_len, const char **keys)
{
	int level = state_of(s)->level;
	if (level == 0)
		return false;
	if (level == SDK_LEVELS)
		*keys = "n: expert puzzles   q: choose a level   u: undo";
	line[0] = '\0';
	if (open == 0) {
		snprintf(title, title_len, "Campaign complete!");
		snprintf(line, line_len, "All six levels solved");
		return true;
	}
	snprintf(title, title_len, "Level %d solved!", level);
	int others = open & ~(1 << (level - 1));
	if (open < 0) /* no scoreboard to tell */
		return true;
	char levels[32];
	digits_text((uint16_t)others, levels, sizeof levels); /* bit i: level i + 1 */
	if (others == 0) /* this win is on no board: the solution was shown */
		snprintf(line, line_len, "Solve it unrevealed to complete the campaign");
	else
		snprintf(line, line_len, "%s %s still to solve",
		         others & (others - 1) ? "Levels" : "Level", levels);
	return true;
}

/* n on a level not won: level 6 goes on to expert puzzles, the player's own puzzle to new
 * ones of its stage, not to a "next level". */
static const char *skip_question(const struct tc_session *s)
{
	const struct sudoku *z = state_of(s);
	if (z->level == SDK_LEVELS)
		return "Skip to an expert puzzle? (y/n)";
	if (((const struct sdk_params *)tc_session_params(s))->custom)
		return "Leave your puzzle for a new one? (y/n)";
	return NULL;
}

/* Each line at most 56 columns (60 less the help box's edges) with the keys' column as wide as the
 * widest keys and their gap, so none wraps at 60x20. */
static const struct tc_help_line help_sdk[] = {
        {"{moves}, {mouse:click}", "move the cursor"},
        {"1-9, {mouse:click the bar}", "write a digit (marks mode: mark)"},
        {"0, x, Backspace", "clear the cell"},
        {"m, Tab, {mouse:click the mode}", "digits or marks mode"},
        {"{mouse:right-click the bar}", "toggle that pencil mark"},
        {"{select}", "write your last digit again"},
        {"a", "pencil in all candidates"},
        {"c", "highlight conflicts or not"},
        {"e", "check: mark wrong digits"},
        {"{hint}", "hint: technique, cells, digit"},
        {"{solution}", "reveal the solution (asks first)"},
        {NULL, NULL},
};

/* What a watcher is shown beyond the position: the player's cursor. */
/* Bit 0: digits typed are pencil marks (the bar shows "Marks"); the cursor beside it. */
#define SHOWN_MARKING 1u

static uint32_t live_shown(void *view)
{
	const struct view_sdk *v = view;
	return TC_SHOWN_CURSOR(v->cursor) | (v->marking ? SHOWN_MARKING : 0);
}

static void live_show(void *view, uint32_t what)
{
	struct view_sdk *v = view;
	int cell = tc_shown_cursor(what);
	if (cell >= 0 && cell < SDK_CELLS)
		v->cursor = cell;
	v->marking = (what & SHOWN_MARKING) != 0;
}

const struct tc_view tc_view_sudoku = {
        .game = &sudoku_game,
        .daily_detail = "classic, easy",
        .help = help_sdk,
        .wasd_moves = false,
        .assist_keys = "ea", /* check, every candidate pencilled in */
        .keep_going = false,
        .lost_text = "Solution revealed",
        .asks_to_skip = true,
        .solution_unranks = true,
        .solution_ends_game = true,
        .campaign_levels = SDK_LEVELS,
        .campaign_won = campaign_won,
        .skip_question = skip_question,
        .board_inside = board_inside,
        .board_tiles = board_tiles,
        .create = create,
        .destroy = destroy,
        .min_size = min_size,
        .draw = draw,
        .action = action,
        .mouse = mouse,
        .next_frame = next_frame,
        .reset = reset,
        .describe = describe,
        .level_count = SDK_LEVELS + GENERATED_ENTRIES,
        .level_entry = level_entry,
        .shown = live_shown,
        .show = live_show,
};
