/* Races in the store's races and racers tables (schema 4), and how a race ranks its racers.
 *
 * What a race is at a moment (lobby, countdown, running, over) is not written down: it is
 * read from its times and its racers at that moment, so that a race whose programs all went
 * away still ends (its time limit, its dropped racers' return time) without anyone writing. */
#define _POSIX_C_SOURCE 200809L
#include "tilecade/races.h"
#include "store_internal.h"
#include "clock.h"
#include "waiting.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const state_names[] = {"lobby", "starting", "running", "over"};
static const char *const outcome_names[] = {"racing", "won", "lost", "ended", "left", "dropped"};
#define OUTCOMES (int)(sizeof outcome_names / sizeof outcome_names[0])

int64_t tc_race_now_ms(void)
{
	return tc_clock_wall_ms();
}

int64_t tc_race_changes_at(const struct tc_race *race, int64_t now_ms)
{
	if (race->state == TC_RACE_OVER)
		return 0;
	int64_t limit = race->limit_ms ? race->limit_ms : TC_RACE_LIMIT_MAX_MS;
	int64_t at[] = {race->start_ms ? 0 : race->opened_ms + TC_RACE_AUTOSTART_MS, race->start_ms,
	                race->start_ms ? race->start_ms + limit : 0,
	                /* a racer whose game never showed has left (never_came) */
	                race->start_ms ? race->start_ms + TC_RACE_RETURN_MS : 0};
	int64_t next = 0;
	for (size_t i = 0; i < sizeof at / sizeof *at; i++)
		if (at[i] > now_ms && (next == 0 || at[i] < next))
			next = at[i];
	return next;
}

const char *tc_race_state_name(enum tc_race_state s)
{
	return (unsigned)s < sizeof state_names / sizeof state_names[0] ? state_names[s] : "?";
}

const char *tc_racer_outcome_name(enum tc_racer_outcome o)
{
	return (unsigned)o < OUTCOMES ? outcome_names[o] : "?";
}

/* ---- ranking ---- */

/* Where a racer's outcome puts them: those who won, then everyone still in it (racing, lost,
 * ended, dropped), then those who left. */
static int group(const struct tc_racer *r)
{
	return r->outcome == TC_RACER_WON ? 0 : r->outcome == TC_RACER_LEFT ? 2 : 1;
}

/* Before (negative) or after b in a race's order, 0 when they share a place. */
static int place_cmp(const struct tc_racer *a, const struct tc_racer *b)
{
	int ga = group(a), gb = group(b);
	if (ga != gb)
		return ga < gb ? -1 : 1;
	if (ga != 0 && a->progress.value != b->progress.value)
		return a->progress.value > b->progress.value ? -1 : 1;
	/* Who got there first; of those who left, who stayed longer. */
	if (a->time_ms != b->time_ms)
		return (a->time_ms < b->time_ms) == (ga != 2) ? -1 : 1;
	return 0;
}

/* The race's order; within a shared place the order they joined in (a lobby's opener first),
 * then by name, so that every program lists it alike. */
static int racer_cmp(const void *pa, const void *pb)
{
	const struct tc_racer *a = pa, *b = pb;
	int c = place_cmp(a, b);
	if (c == 0 && a->joined_ms != b->joined_ms)
		c = a->joined_ms < b->joined_ms ? -1 : 1;
	return c ? c : strcmp(a->player, b->player);
}

void tc_race_rank(struct tc_racer *racers, int n)
{
	if (n <= 0)
		return;
	qsort(racers, (size_t)n, sizeof *racers, racer_cmp);
	for (int i = 0; i < n; i++)
		racers[i].rank = i > 0 && place_cmp(&racers[i - 1], &racers[i]) == 0
		                         ? racers[i - 1].rank
		                         : i + 1;
}

/* ---- reading rows: what does not fit is refused, never read past ---- */

/* Times are Unix milliseconds: bounded so that sums of them (a start and a limit, a drop and
 * the return time) cannot overflow. */
#define TIME_MAX (INT64_MAX / 4)
/* How far a time written by another program may lie ahead of the reader's clock (one clock on
 * a host, but read at different moments): anything later is no time this program wrote. */
#define AHEAD_MAX_MS 60000

