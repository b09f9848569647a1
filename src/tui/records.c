/* Saves and scores for the front end. */
#define _POSIX_C_SOURCE 200809L
#include "records.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "recorder.h"
#include "score_text.h"
#include "tilecade/gameid.h"

#define AUTOSAVE_MOVES 5

/* The login name: on a shared host, the name a player cannot choose for someone else. */
static void login_name(char *buf, size_t len)
{
	struct passwd *pw = getpwuid(getuid());
	const char *name = pw ? pw->pw_name : getenv("USER");
	snprintf(buf, len, "%s", name && *name ? name : "player");
}

/* Whether this process writes through group g: its effective group (the setgid one) or one of
 * the player's groups. */
static bool our_group(gid_t g)
{
	gid_t groups[256];
	int n = getgroups(256, groups);
	for (int i = 0; i < n; i++)
		if (groups[i] == g)
			return true;
	return g == getegid();
}

/* Every way a shared board is not used says so alike, and the scores go to the player's own
 * database, as when no board is set. */
static void say_shared_off(char *notice, size_t len, const char *why, const char *path)
{
	snprintf(notice, len, "shared scores off, %s; yours are kept in your own database: %s", why,
	         path);
}

/* Whether this process may make files in the folder of path: SQLite makes the board's -wal and
 * -shm files there as it writes. */
static bool folder_writable(const char *path, char *folder, size_t len)
{
	const char *slash = strrchr(path, '/');
	snprintf(folder, len, "%.*s", slash ? (int)(slash - path) : 1,
	         slash ? (slash == path ? "/" : path) : ".");
	return faccessat(AT_FDCWD, folder, W_OK | X_OK, AT_EACCESS) == 0;
}

/* Whether the shared board at path is one every player can write: a regular file (not a link)
 * that the admin made (owned by root, or by whoever runs this), writable by its group, which is
 * ours, in a folder the group may write. A board the first player created (0644, theirs) would
 * lock every other player out. */
static bool shared_board_usable(const char *path, char *notice, size_t len)
{
	struct stat st;
	char folder[PATH_MAX], folder_why[176];
	const char *why = NULL;
	if (lstat(path, &st) != 0)
		why = errno == ENOENT ? "no board there, the admin creates it (see the README)"
		                      : strerror(errno);
	else if (S_ISLNK(st.st_mode))
		why = "it is a symbolic link";
	else if (!S_ISREG(st.st_mode))
		why = "it is not a regular file";
	else if (st.st_uid != 0 && st.st_uid != geteuid())
		why = "it is owned by a player, not by root";
	else if (!our_group(st.st_gid) || !(st.st_mode & S_IWGRP))
		why = "it is not writable by the games group";
	else if (!folder_writable(path, folder, sizeof folder)) {
		snprintf(folder_why, sizeof folder_why,
		         "its folder %.100s is not writable by the games group (it needs g+w)",
		         folder);
		why = folder_why;
	}
	if (why)
		say_shared_off(notice, len, why, path);
	return why == NULL;
}

void tc_records_open_shared(struct tc_records *r, const char *shared_path)
{
	memset(r, 0, sizeof *r);
	if (!shared_path || !*shared_path ||
	    !shared_board_usable(shared_path, r->notice, sizeof r->notice))
		return;
	/* SQLite makes its -wal and -shm files beside the board as it writes: they must stay
	 * writable by the group too, or the next player could not write the board. SQLite gives
	 * them the board's own mode; the group's write is kept for the opening too, and only
	 * for it: the player's own files (saved levels, replays) keep the player's umask. */
	mode_t players = umask(0);
	umask(players & ~(mode_t)S_IWGRP);
	r->shared = tc_store_open_existing(shared_path, r->notice, sizeof r->notice);
	umask(players);
	if (!tc_store_ok(r->shared)) { /* not a database, a newer one, damaged */
		say_shared_off(r->notice, sizeof r->notice, tc_store_why_off(r->shared),
		               shared_path);
		tc_store_close(r->shared);
		r->shared = NULL;
	}
}

