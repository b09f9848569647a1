/* Watching: the socket is one more thing the terminal's wait sleeps on; each event that comes
 * is followed by the watcher's own session, and the play screen draws it (N's runs: N's own
 * screen follows them). */
#define _GNU_SOURCE
#include "watch.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "keymap.h"
#include "ninja_play.h"
#include "overlay.h"
#include "term.h"
#include "tilecade/ninja_stream.h"
#include "tilecade/store.h"

/* What could not be followed: a stream that is not what it claims. It is followed no further. */
static void cannot_follow(struct tc_watch *w, const char *why)
{
	char clean[80];
	tc_sanitize(why, clean, sizeof clean);
	snprintf(w->note, sizeof w->note, "%s's game cannot be followed: %s", w->player, clean);
	tc_live_watch_close(&w->conn);
}

/* N's runs are no session's: N's own play screen follows them (ninja_play.h). */
static int follow_run(struct tc_watch *w, const struct tc_live_event *ev, char *err,
                      size_t errlen)
{
	if (w->ninja)
		return tc_ninja_play_follow(w->ninja, ev, err, errlen);
	w->ninja = tc_ninja_play_watch(w->player, ev, err, errlen);
	if (w->ninja && w->back[0]) { /* as keep_play tells a session game's watcher */
		tc_ninja_play_tell(w->ninja, w->back);
		w->back[0] = '\0';
	}
	return w->ninja ? 0 : -1;
}

static bool starts_run(const struct tc_live_event *ev)
{
	return ev->kind == TC_LIVE_START && nj_stream_is_run(ev->text, ev->text_len);
}

static void on_event(void *ctx, const struct tc_live_event *ev)
{
	struct tc_watch *w = ctx;
	if (w->note[0])
		return;
	if (!w->player[0]) /* events come after the hello */
		tc_sanitize(w->conn.hello.player, w->player, sizeof w->player);
	char err[160];
	int rc = w->ninja || starts_run(ev) ? follow_run(w, ev, err, sizeof err)
	                                    : tc_live_follow(&w->follow, ev, err, sizeof err);
	if (rc != 0) {
		cannot_follow(w, err);
		return;
	}
	/* The best the player's screen shows: their best on the board, carried in. */
	if (ev->kind == TC_LIVE_START && w->follow.session)
		tc_session_carry_best_score(w->follow.session, w->conn.hello.best);
	if (ev->kind != TC_LIVE_MOVE && ev->kind != TC_LIVE_WATCHERS)
		w->changed = true;
}

/* What became of the player, in one set of words: gone without a word, left to continue
 * later, or finished (won, lost, ended, or left with nothing played). No count of watchers follows:
 * the player is not there to be watched. */
static void end_note(const char *player, enum tc_live_end end, const struct tc_session *s,
                     char *buf, size_t len)
{
	enum tc_status status = s ? tc_session_status(s) : TC_PLAYING;
	if (end == TC_LIVE_END_DROPPED)
		snprintf(buf, len, "%s's connection dropped", player);
	else if (end == TC_LIVE_END_LEFT)
		snprintf(buf, len, "%s left, to continue later", player);
	else if (status == TC_WON)
		snprintf(buf, len, "%s won", player);
	else if (status == TC_LOST && tc_session_can_win(s))
		snprintf(buf, len, "%s lost", player);
	else if (status == TC_LOST) /* a game that cannot be won only ends */
		snprintf(buf, len, "%s's game ended", player);
	else /* nothing played, nothing kept */
		snprintf(buf, len, "%s left", player);
}

static void read_folder_news(struct tc_watch *w);

/* The game's end as the watcher is told it. A connection closed without the stream's end is a
 * player gone without a word: N's screen is told so as an end of its own. */
