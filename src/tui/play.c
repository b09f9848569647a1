/* The shared game screen. Keys are handled in layers: an open help or question takes the key
 * first, then a finished game's message, then the shared actions, then the game's view. */
#include "play.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "click_key.h"
#include "grid.h"
#include "help.h"
#include "keymap.h"
#include "overlay.h"
#include "race_text.h"
#include "status.h"
#include "text_wrap.h"
#include "tilecade/gameid.h"
#include "tilecade/live_net.h"
#include "tilecade/store.h"

enum question { ASK_NOTHING, ASK_RESTART, ASK_NEW, ASK_LEAVE, ASK_SOLUTION, ASK_COMPUTER };

struct tc_play {
	const struct tc_view *view;
	void *vs;
	struct tc_session *s;
	const char *title;
	enum question asking;
	struct tc_event asked_key; /* the key that asked ASK_COMPUTER, acted on after a yes */
	bool computer_agreed;      /* the player said yes to it: acted on without asking again */
	bool help_open;
	int help_page, help_pages; /* the help shown, and how many pages it took when drawn */
	bool paused;         /* by the player (p): the board is hidden */
	bool suspended;      /* Ctrl-Z */
	const char *message; /* shown in the status line until the next key */
	char told[160];      /* the text of a message from outside (tc_play_tell) */
	char refused[96];    /* why a key did nothing, when that needs its own words */
	char hint_rule[48];  /* the help's line on the most hints a ranked game may have */
	int campaign_open;   /* the campaign's levels not won (tc_play_campaign), -1: unknown */
	unsigned watchers;   /* how many watch this game (tc_play_watchers) */
	uint32_t shown;      /* the view's shown value as last told (tc_play_shown_changed) */
	/* Watching another player's game: the session is a follower's, not ours to change. */
	bool watching;
	char player[TC_LIVE_PLAYER_MAX]; /* whose game, sanitized */
	char note[160];                  /* what became of it ("ann left"); "" while on */
	/* A race's game (tc_play_racing), and why the race is over for this racer ("" while not). */
	bool racing;
	char race_over[96];
	/* Watching a recording (tc_play_watch_recording): its line, help title and keys. */
	const char *replay_line, *replay_help_title;
	const struct tc_help_line *replay_help;
	/* A race beside the game (tc_play_race). */
	const struct tc_race_standing *(*race_standing)(void *ctx, uint64_t now);
	int (*race_next)(void *ctx, uint64_t now);
	void *race_ctx;
};

struct tc_play *tc_play_new(const struct tc_view *view, const char *title, struct tc_session *s,
                            bool animations)
{
	struct tc_play *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->vs = view->create(animations);
	if (!p->vs) {
		free(p);
		return NULL;
	}
	p->view = view;
	p->title = title;
	p->s = s;
	p->campaign_open = -1;
	return p;
}

struct tc_play *tc_play_new_watching(const struct tc_view *view, const char *title,
                                     struct tc_session *s, const char *player, bool animations)
{
	struct tc_play *p = tc_play_new(view, title, s, animations);
	if (p) {
		p->watching = true;
		tc_sanitize(player, p->player, sizeof p->player);
	}
	return p;
}

void tc_play_free(struct tc_play *p)
{
	if (!p)
		return;
	p->view->destroy(p->vs);
	if (!p->watching)
		tc_session_free(p->s);
	free(p);
}

void tc_play_race(struct tc_play *p,
                  const struct tc_race_standing *(*standing)(void *ctx, uint64_t now),
                  int (*next_ms)(void *ctx, uint64_t now), void *ctx)
{
	p->race_standing = standing;
	p->race_next = next_ms;
	p->race_ctx = ctx;
}

void tc_play_watchers(struct tc_play *p, unsigned watchers)
{
	p->watchers = watchers;
}

void tc_play_watch_note(struct tc_play *p, const char *note)
{
	snprintf(p->note, sizeof p->note, "%s", note);
	/* Something newer about the player (gone, or their game over) outdates what was told
	 * ("ann is back"). */
	if (p->message == p->told && (note[0] || tc_session_status(p->s) != TC_PLAYING))
		p->message = NULL;
}

void tc_play_watch_recording(struct tc_play *p, const char *line, const char *help_title,
                             const struct tc_help_line *help)
{
	p->replay_line = line;
	p->replay_help_title = help_title;
	p->replay_help = help;
}

bool tc_play_help_shown(const struct tc_play *p)
{
	return p->help_open;
}

void tc_play_changed(struct tc_play *p)
{
	p->view->reset(p->vs);
}

bool tc_play_shown_changed(struct tc_play *p, uint32_t *shown)
{
	uint32_t now = p->view->shown ? p->view->shown(p->vs) : 0;
	if (now == p->shown)
		return false;
	*shown = p->shown = now;
	return true;
}