void tc_records_open_arcade(struct tc_records *r, struct tc_store *arcade, const char *saves_of)
{
	memset(r, 0, sizeof *r);
	r->shared = arcade;
	r->names_given = true;
	if (saves_of) {
		tc_store_set_owner(arcade, saves_of);
		r->store = arcade;
	}
}

void tc_records_open_own(struct tc_records *r, const char *db_path, const char *player)
{
	char notice[TC_STORE_NOTICE_MAX];
	bool opened = !r->store; /* else the arcade's, which keeps its players' saves */
	if (opened) {
		r->store = tc_store_open(db_path, notice, sizeof notice);
		if (*notice && !*r->notice) {
			snprintf(r->notice, sizeof r->notice, "%s", notice);
			r->notice_away = tc_store_away(r->store);
		}
	}
	/* On a host's shared board players are who they logged in as. */
	char name[32];
	if ((r->shared && !r->names_given) || !player || !*player)
		login_name(name, sizeof name);
	else
		snprintf(name, sizeof name, "%s", player);
	tc_sanitize(name, r->player, sizeof r->player);
	/* A PostgreSQL database is many players': each continues their own games. An SQLite file
	 * is one player's: its saves stay under "", as they always were. */
	if (opened && db_path && tc_store_is_url(db_path))
		tc_store_set_owner(r->store, r->player);
}

void tc_records_close(struct tc_records *r)
{
	tc_live_log_free(&r->log);
	free(r->restored);
	r->restored = NULL;
	if (r->store != r->shared)
		tc_store_close(r->store);
	tc_store_close(r->shared);
	r->store = r->shared = NULL;
}

struct tc_store *tc_records_scores(const struct tc_records *r)
{
	return r->shared ? r->shared : r->store;
}

void tc_records_board(const struct tc_session *s, struct tc_board_key *key)
{
	/* A game of a daily seed that was not started as the daily (an --id) is a seeded game
	 * like any other: it cannot choose its day's board. */
	uint64_t seed = tc_session_daily(s) ? tc_session_seed(s) : 0;
	tc_records_board_of(tc_session_game(s), tc_session_params(s), seed, key);
}

bool tc_records_best(struct tc_records *r, const struct tc_board_key *key, char *buf, size_t len,
                     bool *won)
{
	struct tc_score best;
	enum tc_rank_by by = tc_rank_of(key->game);
	if (tc_store_best_of(tc_records_scores(r), key, by, r->player, &best) != 0)
		return false;
	char result[32];
	tc_score_result(&best, by, result, sizeof result);
	snprintf(buf, len, "best %s%s", result, tc_score_lost(&best) ? " (lost)" : "");
	*won = !best.lost;
	return true;
}

int64_t tc_records_best_points(struct tc_records *r, const struct tc_session *s)
{
	struct tc_board_key key;
	struct tc_score best;
	tc_records_board(s, &key);
	return tc_store_best_of(tc_records_scores(r), &key, tc_rank_of(key.game), r->player,
	                        &best) == 0
	               ? best.points
	               : 0;
}

void tc_records_board_of(const struct tc_game *game, const void *params, uint64_t seed,
                         struct tc_board_key *key)
{
	memset(key, 0, sizeof *key);
	snprintf(key->game, sizeof key->game, "%s", game->name);
	if (tc_daily_date(seed, key->level, sizeof key->level)) {
		snprintf(key->mode, sizeof key->mode, "daily");
		return;
	}
	bool fixed = game->uses_seed && !game->uses_seed(params);
	snprintf(key->mode, sizeof key->mode, "%s", fixed ? "pack" : "random");
	game->format_params(params, key->level, sizeof key->level);
}

