/* What an arcade login asks for: the text OpenSSH hands over in SSH_ORIGINAL_COMMAND, split into
 * words as git-shell does it, without a shell: no quotes, no variables, no redirections. */
#ifndef TILECADE_CLI_ARCADE_REQUEST_H
#define TILECADE_CLI_ARCADE_REQUEST_H

#include <stddef.h>

#define TC_ARCADE_WORDS_MAX 16
#define TC_ARCADE_REQUEST_MAX 256

struct tc_arcade_request {
	int argc;                             /* 1 + the words: argv[0] is "tilecade" */
	char *argv[TC_ARCADE_WORDS_MAX + 2];  /* NULL-terminated, for tc_options_parse */
	char text[TC_ARCADE_REQUEST_MAX + 1]; /* the words, each NUL-terminated */
	int refused_word;                     /* the word with a refused byte (argv's), 0: none */
};

/* Splits text (NULL or blank: no words, the menu) at spaces and tabs. Returns 0, or -1 with one
 * line in err for a request longer than TC_ARCADE_REQUEST_MAX bytes, with more than
 * TC_ARCADE_WORDS_MAX words (r has the first ones), or with a byte other than letters, digits
 * and "-_.,:=#" (quotes, '$', ';', '|', '/', controls: what a shell would read, or a path; r has
 * the words, and refused_word says which). A byte in an option's value (--seed=/5), or in the
 * word after an option that names a file (--config /x), is told as that option's. */
int tc_arcade_request_split(const char *text, struct tc_arcade_request *r, char *err,
                            size_t errlen);

#endif