void tc_play_show(struct tc_play *p, uint32_t shown)
{
	if (p->view->show)
		p->view->show(p->vs, shown);
}

const struct tc_session *tc_play_session(const struct tc_play *p)
{
	return p->s;
}

void tc_play_carry_best(struct tc_play *p, int64_t best)
{
	tc_session_carry_best_score(p->s, best);
}

/* The smallest screen: the board plus the two status lines, and room for the messages. */
static void needed_size(const struct tc_play *p, int *w, int *h)
{
	p->view->min_size(p->s, w, h);
	*h += 2;
	if (*w < 40)
		*w = 40;
}

/* Whether the window is too small for the game: nothing but a message is shown. */
static bool too_small(const struct tc_play *p)
{
	int need_w, need_h;
	needed_size(p, &need_w, &need_h);
	return COLS < need_w || LINES < need_h;
}

/* Where the board and the race pane go in area: the pane beside the board when both fit with
 * all the view shows (its own pane too), else a ticker under it, else no pane (false: the
 * board has area). */
static bool place_race(const struct tc_play *p, struct tc_rect area, struct tc_rect *board,
                       struct tc_rect *pane, bool *ticker)
{
	int w, h;
	p->view->min_size(p->s, &w, &h);
	if (!tc_race_pane_place(area, w, h, board, pane, ticker))
		return false;
	const struct tc_view *v = p->view;
	/* Beside, the view's own pane would not fit: a board as wide as the area leaves the
	 * race only the ticker. */
	if (!*ticker && v->fits && !v->fits(p->vs, p->s, *board) &&
	    !tc_race_pane_place(area, area.w, h, board, pane, ticker))
		return false;
	if (v->fits && !v->fits(p->vs, p->s, *board)) {
		*board = area;
		return false;
	}
	return true;
}

/* Beside the board, the pane starts level with the board's frame (a small board on a tall
 * screen), when every racer still fits below it there. */
static struct tc_rect level_with_board(const struct tc_play *p, struct tc_rect pane,
                                       const struct tc_race_standing *race)
{
	struct tc_rect inside;
	if (!p->view->board_inside || !p->view->board_inside(p->vs, &inside))
		return pane;
	int top = inside.y - 1, bottom = pane.y + pane.h;
	if (top > pane.y && bottom - top >= tc_race_pane_lines(race)) {
		pane.y = top;
		pane.h = bottom - top;
	}
	return pane;
}

/* Whether "new game" moves on to another level (a pack) rather than another game like this. */
static bool moves_on(const struct tc_session *s)
{
	const struct tc_game *game = tc_session_game(s);
	if (!game->next_params)
		return false;
	struct tc_params next;
	game->next_params(tc_session_params(s), next.bytes);
	return memcmp(next.bytes, tc_session_params(s), game->params_size) != 0;
}

/* Whether n would go on to a level that opens only once this one is won (the level list's
 * lock: the view's opens_after_previous) while this one is not won; buf (if any) then says
 * so as the list does ("Level 13 opens once Level 12 is won"). */
static bool next_locked(const struct tc_play *p, char *buf, size_t len)
{
	const struct tc_view *v = p->view;
	if (!v->opens_after_previous || tc_session_status(p->s) == TC_WON || !moves_on(p->s))
		return false;
	const struct tc_game *game = tc_session_game(p->s);
	struct tc_params next, entry;
	game->next_params(tc_session_params(p->s), next.bytes);
	char name[2][24], detail[48];
	for (int i = 0; i < v->level_count; i++) {
		memcpy(entry.bytes, tc_session_params(p->s), game->params_size);
		v->level_entry(i, name[i % 2], sizeof name[0], detail, sizeof detail, entry.bytes);
		if (!name[i % 2][0])
			return false;
		if (memcmp(entry.bytes, next.bytes, game->params_size) != 0)
			continue;
		if (!v->opens_after_previous(i))
			return false;
		if (buf)
			snprintf(buf, len, "%s opens once %s is won", name[i % 2], name[(i + 1) % 2]);
		return true;
	}
	return false;
}

static const char *question_text(const struct tc_play *p, enum question q)
{
	switch (q) {
	case ASK_RESTART:
		return "Restart? (y/n)";
	case ASK_NEW:
		if (!moves_on(p->s))
			return "Start a new game? (y/n)";
		const char *skip = p->view->skip_question ? p->view->skip_question(p->s) : NULL;
		return skip ? skip : "Go to the next level? (y/n)";
	case ASK_LEAVE:
		return p->racing ? tc_race_leave_question : "Leave this game? (y/n)";
	case ASK_SOLUTION: /* the short one where the long would lose its (y/n) */
		if (!p->view->solution_ends_game)
			return COLS >= 56 ? "Show the solution? This game will not be ranked (y/n)"
			                  : "Show the solution? Not ranked (y/n)";
		if (tc_session_assisted(p->s)) /* asked all the same: it ends the game */
			return "Reveal the solution? (y/n)";
		return COLS >= 58 ? "Reveal the solution? This game will not be ranked (y/n)"
		                  : "Reveal the solution? Not ranked (y/n)";
	case ASK_COMPUTER:
		return COLS >= 60 ? "Let the computer play? This game will not be ranked (y/n)"
		                  : "Computer plays? Not ranked (y/n)";
	default:
		return NULL;
	}
}