static void summary(const struct tc_session *s, char *buf, size_t len)
{
	char id[TC_GAMEID_MAX];
	tc_session_game_id(s, id, sizeof id);
	const struct tc_game *game = tc_session_game(s);
	unsigned moves = tc_session_moves(s);
	if (game->score)
		snprintf(buf, len, "%s, %u move%s, score %lld", id, moves, moves == 1 ? "" : "s",
		         (long long)tc_session_score(s));
	else
		snprintf(buf, len, "%s, %u move%s", id, moves, moves == 1 ? "" : "s");
}

static void save(struct tc_records *r, const struct tc_session *s)
{
	size_t len;
	void *blob = tc_session_save(s, &len);
	if (!blob)
		return;
	char text[160];
	summary(s, text, sizeof text);
	if (!r->saved) /* another game's save of this kind is left for good */
		tc_recorder_save_overwritten(r, tc_session_game(s)->name);
	/* Its stream goes with it, for its recording once continued (none when it has none). */
	bool stream = !r->unrecordable;
	int kept = tc_store_save_held(r->store, tc_session_game(s)->name, &r->hold, blob, len, text,
	                              stream ? r->log.bytes : NULL, stream ? r->log.len : 0);
	free(blob);
	if (kept == TC_STORE_LOST) {
		r->lost = true;
		return;
	}
	r->saved_at_moves = tc_session_moves(s);
	r->saved = true;
}

/* Why a game is on no board, e.g. "Not ranked: the solution was shown". No count of the
 * computer's moves: some may have been taken back, or undone and played again. */
static void say_unranked(struct tc_records *r, const struct tc_session *s)
{
	unsigned how = tc_session_assisted(s);
	if (how == TC_ASSIST_HINTS) {
		snprintf(r->told, sizeof r->told, "Not ranked: more than %u hints",
		         tc_session_game(s)->ranked_hints);
		return;
	}
	snprintf(r->told, sizeof r->told, "Not ranked: %s",
	         how & TC_ASSIST_REVEAL     ? "the solution was shown"
	         : how & TC_ASSIST_SOLUTION ? "the solution played moves in this game"
	                                    : "autoplay played in this game");
}

static void record(struct tc_records *r, const struct tc_session *s)
{
	r->recorded = true;
	r->told[0] = '\0';
	int64_t recording = tc_recorder_finished(r, s, NULL);
	if (tc_session_assisted(s)) { /* not the player's score: recorded, not ranked */
		say_unranked(r, s);
		return;
	}
	if (tc_session_daily(s) && tc_session_seed(s) != tc_daily_seed(tc_daily_now())) {
		snprintf(r->told, sizeof r->told, "Not ranked: a daily counts on its own day only");
		return;
	}
	const struct tc_game *game = tc_session_game(s);
	enum tc_rank_by by = tc_rank_of(game->name);
	struct tc_score score = {0};
	tc_records_board(s, &score.board);
	snprintf(score.player, sizeof score.player, "%s", r->player);
	score.points = tc_session_score(s);
	score.time_ms = (int64_t)tc_session_elapsed_ms(s);
	score.moves = tc_session_moves(s);
	score.date = (int64_t)time(NULL);
	score.lost = !tc_session_won(s);
	score.hints = tc_session_hints(s);
	tc_session_game_id(s, score.game_id, sizeof score.game_id);
	score.recording = recording;
	struct tc_store *st = tc_records_scores(r);
	int rank;
	if (r->kept.id == 0) {
		rank = tc_store_add_score(st, &score, by);
		score.id = rank > 0 ? tc_store_last_score_id(st) : 0;
	} else if (tc_score_better(&score, &r->kept, by)) {
		score.id = r->kept.id; /* the same game ended better: its row says so */
		rank = tc_store_replace_score(st, &score, by);
	} else {
		snprintf(r->told, sizeof r->told, "This game's better end stays on the scoreboard");
		return;
	}
	if (rank == 0) { /* waits on this machine, the database away: tc_records_waiting_news */
		score.id = tc_store_last_score_id(st);
		r->kept = score;
		return;
	}
	if (rank < 0)
		return; /* the store is off: the menu said so */
	r->kept = score;
	snprintf(r->told, sizeof r->told, "Rank %d on this scoreboard%s", rank,
	         tc_score_lost(&score) ? " (lost)" : "");
}

