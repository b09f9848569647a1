/* The games in progress, each followed as a watcher would (its moves and clock), on sockets
 * the terminal's wait sleeps on; the place's news says when a game starts. */
#define _GNU_SOURCE
#include "watch_list.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grid.h"
#include "help.h"
#include "keymap.h"
#include "overlay.h"
#include "status.h"
#include "term.h"
#include "text_wrap.h"
#include "theme.h"
#include "tilecade/live_follow.h"
#include "tilecade/live_net.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/store.h"

#define LIST_MIN_W 40
#define LIST_W 76

struct tc_watch_game {
	struct tc_live_watch conn;
	struct tc_live_follow follow; /* a session game's; N's runs only keep their time */
	char socket[32];
	bool run;           /* an N run */
	uint32_t run_steps; /* its steps so far: its moves and its time (still while it waits) */
	char run_id[TC_GAMEID_MAX]; /* its game ID, the level's it is on now */
};

static void heard(void *ctx, const struct tc_live_event *ev)
{
	struct tc_watch_game *g = ctx;
	if (ev->kind == TC_LIVE_START && nj_stream_is_run(ev->text, ev->text_len))
		g->run = true;
	if (g->run && (ev->kind == TC_LIVE_START || ev->kind == TC_LIVE_NEW_GAME)) {
		nj_stream_game_id(ev->text, ev->text_len, g->run_id, sizeof g->run_id);
		g->run_steps = 0;
	} else if (g->run && ev->kind == TC_LIVE_STEPS) {
		g->run_steps = ev->step;
	}
	char err[160];
	if (!g->run && tc_live_follow(&g->follow, ev, err, sizeof err) != 0) {
		tc_live_watch_close(&g->conn); /* not a stream to show: gone from the list */
		g->conn.state = TC_LIVE_WATCH_BROKEN;
	}
}

static void drop_game(struct tc_watch_list *l, int i)
{
	struct tc_watch_game *g = l->games[i];
	tc_live_watch_close(&g->conn);
	tc_live_follow_free(&g->follow);
	free(g);
	memmove(&l->games[i], &l->games[i + 1], (size_t)(l->count - i - 1) * sizeof *l->games);
	l->count--;
	if (l->selected > i || (l->selected == l->count && l->selected > 0))
		l->selected--;
}

/* A game whose socket is `name`, listed (once) if it answers. */
static void add_game(struct tc_watch_list *l, const char *name)
{
	if (!tc_live_socket_name(name))
		return;
	for (int i = 0; i < l->count; i++)
		if (strcmp(l->games[i]->socket, name) == 0 &&
		    l->games[i]->conn.state == TC_LIVE_WATCH_OPEN)
			return;
	if (l->count == l->cap) {
		int cap = l->cap ? 2 * l->cap : 16;
		struct tc_watch_game **games = realloc(l->games, (size_t)cap * sizeof *games);
		if (!games)
			return;
		l->games = games;
		l->cap = cap;
	}
	struct tc_watch_game *g = calloc(1, sizeof *g);
	if (!g)
		return;
	if (tc_live_watch_open(&g->conn, l->dir, name, 'L') != 0) {
		free(g);
		return;
	}
	tc_live_follow_init(&g->follow);
	snprintf(g->socket, sizeof g->socket, "%s", name);
	l->games[l->count++] = g;
}

/* The games that started, as the place's news tells. */
static void read_news(struct tc_watch_list *l)
{
	char name[64];
	while (tc_live_news_next(&l->news, name, sizeof name))
		add_game(l, name);
}

static int list_fds(void *ctx, struct pollfd *fds, int max)
{
	struct tc_watch_list *l = ctx;
	int k = 0;
	if (l->news.fd >= 0 && k < max)
		fds[k++] = (struct pollfd){l->news.fd, POLLIN, 0};
	for (int i = 0; i < l->count && k < max; i++)
		if (l->games[i]->conn.fd >= 0)
			fds[k++] = (struct pollfd){l->games[i]->conn.fd, POLLIN, 0};
	return k;
}