/* A key of a box's keys line: what the first key doing action now does (keymap.h); with no
 * action, what is the item itself ("a: autoplay on"); with no what, the item is left out. */
struct key_item {
	enum tc_action action;
	const char *what;
};

/* "n: new game   u: undo   q: menu": the items with a key, in order. */
static const char *keys_line(char *buf, size_t len, const struct key_item *items, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		const char *key = tc_keymap_key_text(items[i].action);
		if (!items[i].what || (items[i].action != TC_ACT_NONE && !*key))
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s%s%s", used ? "   " : "",
		                         items[i].action != TC_ACT_NONE ? key : "",
		                         items[i].action != TC_ACT_NONE ? ": " : "", items[i].what);
	}
	return buf;
}

/* Where q goes back to, as a box names it: a daily goes to the Daily list. */
static const char *back_to(const struct tc_play *p)
{
	return tc_session_daily(p->s) ? "daily list" : "menu";
}

static void draw_result(struct tc_play *p, enum tc_status status, struct tc_rect area)
{
	struct tc_rect inside;
	if (p->view->board_inside && p->view->board_inside(p->vs, &inside))
		area = inside;
	char score[96], time[32];
	tc_format_time(tc_session_elapsed_ms(p->s), time, sizeof time);
	unsigned moves = tc_session_moves(p->s);
	const char *plural = moves == 1 ? "" : "s";
	if (tc_session_game(p->s)->score)
		snprintf(score, sizeof score, "Score %" PRId64 " in %u move%s, %s",
		         tc_session_score(p->s), moves, plural, time);
	else
		snprintf(score, sizeof score, "%u move%s, %s", moves, plural, time);
	bool next_level = moves_on(p->s);
	const char *lines[4], *keys = NULL;
	char keys_buf[128], title[TC_LIVE_PLAYER_MAX + 160], campaign[80], why[128];
	int n = 0;
	enum tc_role role = status == TC_WON ? TC_ROLE_GOOD : TC_ROLE_BAD;
	if (p->watching) { /* the player's result, not the watcher's */
		if (p->view->why_lost && status != TC_WON)
			p->view->why_lost(p->s, why, sizeof why);
		snprintf(title, sizeof title,
		         status == TC_WON           ? "%s won"
		         : tc_session_can_win(p->s) ? "%s lost: %s"
		                                    : "%s's game ended: %s",
		         p->player, p->view->why_lost ? why : p->view->lost_text);
		lines[n++] = title;
	} else if (status != TC_WON) {
		if (p->view->why_lost)
			p->view->why_lost(p->s, why, sizeof why);
		lines[n++] = p->view->why_lost ? why : p->view->lost_text;
		/* Only keys that work: a game whose time ran out cannot be undone, nor does n go
		 * past a level kept locked until this one is won. */
		const struct key_item items[] = {
		        {TC_ACT_NEW, next_locked(p, NULL, 0) ? NULL
		                     : next_level            ? "next level"
		                                             : "new game"},
		        {TC_ACT_RESTART, "restart"},
		        {TC_ACT_UNDO, tc_session_can_undo(p->s) ? "undo" : NULL},
		        {TC_ACT_BACK, back_to(p)},
		};
		keys = keys_line(keys_buf, sizeof keys_buf, items, sizeof items / sizeof items[0]);
	} else if (p->view->campaign_won &&
	           p->view->campaign_won(p->s, p->campaign_open, title, sizeof title, campaign,
	                                 sizeof campaign, &keys)) {
		lines[n++] = title;
		if (*campaign)
			lines[n++] = campaign;
	} else {
		lines[n++] = "You won!";
	}
	if (p->watching || p->racing)
		keys = keys_line(keys_buf, sizeof keys_buf, &(struct key_item){TC_ACT_BACK, "back"},
		                 1);
	if (!keys) {
		const struct tc_view *v = p->view;
		const struct key_item items[] = {
		        {TC_ACT_SELECT, v->keep_going ? "keep going" : NULL},
		        {TC_ACT_NONE,
		         v->keep_going && v->keep_going_key ? v->keep_going_key_text : NULL},
		        {TC_ACT_NEW, next_level ? "next level" : "new game"},
		        {TC_ACT_UNDO, "undo"},
		        {TC_ACT_BACK, back_to(p)},
		};
		keys = keys_line(keys_buf, sizeof keys_buf, items, sizeof items / sizeof items[0]);
	}
	lines[n++] = score;
	lines[n++] = keys;
	if (!tc_overlay_fits(area, lines, n)) { /* the status line shows the score and time too */
		lines[n - 2] = keys;
		n--;
	}
	struct tc_tiles tiles;
	bool on_tiles = p->view->board_tiles && p->view->board_tiles(p->vs, &tiles);
	tc_overlay_box_over(area, on_tiles ? &tiles : NULL, lines, n, role);
}