static void forget(struct tc_records *r, const struct tc_session *s)
{
	tc_store_delete_held(r->store, tc_session_game(s)->name, r->hold);
	r->hold = 0;
	r->saved = false;
}

/* Appends an event to the stream and passes it on. */
static void log_event(struct tc_records *r, const struct tc_live_event *ev)
{
	tc_live_log_add(&r->log, ev); /* out of memory: the recording misses it, play goes on */
	if (r->on_event)
		r->on_event(r->on_event_ctx, ev);
}

void tc_records_stream_start(struct tc_records *r, const char *text, size_t len)
{
	struct tc_live_event start = {.kind = TC_LIVE_START, .text = text, .text_len = len};
	tc_live_log_clear(&r->log);
	log_event(r, &start);
}

/* The stream starts again at this game's ID: another game begins. */
static void start_stream(struct tc_records *r, const struct tc_session *s)
{
	char id[TC_GAMEID_MAX];
	int n = tc_session_game_id(s, id, sizeof id);
	tc_records_stream_start(r, id, n > 0 && (size_t)n < sizeof id ? (size_t)n : 0);
}

static void heard(void *ctx, const struct tc_live_event *ev)
{
	struct tc_records *r = ctx;
	if (ev->kind == TC_LIVE_NEW_GAME) {
		/* The log is this game's alone: the next one's starts at its START. Watchers are
		 * told the new game as it came. The game left is recorded first, from its log. */
		tc_recorder_left_for_good(r);
		r->recording = 0;
		r->unrecordable = false; /* the new game's stream is whole */
		struct tc_live_event start = *ev;
		start.kind = TC_LIVE_START;
		tc_live_log_clear(&r->log);
		tc_live_log_add(&r->log, &start);
		if (r->on_event)
			r->on_event(r->on_event_ctx, ev);
		return;
	}
	log_event(r, ev);
}

void tc_records_stream_event(struct tc_records *r, const struct tc_live_event *ev)
{
	heard(r, ev);
}

void tc_records_tell(struct tc_records *r, const struct tc_session *s, struct tc_live_event *ev)
{
	uint64_t elapsed = tc_session_elapsed_ms(s);
	ev->at_ms = elapsed > UINT32_MAX ? UINT32_MAX : (uint32_t)elapsed;
	log_event(r, ev);
}

void tc_records_begin(struct tc_records *r, struct tc_session *s)
{
	tc_recorder_left_for_good(r);        /* a game begun over one whose stream goes on */
	memset(&r->kept, 0, sizeof r->kept); /* a continued game's, if any: tc_recorder_begin */
	if (!tc_recorder_begin(r, s, r->restored, r->restored_len))
		start_stream(r, s);
	r->restored = NULL;
	tc_session_listen(s, heard, r);
	r->saved_at_moves = tc_session_moves(s);
	r->saved = tc_session_in_progress(s); /* a continued game comes from its save */
	r->hold = r->hold_taken;              /* a new game's first save claims its slot */
	r->hold_taken = 0;
	r->lost = false;
	r->recorded = false;
	r->ended_here = false;
	r->told[0] = '\0';
}

/* A game's end: won or lost for games with points (a won 2048 ends here too; played on, it ends
 * again later); only a win for games against the clock, where a loss has no time to rank; and
 * any end of a game the computer helped in, which says why it is not ranked (a Sudoku whose
 * solution was revealed ends lost: it said nothing). */
static bool over(const struct tc_session *s)
{
	enum tc_status status = tc_session_status(s);
	if (status == TC_PLAYING)
		return false;
	return tc_session_game(s)->score || status == TC_WON || tc_session_assisted(s);
}

bool tc_records_lost(struct tc_records *r, const char *game, bool ask)
{
	if (!r->lost && ask && !r->ended_here)
		r->lost = tc_store_lost(r->store, game, r->hold);
	return r->lost;
}