#define RACE_COLUMNS "id, game, game_id, opener, opened_ms, start_ms, limit_ms"

/* A row of RACE_COLUMNS read at now_ms; false when it is not one this program wrote: it opened
 * no later than now, and starts (once started) no later than its automatic start. */
static bool read_race(struct tc_sql *q, int64_t now_ms, struct tc_race *out)
{
	memset(out, 0, sizeof *out);
	return tc_sql_int(q, 0, 1, INT64_MAX, &out->id) &&
	       tc_sql_text(q, 1, out->game, sizeof out->game) && out->game[0] &&
	       tc_sql_text(q, 2, out->game_id, sizeof out->game_id) && out->game_id[0] &&
	       tc_sql_text(q, 3, out->opener, sizeof out->opener) &&
	       tc_sql_int(q, 4, 0, now_ms + AHEAD_MAX_MS, &out->opened_ms) &&
	       tc_sql_int(q, 5, 0, out->opened_ms + TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS,
	                  &out->start_ms) &&
	       tc_sql_int(q, 6, 0, TC_RACE_LIMIT_MAX_MS, &out->limit_ms);
}

#define RACER_COLUMNS                                                                              \
	"player, outcome, progress, progress_text, time_ms, points, recording, joined_ms,"         \
	" dropped_ms, socket"

static bool read_outcome(struct tc_sql *q, int i, enum tc_racer_outcome *out)
{
	char word[16];
	if (!tc_sql_text(q, i, word, sizeof word))
		return false;
	for (int o = 0; o < OUTCOMES; o++)
		if (strcmp(word, outcome_names[o]) == 0) {
			*out = (enum tc_racer_outcome)o;
			return true;
		}
	return false;
}

/* A row of RACER_COLUMNS read at now_ms; false when it is not one this program wrote. */
static bool read_racer(struct tc_sql *q, int64_t now_ms, struct tc_racer *out)
{
	memset(out, 0, sizeof *out);
	return tc_sql_text(q, 0, out->player, sizeof out->player) && out->player[0] &&
	       read_outcome(q, 1, &out->outcome) &&
	       tc_sql_int(q, 2, INT64_MIN, INT64_MAX, &out->progress.value) &&
	       tc_sql_text(q, 3, out->progress.text, sizeof out->progress.text) &&
	       tc_sql_int(q, 4, 0, TIME_MAX, &out->time_ms) &&
	       tc_sql_int(q, 5, INT64_MIN, INT64_MAX, &out->points) &&
	       tc_sql_int(q, 6, 0, INT64_MAX, &out->recording) &&
	       tc_sql_int(q, 7, 0, now_ms + AHEAD_MAX_MS, &out->joined_ms) &&
	       tc_sql_int(q, 8, 0, now_ms + AHEAD_MAX_MS, &out->dropped_ms) &&
	       tc_sql_text(q, 9, out->socket, sizeof out->socket);
}

/* ---- a race at a moment ---- */

/* A racer dropped longer than the return time has left. */
static bool gone(const struct tc_racer *r, int64_t now_ms)
{
	return r->outcome == TC_RACER_DROPPED && now_ms - r->dropped_ms >= TC_RACE_RETURN_MS;
}

/* Whether a racer still plays, or may come back to. */
static bool in_race(const struct tc_racer *r, int64_t now_ms)
{
	return r->outcome == TC_RACER_RACING ||
	       (r->outcome == TC_RACER_DROPPED && !gone(r, now_ms));
}

/* A racer racing whose game was never published (no game's socket, whose names start with
 * "p": tilecade/live_net.h; a program killed in the lobby, which nobody saw go) by the return
 * time after the start never came. */
static bool never_came(const struct tc_race *race, const struct tc_racer *r, int64_t now_ms)
{
	return r->outcome == TC_RACER_RACING && race->start_ms &&
	       now_ms >= race->start_ms + TC_RACE_RETURN_MS && r->socket[0] != 'p';
}