/* A game the race ended where it stood (its time limit): why, over the board. */
static void draw_race_over(struct tc_play *p, struct tc_rect area)
{
	struct tc_rect inside;
	if (p->view->board_inside && p->view->board_inside(p->vs, &inside))
		area = inside;
	char keys[32];
	const char *lines[] = {p->race_over, keys_line(keys, sizeof keys,
	                                               &(struct key_item){TC_ACT_BACK, "back"}, 1)};
	struct tc_tiles tiles;
	bool on_tiles = p->view->board_tiles && p->view->board_tiles(p->vs, &tiles);
	tc_overlay_box_over(area, on_tiles ? &tiles : NULL, lines, 2, TC_ROLE_OVERLAY);
}

/* The session's clock runs only while the player can see the board and play: not while
 * paused, suspended, too small to show the board, or while the help or a question covers the
 * game (as N's clock does). */
static void hold_clock(struct tc_play *p)
{
	if (p->watching) /* the player's clock: the stream says when it stops */
		return;
	bool hold = p->paused || p->suspended || p->help_open || p->asking != ASK_NOTHING ||
	            too_small(p) || (*p->race_over && tc_session_status(p->s) == TC_PLAYING);
	if (hold && !tc_session_paused(p->s))
		tc_session_pause(p->s);
	else if (!hold && tc_session_paused(p->s))
		tc_session_resume(p->s);
}

/* The game's keys (own) with, under its hint key, the most hints a ranked game may have: the
 * rule is the session's, so it is said here once for every game that has one; len lines at
 * most. */
static const struct tc_help_line *with_hint_rule(struct tc_play *p, const struct tc_help_line *own,
                                                 struct tc_help_line *buf, size_t len)
{
	unsigned limit = tc_session_game(p->s)->ranked_hints;
	if (!limit || !own)
		return own;
	snprintf(p->hint_rule, sizeof p->hint_rule, "more than %u hints: not ranked", limit);
	size_t n = 0;
	for (; own->keys && n + 2 < len; own++) {
		buf[n++] = *own;
		if (!strcmp(own->keys, "{hint}"))
			buf[n++] = (struct tc_help_line){"", p->hint_rule};
	}
	buf[n] = (struct tc_help_line){NULL, NULL};
	return buf;
}

/* The game's keys (own) where n goes on to the next level (a pack, a campaign): the shared
 * help's "new game" would be wrong there; len lines at most. */
static const struct tc_help_line *next_level_help(const struct tc_view *v,
                                                  const struct tc_help_line *own,
                                                  struct tc_help_line *buf, size_t len)
{
	size_t n = 0;
	for (; own && own->keys && n + 2 < len; own++) {
		if (!strcmp(own->keys, "{new}"))
			return own - n; /* the game tells of it itself */
		buf[n++] = *own;
	}
	/* Levels played in order: n goes on only once this one is won (next_locked). */
	buf[n++] = (struct tc_help_line){
	        "{new}", v->opens_after_previous ? "the next level (it opens once this one is won)"
	                                         : "the next level"};
	buf[n] = (struct tc_help_line){NULL, NULL};
	return buf;
}

/* A race's help: first that the game's help keys and n do nothing in it (they are refused
 * there), and that q leaves it, then the game's keys (len lines at most, with the end's). */
static const struct tc_help_line *race_help(const struct tc_help_line *own,
                                            struct tc_help_line *buf, size_t len)
{
	size_t n = 0;
	buf[n++] = (struct tc_help_line){"In a race: no help, no new game", ""};
	buf[n++] = (struct tc_help_line){"{back}", "leave the race (asks first)"};
	for (; own && own->keys && n + 1 < len; own++)
		buf[n++] = *own;
	buf[n] = (struct tc_help_line){NULL, NULL};
	return buf;
}

/* A daily's help: the game's keys, and that q goes back to the Daily list (len lines at most,
 * with the end's). */
static const struct tc_help_line *daily_help(const struct tc_help_line *own,
                                             struct tc_help_line *buf, size_t len)
{
	size_t n = 0;
	for (; own && own->keys && n + 2 < len; own++)
		buf[n++] = *own;
	buf[n++] = (struct tc_help_line){"{back}", "back to the Daily list"};
	buf[n] = (struct tc_help_line){NULL, NULL};
	return buf;
}

/* A question asked (q) on a window too small for the game: under the size needed, broken
 * between words; on a window of a line or two, over it. */