void tc_records_update(struct tc_records *r, const struct tc_session *s)
{
	if (r->ended_here || r->lost)
		return;
	if (!tc_session_in_progress(s)) { /* a new game or a restart: the old one is dropped */
		if (r->saved)
			forget(r, s);
		r->saved_at_moves = 0;
		r->saved = r->recorded = false;
		r->told[0] = '\0';
		memset(&r->kept, 0, sizeof r->kept);
		r->recording = 0; /* a restart's next end is recorded apart */
		return;
	}
	if (tc_session_status(s) == TC_PLAYING)
		r->recorded = false; /* undone past its end, or played on: it may end again */
	if (!r->recorded && over(s)) {
		/* Taken over: its end is the other program's to keep. */
		if (tc_records_lost(r, tc_session_game(s)->name, true))
			return;
		record(r, s);
		forget(r, s);
		return;
	}
	unsigned moves = tc_session_moves(s);
	if (tc_session_status(s) == TC_PLAYING && (moves >= r->saved_at_moves + AUTOSAVE_MOVES ||
	                                           moves + AUTOSAVE_MOVES <= r->saved_at_moves))
		save(r, s);
}

/* The stream's last event. */
static void end_stream(struct tc_records *r, const struct tc_session *s, enum tc_live_end how)
{
	struct tc_live_event end = {.kind = TC_LIVE_END, .value = how};
	tc_records_tell(r, s, &end);
}

void tc_records_leave(struct tc_records *r, const struct tc_session *s)
{
	if (r->ended_here)
		return;
	if (r->lost) { /* its save, its score and its recording are the other program's */
		end_stream(r, s, TC_LIVE_END_LEFT);
		return;
	}
	if (!tc_session_in_progress(s)) {
		end_stream(r, s, TC_LIVE_END_FINISHED);
		return; /* nothing to keep; a save of an earlier game of this kind stays */
	}
	enum tc_status status = tc_session_status(s);
	if (status == TC_PLAYING) {
		save(r, s);
		end_stream(r, s, r->hung_up ? TC_LIVE_END_DROPPED : TC_LIVE_END_LEFT);
		return;
	}
	if (tc_records_lost(r, tc_session_game(s)->name, true)) {
		end_stream(r, s, TC_LIVE_END_LEFT);
		return;
	}
	if (!r->recorded && over(s))
		record(r, s);
	tc_recorder_finished(r, s, NULL); /* a loss off the scoreboard (a lost Sudoku) too */
	forget(r, s);
	end_stream(r, s, TC_LIVE_END_FINISHED);
}

int64_t tc_records_end_here(struct tc_records *r, const struct tc_session *s, const char *result)
{
	if (r->ended_here)
		return r->recording;
	if (!r->recorded && over(s))
		record(r, s); /* ended by itself, not yet kept */
	int64_t recording = tc_session_in_progress(s) ? tc_recorder_finished(r, s, result) : 0;
	if (r->saved)
		forget(r, s);
	end_stream(r, s, TC_LIVE_END_FINISHED);
	r->ended_here = true;
	return recording;
}

/* A save this version cannot continue, and what the menu says of it. A newer tilecade's is
 * kept, whatever this version makes of it: on a home shared with that version, an older one
 * must not wipe it. A damaged one is of no use to anyone: removed, and said so. */
static void unreadable_save(struct tc_records *r, const char *game, const void *blob, size_t len,
                            char *err, size_t errlen)
{
	char name[32];
	tc_sanitize(game, name, sizeof name);
	if (tc_session_save_is_newer(blob, len)) {
		snprintf(err, errlen, "The saved %s game is a newer tilecade's: kept for it", name);
		return;
	}
	tc_store_delete_game(r->store, game);
	snprintf(err, errlen, "The saved %s game could not be read and was removed", name);
}

