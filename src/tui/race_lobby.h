/* A race's lobby, as its racers see it: the race's ID, game ID and time limit, who has joined
 * (as they join, told by the live folder), how long until it starts by itself; the opener
 * starts it with Enter, q leaves it, ? shows the keys. Once started, the countdown to the start ("3
 * 2 1", big), after which the game opens for every racer at once. */
#ifndef TILECADE_TUI_RACE_LOBBY_H
#define TILECADE_TUI_RACE_LOBBY_H

#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "race_news.h"

struct tc_race_lobby {
	struct tc_race_news news;
	char player[32];  /* this racer */
	char message[96]; /* why a key did nothing; "" for none */
	bool help;        /* the keys shown (?): the next key closes them */
	/* The racer's presence in the live folder while in the lobby (tc_live_presence_open),
	 * which tells the others that this program is still there; -1: none. */
	int presence_fd;
	char presence[16];
};

enum tc_race_lobby_result { TC_RACE_LOBBY_STAY, TC_RACE_LOBBY_LEAVE };

/* The lobby of race id, which player has joined, in store st told through live folder dir.
 * l must stay where it is until tc_race_lobby_close. */
void tc_race_lobby_open(struct tc_race_lobby *l, struct tc_store *st, const char *dir, int64_t id,
                        const char *player);
void tc_race_lobby_close(struct tc_race_lobby *l);
/* Whether the race has started for everyone: the game opens (now_ms: tc_race_now_ms). */
bool tc_race_lobby_go(const struct tc_race_lobby *l, int64_t now_ms);
void tc_race_lobby_draw(struct tc_race_lobby *l, int64_t now_ms);
/* Milliseconds until the screen changes by itself (a second of its clocks, the start). */
int tc_race_lobby_next_frame(const struct tc_race_lobby *l, int64_t now_ms);
/* The racer leaves the race (the program ends in its lobby): told to the store. */
void tc_race_lobby_leave(struct tc_race_lobby *l, int64_t now_ms);
/* On TC_RACE_LOBBY_LEAVE the racer has left the race (told to the store). */
enum tc_race_lobby_result tc_race_lobby_event(struct tc_race_lobby *l, const struct tc_event *ev,
                                              int64_t now_ms);

#endif