static void draw_question_small(const char *question)
{
	int y = LINES / 2 + 1 < LINES ? LINES / 2 + 1 : 0;
	for (const char *rest = question; *rest && y < LINES; y++) {
		size_t len = tc_text_line(rest, COLS);
		char line[128];
		snprintf(line, sizeof line, "%.*s", (int)len, rest);
		int x = (COLS - tc_text_width(line)) / 2;
		tc_fill_rect((struct tc_rect){0, y, COLS, 1}, 0);
		tc_draw_text(x < 0 ? 0 : x, y, COLS, tc_theme_attr(TC_ROLE_BAD), line);
		for (rest += len; *rest == ' '; rest++)
			;
	}
}

void tc_play_draw(struct tc_play *p, uint64_t now)
{
	int need_w, need_h;
	needed_size(p, &need_w, &need_h);
	hold_clock(p); /* the window may have shrunk or grown since the last key */
	if (COLS < need_w || LINES < need_h) {
		tc_draw_too_small(need_w, need_h);
		if (p->asking != ASK_NOTHING)
			draw_question_small(question_text(p, p->asking));
		return;
	}
	/* A game acts on its own (a timer, autoplay) only while it can be seen. */
	if (p->view->tick && !tc_session_paused(p->s) && !p->watching)
		p->view->tick(p->vs, p->s, now);
	erase();
	const char *message = question_text(p, p->asking);
	char detail[2][96];
	if (p->view->describe) {
		p->view->describe(p->vs, p->s, false, detail[0], sizeof detail[0]);
		p->view->describe(p->vs, p->s, true, detail[1], sizeof detail[1]);
	}
	bool own = p->view->describe != NULL;
	if (!message)
		message = p->message;
	if (!message && p->view->message)
		message = p->view->message(p->vs);
	bool moves = !p->view->counts_moves || !p->view->counts_moves(p->s);
	bool time = !p->view->keeps_time || !p->view->keeps_time(p->s);
	char audience[32], who[192], watch_keys[48];
	/* In a race q leaves it (asking first), or goes back once the race is over for this
	 * racer; not to the menu. A daily's q goes to the Daily list. */
	const char *back = p->racing                ? *p->race_over ? "back" : "leave"
	                   : tc_session_daily(p->s) ? "daily"
	                                            : NULL;
	struct tc_status_extra extra = {NULL, NULL, NULL, p->replay_line != NULL,
	                                *p->race_over != '\0', back};
	if (p->watchers > 0 && !p->watching) {
		snprintf(audience, sizeof audience, "%u watching", p->watchers);
		extra.audience = audience;
	}
	if (p->watching) {
		if (p->replay_line)
			snprintf(who, sizeof who, "%s", p->replay_line);
		else if (p->note[0]) /* what became of the player ("ann left"): no count of watchers */
			snprintf(who, sizeof who, "%s", p->note);
		else
			snprintf(who, sizeof who, "watching %s, %u watching", p->player, p->watchers);
		extra.who = who;
		snprintf(watch_keys, sizeof watch_keys, "%s help   %s back",
		         tc_keymap_key_text(TC_ACT_HELP), tc_keymap_key_text(TC_ACT_BACK));
		extra.keys = watch_keys;
	}
	tc_status_draw(p->s, p->title, own ? detail[0] : NULL, own ? detail[1] : NULL, moves, time,
	               message, &extra);
	struct tc_rect area = {0, 1, COLS, LINES - 2}, board, pane;
	const struct tc_race_standing *race =
	        p->race_standing ? p->race_standing(p->race_ctx, now) : NULL;
	bool ticker = false, racing = race && place_race(p, area, &board, &pane, &ticker);
	if (!racing)
		board = area;
	if (p->help_open) {
		/* The clock is held under the help, so the board is hidden as in a pause; nor does
		 * a piece of the board or the solution pane show around the help's box. It stays
		 * between the status lines, which show whole, not cut at its edges. */
		char title[64];
		snprintf(title, sizeof title, "%s: keys", p->title);
		/* A watcher's keys are only these: the game's would change nothing. */
		static const struct tc_help_line watch_help[] = {
		        {"{back}", "stop watching"},
		        {"{help}", "this help"},
		        {"Ctrl-L", "redraw the screen"},
		        {NULL, NULL},
		};
		if (p->replay_help)
			snprintf(title, sizeof title, "%s", p->replay_help_title);
		else if (p->watching)
			snprintf(title, sizeof title, "Watching %s: keys", p->player);
		struct tc_help_line buf[48], keys_buf[48];
		size_t buf_len = sizeof buf / sizeof buf[0];
		const struct tc_help_line *game_keys =
		        with_hint_rule(p, p->view->help, keys_buf, buf_len);
		const struct tc_help_line *keys_help =
		        p->replay_help           ? p->replay_help
		        : p->watching            ? watch_help
		        : p->racing              ? race_help(p->view->help, buf, buf_len)
		        : tc_session_daily(p->s) ? daily_help(game_keys, buf, buf_len)
		        : moves_on(p->s)         ? next_level_help(p->view, game_keys, buf, buf_len)
		                                 : game_keys;
		p->help_pages = tc_help_draw_page(area, title, keys_help, !p->watching, p->help_page);
	} else if (p->paused || p->asking != ASK_NOTHING) {
		/* The board stays hidden while the clock is held, so that neither a pause nor a
		 * question left open can be used to think for free; the race goes on beside it. */
		if (racing)
			tc_race_pane_draw(ticker ? pane : level_with_board(p, pane, race), ticker,
			                  race, now);
		char keys[96];
		const struct key_item items[] = {{TC_ACT_PAUSE, "resume"},
		                                 {TC_ACT_BACK, p->racing ? "leave" : back_to(p)}};
		const char *lines[] = {"Paused", keys_line(keys, sizeof keys, items, 2)};
		if (p->asking != ASK_NOTHING)
			tc_overlay_box(&message, 1, TC_ROLE_OVERLAY);
		else
			tc_overlay_box(lines, 2, TC_ROLE_OVERLAY);
	} else {
		p->view->draw(p->vs, p->s, board, now);
		if (racing)
			tc_race_pane_draw(ticker ? pane : level_with_board(p, pane, race), ticker,
			                  race, now);
		enum tc_status status = tc_session_status(p->s);
		if (status != TC_PLAYING && p->view->next_frame(p->vs, now) < 0)
			draw_result(p, status, board);
		else if (status == TC_PLAYING && *p->race_over)
			draw_race_over(p, board);
	}
}

