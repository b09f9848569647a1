/* The man page and the --help texts in step (issue 10): every option, option argument and
 * command word the real binary's --help prints is in data/tilecade.6, and every option the man
 * page documents is in --help. TILECADE_BIN and TILECADE_MAN (the page's path) come from meson.
 * The keys are not checked here: the help overlays' tables are prose, not a list to parse. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "proc.h"
#include "sandbox.h"

#define RUN_TIMEOUT_MS 10000
#define MAX_HELPS 16
#define MAX_GAMES 16
#define MAX_TOKENS 512
#define TOKEN_LEN 48
#define MAX_ARGS 8

/* One --help output and the command line that printed it, for the messages. */
struct help {
	char command[80];
	char *text;
};

/* Options ("--seed", "-h") or option-argument pairs ("--seed S"), each with where it was. */
struct tokens {
	int count;
	char token[MAX_TOKENS][TOKEN_LEN];
	const char *where[MAX_TOKENS];
};

static const char *man_path;
static char *man_source; /* the page as written */
static char *man_text;   /* the page as plain text: requests, fonts and escapes gone */
static struct help helps[MAX_HELPS];
static int help_count;
static char games[MAX_GAMES][TOKEN_LEN]; /* the games the binary knows */
static int game_count;

/* ---- running the binary ---- */

/* Runs tilecade with the NULL-terminated arguments; r must be freed with e2e_run_free. */
static bool run_tilecade(struct e2e_run *r, ...)
{
	const char *argv[MAX_ARGS] = {e2e_bin};
	int argc = 1;
	va_list ap;
	va_start(ap, r);
	for (const char *arg; argc < MAX_ARGS - 1 && (arg = va_arg(ap, const char *));)
		argv[argc++] = arg;
	va_end(ap);
	argv[argc] = NULL;
	return e2e_run(argv, RUN_TIMEOUT_MS, r);
}

static bool exited(const struct e2e_run *r, int code)
{
	return WIFEXITED(r->status) && WEXITSTATUS(r->status) == code;
}

/* Keeps the --help output of `tilecade [word] flag`; false, with the reason printed, when it
 * failed. */
static bool keep_help(const char *word, const char *flag)
{
	struct e2e_run r;
	bool ok = word ? run_tilecade(&r, word, flag, NULL) : run_tilecade(&r, flag, NULL);
	struct help *h = &helps[help_count];
	snprintf(h->command, sizeof h->command, "tilecade%s%s %s", word ? " " : "",
	         word ? word : "", flag);
	if (!ok || !exited(&r, 0) || !*r.out || *r.err || help_count == MAX_HELPS) {
		fprintf(stderr, "`%s` failed: status %#x\nstdout:\n%s\nstderr:\n%s\n", h->command,
		        r.status, r.out, r.err);
		e2e_run_free(&r);
		return false;
	}
	h->text = r.out;
	r.out = NULL;
	e2e_run_free(&r);
	help_count++;
	return true;
}

/* The games the binary knows, from the message for an unknown one: "... (games: a, b, c)". */
static bool read_games(void)
{
	struct e2e_run r;
	if (!run_tilecade(&r, "no-such-game", NULL)) {
		e2e_run_free(&r);
		return false;
	}
	const char *list = strstr(r.err, "(games: ");
	const char *end = list ? strchr(list, ')') : NULL;
	if (!exited(&r, 2) || !end) {
		fprintf(stderr, "`tilecade no-such-game` names no games:\n%s\n", r.err);
		e2e_run_free(&r);
		return false;
	}
	for (const char *p = list + strlen("(games: "); p < end && game_count < MAX_GAMES;) {
		size_t len = strcspn(p, ",)");
		snprintf(games[game_count++], TOKEN_LEN, "%.*s", (int)len, p);
		p += len;
		p += strspn(p, ", ");
	}
	e2e_run_free(&r);
	return game_count > 0;
}

/* ---- the man page as plain text ---- */

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return NULL;
	}
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	for (size_t n; buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0;) {
		len += n;
		if (len + 1 == cap) {
			char *bigger = realloc(buf, cap *= 2);
			if (!bigger)
				free(buf);
			buf = bigger;
		}
	}
	fclose(f);
	if (buf)
		buf[len] = '\0';
	return buf;
}

/* Appends the text of one source line, groff's escapes resolved: \- is a hyphen-minus, font
 * changes and \& vanish, special characters (\(xx, \[xx]) become a space, and \" starts a
 * comment. Quotes (around macro arguments) are dropped. */
