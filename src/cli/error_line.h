/* Messages on standard error, "tilecade: ..." on one line; on a terminal too narrow for the
 * line, broken between words, the lines after the first indented. */
#ifndef TILECADE_CLI_ERROR_LINE_H
#define TILECADE_CLI_ERROR_LINE_H

/* message is sanitized (tc_sanitize) on its way. */
void tc_cli_error(const char *message);

#endif