int tc_play_next_frame(struct tc_play *p, uint64_t now)
{
	if (too_small(p))
		return -1; /* nothing moves until the window grows (a resize wakes the loop) */
	int frame = p->view->next_frame(p->vs, now);
	if (!tc_session_paused(p->s) && tc_session_status(p->s) == TC_PLAYING) {
		/* Wake when the clock's seconds digit changes, not before. */
		int tick = (int)(1000 - tc_session_elapsed_ms(p->s) % 1000);
		frame = frame >= 0 && frame < tick ? frame : tick;
	}
	int race = p->race_next ? p->race_next(p->race_ctx, now) : -1;
	return race >= 0 && (frame < 0 || race < frame) ? race : frame;
}

void tc_play_suspend(struct tc_play *p)
{
	p->suspended = true;
	hold_clock(p);
}

void tc_play_resume(struct tc_play *p)
{
	p->suspended = false;
	hold_clock(p);
}

void tc_play_campaign(struct tc_play *p, int open)
{
	p->campaign_open = open;
}

void tc_play_racing(struct tc_play *p, bool racing, const char *over)
{
	p->racing = racing;
	snprintf(p->race_over, sizeof p->race_over, "%s", over ? over : "");
	if (over) { /* nothing left to ask nor to resume: the race is over for this racer */
		p->asking = ASK_NOTHING;
		p->paused = false;
	}
	hold_clock(p);
}

void tc_play_tell(struct tc_play *p, const char *text)
{
	snprintf(p->told, sizeof p->told, "%s", text);
	p->message = p->told;
}

/* Whether the status bar shows a finished game's result, which stays while the game is over. */
static bool showing_result(const struct tc_play *p)
{
	return p->message == p->told && tc_session_status(p->s) != TC_PLAYING;
}

/* A lost game has nothing left to lose, nor a won one unless it may be played on. */
static bool would_lose_progress(const struct tc_play *p)
{
	if (p->racing) /* leaving the race for good */
		return !*p->race_over;
	enum tc_status status = tc_session_status(p->s);
	return tc_session_in_progress(p->s) &&
	       (status == TC_PLAYING || (status == TC_WON && p->view->keep_going));
}

/* Runs what a question asked for, once the player said yes. */
static enum tc_play_result carry_out(struct tc_play *p, enum question q)
{
	switch (q) {
	case ASK_RESTART:
		tc_session_restart(p->s);
		p->paused = false; /* the session's restart ends a pause */
		break;
	case ASK_NEW:
		tc_session_new_game(p->s, tc_fresh_seed());
		p->paused = false;
		break;
	case ASK_LEAVE:
		return TC_PLAY_LEAVE;
	case ASK_SOLUTION: /* answered in handle_event, which has the key for the view */
	case ASK_COMPUTER:
	case ASK_NOTHING:
		break;
	}
	p->view->reset(p->vs);
	return TC_PLAY_STAY;
}

/* Asks first when the action would throw away a game in progress. */
static enum tc_play_result ask_or_do(struct tc_play *p, enum question q)
{
	bool skips = q == ASK_NEW && p->view->asks_to_skip && moves_on(p->s) &&
	             tc_session_status(p->s) == TC_PLAYING;
	if (would_lose_progress(p) || skips) {
		p->asking = q;
		return TC_PLAY_STAY;
	}
	return carry_out(p, q);
}

