/* The watch screen: another player's game in progress, followed from its live socket
 * (tilecade/live_net.h) and drawn by the game's own play screen, read-only, at this
 * terminal's size and theme. */
#ifndef TILECADE_TUI_WATCH_H
#define TILECADE_TUI_WATCH_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "ninja_play.h"
#include "play.h"
#include "tilecade/live_follow.h"
#include "tilecade/live_net.h"

struct tc_watch {
	struct tc_live_watch conn;
	struct tc_live_follow follow;
	struct tc_play *play;            /* for the follower's session, once it has one */
	struct tc_ninja_play *ninja;     /* an N run's screen, which follows it, or NULL */
	unsigned shown_games;            /* the follower's game play was made for */
	char player[TC_LIVE_PLAYER_MAX]; /* sanitized */
	bool animations;
	bool changed;     /* an event other than a move came since the last draw */
	char note[160];   /* why the game is not followed any more; "" while it is */
	/* Once the player has gone: the live place, whose news tells each game that starts
	 * there, and a game just started, asked who plays it (a listing connection) to follow
	 * it when it is the same player's. */
	char dir[PATH_MAX];
	struct tc_live_news news;
	struct tc_live_watch next;
	char next_socket[32];
	/* What became of the game watched, briefly ("ann left"), when next started while it
	 * still ran: the player did not come back, they were playing that one too. */
	char ended[96];
	char back[160]; /* "ann is back", for the next screen made */
};

/* Starts watching the game published on socket `socket` of folder dir. Returns 0, or -1 with a
 * one-line reason. w must stay where it is until tc_watch_close. */
int tc_watch_open(struct tc_watch *w, const char *dir, const char *socket, bool animations,
                  char *err, size_t errlen);
void tc_watch_close(struct tc_watch *w);

void tc_watch_draw(struct tc_watch *w, uint64_t now);
int tc_watch_next_frame(struct tc_watch *w, uint64_t now);
/* Returns TC_PLAY_LEAVE when the watcher goes back. */
enum tc_play_result tc_watch_event(struct tc_watch *w, const struct tc_event *ev, uint64_t now);

#endif