static bool list_ready(void *ctx, const struct pollfd *fds, int n)
{
	struct tc_watch_list *l = ctx;
	for (int k = 0; k < n; k++) {
		if (!fds[k].revents)
			continue;
		if (fds[k].fd == l->news.fd) {
			read_news(l);
			continue;
		}
		for (int i = 0; i < l->count; i++)
			if (l->games[i]->conn.fd == fds[k].fd)
				tc_live_watch_pump(&l->games[i]->conn, heard, l->games[i]);
	}
	for (int i = l->count - 1; i >= 0; i--) /* ended, dropped, or not a stream */
		if (l->games[i]->conn.state != TC_LIVE_WATCH_OPEN)
			drop_game(l, i);
	return true;
}

void tc_watch_list_open(struct tc_watch_list *l, const char *dir)
{
	static char names[512][32];
	memset(l, 0, sizeof *l);
	l->news.fd = -1;
	l->first_row = -1;
	if (!dir)
		return;
	snprintf(l->dir, sizeof l->dir, "%s", dir);
	/* Hearing the news before reading what is there: a game that starts in between is in
	 * one or the other (add_game takes it once). */
	tc_live_news_open(&l->news, dir, false);
	int n = tc_live_shared_now(dir, names, 512);
	for (int i = 0; i < n; i++)
		add_game(l, names[i]);
	const struct tc_term_source src = {list_fds, list_ready, l};
	tc_term_add_source(&src);
}

void tc_watch_list_close(struct tc_watch_list *l)
{
	tc_term_remove_source(l);
	while (l->count > 0)
		drop_game(l, l->count - 1);
	free(l->games);
	l->games = NULL;
	l->cap = 0;
	tc_live_news_close(&l->news);
}

/* The game's clock, moved on to now as the player's runs; an N run's is its steps', which its
 * stream tells as they are played. */
static uint64_t elapsed(struct tc_watch_game *g, uint64_t now, bool *running)
{
	struct tc_session *s = g->follow.session;
	*running = false;
	if (g->run)
		return (uint64_t)g->run_steps * NJ_STEP_MS;
	if (!s)
		return tc_live_watch_time(&g->conn, now);
	tc_live_follow_set_time(&g->follow, tc_live_watch_time(&g->conn, now));
	*running = !tc_session_paused(s) && tc_session_status(s) == TC_PLAYING;
	return tc_session_elapsed_ms(s);
}

static void draw_game(struct tc_watch_list *l, int i, int x, int y, int w, uint64_t now)
{
	struct tc_watch_game *g = l->games[i];
	bool on = i == l->selected, running;
	attr_t attr = tc_theme_attr(on ? TC_ROLE_SELECTED : TC_ROLE_TEXT);
	if (on)
		tc_fill_rect((struct tc_rect){x, y, w, 1}, attr);
	char player[TC_LIVE_PLAYER_MAX], game[TC_GAMEID_MAX], time[32], moves[24];
	tc_sanitize(g->conn.hello.player, player, sizeof player);
	tc_sanitize(g->conn.hello.game_id, game, sizeof game);
	if (g->follow.session)
		tc_session_game_id(g->follow.session, game, sizeof game);
	else if (*g->run_id)
		snprintf(game, sizeof game, "%s", g->run_id);
	tc_format_time(elapsed(g, now, &running), time, sizeof time);
	/* A game that has ended stays while its player looks at the result: marked so. */
	if (g->follow.session && tc_session_status(g->follow.session) != TC_PLAYING)
		snprintf(time, sizeof time, "over");
	unsigned count = g->run              ? g->run_steps
	                 : g->follow.session ? tc_session_moves(g->follow.session)
	                                     : 0;
	snprintf(moves, sizeof moves, "%u %s%s", count, g->run ? "step" : "move",
	         count == 1 ? "" : "s");
	/* Each column cut to its width on screen; the game ID takes what the others leave. */
	int time_x = x + w - 9, moves_x = time_x - 11, game_x = x + 18;
	if (on) /* never colour alone: the row carries a mark too */
		tc_draw_text(x + 1, y, 1, attr, tc_term_unicode() ? "▸" : ">");
	tc_draw_text(x + 3, y, 14, attr, player);
	if (moves_x - 1 - game_x >= 8)
		tc_draw_text(game_x, y, moves_x - 1 - game_x, attr, game);
	tc_draw_text(moves_x + 10 - tc_text_width(moves), y, 10, attr, moves);
	tc_draw_text(time_x + 8 - tc_text_width(time), y, 8, attr, time);
}

