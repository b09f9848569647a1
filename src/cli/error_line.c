/* Error lines a person reads: a terminal wraps a long line wherever its edge falls, often
 * inside a word or a path, so the line is broken between words here instead. A message names
 * what came from the command line, a file or the environment (a path, a game's name): its
 * escape sequences and controls are shown as '?', never sent to the terminal. */
#include "error_line.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "text_wrap.h"
#include "tilecade/store.h"

#define PREFIX "tilecade: "
#define INDENT "  "
#define MIN_WIDTH 40 /* narrower, breaking would leave a few words a line */

/* The width of the terminal standard error goes to, or 0 for a file or a pipe: there a
 * message stays on its one line, for whatever reads it. */
static int terminal_width(void)
{
	struct winsize ws;
	if (!isatty(STDERR_FILENO) || ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) != 0)
		return 0;
	return ws.ws_col;
}

static void print_safe(const char *message)
{
	int width = terminal_width();
	if (width < MIN_WIDTH || !*message) {
		fprintf(stderr, PREFIX "%s\n", message);
		return;
	}
	bool first = true;
	for (const char *s = message; *s; first = false) {
		const char *lead = first ? PREFIX : INDENT;
		size_t len = tc_text_line(s, width - (int)strlen(lead));
		fprintf(stderr, "%s%.*s\n", lead, (int)len, s);
		for (s += len; *s == ' '; s++)
			;
	}
}

void tc_cli_error(const char *message)
{
	size_t len = strlen(message) + 1; /* sanitizing never lengthens a text */
	char *safe = malloc(len);
	if (!safe) {
		fputs(PREFIX "out of memory\n", stderr);
		return;
	}
	tc_sanitize(message, safe, len);
	print_safe(safe);
	free(safe);
}