/* The race at a moment, from its rows (tilecade/races.h). */
void tc_race_settle(struct tc_race *race, struct tc_racer *racers, int n, int64_t now_ms)
{
	bool waiting = false;
	for (int i = 0; i < n; i++)
		waiting |= in_race(&racers[i], now_ms);
	/* A lobby nobody waits in any more starts no more. */
	if (waiting && race->start_ms == 0 && now_ms >= race->opened_ms + TC_RACE_AUTOSTART_MS)
		race->start_ms = race->opened_ms + TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS;
	bool someone = false;
	for (int i = 0; i < n; i++) {
		if (never_came(race, &racers[i], now_ms))
			racers[i].outcome = TC_RACER_LEFT;
		someone |= in_race(&racers[i], now_ms);
	}
	int64_t limit = race->limit_ms ? race->limit_ms : TC_RACE_LIMIT_MAX_MS;
	if (!someone || (race->start_ms && now_ms >= race->start_ms + limit))
		race->state = TC_RACE_OVER;
	else if (race->start_ms == 0)
		race->state = TC_RACE_LOBBY;
	else
		race->state = now_ms < race->start_ms ? TC_RACE_COUNTDOWN : TC_RACE_RUNNING;
	for (int i = 0; i < n; i++)
		if (gone(&racers[i], now_ms) ||
		    (race->state == TC_RACE_OVER && racers[i].outcome == TC_RACER_DROPPED))
			racers[i].outcome = TC_RACER_LEFT;
		else if (race->state == TC_RACE_OVER && racers[i].outcome == TC_RACER_RACING)
			racers[i].outcome = TC_RACER_ENDED;
}

/* Race id and its racers (at most TC_RACE_RACERS_MAX, in no order) as they stand at now_ms:
 * how many racers, or -1 when there is no such race (or its row is damaged). Rows of racers
 * that are damaged are left out. */
static int load(struct tc_store *st, int64_t id, int64_t now_ms, struct tc_race *race,
                struct tc_racer racers[TC_RACE_RACERS_MAX])
{
	if (!tc_store_ok(st) || now_ms < 0 || now_ms > TIME_MAX)
		return -1;
	struct tc_sql *q = tc_sql_prepare(st, "SELECT " RACE_COLUMNS " FROM races WHERE id = ?1");
	tc_sql_bind_int(q, 1, id);
	bool found = tc_sql_step(q) == TC_SQL_ROW && read_race(q, now_ms, race);
	tc_sql_finish(q);
	if (!found)
		return -1;
	/* In the order they joined: those past TC_RACE_RACERS_MAX (none this program lets in)
	 * are the ones left out. */
	q = tc_sql_prepare(st, "SELECT " RACER_COLUMNS " FROM racers WHERE race = ?1"
	                       " ORDER BY joined_ms, player LIMIT ?2");
	tc_sql_bind_int(q, 1, id);
	tc_sql_bind_int(q, 2, TC_RACE_RACERS_MAX);
	int n = 0;
	while (n < TC_RACE_RACERS_MAX && tc_sql_step(q) == TC_SQL_ROW)
		if (read_racer(q, now_ms, &racers[n]))
			n++;
	tc_sql_finish(q);
	race->racers = n;
	tc_race_settle(race, racers, n, now_ms);
	return n;
}

int tc_store_race_get(struct tc_store *st, int64_t id, int64_t now_ms, struct tc_race *race,
                      struct tc_racer *racers, int max)
{
	struct tc_racer all[TC_RACE_RACERS_MAX];
	int n = load(st, id, now_ms, race, all);
	if (n < 0)
		return -1;
	tc_race_rank(all, n);
	if (max < 0)
		max = 0;
	if (n > max)
		n = max;
	if (n > 0)
		memcpy(racers, all, (size_t)n * sizeof *racers);
	return n;
}

/* How many race candidates a listing reads at most. */
#define CANDIDATES_MAX 256

/* The races whose ids q gives (newest first), at most max, that are in one of the states
 * wanted at now_ms: how many. Finishes q. */
static int races_of(struct tc_store *st, struct tc_sql *q, int64_t now_ms, unsigned wanted,
                    struct tc_race *out, int max)
{
	/* The candidates come whole first: reading a race runs statements of its own. */
	int64_t ids[CANDIDATES_MAX];
	int found = 0;
	while (found < CANDIDATES_MAX && tc_sql_step(q) == TC_SQL_ROW)
		if (tc_sql_int(q, 0, 1, INT64_MAX, &ids[found]))
			found++;
	tc_sql_finish(q);
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	int n = 0;
	for (int i = 0; i < found && n < max; i++)
		if (load(st, ids[i], now_ms, &out[n], racers) >= 0 && (wanted & 1u << out[n].state))
			n++;
	return n;
}

