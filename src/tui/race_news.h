/* Races as the store has them, read again whenever a program tells the live folder that a race
 * changed (its TC_LIVE_RACES entry, tilecade/live_net.h) and when one changes by itself (a
 * lobby starts, a time limit comes: tc_race_changes_at): the place's news and a timer wake the
 * terminal's wait, nothing polls. The lobby follows one race this way, the menu's Race screen every
 * race open or running. */
#ifndef TILECADE_TUI_RACE_NEWS_H
#define TILECADE_TUI_RACE_NEWS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tilecade/live_net.h"
#include "tilecade/races.h"

/* The most races the Race screen lists. */
#define TC_RACE_NEWS_RACES 64

struct tc_race_news {
	struct tc_store *st;
	char dir[PATH_MAX];
	struct tc_live_news news; /* fd -1: no live place to wait on */
	int timer_fd;   /* wakes when a race read changes by itself; -1: none */
	int64_t id;     /* the race followed; 0: every race not over */
	/* One race (id set): found, the race and its racers, ranked. */
	bool found;
	struct tc_race race;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	int n;
	/* Every race (id 0): newest first. */
	struct tc_race races[TC_RACE_NEWS_RACES];
	int count;
};

/* Follows race id (0: every race) of store st, told through live folder dir (NULL: none, read
 * once). Reads it at once; the terminal's wait wakes (TC_EV_WAKE) when it was read again. */
void tc_race_news_open(struct tc_race_news *n, struct tc_store *st, const char *dir, int64_t id);
void tc_race_news_close(struct tc_race_news *n);
/* Reads the store again (a screen's own change, or a time the race changes by itself). */
void tc_race_news_read(struct tc_race_news *n);
/* Tells every program following races that one changed. */
void tc_race_news_tell(const struct tc_race_news *n);

/* Opens a race on game_id (of the game named game) for player in store st, and tells live
 * folder dir (NULL: none). Returns its id, or 0 with why in err. */
int64_t tc_race_open_as(struct tc_store *st, const char *dir, const char *game, const char *game_id,
                        const char *player, int64_t limit_ms, char *err, size_t errlen);
/* Player joins race id (or comes back to it) and dir is told: 0, or -1 with why in err (no such
 * race, it has started, it is full or over for them). */
int tc_race_join_as(struct tc_store *st, const char *dir, int64_t id, const char *player, char *err,
                    size_t errlen);

#endif
