/* The games in progress, as a list on standard output. */
#include "live_command.h"

#include <string.h>

#include "arcade_policy.h"
#include "status.h"
#include "tilecade/live_net.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/store.h"

/* The most games listed; more than one machine's players. */
#define LIST_MAX 4096
/* How long a player's program may take to answer. */
#define HELLO_WAIT_MS 1000

static struct tc_live_game games[LIST_MAX];

int tc_live_command(const char *dir, FILE *out)
{
	int n = dir ? tc_live_list(dir, games, LIST_MAX, HELLO_WAIT_MS) : 0;
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
	char name[TC_LIVE_PLAYER_MAX];
	tc_sanitize(player, name, sizeof name);
	snprintf(err, errlen, "%s has no game in progress (%s lists them)", name,
	         tc_policy_where("tilecade live", "ssh HOST live"));
	return -1;
}
