/* The games in progress, as a list on standard output. */
#include "live_command.h"

#include <string.h>

#include "arcade_policy.h"
#include "error_line.h"
#include "status.h"
#include "tilecade/live_net.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/store.h"

/* The most games listed; more than one machine's players. */
#define LIST_MAX 4096
/* How long a player's program may take to answer. */
#define HELLO_WAIT_MS 1000

static struct tc_live_game games[LIST_MAX];

/* Whether dir, where no game is listed, is a PostgreSQL database that cannot be reached (then
 * the list says nothing of the games): err tells it, without the URL's password. */
static bool place_away(const char *dir, char *err, size_t errlen)
{
	if (!dir || !tc_store_is_url(dir))
		return false;
	char notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st = tc_store_open_to_read(dir, notice, sizeof notice);
	bool away = tc_store_away(st);
	if (away)
		snprintf(err, errlen, "%s", notice);
	tc_store_close(st);
	return away;
}

int tc_live_command(const char *dir, FILE *out)
{
	int n = dir ? tc_live_list(dir, games, LIST_MAX, HELLO_WAIT_MS) : 0;
	char err[TC_STORE_NOTICE_MAX];
	if (n == 0 && place_away(dir, err, sizeof err)) {
		tc_cli_error(err);
		return 1;
	}
	if (n == 0) {
		fprintf(out, "no games in progress\n");
		return 0;
	}
	for (int i = 0; i < n; i++) {
		const struct tc_live_hello *h = &games[i].hello;
		char player[TC_LIVE_PLAYER_MAX], id[TC_GAMEID_MAX], time[32];
		tc_sanitize(h->player, player, sizeof player);
		tc_sanitize(h->game_id, id, sizeof id);
		tc_format_time(h->elapsed_ms, time, sizeof time);
		/* An N run counts its steps (as its recording), a session game its moves. */
		fprintf(out, "%-16s %-30s %5u %s%s  %s%s\n", player, id, h->moves,
		        nj_game_id_is_run(h->game_id) ? "step" : "move", h->moves == 1 ? " " : "s",
		        time, h->over ? "  over" : "");
	}
	return 0;
}

int tc_watch_find(const char *dir, const char *player, char *socket, size_t len, char *err,
                  size_t errlen)
{
	int n = dir ? tc_live_list(dir, games, LIST_MAX, HELLO_WAIT_MS) : 0;
	int i = tc_live_pick(games, n, player, NULL);
	if (i >= 0) {
		snprintf(socket, len, "%s", games[i].socket);
		return 0;
	}
	if (n == 0 && place_away(dir, err, errlen))
		return -1;
	char name[TC_LIVE_PLAYER_MAX];
	tc_sanitize(player, name, sizeof name);
	snprintf(err, errlen, "%s has no game in progress (%s lists them)", name,
	         tc_policy_where("tilecade live", "ssh HOST live"));
	return -1;
}
