/* Watching a race: the race feed is one more thing the terminal's wait sleeps on; each racer's
 * board is drawn by its game's view from the feed's follower, laid out side by side when they
 * all fit, else one at a time. */
#define _GNU_SOURCE
#include "race_watch.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "grid.h"
#include "help.h"
#include "keymap.h"
#include "overlay.h"
#include "race_feed.h"
#include "race_pane.h"
#include "status.h"
#include "term.h"
#include "theme.h"
#include "tilecade/live_net.h"
#include "watch.h"

/* A racer's board: the view made for the follower's session. */
struct board {
	char player[sizeof((struct tc_racer *)0)->player];
	const struct tc_session *s;
	const struct tc_view *view;
	void *v;
};

struct tc_race_watch {
	struct tc_race_feed *feed;
	bool animations;
	bool help;
	/* Whose board one at a time shows: a name, as ranks change. */
	char selected[sizeof((struct tc_racer *)0)->player];
	struct board boards[TC_RACE_RACERS_MAX];
	int nboards;
	/* N: the chosen racer's run on N's own watch screen, and the socket it follows. */
	bool ninja;
	struct tc_watch run;
	bool run_open;
	char run_socket[sizeof((struct tc_racer *)0)->socket];
	char dir[PATH_MAX];
};

static const struct tc_help_line keys_help[] = {
        {"Tab, right, down", "next racer"},
        {"left, up", "previous racer"},
        {"1-9", "the racer in that place"},
        {"{back}", "back"},
        {NULL, NULL},
};

static int source_fds(void *ctx, struct pollfd *fds, int max)
{
	return tc_race_feed_fds(((struct tc_race_watch *)ctx)->feed, fds, max);
}

static bool source_ready(void *ctx, const struct pollfd *fds, int n)
{
	return tc_race_feed_ready(((struct tc_race_watch *)ctx)->feed, fds, n);
}

struct tc_race_watch *tc_race_watch_open(struct tc_store *st, const char *dir, int64_t id,
                                         bool animations, char *err, size_t errlen)
{
	struct tc_race_watch *w = calloc(1, sizeof *w);
	if (!w) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	w->feed = tc_race_feed_new(st, dir, id, NULL, err, errlen);
	if (!w->feed) {
		free(w);
		return NULL;
	}
	w->animations = animations;
	w->ninja = strcmp(tc_race_feed_race(w->feed)->game, "ninja") == 0;
	snprintf(w->dir, sizeof w->dir, "%s", dir ? dir : "");
	const struct tc_term_source src = {source_fds, source_ready, w};
	tc_term_add_source(&src);
	return w;
}

static void board_free(struct board *b)
{
	if (b->v)
		b->view->destroy(b->v);
	b->v = NULL;
}

static void close_run(struct tc_race_watch *w)
{
	if (w->run_open)
		tc_watch_close(&w->run);
	w->run_open = false;
	w->run_socket[0] = '\0';
}

void tc_race_watch_close(struct tc_race_watch *w)
{
	if (!w)
		return;
	tc_term_remove_source(w);
	close_run(w);
	for (int i = 0; i < w->nboards; i++)
		board_free(&w->boards[i]);
	tc_race_feed_free(w->feed);
	free(w);
}

/* ---- who is shown ---- */

static int selected_index(const struct tc_race_watch *w)
{
	const struct tc_racer *racers;
	int n = tc_race_feed_racers(w->feed, &racers);
	for (int i = 0; i < n; i++)
		if (strcmp(racers[i].player, w->selected) == 0)
			return i;
	return n > 0 ? 0 : -1;
}

static void select_index(struct tc_race_watch *w, int i)
{
	const struct tc_racer *racers;
	int n = tc_race_feed_racers(w->feed, &racers);
	if (n == 0)
		return;
	i = ((i % n) + n) % n;
	snprintf(w->selected, sizeof w->selected, "%s", racers[i].player);
}

/* The board of racer i of the feed, its view made (again, when the follower's session is
 * another: the racer came back); NULL while no game of theirs has come. */