/* The races not over at ?1 (now), told in SQL so that old races are passed over fast: some
 * racer racing or dropped since ?2 (now less the return time), and no time limit gone by (?3:
 * from the opening to an automatic start; no limit: TC_RACE_LIMIT_MAX_MS). Each candidate is
 * then read as a race is. */
#define LIMIT_MAX_SQL "86400000"
_Static_assert(TC_RACE_LIMIT_MAX_MS == 86400000, "LIMIT_MAX_SQL is TC_RACE_LIMIT_MAX_MS");
#define NOT_OVER_SQL                                                                               \
	" EXISTS (SELECT 1 FROM racers WHERE race = races.id AND (outcome = 'racing' OR"           \
	" (outcome = 'dropped' AND dropped_ms > ?2)))"                                             \
	" AND (CASE start_ms WHEN 0 THEN opened_ms + ?3 ELSE start_ms END)"                        \
	" + (CASE limit_ms WHEN 0 THEN " LIMIT_MAX_SQL " ELSE limit_ms END) > ?1"

static void bind_now(struct tc_sql *q, int64_t now_ms)
{
	tc_sql_bind_int(q, 1, now_ms);
	tc_sql_bind_int(q, 2, now_ms - TC_RACE_RETURN_MS);
	tc_sql_bind_int(q, 3, TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS);
}

int tc_store_races(struct tc_store *st, int64_t now_ms, struct tc_race *out, int max)
{
	if (!tc_store_ok(st) || max <= 0)
		return 0;
	struct tc_sql *q = tc_sql_prepare(st, "SELECT id FROM races WHERE" NOT_OVER_SQL
	                                      " ORDER BY id DESC LIMIT ?4");
	bind_now(q, now_ms);
	tc_sql_bind_int(q, 4, CANDIDATES_MAX);
	return races_of(st, q, now_ms,
	                1u << TC_RACE_LOBBY | 1u << TC_RACE_COUNTDOWN | 1u << TC_RACE_RUNNING, out,
	                max);
}

/* The racer named player among racers[0..n), or NULL. */
static const struct tc_racer *find(const struct tc_racer *racers, int n, const char *player)
{
	for (int i = 0; i < n; i++)
		if (strcmp(racers[i].player, player) == 0)
			return &racers[i];
	return NULL;
}

int64_t tc_store_race_of(struct tc_store *st, const char *player, const char *game_id,
                         int64_t now_ms)
{
	enum { RACES = 8 };
	if (!tc_store_ok(st))
		return 0;
	struct tc_sql *q = tc_sql_prepare(
	        st, "SELECT id FROM races WHERE game_id = ?5 AND" NOT_OVER_SQL
	            " AND EXISTS (SELECT 1 FROM racers WHERE race = races.id AND player = ?4 AND"
	            " (outcome = 'racing' OR (outcome = 'dropped' AND dropped_ms > ?2)))"
	            " ORDER BY id DESC LIMIT ?6");
	bind_now(q, now_ms);
	tc_sql_bind_text(q, 4, player);
	tc_sql_bind_text(q, 5, game_id);
	tc_sql_bind_int(q, 6, CANDIDATES_MAX);
	struct tc_race races[RACES];
	int n = races_of(st, q, now_ms, 1u << TC_RACE_COUNTDOWN | 1u << TC_RACE_RUNNING, races,
	                 RACES);
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	for (int i = 0; i < n; i++) {
		struct tc_race race;
		int k = load(st, races[i].id, now_ms, &race, racers);
		const struct tc_racer *me = find(racers, k, player);
		if (me && in_race(me, now_ms))
			return race.id;
	}
	return 0;
}

/* ---- writing ---- */

/* Runs q to its end and finishes it: whether it changed a row. */
static bool run(struct tc_sql *q)
{
	bool ran = tc_sql_step(q) == TC_SQL_DONE && tc_sql_changes(q) > 0;
	tc_sql_finish(q);
	return ran;
}

