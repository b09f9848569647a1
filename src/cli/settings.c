/* Settings files in order, and what they change. */
#include "settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_line.h"
#include "tilecade/g2048.h"
#include "tilecade/znumbers.h"

static void report(struct tc_settings *s)
{
	for (int i = 0; i < s->config.warning_count; i++) {
		tc_cli_error(s->config.warnings[i]);
		if (!*s->notice)
			snprintf(s->notice, sizeof s->notice, "settings: %s",
			         s->config.warnings[i]);
	}
	s->config.warning_count = 0;
}

void tc_settings_load_host(struct tc_settings *s)
{
	memset(s, 0, sizeof *s);
	tc_config_defaults(&s->config);
	const char *host = getenv("TILECADE_SYSTEM_CONFIG");
	if (!host || !*host || getegid() != getgid())
		host = TC_SYSTEM_CONFIG;
	char why[256];
	if (tc_config_load(&s->config, host, false, why, sizeof why) != 0)
		tc_cli_error(why);
	report(s);
	snprintf(s->shared_scores, sizeof s->shared_scores, "%s", s->config.shared_scores);
}

int tc_settings_load_player(const struct tc_options *o, struct tc_settings *s, char *err,
                            size_t errlen)
{
	char path[512], why[256];
	const char *mine = o->config;
	if (!mine && tc_config_default_path(path, sizeof path) == 0)
		mine = path;
	if (mine && tc_config_load(&s->config, mine, o->config != NULL, why, sizeof why) != 0) {
		if (o->config) {
			snprintf(err, errlen, "%s", why);
			return -1;
		}
		tc_cli_error(why);
	}
	report(s);
	return 0;
}

void tc_settings_load_file(struct tc_settings *s, const char *path)
{
	char why[256];
	if (tc_config_load(&s->config, path, false, why, sizeof why) != 0)
		tc_cli_error(why);
	report(s);
}

void tc_settings_game_params(const struct tc_settings *s, const struct tc_game *game, void *params)
{
	game->default_params(params);
	const struct tc_config *c = &s->config;
	if (game == &g2048_game) {
		((struct g2048_params *)params)->size = c->size_2048;
	} else if (game == &znumbers_game) {
		struct zn_params *p = params;
		p->rows = c->zn_rows;
		p->cols = c->zn_cols;
		p->attempts = c->zn_attempts;
	}
}

enum tc_theme_choice tc_settings_theme(const struct tc_settings *s, const struct tc_options *o)
{
	if (o->has_theme)
		return o->theme;
	switch (s->config.theme) {
	case TC_CONFIG_THEME_256:
		return TC_THEME_256;
	case TC_CONFIG_THEME_16:
		return TC_THEME_16;
	case TC_CONFIG_THEME_MONO:
		return TC_THEME_MONO;
	default:
		return TC_THEME_AUTO;
	}
}
