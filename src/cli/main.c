/* tilecade's entry point: options, then either a batch command or the front end. */
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "app.h"
#include "batch.h"
#include "catalog.h"
#include "options.h"
#include "tilecade/gameid.h"
#include "tilecade/session.h"

#define USAGE_ERROR 2

static int usage_error(const char *message)
{
	fprintf(stderr, "tilecade: %s\n", message);
	return USAGE_ERROR;
}

/* Fills game, params and seed from the game name, --id, --size and --seed. */
static int resolve_game(const struct tc_options *o, const struct tc_catalog_entry **entry,
                        struct tc_params *params, uint64_t *seed, char *err, size_t errlen)
{
	const struct tc_game *game = NULL;
	if (o->id) {
		if (o->size || o->has_seed) {
			snprintf(err, errlen, "--id already sets the size and seed; drop %s",
			         o->size ? "--size" : "--seed");
			return -1;
		}
		if (tc_gameid_parse(o->id, &game, params, seed, err, errlen) != 0)
			return -1;
		if (o->game && strcasecmp(o->game, game->name) != 0) {
			snprintf(err, errlen, "--id '%s' is a %s game, not %s", o->id, game->name,
			         o->game);
			return -1;
		}
		*entry = tc_catalog_find(game->name);
		return 0;
	}
	*entry = tc_catalog_find(o->game);
	if (!*entry) {
		snprintf(err, errlen,
		         "unknown game '%s' (games: znumbers, match3, sudoku, n, 2048)", o->game);
		return -1;
	}
	if (!(*entry)->view) {
		snprintf(err, errlen, "%s is not available in this version", (*entry)->title);
		return -1;
	}
	game = (*entry)->view->game;
	game->default_params(params->bytes);
	if (o->size) {
		/* "--size 5" means a square board, "5x5" */
		char text[32], why[160];
		snprintf(text, sizeof text, strchr(o->size, 'x') ? "%s" : "%sx%s", o->size,
		         o->size);
		if (strlen(o->size) > 8 ||
		    game->parse_params(text, params->bytes, why, sizeof why)) {
			snprintf(err, errlen, "--size: %s is not a size for %s (3 to 8)", o->size,
			         game->name);
			return -1;
		}
	}
	*seed = o->has_seed ? o->seed : tc_fresh_seed();
	return 0;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	struct tc_options o;
	char err[256];
	if (tc_options_parse(argc, argv, &o, err, sizeof err) != 0)
		return usage_error(err);
	if (o.help) {
		fputs(tc_usage, stdout);
		return 0;
	}
	if (o.version) {
		printf("tilecade %s\n", TC_VERSION);
		return 0;
	}
	if (!o.game && !o.id && (o.size || o.has_seed || o.moves))
		return usage_error(
		        "--size, --seed and --moves need a game, e.g. tilecade 2048 --seed 1");

	const struct tc_catalog_entry *entry = NULL;
	struct tc_params params;
	uint64_t seed = 0;
	if ((o.game || o.id) && resolve_game(&o, &entry, &params, &seed, err, sizeof err) != 0)
		return usage_error(err);

	if (o.moves) {
		if (entry->view->game != &g2048_game)
			return usage_error("--moves is only for 2048");
		if (tc_batch_2048((const struct g2048_params *)params.bytes, seed, o.moves, stdout,
		                  err, sizeof err) != 0)
			return usage_error(err);
		return 0;
	}

	struct tc_session *start = NULL;
	if (entry) {
		start = tc_session_new(entry->view->game, params.bytes, seed, NULL);
		if (!start) {
			fprintf(stderr, "tilecade: out of memory\n");
			return 1;
		}
	}
	struct tc_app_config cfg = {.animations = !o.no_anim, .theme = o.theme};
	if (tc_app_run(&cfg, entry, start, err, sizeof err) != 0) {
		fprintf(stderr, "tilecade: %s\n", err);
		return 1;
	}
	return 0;
}
