/* The menu's Watch screen: the games in progress in the live folder (tilecade/live_net.h),
 * kept up to date as they start, go on and end, with no timer that grows with their number:
 * each is followed on a listing connection (not counted among its watchers), and new sockets
 * are told by the place's news. Enter watches the game selected. */
#ifndef TILECADE_TUI_WATCH_LIST_H
#define TILECADE_TUI_WATCH_LIST_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "tilecade/live_net.h"

struct tc_watch_game;

struct tc_watch_list {
	char dir[PATH_MAX]; /* "" when there is no live folder */
	struct tc_live_news news; /* games that start */
	struct tc_watch_game **games;
	int count, cap;
	int selected;
	int first_row; /* screen row of the first game, as last drawn; -1 while not shown */
	char chosen[32]; /* the socket of the game Enter chose */
	/* The store beside the live place (set after tc_watch_list_open; NULL: none): while its
	 * database cannot be reached, the list says so rather than "no games". */
	const struct tc_store *st;
};

enum tc_watch_list_result { TC_WATCH_LIST_STAY, TC_WATCH_LIST_BACK, TC_WATCH_LIST_WATCH };

/* Opens the list of dir's games (dir NULL: no live folder, an empty list). */
void tc_watch_list_open(struct tc_watch_list *l, const char *dir);
void tc_watch_list_close(struct tc_watch_list *l);
void tc_watch_list_draw(struct tc_watch_list *l, uint64_t now);
/* Milliseconds until a game's clock shows another second, or -1 when none runs. */
int tc_watch_list_next_frame(struct tc_watch_list *l, uint64_t now);
/* On TC_WATCH_LIST_WATCH, l->chosen names the socket to watch. */
enum tc_watch_list_result tc_watch_list_event(struct tc_watch_list *l, const struct tc_event *ev);

#endif