/* Runs sql with race id as ?1 and text (unless NULL) as ?2: whether it ran. */
static bool run_sql(struct tc_store *st, const char *sql, int64_t id, const char *text)
{
	struct tc_sql *q = tc_sql_prepare(st, sql);
	tc_sql_bind_int(q, 1, id);
	if (text)
		tc_sql_bind_text(q, 2, text);
	return tc_sql_run(q) == TC_SQL_DONE;
}

static bool add_racer(struct tc_store *st, int64_t race, const char *player, int64_t now_ms)
{
	struct tc_sql *q =
	        tc_sql_prepare(st, "INSERT INTO racers (race, " RACER_COLUMNS ")"
	                           " VALUES (?1, ?2, 'racing', 0, '', 0, 0, 0, ?3, 0, '')");
	tc_sql_bind_int(q, 1, race);
	tc_sql_bind_text(q, 2, player);
	tc_sql_bind_int(q, 3, now_ms);
	return run(q);
}

/* Whether a text fits a char[len] of the race's rows. */
static bool fits(const char *text, size_t len)
{
	return text && text[0] && strlen(text) < len;
}

/* How many races not over at now_ms player is the opener of, up to TC_RACE_OPEN_MAX; -1 when
 * the store failed. */
static int opened_by(struct tc_store *st, const char *player, int64_t now_ms)
{
	struct tc_sql *q =
	        tc_sql_prepare(st, "SELECT id FROM races WHERE opener = ?4 AND" NOT_OVER_SQL
	                           " ORDER BY id DESC LIMIT ?5");
	if (!q)
		return -1;
	bind_now(q, now_ms);
	tc_sql_bind_text(q, 4, player);
	tc_sql_bind_int(q, 5, CANDIDATES_MAX);
	struct tc_race races[TC_RACE_OPEN_MAX];
	return races_of(st, q, now_ms,
	                1u << TC_RACE_LOBBY | 1u << TC_RACE_COUNTDOWN | 1u << TC_RACE_RUNNING,
	                races, TC_RACE_OPEN_MAX);
}

int64_t tc_store_race_open(struct tc_store *st, const char *game, const char *game_id,
                           const char *opener, int64_t limit_ms, int64_t now_ms)
{
	struct tc_race r;
	if (!tc_store_writable(st) || !fits(game, sizeof r.game) ||
	    !fits(game_id, sizeof r.game_id) || !fits(opener, sizeof r.opener) || limit_ms < 0 ||
	    limit_ms > TC_RACE_LIMIT_MAX_MS || now_ms < 0 || now_ms > TIME_MAX / 2 ||
	    !tc_sql_begin(st))
		return 0;
	/* Counted under the lock: two openings at once do not both pass. */
	int held = opened_by(st, opener, now_ms);
	if (held < 0 || held >= TC_RACE_OPEN_MAX) {
		tc_sql_end(st, false);
		return held < 0 ? 0 : -1;
	}
	struct tc_sql *q = tc_sql_prepare(st, "INSERT INTO races (game, game_id, opener, opened_ms,"
	                                      " start_ms, limit_ms) VALUES (?1, ?2, ?3, ?4, 0, ?5)"
	                                      " RETURNING id");
	tc_sql_bind_text(q, 1, game);
	tc_sql_bind_text(q, 2, game_id);
	tc_sql_bind_text(q, 3, opener);
	tc_sql_bind_int(q, 4, now_ms);
	tc_sql_bind_int(q, 5, limit_ms);
	int64_t id = 0;
	bool ok = tc_sql_step(q) == TC_SQL_ROW && tc_sql_int(q, 0, 1, INT64_MAX, &id);
	ok = tc_sql_run(q) == TC_SQL_DONE && ok;
	return tc_sql_end(st, ok && add_racer(st, id, opener, now_ms)) ? id : 0;
}