void tc_watch_list_draw(struct tc_watch_list *l, uint64_t now)
{
	int shown = l->count > 0 ? l->count : 1;
	int need_h = shown + 6;
	if (COLS < LIST_MIN_W || LINES < 8) {
		tc_draw_too_small(LIST_MIN_W, 8);
		l->first_row = -1;
		return;
	}
	erase();
	int w = COLS < LIST_W ? COLS : LIST_W;
	int x = (COLS - w) / 2;
	int y = need_h < LINES ? (LINES - need_h) / 2 : 0;
	tc_draw_text(x + 2, y, w - 2, tc_theme_attr(TC_ROLE_TITLE), "Games in progress");
	l->first_row = y + 2;
	/* As many rows as fit, the selected one among them. */
	int rows = LINES - l->first_row - 3;
	int first = l->selected >= rows ? l->selected - rows + 1 : 0;
	if (l->count == 0) {
		char none[96];
		tc_text_cut(tc_store_away(l->st) ? "The database cannot be reached"
		                                 : "No games in progress: they show here as they start",
		            w - 2, tc_term_unicode() ? "…" : "~", none, sizeof none);
		tc_draw_text(x + 2, l->first_row, w - 2, tc_theme_attr(TC_ROLE_DIM), none);
	}
	for (int i = first; i < l->count && i - first < rows; i++)
		draw_game(l, i, x, l->first_row + i - first, w, now);
	l->first_row -= first;
	int below = y + 2 + (l->count < rows ? shown : rows) + 1;
	char keys[96], back[32];
	snprintf(back, sizeof back, "%s back", tc_keymap_key_text(TC_ACT_BACK)); /* as [keys] bind */
	snprintf(keys, sizeof keys, "%s: watch   %s", tc_help_choose(), back);
	tc_draw_text(x + 2, below, w - 2, tc_theme_attr(TC_ROLE_DIM), l->count ? keys : back);
}

int tc_watch_list_next_frame(struct tc_watch_list *l, uint64_t now)
{
	int next = -1;
	for (int i = 0; i < l->count; i++) {
		bool running;
		uint64_t ms = elapsed(l->games[i], now, &running);
		int tick = (int)(1000 - ms % 1000);
		if (running && (next < 0 || tick < next))
			next = tick;
	}
	return next;
}

enum tc_watch_list_result tc_watch_list_event(struct tc_watch_list *l, const struct tc_event *ev)
{
	if (ev->type == TC_EV_MOUSE && ev->mouse == TC_MOUSE_PRESS && l->first_row >= 0) {
		int i = ev->row - l->first_row;
		if (i < 0 || i >= l->count)
			return TC_WATCH_LIST_STAY;
		l->selected = i;
		snprintf(l->chosen, sizeof l->chosen, "%s", l->games[i]->socket);
		return TC_WATCH_LIST_WATCH;
	}
	if (ev->type != TC_EV_KEY)
		return TC_WATCH_LIST_STAY;
	switch (tc_event_action(ev, false)) {
	case TC_ACT_UP:
		if (l->selected > 0)
			l->selected--;
		break;
	case TC_ACT_DOWN:
		if (l->selected + 1 < l->count)
			l->selected++;
		break;
	case TC_ACT_SELECT:
		if (l->count == 0)
			break;
		snprintf(l->chosen, sizeof l->chosen, "%s", l->games[l->selected]->socket);
		return TC_WATCH_LIST_WATCH;
	case TC_ACT_BACK:
		return TC_WATCH_LIST_BACK;
	default:
		break;
	}
	return TC_WATCH_LIST_STAY;
}