static struct board *board_of(struct tc_race_watch *w, int i)
{
	const struct tc_racer *racers;
	tc_race_feed_racers(w->feed, &racers);
	const struct tc_session *s = tc_race_feed_session(w->feed, i);
	if (!s)
		return NULL;
	struct board *b = NULL;
	for (int k = 0; k < w->nboards && !b; k++)
		if (strcmp(w->boards[k].player, racers[i].player) == 0)
			b = &w->boards[k];
	if (!b && w->nboards == TC_RACE_RACERS_MAX)
		return NULL;
	if (!b) {
		b = &w->boards[w->nboards++];
		snprintf(b->player, sizeof b->player, "%s", racers[i].player);
	}
	if (b->s == s && b->v)
		return b;
	board_free(b);
	const struct tc_catalog_entry *e = tc_catalog_find(tc_session_game(s)->name);
	b->s = s;
	b->view = e ? e->view : NULL;
	/* Many boards at once, each changing on its own: drawn as they stand, not animated. */
	b->v = b->view ? b->view->create(false) : NULL;
	return b->v ? b : NULL;
}

/* N: the chosen racer's run on N's own watch screen, opened again when another is chosen or
 * they came back on another socket. */
static void keep_run(struct tc_race_watch *w)
{
	const struct tc_racer *racers;
	int n = tc_race_feed_racers(w->feed, &racers), i = selected_index(w);
	const char *socket = i >= 0 && i < n ? racers[i].socket : "";
	if (w->run_open && strcmp(socket, w->run_socket) == 0)
		return;
	close_run(w);
	char err[160];
	if (!*socket || !tc_live_socket_name(socket) ||
	    tc_watch_open(&w->run, w->dir, socket, w->animations, err, sizeof err) != 0)
		return;
	w->run_open = true;
	snprintf(w->run_socket, sizeof w->run_socket, "%s", socket);
}

/* ---- the lines ---- */

/* The race's state in a few words: "starts in 3", "1:23", "1:23 left", "over". */
static void race_state(const struct tc_race *race, int64_t now, char *buf, size_t len)
{
	char t[32];
	if (race->state == TC_RACE_OVER) {
		snprintf(buf, len, "over");
	} else if (race->start_ms == 0 || race->state == TC_RACE_LOBBY) {
		snprintf(buf, len, "in its lobby");
	} else if (now < race->start_ms) {
		snprintf(buf, len, "starts in %lld", (long long)((race->start_ms - now + 999) / 1000));
	} else if (race->limit_ms > 0) {
		int64_t left = race->start_ms + race->limit_ms - now;
		tc_format_time((uint64_t)(left > 0 ? left : 0), t, sizeof t);
		snprintf(buf, len, "%s left", t);
	} else {
		tc_format_time((uint64_t)(now - race->start_ms), t, sizeof t);
		snprintf(buf, len, "%s", t);
	}
}

/* A racer's line above their board: place, name, progress, or how they finished. */
static void racer_line(const struct tc_racer *r, char *buf, size_t len)
{
	char t[32];
	switch (r->outcome) {
	case TC_RACER_RACING:
		snprintf(buf, len, "%d. %s  %s", r->rank, r->player, r->progress.text);
		break;
	case TC_RACER_WON:
	case TC_RACER_LOST:
	case TC_RACER_ENDED:
		tc_format_time((uint64_t)(r->time_ms > 0 ? r->time_ms : 0), t, sizeof t);
		snprintf(buf, len, "%d. %s  %s %s", r->rank, r->player,
		         tc_racer_outcome_name(r->outcome), t);
		break;
	default:
		snprintf(buf, len, "%s  %s", r->player, tc_racer_outcome_name(r->outcome));
		break;
	}
}

static void draw_top(const struct tc_race_watch *w, const char *state)
{
	const struct tc_race *race = tc_race_feed_race(w->feed);
	char id[sizeof race->game_id], line[256];
	tc_sanitize(race->game_id, id, sizeof id);
	snprintf(line, sizeof line, " Race #%lld  %s  %s", (long long)race->id, id, state);
	attr_t attr = tc_theme_attr(TC_ROLE_HEADLINE);
	tc_fill_rect((struct tc_rect){0, 0, COLS, 1}, attr);
	tc_draw_text(0, 0, COLS, attr, line);
}