static void append_text(char **out, const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = line[i];
		if (c == '"')
			continue;
		if (c != '\\' || i + 1 == len) {
			*(*out)++ = c;
			continue;
		}
		c = line[++i];
		if (c == '"') /* a comment to the end of the line */
			return;
		if (c == 'f') { /* \fB, \f(CW, \f[B] */
			if (i + 1 < len && line[i + 1] == '(')
				i += 3;
			else if (i + 1 < len && line[i + 1] == '[')
				while (i < len && line[i] != ']')
					i++;
			else
				i++;
		} else if (c == '(') { /* \(xx */
			i += 2;
			*(*out)++ = ' ';
		} else if (c == '[') { /* \[xx] */
			while (i < len && line[i] != ']')
				i++;
			*(*out)++ = ' ';
		} else if (c == '&' || c == '%' || c == 'c') {
			/* zero-width: nothing */
		} else if (c == 'e') {
			*(*out)++ = '\\';
		} else {
			*(*out)++ = c; /* \- \\ \  \. and the rest: the character itself */
		}
	}
}

/* The page as one line of plain text, single spaces between words. A request's name goes and
 * its arguments stay; a .TP tag and a heading end in " ; " so that what follows them is not
 * read as an option's argument. */
static char *plain_text(const char *source)
{
	char *text = malloc(2 * strlen(source) + 1), *out = text;
	if (!text)
		return NULL;
	bool tag_next = false;
	for (const char *line = source; *line;) {
		size_t len = strcspn(line, "\n");
		const char *body = line;
		size_t body_len = len;
		bool tag = tag_next, heading = false;
		tag_next = false;
		if (len > 0 && (line[0] == '.' || line[0] == '\'')) {
			size_t name = strcspn(line, " \t\n");
			tag_next = name == 3 && strncmp(line, ".TP", 3) == 0;
			heading = name == 3 &&
			          (strncmp(line, ".SH", 3) == 0 || strncmp(line, ".SS", 3) == 0);
			body = line + (name < len ? name : len);
			body_len = len - (size_t)(body - line);
		}
		append_text(&out, body, body_len);
		if (tag || heading) {
			memcpy(out, " ; ", 3);
			out += 3;
		}
		*out++ = ' ';
		line += len + (line[len] == '\n');
	}
	*out = '\0';
	/* Runs of white space become one space. */
	char *w = text;
	for (const char *r = text; *r; r++)
		if (!isspace((unsigned char)*r))
			*w++ = *r;
		else if (w > text && w[-1] != ' ')
			*w++ = ' ';
	*w = '\0';
	return text;
}

/* ---- finding options ---- */

static bool starts_option(const char *text, const char *p)
{
	return p == text || strchr(" \t\n([{|,\"'/", p[-1]);
}

/* An option's argument as the texts name it: capitals ("S", "PATH") or RxC. Its length, or 0. */
static size_t placeholder(const char *p)
{
	size_t len = 0;
	while (isalnum((unsigned char)p[len]))
		len++;
	bool capitals = len > 0 && len <= 8;
	for (size_t i = 0; i < len; i++)
		capitals = capitals && isupper((unsigned char)p[i]);
	bool rxc = len == 3 && isupper((unsigned char)p[0]) && p[1] == 'x' &&
	           isupper((unsigned char)p[2]);
	return capitals || rxc ? len : 0;
}

static bool has_token(const struct tokens *t, const char *token)
{
	for (int i = 0; i < t->count; i++)
		if (strcmp(t->token[i], token) == 0)
			return true;
	return false;
}

static void add_token(struct tokens *t, const char *token, size_t len, const char *where)
{
	char buf[TOKEN_LEN];
	snprintf(buf, sizeof buf, "%.*s", (int)len, token);
	if (has_token(t, buf))
		return;
	assert_true(t->count < MAX_TOKENS);
	strcpy(t->token[t->count], buf);
	t->where[t->count++] = where;
}

/* The long options (--name) and short ones (-x) of text into options, and each option followed
 * by one space and an argument ("--seed S") into pairs. */
static void find_options(const char *text, const char *where, struct tokens *options,
                         struct tokens *pairs)
{
	for (const char *p = strchr(text, '-'); p; p = strchr(p + 1, '-')) {
		if (!starts_option(text, p))
			continue;
		size_t len;
		if (p[1] == '-' && isalpha((unsigned char)p[2])) {
			len = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");
			while (p[len - 1] == '-')
				len--;
		} else if (isalpha((unsigned char)p[1]) && !isalnum((unsigned char)p[2]) &&
		           p[2] != '-' && p[2] != '=') {
			len = 2;
		} else {
			continue;
		}
		add_token(options, p, len, where);
		size_t arg = p[len] == ' ' ? placeholder(p + len + 1) : 0;
		if (arg)
			add_token(pairs, p, len + 1 + arg, where);
		p += len - 1;
	}
}

/* word stands in text on its own: no letter, digit or '-' right before or after it. */
static bool has_word(const char *text, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		bool starts = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '-');
		bool ends = !(isalnum((unsigned char)p[len]) || p[len] == '-');
		if (starts && ends)
			return true;
	}
	return false;
}