/* What a join of player to a race read at now_ms comes to. */
static enum tc_race_join join_verdict(const struct tc_race *race, const struct tc_racer *racers,
                                      int n, const char *player)
{
	const struct tc_racer *me = find(racers, n, player);
	if (race->state == TC_RACE_OVER)
		return TC_RACE_FINISHED;
	if (me && me->outcome == TC_RACER_RACING) /* a socket: their program is there */
		return me->socket[0] ? TC_RACE_PLAYING : TC_RACE_JOINED;
	if (me)
		return me->outcome == TC_RACER_DROPPED ? TC_RACE_JOINED : TC_RACE_FINISHED;
	if (race->state != TC_RACE_LOBBY)
		return TC_RACE_STARTED;
	return n >= TC_RACE_RACERS_MAX ? TC_RACE_FULL : TC_RACE_JOINED;
}

/* Sets player in race id racing again, from dropped. */
static bool back(struct tc_store *st, int64_t id, const char *player)
{
	struct tc_sql *q = tc_sql_prepare(st, "UPDATE racers SET outcome = 'racing', dropped_ms = 0"
	                                      " WHERE race = ?1 AND player = ?2 AND"
	                                      " outcome = 'dropped'");
	tc_sql_bind_int(q, 1, id);
	tc_sql_bind_text(q, 2, player);
	return run(q);
}

enum tc_race_join tc_store_race_join(struct tc_store *st, int64_t id, const char *player,
                                     int64_t now_ms)
{
	struct tc_race race;
	if (!tc_store_writable(st) || !fits(player, sizeof race.opener))
		return TC_RACE_FAILED;
	/* Read and written under one lock: two joining the last place do not both get it. */
	if (!tc_sql_begin(st))
		return TC_RACE_FAILED;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	int n = load(st, id, now_ms, &race, racers);
	enum tc_race_join verdict = n < 0 ? TC_RACE_NONE : join_verdict(&race, racers, n, player);
	const struct tc_racer *me = n < 0 ? NULL : find(racers, n, player);
	bool ok = true;
	if (verdict == TC_RACE_JOINED && !me)
		ok = add_racer(st, id, player, now_ms);
	else if (verdict == TC_RACE_JOINED && me->outcome == TC_RACER_DROPPED)
		ok = back(st, id, player);
	if (!tc_sql_end(st, ok))
		return TC_RACE_FAILED;
	return verdict;
}

int tc_store_race_start(struct tc_store *st, int64_t id, const char *player, int64_t now_ms)
{
	struct tc_race race;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	if (!tc_store_writable(st) || !tc_sql_begin(st))
		return -1;
	bool ok = load(st, id, now_ms, &race, racers) >= 0 && race.state == TC_RACE_LOBBY &&
	          strcmp(race.opener, player) == 0;
	if (ok) {
		struct tc_sql *q =
		        tc_sql_prepare(st, "UPDATE races SET start_ms = ?2 WHERE id = ?1");
		tc_sql_bind_int(q, 1, id);
		tc_sql_bind_int(q, 2, now_ms + TC_RACE_COUNTDOWN_MS);
		ok = run(q);
	}
	return tc_sql_end(st, ok) ? 0 : -1;
}

int tc_store_race_socket(struct tc_store *st, int64_t id, const char *player, const char *socket)
{
	struct tc_racer r;
	if (!tc_store_writable(st) || !socket || strlen(socket) >= sizeof r.socket)
		return -1;
	struct tc_sql *q =
	        tc_sql_prepare(st, "UPDATE racers SET socket = ?3 WHERE race = ?1 AND player = ?2");
	tc_sql_bind_int(q, 1, id);
	tc_sql_bind_text(q, 2, player);
	tc_sql_bind_text(q, 3, socket);
	return run(q) ? 0 : -1;
}

/* player leaves the lobby of race (its racers[0..n) as read): no racer of it any more. The
 * opener's role passes to the racer who joined earliest; a lobby everyone left is gone. */
static bool leave_lobby(struct tc_store *st, const struct tc_race *race,
                        const struct tc_racer *racers, int n, const char *player)
{
	const struct tc_racer *heir = NULL;
	for (int i = 0; i < n; i++) /* in the order they joined */
		if (strcmp(racers[i].player, player) != 0 && racers[i].outcome == TC_RACER_RACING &&
		    (!heir || racers[i].joined_ms < heir->joined_ms))
			heir = &racers[i];
	if (!heir)
		return run_sql(st, "DELETE FROM racers WHERE race = ?1", race->id, NULL) &&
		       run_sql(st, "DELETE FROM races WHERE id = ?1", race->id, NULL);
	return run_sql(st, "DELETE FROM racers WHERE race = ?1 AND player = ?2", race->id,
	               player) &&
	       (strcmp(race->opener, player) != 0 ||
	        run_sql(st, "UPDATE races SET opener = ?2 WHERE id = ?1", race->id, heir->player));
}

