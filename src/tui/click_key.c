/* Key hints under a click (click_key.h). */
#include "click_key.h"

#include <curses.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "keymap.h"
#include "utf8.h"

#define MAX_COLS 1024

/* The screen's row as last drawn, a character a column (a blank where there is none). */
static int row_text(int row, wchar_t *line, int max)
{
	int n = COLS < max ? COLS : max;
	for (int x = 0; x < n; x++) {
		cchar_t cc;
		wchar_t text[CCHARW_MAX + 1];
		attr_t attr;
		short pair;
		line[x] = L' ';
		if (mvwin_wch(stdscr, row, x, &cc) != ERR &&
		    getcchar(&cc, text, &attr, &pair, NULL) != ERR && text[0])
			line[x] = text[0];
	}
	return n;
}

/* Whether column x is between two items: a blank beside another blank, or a box's edge. */
static bool between_items(const wchar_t *line, int n, int x)
{
	if (line[x] == L'│' || line[x] == L'|')
		return true;
	return line[x] == L' ' &&
	       ((x + 1 < n && line[x + 1] == L' ') || (x > 0 && line[x - 1] == L' '));
}

/* The key an item's "K" names: a character, or Enter, Space, Esc and the others. */
static int key_of(const wchar_t *name, int len)
{
	char utf8[64];
	size_t used = 0;
	for (int i = 0; i < len; i++) {
		char bytes[4];
		size_t n = tc_utf8_encode((int)name[i], bytes);
		if (used + n >= sizeof utf8)
			return -1;
		memcpy(utf8 + used, bytes, n);
		used += n;
	}
	utf8[used] = '\0';
	return strcmp(utf8, "Esc") == 0 ? TC_KEY_ESCAPE : tc_keymap_key_named(utf8);
}

int tc_click_key(int row, int col)
{
	wchar_t line[MAX_COLS];
	if (row < 0 || row >= LINES || col < 0)
		return -1;
	int n = row_text(row, line, MAX_COLS);
	if (col >= n)
		return -1;
	/* "(y/n)": its letters. */
	bool in_question = col > 0 && col + 1 < n &&
	                   ((line[col - 1] == L'(' && line[col + 1] == L'/') ||
	                    (line[col - 1] == L'/' && line[col + 1] == L')'));
	if (in_question && (line[col] == L'y' || line[col] == L'n'))
		return line[col];
	if (between_items(line, n, col))
		return -1;
	int start = col, end = col;
	while (start > 0 && !between_items(line, n, start - 1))
		start--;
	while (end + 1 < n && !between_items(line, n, end + 1))
		end++;
	/* "K: what": K without blanks, then a colon and a blank. */
	int colon = start;
	while (colon < end && line[colon] != L':' && line[colon] != L' ')
		colon++;
	if (colon == start || colon >= end || line[colon] != L':' || line[colon + 1] != L' ')
		return -1;
	return key_of(line + start, colon - start);
}