static bool help_has_word(const char *word)
{
	for (int i = 0; i < help_count; i++)
		if (has_word(helps[i].text, word))
			return true;
	return false;
}

/* ---- set-up ---- */

static int group_setup(void **state)
{
	(void)state;
	if (e2e_game_group_setup(state) != 0)
		return -1;
	man_path = getenv("TILECADE_MAN");
	if (!man_path) {
		fprintf(stderr, "TILECADE_MAN is not set: run these tests with meson test\n");
		return -1;
	}
	if (!(man_source = read_file(man_path)) || !(man_text = plain_text(man_source)))
		return -1;
	if (!read_games() || !keep_help(NULL, "--help") || !keep_help(NULL, "-h") ||
	    !keep_help("scores", "--help"))
		return -1;
	for (int g = 0; g < game_count; g++)
		if (!keep_help(games[g], "--help"))
			return -1;
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	for (int i = 0; i < help_count; i++)
		free(helps[i].text);
	free(man_source);
	free(man_text);
	return e2e_game_group_teardown(state);
}

/* ---- the tests ---- */

/* What `meson install` installs as man6/tilecade.6: a page whose title is tilecade's, in
 * section 6. */
static void test_man_page_is_tilecade_6(void **state)
{
	(void)state;
	const char *line = man_source ? man_source : "";
	while (strncmp(line, ".\\\"", 3) == 0 || strncmp(line, "'\\\"", 3) == 0) /* comments */
		line = strchr(line, '\n') ? strchr(line, '\n') + 1 : "";
	if (strncasecmp(line, ".TH TILECADE 6 ", 15) != 0)
		fprintf(stderr, "%s does not start with .TH TILECADE 6: %.40s\n", man_path, line);
	assert_true(strncasecmp(line, ".TH TILECADE 6 ", 15) == 0);
}

static void test_help_options_are_in_the_man_page(void **state)
{
	(void)state;
	static struct tokens help_options, help_pairs, man_options, man_pairs;
	for (int i = 0; i < help_count; i++)
		find_options(helps[i].text, helps[i].command, &help_options, &help_pairs);
	find_options(man_text, man_path, &man_options, &man_pairs);
	assert_true(help_options.count >= 30); /* the extraction works at all */
	int missing = 0;
	for (int i = 0; i < help_options.count; i++)
		if (!has_token(&man_options, help_options.token[i])) {
			fprintf(stderr, "option %s is in `%s` but not in %s\n",
			        help_options.token[i], help_options.where[i], man_path);
			missing++;
		}
	for (int i = 0; i < help_pairs.count; i++)
		if (!has_token(&man_pairs, help_pairs.token[i])) {
			fprintf(stderr, "\"%s\" is in `%s` but not in %s\n", help_pairs.token[i],
			        help_pairs.where[i], man_path);
			missing++;
		}
	assert_int_equal(missing, 0);
}

static void test_man_options_are_in_help(void **state)
{
	(void)state;
	static struct tokens help_options, help_pairs, man_options, man_pairs;
	for (int i = 0; i < help_count; i++)
		find_options(helps[i].text, helps[i].command, &help_options, &help_pairs);
	find_options(man_text, man_path, &man_options, &man_pairs);
	assert_true(man_options.count >= 30);
	int missing = 0;
	for (int i = 0; i < man_options.count; i++)
		if (!has_token(&help_options, man_options.token[i])) {
			fprintf(stderr, "option %s is in %s but in no --help text\n",
			        man_options.token[i], man_path);
			missing++;
		}
	for (int i = 0; i < man_pairs.count; i++)
		if (!has_token(&help_pairs, man_pairs.token[i])) {
			fprintf(stderr, "\"%s\" is in %s but in no --help text\n",
			        man_pairs.token[i], man_path);
			missing++;
		}
	assert_int_equal(missing, 0);
}

/* Every option --help names is one the parser takes: `OPTION --version` (or OPTION=x for one
 * with an argument) is never an unknown option. Nothing runs: --version stops first. */
static void test_help_options_are_options(void **state)
{
	(void)state;
	static struct tokens options, pairs;
	for (int i = 0; i < help_count; i++)
		find_options(helps[i].text, helps[i].command, &options, &pairs);
	int unknown = 0;
	for (int i = 0; i < options.count; i++) {
		char arg[TOKEN_LEN + 2];
		bool takes_value = false;
		size_t len = strlen(options.token[i]);
		for (int k = 0; k < pairs.count; k++)
			takes_value = takes_value ||
			              (strncmp(pairs.token[k], options.token[i], len) == 0 &&
			               pairs.token[k][len] == ' ');
		snprintf(arg, sizeof arg, "%s%s", options.token[i], takes_value ? "=x" : "");
		struct e2e_run r;
		assert_true(run_tilecade(&r, arg, "--version", NULL));
		if (strstr(r.err, "unknown option")) {
			fprintf(stderr, "`%s` names %s, which tilecade does not take: %s",
			        options.where[i], options.token[i], r.err);
			unknown++;
		}
		e2e_run_free(&r);
	}
	assert_int_equal(unknown, 0);
}