static enum tc_play_result shared_action(struct tc_play *p, enum tc_action action)
{
	switch (action) {
	case TC_ACT_UNDO:
		if (!tc_session_undo(p->s))
			p->message = "Nothing to undo";
		p->view->reset(p->vs);
		return TC_PLAY_STAY;
	case TC_ACT_REDO:
		if (!tc_session_redo(p->s))
			p->message = "Nothing to redo";
		p->view->reset(p->vs);
		return TC_PLAY_STAY;
	case TC_ACT_RESTART:
		return ask_or_do(p, ASK_RESTART);
	case TC_ACT_NEW:
		if (p->racing) {
			p->message = "A race is one game: no new game";
			return TC_PLAY_STAY;
		}
		if (next_locked(p, p->refused, sizeof p->refused)) {
			p->message = p->refused;
			return TC_PLAY_STAY;
		}
		return ask_or_do(p, ASK_NEW);
	case TC_ACT_BACK:
		return ask_or_do(p, ASK_LEAVE);
	case TC_ACT_HELP:
		p->help_open = true;
		p->help_page = 0;
		return TC_PLAY_STAY;
	case TC_ACT_PAUSE:
		if (tc_session_status(p->s) == TC_PLAYING)
			p->paused = true;
		return TC_PLAY_STAY;
	default:
		return TC_PLAY_STAY;
	}
}

static bool is_shared(enum tc_action action)
{
	switch (action) {
	case TC_ACT_UNDO:
	case TC_ACT_REDO:
	case TC_ACT_RESTART:
	case TC_ACT_NEW:
	case TC_ACT_BACK:
	case TC_ACT_HELP:
	case TC_ACT_PAUSE:
		return true;
	default:
		return false;
	}
}

/* Whether the key has the computer help: a hint, the solution, or one of the view's own (2048's
 * autoplay). */
static bool asks_for_help(const struct tc_play *p, enum tc_action action, const struct tc_event *ev)
{
	if (action == TC_ACT_HINT || action == TC_ACT_SOLUTION)
		return true;
	return action == TC_ACT_NONE && ev->type == TC_EV_KEY && ev->key > 0 && ev->key < 128 &&
	       p->view->assist_keys && strchr(p->view->assist_keys, ev->key);
}

/* Whether the key starts the computer player in a game that is still the player's own: asked
 * first, unless the player just said yes. */
static bool starts_computer_player(const struct tc_play *p, enum tc_action action,
                                   const struct tc_event *ev)
{
	return action == TC_ACT_NONE && ev->type == TC_EV_KEY && p->view->computer_player_key &&
	       ev->key == p->view->computer_player_key && !tc_session_assisted(p->s) &&
	       !p->computer_agreed;
}

/* What a key does in a pause: "Paused: p resumes", with the key in force. */
static const char *paused_text(char *buf, size_t len)
{
	snprintf(buf, len, "Paused: %s resumes", tc_keymap_key_text(TC_ACT_PAUSE));
	return buf;
}

static enum tc_play_result handle_event(struct tc_play *p, const struct tc_event *ev, uint64_t now)
{
	if (p->view->input && (ev->type == TC_EV_KEY || ev->mouse == TC_MOUSE_PRESS))
		p->view->input(p->vs, ev);
	bool small = too_small(p);
	enum tc_action action = tc_event_action(ev, p->view->wasd_moves);