/* player's result into their row, unless they finished already (a finish stays; a drop is
 * followed by a return or by how the game ended after all). */
bool tc_store_race_record(struct tc_store *st, int64_t id, const char *player,
                          const struct tc_racer *result, int64_t now_ms)
{
	struct tc_sql *q = tc_sql_prepare(
	        st, "UPDATE racers SET outcome = ?3, progress = ?4, progress_text = ?5,"
	            " time_ms = ?6, points = ?7, recording = ?8, dropped_ms = ?9"
	            " WHERE race = ?1 AND player = ?2 AND (outcome = 'racing' OR"
	            " (outcome = 'dropped' AND ?3 <> 'dropped'))");
	tc_sql_bind_int(q, 1, id);
	tc_sql_bind_text(q, 2, player);
	tc_sql_bind_text(q, 3, outcome_names[result->outcome]);
	tc_sql_bind_int(q, 4, result->progress.value);
	tc_sql_bind_text(q, 5, result->progress.text);
	tc_sql_bind_int(q, 6, result->time_ms);
	tc_sql_bind_int(q, 7, result->points);
	tc_sql_bind_int(q, 8, result->recording);
	tc_sql_bind_int(q, 9, result->outcome == TC_RACER_DROPPED ? now_ms : 0);
	return tc_sql_run(q) == TC_SQL_DONE;
}

static int finish(struct tc_store *st, int64_t id, const char *player,
                  const struct tc_racer *result, int64_t now_ms)
{
	if (!tc_store_writable(st) || result->outcome == TC_RACER_RACING ||
	    (unsigned)result->outcome >= OUTCOMES ||
	    strnlen(result->progress.text, sizeof result->progress.text) >=
	            sizeof result->progress.text ||
	    result->time_ms < 0 || result->time_ms > TIME_MAX || result->recording < 0 ||
	    !tc_sql_begin(st))
		return -1;
	struct tc_race race;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	int n = load(st, id, now_ms, &race, racers);
	bool ok = n >= 0 && find(racers, n, player); /* one not in the race is an error */
	bool gone = result->outcome == TC_RACER_LEFT || result->outcome == TC_RACER_DROPPED;
	if (ok && race.state == TC_RACE_LOBBY && gone)
		ok = leave_lobby(st, &race, racers, n, player);
	else if (ok)
		ok = tc_store_race_record(st, id, player, result, now_ms);
	return tc_sql_end(st, ok) ? 0 : -1;
}

int tc_store_race_finish(struct tc_store *st, int64_t id, const char *player,
                         const struct tc_racer *result, int64_t now_ms)
{
	/* While the database is away (or went away just now), a finish waits with its game. */
	bool finished = result->outcome != TC_RACER_RACING && (unsigned)result->outcome < OUTCOMES;
	if (finished && tc_waiting_takes(st, result->recording))
		return tc_waiting_race_finish(st, id, player, result, now_ms);
	int done = finish(st, id, player, result, now_ms);
	return done != 0 && finished && tc_waiting_takes(st, 0)
	               ? tc_waiting_race_finish(st, id, player, result, now_ms)
	               : done;
}

int tc_store_race_back(struct tc_store *st, int64_t id, const char *player, int64_t now_ms)
{
	struct tc_race race;
	struct tc_racer racers[TC_RACE_RACERS_MAX];
	if (!tc_store_writable(st) || !tc_sql_begin(st))
		return -1;
	int n = load(st, id, now_ms, &race, racers);
	const struct tc_racer *me = n < 0 ? NULL : find(racers, n, player);
	bool ok = me && race.state != TC_RACE_OVER && me->outcome == TC_RACER_DROPPED &&
	          back(st, id, player);
	return tc_sql_end(st, ok) ? 0 : -1;
}