/* The games and command words: each game the binary knows, each game named in --help's list
 * and each command of its usage lines is in the man page as "tilecade WORD". */
static void test_games_and_commands_are_in_the_man_page(void **state)
{
	(void)state;
	int missing = 0;
	char phrase[TOKEN_LEN + 16];
	for (int g = 0; g < game_count; g++) {
		snprintf(phrase, sizeof phrase, "tilecade %s", games[g]);
		if (!help_has_word(games[g])) {
			fprintf(stderr, "game %s is in no --help text\n", games[g]);
			missing++;
		}
		if (!has_word(man_text, phrase)) {
			fprintf(stderr, "\"%s\" is not in %s\n", phrase, man_path);
			missing++;
		}
	}
	/* The words of "Games: znumbers, ... ." that the binary takes as a game. */
	const char *list = strstr(helps[0].text, "Games:");
	assert_non_null(list);
	const char *end = strstr(list, ".\n");
	assert_non_null(end);
	int named = 0;
	for (const char *p = list + strlen("Games:"); p < end;) {
		size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789");
		bool word =
		        len > 0 && len < TOKEN_LEN && (p == list || !isalnum((unsigned char)p[-1]));
		if (word && !isalnum((unsigned char)p[len]) && p[len] != '\'') {
			char name[TOKEN_LEN];
			snprintf(name, sizeof name, "%.*s", (int)len, p);
			struct e2e_run r;
			assert_true(run_tilecade(&r, "scores", name, "--seed", "1", NULL));
			bool game = !strstr(r.err, "unknown game");
			e2e_run_free(&r);
			snprintf(phrase, sizeof phrase, "tilecade %s", name);
			if (game && !has_word(man_text, phrase)) {
				fprintf(stderr, "game %s is in `%s` but \"%s\" is not in %s\n",
				        name, helps[0].command, phrase, man_path);
				missing++;
			}
			named += game;
		}
		p += len ? len : 1;
	}
	assert_true(named >= game_count);
	/* "usage: tilecade WORD ..." and "       tilecade WORD ...": WORD a command. */
	for (const char *line = helps[0].text; line && *line != '\n' && *line;) {
		const char *p = line + (strncmp(line, "usage:", 6) == 0 ? 6 : 0);
		p += strspn(p, " ");
		if (strncmp(p, "tilecade ", 9) == 0 && islower((unsigned char)p[9])) {
			size_t len = strspn(p + 9, "abcdefghijklmnopqrstuvwxyz0123456789");
			snprintf(phrase, sizeof phrase, "tilecade %.*s", (int)len, p + 9);
			if (!has_word(man_text, phrase)) {
				fprintf(stderr, "command \"%s\" is in `%s` but not in %s\n", phrase,
				        helps[0].command, man_path);
				missing++;
			}
		}
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	assert_int_equal(missing, 0);
}

/* The --level ranges both texts give are the packs' sizes, as the binary's own message says. */
static void test_level_ranges_are_the_packs(void **state)
{
	(void)state;
	static const char *const packs[] = {"znumbers", "match3"};
	for (size_t i = 0; i < sizeof packs / sizeof packs[0]; i++) {
		struct e2e_run r;
		assert_true(run_tilecade(&r, packs[i], "--level", "99", NULL));
		const char *range = strstr(r.err, "1 to ");
		if (!range)
			fprintf(stderr, "`tilecade %s --level 99` names no range: %s", packs[i],
			        r.err);
		assert_non_null(range);
		char text[32];
		snprintf(text, sizeof text, "%.*s", (int)(5 + strspn(range + 5, "0123456789")),
		         range);
		e2e_run_free(&r);
		if (!help_has_word(text))
			fprintf(stderr, "%s's levels are %s, which no --help text says\n", packs[i],
			        text);
		if (!has_word(man_text, text))
			fprintf(stderr, "%s's levels are %s, which %s does not say\n", packs[i],
			        text, man_path);
		assert_true(help_has_word(text));
		assert_true(has_word(man_text, text));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_man_page_is_tilecade_6),
	        cmocka_unit_test(test_help_options_are_in_the_man_page),
	        cmocka_unit_test(test_man_options_are_in_help),
	        cmocka_unit_test(test_help_options_are_options),
	        cmocka_unit_test(test_games_and_commands_are_in_the_man_page),
	        cmocka_unit_test(test_level_ranges_are_the_packs),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