static void draw_bottom(bool one_at_a_time)
{
	/* The longest that fits, a column spare at each end, with the keys in force (keymap.h). */
	static const char *const others[] = {"Tab, arrows or 1-9: another racer   ", "Tab: next racer   ",
	                                     ""};
	char keys[3][96];
	for (int i = 0; i < 3; i++)
		snprintf(keys[i], sizeof keys[i], "%s%s: keys   %s: back", others[i],
		         tc_keymap_key_text(TC_ACT_HELP), tc_keymap_key_text(TC_ACT_BACK));
	int k = one_at_a_time ? 0 : 2;
	while (k < 2 && tc_text_width(keys[k]) > COLS - 2)
		k++;
	attr_t attr = tc_theme_attr(TC_ROLE_STATUS);
	tc_fill_rect((struct tc_rect){0, LINES - 1, COLS, 1}, attr);
	tc_draw_text(1, LINES - 1, COLS - 1, attr, keys[k]);
}

/* Racer i's line on the first row of r, and their board under it. */
static void draw_racer(struct tc_race_watch *w, int i, struct tc_rect r, bool marked,
                       uint64_t now)
{
	const struct tc_racer *racers;
	tc_race_feed_racers(w->feed, &racers);
	char line[128];
	racer_line(&racers[i], line, sizeof line);
	attr_t attr = tc_theme_attr(marked ? TC_ROLE_SELECTED : TC_ROLE_TITLE);
	if (marked) /* never colour alone: a mark too */
		tc_draw_text(r.x, r.y, 2, attr, tc_term_unicode() ? "▸ " : "> ");
	tc_draw_text(r.x + 2, r.y, r.w - 2, attr, line);
	struct board *b = board_of(w, i);
	struct tc_rect area = {r.x, r.y + 1, r.w, r.h - 1};
	if (b && b->view->show) /* the racer's cursor, not one of the watcher's own */
		b->view->show(b->v, tc_race_feed_shown(w->feed, i));
	if (b)
		b->view->draw(b->v, b->s, area, now);
	else
		tc_draw_text(r.x + 2, r.y + 2, r.w - 2, tc_theme_attr(TC_ROLE_DIM),
		             racers[i].outcome == TC_RACER_RACING ? "waiting for the game..."
		                                                  : "not followed");
}

/* The biggest of the boards' least sizes; false when no board has come yet. */
static bool board_size(struct tc_race_watch *w, int n, int *bw, int *bh)
{
	*bw = *bh = 0;
	for (int i = 0; i < n; i++) {
		const struct board *b = board_of(w, i);
		if (!b)
			continue;
		int bx, by;
		b->view->min_size(b->s, &bx, &by);
		*bw = bx > *bw ? bx : *bw;
		*bh = by > *bh ? by : *bh;
	}
	return *bw > 0;
}

/* Columns and rows of cells, each a board of bw x bh under its line, that hold n in area. */
static bool grid_of_boards(struct tc_rect area, int n, int bw, int bh, int *cols, int *rows)
{
	int c = (area.w + 1) / (bw + 1), r = area.h / (bh + 1);
	if (n == 0 || c < 1 || r < 1 || c * r < n)
		return false;
	*cols = c < n ? c : n;
	*rows = (n + *cols - 1) / *cols;
	return true;
}

static void draw_side_by_side(struct tc_race_watch *w, struct tc_rect area, int n, int cols,
                              int rows, uint64_t now)
{
	int cell_w = (area.w + 1) / cols, cell_h = area.h / rows;
	int sel = selected_index(w);
	for (int i = 0; i < n; i++) {
		struct tc_rect r = {area.x + (i % cols) * cell_w, area.y + (i / cols) * cell_h,
		                    cell_w - 1, cell_h};
		draw_racer(w, i, r, i == sel, now);
	}
}

/* Every board when they fit (beside the pane, else over a ticker), else the chosen one with
 * the pane or ticker as a player's screen has them. False when not even one board fits. */
static bool draw_boards(struct tc_race_watch *w, const struct tc_race_standing *standing,
                        int bw, int bh, bool *one, uint64_t now)
{
	int n = standing->n, h = LINES - 2, cols, rows;
	struct tc_rect beside = {0, 1, COLS - TC_RACE_PANE_W - 1, h};
	struct tc_rect over_ticker = {0, 1, COLS, h - 1};
	*one = false;
	if (grid_of_boards(beside, n, bw, bh, &cols, &rows)) {
		draw_side_by_side(w, beside, n, cols, rows, now);
		tc_race_pane_draw((struct tc_rect){COLS - TC_RACE_PANE_W, 1, TC_RACE_PANE_W, h},
		                  false, standing, now);
		return true;
	}
	if (grid_of_boards(over_ticker, n, bw, bh, &cols, &rows)) {
		draw_side_by_side(w, over_ticker, n, cols, rows, now);
		tc_race_pane_draw((struct tc_rect){0, LINES - 2, COLS, 1}, true, standing, now);
		return true;
	}
	*one = true;
	if (COLS < bw || h < bh + 1)
		return false;
	/* The racer's line on the body's first row, the board and the race under it. */
	struct tc_rect below = {0, 2, COLS, h - 1}, board, pane;
	bool ticker = false;
	if (tc_race_pane_place(below, bw, bh, &board, &pane, &ticker))
		tc_race_pane_draw(pane, ticker, standing, now);
	else
		board = below;
	draw_racer(w, selected_index(w), (struct tc_rect){board.x, 1, board.w, board.h + 1},
	           true, now);
	return true;
}

