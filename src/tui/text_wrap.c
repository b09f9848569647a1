/* Lines broken between words. */
#include "text_wrap.h"

#include <stdbool.h>

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
