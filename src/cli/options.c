/* Parsing of the command line. Written by hand rather than with getopt so that every error is
 * one line of our own wording and the game name may stand anywhere. */
#include "options.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tilecade/gameid.h"

const char tc_usage[] =
        "usage: tilecade [GAME] [options]\n"
        "\n"
        "Without a game, tilecade opens the menu. Games: znumbers, match3, sudoku, n, 2048\n"
        "(only 2048 is available in this version).\n"
        "\n"
        "options:\n"
        "  --size N         board size, 3 to 8 (2048; default 4)\n"
        "  --seed S         seed of the game, 0 to 2^64-1 (default: random)\n"
        "  --id ID          play the game of this ID, e.g. 2048:4x4:s12345\n"
        "  --moves STRING   play these moves without a terminal (2048: letters l r u d)\n"
        "                   and print the board after each, then the score\n"
        "  --no-anim        no animations\n"
        "  --theme THEME    colours: auto, 256, 16, mono (NO_COLOR also gives mono)\n"
        "  --help           this text\n"
        "  --version        the version\n"
        "\n"
        "keys: arrows, hjkl or wasd slide; drag with the mouse to slide; u undo, U or Ctrl-R "
        "redo;\n"
        "r restart, n new game, p pause, ? help, q back to the menu / quit.\n";

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t errlen, const char *fmt,
                                                      ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Options that take a value accept both "--opt value" and "--opt=value". */
static const char *take_value(int argc, char **argv, int *i, const char *name, char *err,
                              size_t errlen)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);
	if (arg[n] == '=')
		return arg + n + 1;
	if (*i + 1 >= argc) {
		fail(err, errlen, "%s needs a value", name);
		return NULL;
	}
	return argv[++*i];
}

static bool is_option(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static int parse_theme(const char *v, struct tc_options *o, char *err, size_t errlen)
{
	static const struct {
		const char *name;
		enum tc_theme_choice choice;
	} themes[] = {{"auto", TC_THEME_AUTO},
	              {"256", TC_THEME_256},
	              {"16", TC_THEME_16},
	              {"8", TC_THEME_16},
	              {"mono", TC_THEME_MONO}};
	for (size_t i = 0; i < sizeof themes / sizeof themes[0]; i++)
		if (strcmp(v, themes[i].name) == 0) {
			o->theme = themes[i].choice;
			return 0;
		}
	return fail(err, errlen, "--theme must be auto, 256, 16 or mono, not '%s'", v);
}

static int parse_option(int argc, char **argv, int *i, struct tc_options *o, char *err,
                        size_t errlen)
{
	const char *arg = argv[*i];
	const char *v;
	if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
		o->help = true;
	} else if (strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0) {
		o->version = true;
	} else if (strcmp(arg, "--no-anim") == 0) {
		o->no_anim = true;
	} else if (is_option(arg, "--size")) {
		if (!(v = take_value(argc, argv, i, "--size", err, errlen)))
			return -1;
		o->size = v;
	} else if (is_option(arg, "--seed")) {
		if (!(v = take_value(argc, argv, i, "--seed", err, errlen)))
			return -1;
		if (tc_parse_seed(v, &o->seed) != 0)
			return fail(err, errlen,
			            "--seed must be a whole number from 0 to 2^64-1, not '%s'", v);
		o->has_seed = true;
	} else if (is_option(arg, "--id")) {
		if (!(v = take_value(argc, argv, i, "--id", err, errlen)))
			return -1;
		o->id = v;
	} else if (is_option(arg, "--moves")) {
		if (!(v = take_value(argc, argv, i, "--moves", err, errlen)))
			return -1;
		o->moves = v;
	} else if (is_option(arg, "--theme")) {
		if (!(v = take_value(argc, argv, i, "--theme", err, errlen)))
			return -1;
		return parse_theme(v, o, err, errlen);
	} else {
		return fail(err, errlen, "unknown option '%s' (see tilecade --help)", arg);
	}
	return 0;
}

int tc_options_parse(int argc, char **argv, struct tc_options *o, char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] != '\0') {
			if (parse_option(argc, argv, &i, o, err, errlen) != 0)
				return -1;
		} else if (!o->game) {
			o->game = argv[i];
		} else {
			return fail(err, errlen, "unexpected argument '%s' (one game at a time)",
			            argv[i]);
		}
	}
	return 0;
}