static void say_end(struct tc_watch *w)
{
	if (w->note[0])
		return;
	if (!w->player[0])
		tc_sanitize(w->conn.hello.player, w->player, sizeof w->player);
	bool ended = w->ninja ? w->conn.ended : w->follow.ended;
	bool silent = !ended || (!w->ninja && w->follow.end == TC_LIVE_END_DROPPED);
	if (!w->conn.has_hello && w->conn.state == TC_LIVE_WATCH_DROPPED)
		/* Closed before a word: the player's program takes no more (tilecade/live_net.h). */
		snprintf(w->note, sizeof w->note,
		         "The game takes no more watchers now: try again later");
	else if (w->conn.state == TC_LIVE_WATCH_BROKEN)
		snprintf(w->note, sizeof w->note, "%s's game cannot be followed: a broken stream",
		         w->player);
	else if (!w->ninja) /* N's screen says it its own way */
		end_note(w->player, silent ? TC_LIVE_END_DROPPED : w->follow.end, w->follow.session,
		         w->note, sizeof w->note);
	if (w->ninja && !ended) {
		struct tc_live_event dropped = {.kind = TC_LIVE_END, .value = TC_LIVE_END_DROPPED};
		char err[160];
		tc_ninja_play_follow(w->ninja, &dropped, err, sizeof err);
	}
	/* A game of the player's that started while this one ran is not their coming back. */
	read_folder_news(w);
	w->ended[0] = '\0';
	if (w->next.fd >= 0 && w->ninja)
		snprintf(w->ended, sizeof w->ended, "%s's run ended", w->player);
	else if (w->next.fd >= 0) /* left for later or for good, the same now */
		end_note(w->player,
		         silent                               ? TC_LIVE_END_DROPPED
		         : w->follow.end == TC_LIVE_END_LEFT ? TC_LIVE_END_FINISHED
		                                              : w->follow.end,
		         w->follow.session, w->ended, sizeof w->ended);
}

/* ---- the player coming back: a new game of theirs in the live folder ---- */

/* Follows the game on socket name (of this game ID) from its start, as a watcher who has just
 * come. */
static void follow_again(struct tc_watch *w, const char *name, const char *game_id)
{
	struct tc_live_watch conn;
	if (tc_live_watch_open(&conn, w->dir, name, 'W') != 0)
		return; /* gone already: the next one may be it */
	tc_live_watch_close(&w->conn);
	w->conn = conn;
	tc_live_follow_free(&w->follow);
	tc_live_follow_init(&w->follow);
	tc_play_free(w->play);
	w->play = NULL;
	tc_ninja_play_free(w->ninja);
	w->ninja = NULL;
	w->shown_games = 0;
	if (w->ended[0]) { /* what became of the game watched, then which one is followed */
		char id_game[24], game[24];
		snprintf(id_game, sizeof id_game, "%.*s", (int)strcspn(game_id, ":"), game_id);
		tc_sanitize(id_game, game, sizeof game);
		snprintf(w->back, sizeof w->back, "%s; watching their %s", w->ended, game);
	} else {
		snprintf(w->back, sizeof w->back, "%s is back", w->player);
	}
	w->ended[0] = '\0';
	w->note[0] = '\0';
}

/* What the place's news says: a game just started is asked who plays it (one at a time; a
 * player is back with one game). */
static void read_folder_news(struct tc_watch *w)
{
	char name[64];
	while (tc_live_news_next(&w->news, name, sizeof name)) {
		if (!tc_live_socket_name(name) || w->next.fd >= 0 ||
		    tc_live_watch_open(&w->next, w->dir, name, 'L') != 0)
			continue;
		snprintf(w->next_socket, sizeof w->next_socket, "%.31s", name); /* a socket name: < 16 */
	}
}

/* The hello of the game just started: the player's, and still played, is followed. */
static void hear_next(struct tc_watch *w)
{
	bool open = tc_live_watch_pump(&w->next, NULL, NULL);
	if (open && !w->next.has_hello)
		return;
	bool same = w->next.has_hello && !w->next.hello.over &&
	            strcmp(w->next.hello.player, w->conn.hello.player) == 0;
	char game_id[sizeof w->next.hello.game_id];
	snprintf(game_id, sizeof game_id, "%s", w->next.hello.game_id);
	tc_live_watch_close(&w->next);
	if (same)
		follow_again(w, w->next_socket, game_id);
	w->ended[0] = '\0'; /* the games that start from now on come after the end */
}

static bool player_gone(const struct tc_watch *w)
{
	return w->conn.fd < 0 && w->conn.has_hello;
}

static int source_fds(void *ctx, struct pollfd *fds, int max)
{
	struct tc_watch *w = ctx;
	int k = 0;
	if (w->conn.fd >= 0 && k < max)
		fds[k++] = (struct pollfd){w->conn.fd, POLLIN, 0};
	if (player_gone(w) && w->news.fd >= 0 && k < max)
		fds[k++] = (struct pollfd){w->news.fd, POLLIN, 0};
	if (w->next.fd >= 0 && k < max)
		fds[k++] = (struct pollfd){w->next.fd, POLLIN, 0};
	return k;
}

static bool source_ready(void *ctx, const struct pollfd *fds, int n)
{
	struct tc_watch *w = ctx;
	for (int i = 0; i < n; i++) {
		if (!fds[i].revents)
			continue;
		if (fds[i].fd == w->conn.fd) {
			if (!tc_live_watch_pump(&w->conn, on_event, w))
				say_end(w);
		} else if (fds[i].fd == w->news.fd) {
			read_folder_news(w);
		} else if (fds[i].fd == w->next.fd) {
			hear_next(w);
		}
	}
	return true;
}

