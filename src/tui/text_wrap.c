/* Lines broken between words. */
#include "text_wrap.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The length of the UTF-8 sequence that starts with byte c. */
static size_t sequence_length(unsigned char c)
{
	return c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
}

/* Whether the word at text, up to the next space, fits in width columns. */
static bool word_fits(const char *text, int width)
{
	int columns = 0;
	for (size_t i = 0; text[i] && text[i] != ' '; i += sequence_length((unsigned char)text[i]))
		if (++columns > width)
			return false;
	return true;
}

size_t tc_text_line(const char *text, int width)
{
	size_t i = 0, space = 0, full = 0;
	int columns = 0;
	if (width < 1)
		width = 1;
	while (text[i]) {
		if (text[i] == ' ' && i > 0 && text[i - 1] != ' ')
			space = i; /* a break here keeps the line within width so far */
		if (columns == width) {
			/* Between words, unless the word across the edge would not fit a line of
			 * its own either (a long path): then the line is filled and the word cut.
			 */
			size_t next = space;
			while (next && text[next] == ' ')
				next++;
			return space && word_fits(text + next, width) ? space : full;
		}
		size_t len = sequence_length((unsigned char)text[i]);
		for (size_t k = 1; k < len; k++)
			if (!text[i + k])
				return i; /* half a character at the end: left out */
		i += len;
		if (++columns == width)
			full = i;
	}
	return i;
}

/* The columns of text (one a code point). */
static int columns_of(const char *text)
{
	int n = 0;
	for (size_t i = 0; text[i]; i += sequence_length((unsigned char)text[i]))
		n++;
	return n;
}

/* The bytes of text's first `columns` code points. */
static size_t bytes_of(const char *text, int columns)
{
	size_t i = 0;
	for (int c = 0; c < columns && text[i]; c++)
		i += sequence_length((unsigned char)text[i]);
	return i;
}

void tc_text_cut(const char *text, int width, const char *mark, char *out, size_t len)
{
	size_t end = strlen(text); /* blanks at the end are no text to cut */
	while (end > 0 && text[end - 1] == ' ')
		end--;
	char shown[512];
	snprintf(shown, sizeof shown, "%.*s", (int)end, text);
	if (columns_of(shown) <= width || width < 1) {
		snprintf(out, len, "%s", width < 1 ? "" : shown);
		return;
	}
	/* The words that leave a column for the mark: tc_text_line breaks there when it can. */
	size_t keep = width > 1 ? tc_text_line(shown, width - 1) : 0;
	while (keep > 0 && shown[keep - 1] == ' ')
		keep--;
	snprintf(out, len, "%.*s%s", (int)keep, shown, mark);
}

void tc_text_shorten(const char *text, int width, const char *mark, char *out, size_t len)
{
	int have = columns_of(text);
	if (have <= width || width < 2) {
		snprintf(out, len, "%s", text);
		return;
	}
	int head = (width - 1) / 3, tail = width - 1 - head;
	size_t head_bytes = bytes_of(text, head);
	const char *end = text + bytes_of(text, have - tail);
	snprintf(out, len, "%.*s%s%s", (int)head_bytes, text, mark, end);
}

void tc_text_fit_path(const char *text, size_t path_at, int width, const char *mark, char *out,
                      size_t len)
{
	size_t n = strlen(text);
	if (path_at > n)
		path_at = n;
	char words[512];
	snprintf(words, sizeof words, "%.*s", (int)path_at, text);
	int room = width - columns_of(words);
	if (columns_of(text) <= width || path_at == n) {
		tc_text_shorten(text, width, mark, out, len);
		return;
	}
	char path[512] = "";
	if (room >= 2)
		tc_text_shorten(text + path_at, room, mark, path, sizeof path);
	snprintf(out, len, "%s%s", words, path);
}