void tc_race_watch_draw(struct tc_race_watch *w, uint64_t now)
{
	if (w->ninja)
		keep_run(w);
	if (w->ninja && w->run_open) {
		tc_watch_draw(&w->run, now);
		if (w->help)
			tc_help_draw("Race: keys", keys_help, false);
		return;
	}
	const struct tc_race *race = tc_race_feed_race(w->feed);
	const struct tc_racer *racers;
	int n = tc_race_feed_racers(w->feed, &racers);
	char state[64], title[32];
	race_state(race, tc_race_now_ms(), state, sizeof state);
	snprintf(title, sizeof title, "Race #%lld", (long long)race->id);
	const struct tc_race_standing standing = {
	        .title = title, .line = state, .you = NULL, .racers = racers, .n = n};
	erase();
	int bw, bh;
	bool one = true;
	if (LINES < 4) {
		tc_draw_too_small(20, 4);
		return;
	}
	if (!board_size(w, n, &bw, &bh)) {
		/* No board to show (the race is over, or no game has come): its racers, the full
		 * width. */
		struct tc_race_standing board = standing;
		board.line = race->state == TC_RACE_OVER ? "The race is over"
		             : n                         ? "Waiting for the racers' games..."
		                                         : "No racers yet";
		tc_race_pane_draw((struct tc_rect){1, 1, COLS - 2, LINES - 2}, false, &board, now);
		one = false;
	} else if (!draw_boards(w, &standing, bw, bh, &one, now)) {
		tc_draw_too_small(bw, bh + 3);
		return;
	}
	draw_top(w, state);
	draw_bottom(one);
	if (w->help)
		tc_help_draw("Race: keys", keys_help, false);
}

int tc_race_watch_next_frame(struct tc_race_watch *w, uint64_t now)
{
	if (w->ninja && w->run_open)
		return tc_watch_next_frame(&w->run, now);
	/* The race's clock, shown to the second. */
	int next = tc_race_feed_race(w->feed)->state == TC_RACE_OVER
	                   ? -1
	                   : (int)(1000 - tc_race_now_ms() % 1000);
	for (int i = 0; i < w->nboards; i++) {
		const struct board *b = &w->boards[i];
		int f = b->v ? b->view->next_frame(b->v, now) : -1;
		if (f >= 0 && (next < 0 || f < next))
			next = f;
	}
	return next;
}

enum tc_play_result tc_race_watch_event(struct tc_race_watch *w, const struct tc_event *ev,
                                        uint64_t now)
{
	bool on_run = w->ninja && w->run_open;
	if (ev->type != TC_EV_KEY)
		return on_run ? tc_watch_event(&w->run, ev, now) : TC_PLAY_STAY;
	if (w->help) { /* any key closes the help */
		w->help = false;
		return TC_PLAY_STAY;
	}
	const struct tc_racer *racers;
	int n = tc_race_feed_racers(w->feed, &racers), i = selected_index(w);
	enum tc_action action = tc_event_action(ev, false);
	if (ev->key == TC_KEY_TAB || action == TC_ACT_RIGHT || action == TC_ACT_DOWN)
		select_index(w, i + 1);
	else if (action == TC_ACT_LEFT || action == TC_ACT_UP)
		select_index(w, i - 1);
	else if (ev->key >= '1' && ev->key <= '9' && !ev->ctrl && ev->key - '1' < n)
		select_index(w, ev->key - '1');
	else if (action == TC_ACT_HELP)
		w->help = true;
	else if (action == TC_ACT_BACK)
		return TC_PLAY_LEAVE;
	else if (on_run)
		return tc_watch_event(&w->run, ev, now);
	return TC_PLAY_STAY;
}