int tc_watch_open(struct tc_watch *w, const char *dir, const char *socket, bool animations,
                  char *err, size_t errlen)
{
	memset(w, 0, sizeof *w);
	tc_live_follow_init(&w->follow);
	w->animations = animations;
	w->next.fd = -1;
	snprintf(w->dir, sizeof w->dir, "%s", dir);
	/* Told of games that start from now on, to follow the player's when they come back. */
	tc_live_news_open(&w->news, dir, false);
	if (tc_live_watch_open(&w->conn, dir, socket, 'W') != 0) {
		snprintf(err, errlen, "cannot watch that game: %s",
		         errno == ECONNREFUSED || errno == ENOENT ? "it is over"
		         : errno == EAGAIN                        ? "the database does not answer"
		                                                  : strerror(errno));
		tc_live_news_close(&w->news);
		return -1;
	}
	const struct tc_term_source src = {source_fds, source_ready, w};
	tc_term_add_source(&src);
	return 0;
}

void tc_watch_close(struct tc_watch *w)
{
	tc_term_remove_source(w);
	tc_live_watch_close(&w->conn);
	tc_live_watch_close(&w->next);
	tc_live_news_close(&w->news);
	tc_play_free(w->play);
	w->play = NULL;
	tc_ninja_play_free(w->ninja);
	w->ninja = NULL;
	tc_live_follow_free(&w->follow);
}

/* The play screen for the follower's session: a new one when the stream went on to another
 * game (its session is then another). */
static void keep_play(struct tc_watch *w)
{
	struct tc_session *s = w->follow.session;
	if (w->follow.games == w->shown_games && (w->play || !s))
		return;
	tc_play_free(w->play);
	w->play = NULL;
	w->shown_games = w->follow.games;
	const struct tc_catalog_entry *e = s ? tc_catalog_find(tc_session_game(s)->name) : NULL;
	if (e && e->view)
		w->play = tc_play_new_watching(e->view, e->title, s, w->player, w->animations);
	if (w->play && w->back[0]) { /* until the next key, as any message */
		tc_play_tell(w->play, w->back);
		w->back[0] = '\0';
	}
}

void tc_watch_draw(struct tc_watch *w, uint64_t now)
{
	if (w->ninja) {
		tc_ninja_play_draw(w->ninja, now);
		return;
	}
	keep_play(w);
	if (!w->play) {
		erase();
		char back[32]; /* the back key in force, as [keys] bind */
		snprintf(back, sizeof back, "%s: back", tc_keymap_key_text(TC_ACT_BACK));
		const char *lines[] = {w->note[0] ? w->note : "Waiting for the game...", back};
		tc_overlay_box(lines, 2, TC_ROLE_OVERLAY);
		return;
	}
	/* Out of touch, nothing is known of the game: its clock stands, and the watcher is told. */
	char away[160] = "";
	if (!w->note[0] && tc_live_out_of_touch(w->dir)) {
		snprintf(away, sizeof away, "lost touch with %s's game: the database is away",
		         w->player);
		if ((int)strlen(away) > COLS - 2) /* a narrow terminal: the words that matter */
			snprintf(away, sizeof away, "%s: database away", w->player);
	}
	/* Between events the player's clock runs on as it did when the last one came. */
	else if (w->conn.state == TC_LIVE_WATCH_OPEN && !w->note[0])
		tc_live_follow_set_time(&w->follow, tc_live_watch_time(&w->conn, now));
	if (w->changed)
		tc_play_changed(w->play);
	w->changed = false;
	tc_play_watchers(w->play, w->follow.watchers);
	tc_play_show(w->play, w->follow.view);
	tc_play_watch_note(w->play, w->note[0] ? w->note : away);
	tc_play_draw(w->play, now);
}

int tc_watch_next_frame(struct tc_watch *w, uint64_t now)
{
	if (w->ninja)
		return tc_ninja_play_next_frame(w->ninja, now);
	if (!w->play || w->note[0])
		return -1;
	return tc_play_next_frame(w->play, now);
}

enum tc_play_result tc_watch_event(struct tc_watch *w, const struct tc_event *ev, uint64_t now)
{
	if (w->ninja)
		return tc_ninja_play_event(w->ninja, ev, now) == TC_NJ_STAY ? TC_PLAY_STAY
		                                                           : TC_PLAY_LEAVE;
	if (w->play)
		return tc_play_event(w->play, ev, now);
	if (ev->type == TC_EV_KEY && tc_event_action(ev, false) == TC_ACT_BACK)
		return TC_PLAY_LEAVE;
	return TC_PLAY_STAY;
}