	if (p->help_open) {
		if (ev->type == TC_EV_KEY || ev->mouse == TC_MOUSE_PRESS)
			p->help_open = ++p->help_page < p->help_pages; /* next page, or closed */
		return TC_PLAY_STAY;
	}
	if (p->asking != ASK_NOTHING) {
		if (ev->type != TC_EV_KEY)
			return TC_PLAY_STAY;
		enum question q = p->asking;
		p->asking = ASK_NOTHING;
		hold_clock(p); /* answered: the clock runs again, and the session takes moves */
		if (ev->key != 'y' && ev->key != 'Y')
			return TC_PLAY_STAY;
		if (q == ASK_SOLUTION) { /* marked before the view shows a move of it */
			tc_session_mark_assisted(p->s, TC_ASSIST_REVEAL);
			p->view->action(p->vs, p->s, TC_ACT_SOLUTION, ev, now);
			return TC_PLAY_STAY;
		}
		if (q == ASK_COMPUTER) { /* the key that asked, as if not asked */
			struct tc_event key = p->asked_key;
			p->computer_agreed = true;
			enum tc_play_result r = handle_event(p, &key, now);
			p->computer_agreed = false;
			return r;
		}
		return carry_out(p, q);
	}
	if (small)
		return action == TC_ACT_BACK ? ask_or_do(p, ASK_LEAVE) : TC_PLAY_STAY;
	if (*p->race_over) /* only the help and back: the race has this game's end */
		return action == TC_ACT_BACK || action == TC_ACT_HELP ? shared_action(p, action)
		                                                      : TC_PLAY_STAY;
	if (p->paused) {
		if (action == TC_ACT_PAUSE || action == TC_ACT_SELECT)
			p->paused = false;
		else if (action == TC_ACT_BACK || action == TC_ACT_HELP)
			return shared_action(p, action);
		else if (ev->type == TC_EV_KEY)
			p->message = paused_text(p->refused, sizeof p->refused);
		return TC_PLAY_STAY;
	}
	if (ev->type == TC_EV_KEY && ev->key == TC_KEY_ESCAPE && p->view->cancel &&
	    p->view->cancel(p->vs))
		return TC_PLAY_STAY;
	if (is_shared(action))
		return shared_action(p, action);
	if (p->racing && asks_for_help(p, action, ev)) { /* a race is played without help */
		p->message = "No help in a race";
		return TC_PLAY_STAY;
	}
	enum tc_status status = tc_session_status(p->s);
	bool own_key = ev->type == TC_EV_KEY && p->view->keep_going_key &&
	               ev->key == p->view->keep_going_key;
	if (starts_computer_player(p, action, ev) &&
	    (status == TC_PLAYING || (status == TC_WON && own_key && p->view->keep_going))) {
		p->asking = ASK_COMPUTER; /* a WASD player's a must not unrank the game at once */
		p->asked_key = *ev;
		return TC_PLAY_STAY;
	}
	if (status == TC_WON && (action == TC_ACT_SELECT || own_key) && p->view->keep_going) {
		tc_session_keep_going(p->s);
		if (own_key)
			p->view->action(p->vs, p->s, action, ev, now);
		return TC_PLAY_STAY;
	}
	if (status != TC_PLAYING)
		return TC_PLAY_STAY;
	if (action == TC_ACT_SOLUTION && p->view->solution_unranks &&
	    (!tc_session_assisted(p->s) || p->view->solution_ends_game)) {
		p->asking = ASK_SOLUTION; /* once: a yes marks the game, and a marked one is not asked
		                             unless the solution would end it */
		return TC_PLAY_STAY;
	}
	if (ev->type == TC_EV_MOUSE)
		p->view->mouse(p->vs, p->s, ev, now);
	else
		p->view->action(p->vs, p->s, action, ev, now);
	return TC_PLAY_STAY;
}

/* A watcher's keys: the help, and back; nothing changes the game. */
static enum tc_play_result watch_event(struct tc_play *p, const struct tc_event *ev)
{
	bool press = ev->type == TC_EV_KEY || ev->mouse == TC_MOUSE_PRESS;
	if (p->help_open) {
		if (press)
			p->help_open = ++p->help_page < p->help_pages;
		return TC_PLAY_STAY;
	}
	enum tc_action action = tc_event_action(ev, p->view->wasd_moves);
	if (action == TC_ACT_BACK)
		return TC_PLAY_LEAVE;
	if (action == TC_ACT_HELP) {
		p->help_open = true;
		p->help_page = 0;
	} else if (press) {
		p->message = "read-only"; /* whose, the line says first */
	}
	return TC_PLAY_STAY;
}

/* A left click on a key's hint in a question, a result box or the pause's box: that key. */
static bool clicked_key(const struct tc_play *p, const struct tc_event *ev, struct tc_event *key)
{
	if (ev->type != TC_EV_MOUSE || ev->mouse != TC_MOUSE_PRESS || ev->button != 1 ||
	    p->help_open)
		return false;
	if (p->asking == ASK_NOTHING && !p->paused && !*p->race_over &&
	    tc_session_status(p->s) == TC_PLAYING)
		return false;
	int k = tc_click_key(ev->row, ev->col);
	if (k < 0)
		return false;
	*key = (struct tc_event){.type = TC_EV_KEY, .key = k};
	return true;
}

enum tc_play_result tc_play_event(struct tc_play *p, const struct tc_event *ev, uint64_t now)
{
	if (ev->type != TC_EV_KEY && ev->type != TC_EV_MOUSE)
		return TC_PLAY_STAY;
	struct tc_event key;
	if (clicked_key(p, ev, &key))
		ev = &key;
	if (p->watching) {
		if (ev->type == TC_EV_KEY)
			p->message = NULL;
		return watch_event(p, ev);
	}
	if (ev->type == TC_EV_KEY && !showing_result(p))
		p->message = NULL;
	enum tc_play_result r = handle_event(p, ev, now);
	hold_clock(p);
	if (p->message == p->told && !showing_result(p))
		p->message =
		        NULL; /* the game goes on (undo, restart, keep going): the result is old */
	return r;
}