struct tc_session *tc_records_continue(struct tc_records *r, const char *game, char *err,
                                      size_t errlen)
{
	void *blob, *events;
	size_t len, events_len;
	/* Taken over before it is read: the program that held it writes nothing more of it. */
	uint64_t hold = tc_store_take_over(r->store, game);
	if (tc_store_load_game_stream(r->store, game, &blob, &len, &events, &events_len) != 0) {
		snprintf(err, errlen, "no saved game to continue");
		return NULL;
	}
	struct tc_session *s = tc_session_restore(blob, len, NULL, err, errlen);
	free(r->restored);
	r->restored = s ? events : NULL; /* for tc_records_begin */
	r->restored_len = s ? events_len : 0;
	r->hold_taken = s ? hold : 0;
	if (!s) {
		unreadable_save(r, game, blob, len, err, errlen);
		free(events);
	}
	free(blob);
	return s;
}

int tc_records_saves(struct tc_records *r, struct tc_save_info *out, int max)
{
	int n = tc_store_saves(r->store, out, max);
	for (int i = 0; i < n; i++) {
		char raw[sizeof out[i].summary];
		memcpy(raw, out[i].summary, sizeof raw);
		tc_sanitize(raw, out[i].summary, sizeof out[i].summary);
	}
	return n;
}

bool tc_records_save_of(struct tc_records *r, const char *game, char *summary, size_t len)
{
	struct tc_save_info saves[TC_STORE_SAVES_MAX];
	int n = tc_records_saves(r, saves, TC_STORE_SAVES_MAX);
	for (int i = 0; i < n; i++)
		if (strcmp(saves[i].game, game) == 0) {
			snprintf(summary, len, "%s", saves[i].summary);
			return true;
		}
	return false;
}

bool tc_records_latest(struct tc_records *r, char *game, size_t game_len, char *text,
                       size_t text_len)
{
	struct tc_save_info latest;
	if (tc_records_saves(r, &latest, 1) != 1)
		return false;
	snprintf(game, game_len, "%s", latest.game);
	snprintf(text, text_len, "%s", latest.summary);
	return true;
}

/* The games waiting on this machine in r's stores (the scores' and the saves'). */
static int waiting(const struct tc_records *r)
{
	struct tc_store *scores = tc_records_scores(r);
	return tc_store_waiting(scores) + (r->store != scores ? tc_store_waiting(r->store) : 0);
}

/* Whether a database of r's stores cannot be reached now. */
static bool away(const struct tc_records *r)
{
	return tc_store_away(r->store) || tc_store_away(r->shared);
}

bool tc_records_waiting(const struct tc_records *r)
{
	/* A save waiting (for Continue) is retried as a game is, though not told as a score; a
	 * database away with nothing waiting too, so that the program learns it is back. */
	struct tc_store *scores = tc_records_scores(r);
	return tc_store_waits(scores) || (r->store != scores && tc_store_waits(r->store)) ||
	       away(r);
}

bool tc_records_retry_soon(const struct tc_records *r)
{
	struct tc_store *scores = tc_records_scores(r);
	return tc_store_retry_soon(scores) || (r->store != scores && tc_store_retry_soon(r->store));
}

bool tc_records_back(struct tc_records *r)
{
	bool back = r->back;
	r->back = false;
	return back;
}

bool tc_records_waiting_news(struct tc_records *r, int width, char *text, size_t len)
{
	struct tc_store *scores = tc_records_scores(r);
	bool was_away = away(r);
	int wrote = tc_store_retry(scores) + (r->store != scores ? tc_store_retry(r->store) : 0);
	if (was_away && !away(r)) {
		r->back = true;
		if (r->notice_away)
			r->notice[0] = '\0';
		r->notice_away = false;
	}
	if (wrote > 0) {
		r->said_waiting = waiting(r) > 0; /* a later wait is told again */
		snprintf(text, len, "%d waiting score%s written", wrote, wrote == 1 ? "" : "s");
		return true;
	}
	if (r->said_waiting || waiting(r) == 0)
		return false;
	r->said_waiting = true;
	const char *full = "scores are waiting: the database is away";
	snprintf(text, len, "%s", (int)strlen(full) <= width ? full : "scores wait: database away");
	return true;
}
