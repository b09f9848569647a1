/* Races: how a race ranks its racers, and races in the store as every racer's program reads
 * them at a moment (lobby, countdown, running, over), joins, finishes, drops and returns, and
 * rows a damaged or hostile database holds refused. Every store test works in a directory of
 * its own. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "store_dirs.h"
#include "tilecade/races.h"
#include "tilecade/store.h"

/* ---- tc_race_rank ---- */

static struct tc_racer racer(const char *name, enum tc_racer_outcome outcome, int64_t value,
                             int64_t time_ms)
{
	struct tc_racer r;
	memset(&r, 0, sizeof r);
	snprintf(r.player, sizeof r.player, "%s", name);
	r.outcome = outcome;
	r.progress.value = value;
	r.time_ms = time_ms;
	r.rank = -7; /* whatever came before */
	return r;
}

/* The racers' names in order, with their ranks: "1 ann, 2 bob". */
static void ranked(const struct tc_racer *r, int n, char *out, size_t len)
{
	size_t used = 0;
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%d %s", i ? ", " : "",
		                         r[i].rank, r[i].player);
}

static void rank_and_expect(struct tc_racer *r, int n, const char *expected)
{
	char text[512];
	tc_race_rank(r, n);
	ranked(r, n, text, sizeof text);
	assert_string_equal(text, expected);
}

/* Winners first, the quickest first, whatever their progress; then everyone else by progress. */
static void rank_winners_quickest_first(void **state)
{
	(void)state;
	struct tc_racer r[] = {
	        racer("lost-far", TC_RACER_LOST, 9000, 50000),
	        racer("won-slow", TC_RACER_WON, 10, 90000),
	        racer("racing", TC_RACER_RACING, 500, 0),
	        racer("won-quick", TC_RACER_WON, 5, 30000),
	        racer("left", TC_RACER_LEFT, 100, 0),
	};
	rank_and_expect(r, 5, "1 won-quick, 2 won-slow, 3 lost-far, 4 racing, 5 left");
}

/* A racer still racing is ranked where their progress puts them, above one who lost behind. */
static void rank_racing_by_progress(void **state)
{
	(void)state;
	struct tc_racer r[] = {
	        racer("lost", TC_RACER_LOST, 300, 20000),
	        racer("racing", TC_RACER_RACING, 301, 0),
	        racer("dropped", TC_RACER_DROPPED, 299, 0),
	        racer("ended", TC_RACER_ENDED, 302, 60000),
	};
	rank_and_expect(r, 4, "1 ended, 2 racing, 3 lost, 4 dropped");
}

/* Those who left come after everyone still in it, whatever their progress: by progress, then
 * who stayed longer. */
static void rank_left_below_those_in_it(void **state)
{
	(void)state;
	struct tc_racer r[] = {
	        racer("cat", TC_RACER_LEFT, 900, 40000), racer("ann", TC_RACER_RACING, 0, 0),
	        racer("dan", TC_RACER_DROPPED, 5, 0),    racer("bob", TC_RACER_LEFT, 0, 0),
	        racer("eve", TC_RACER_LEFT, 0, 151800),  racer("fay", TC_RACER_WON, 0, 90000),
	};
	rank_and_expect(r, 6, "1 fay, 2 dan, 3 ann, 4 cat, 5 eve, 6 bob");
}

/* Equal progress: the earlier time first (who got there first). */
static void rank_equal_progress_by_time(void **state)
{
	(void)state;
	struct tc_racer r[] = {
	        racer("late", TC_RACER_LOST, 50, 9000),
	        racer("early", TC_RACER_LOST, 50, 4000),
	};
	rank_and_expect(r, 2, "1 early, 2 late");
}

/* Equal places share a rank, and the next one counts them (1, 1, 3); within a place racers who
 * joined at once go by name, so every program lists them alike. */
static void rank_shares_equal_places(void **state)
{
	(void)state;
	struct tc_racer r[] = {
	        racer("cy", TC_RACER_WON, 0, 1000), racer("al", TC_RACER_WON, 0, 1000),
	        racer("bo", TC_RACER_WON, 7, 2000), racer("ed", TC_RACER_LOST, 5, 10),
	        racer("di", TC_RACER_ENDED, 5, 10), racer("fy", TC_RACER_RACING, 4, 0),
	        racer("gu", TC_RACER_RACING, 4, 0),
	};
	rank_and_expect(r, 7, "1 al, 1 cy, 3 bo, 4 di, 4 ed, 6 fy, 6 gu");
}

/* Within a place racers go in the order they joined (a lobby lists its opener first), by name
 * only when they joined at once. */
static void rank_shared_places_in_joining_order(void **state)
{
	(void)state;
	struct tc_racer r[] = {
	        racer("al", TC_RACER_RACING, 0, 0), racer("zed", TC_RACER_RACING, 0, 0),
	        racer("bo", TC_RACER_RACING, 0, 0), racer("cy", TC_RACER_RACING, 0, 0),
	};
	r[0].joined_ms = 300, r[1].joined_ms = 100, r[2].joined_ms = 200, r[3].joined_ms = 200;
	rank_and_expect(r, 4, "1 zed, 1 bo, 1 cy, 1 al");
}

/* Whatever order the racers come in, the same order goes out. */
static void rank_ignores_the_order_given(void **state)
{
	(void)state;
	struct tc_racer base[] = {
	        racer("a", TC_RACER_WON, 0, 500),    racer("b", TC_RACER_LOST, 10, 400),
	        racer("c", TC_RACER_RACING, 10, 0),  racer("d", TC_RACER_LEFT, -3, 0),
	        racer("e", TC_RACER_DROPPED, 11, 0), racer("f", TC_RACER_WON, 0, 499),
	};
	enum { N = sizeof base / sizeof base[0] };
	char first[512], again[512];
	struct tc_racer r[N];
	memcpy(r, base, sizeof r);
	tc_race_rank(r, N);
	ranked(r, N, first, sizeof first);
	assert_string_equal(first, "1 f, 2 a, 3 e, 4 c, 5 b, 6 d");
	/* Every rotation and its reverse. */
	for (int shift = 0; shift < N; shift++)
		for (int reverse = 0; reverse < 2; reverse++) {
			for (int i = 0; i < N; i++)
				r[i] = base[reverse ? (N - 1 - (i + shift) % N) : (i + shift) % N];
			tc_race_rank(r, N);
			ranked(r, N, again, sizeof again);
			assert_string_equal(again, first);
		}
}

/* Progress at the ends of its range is compared, not subtracted. */
static void rank_extreme_progress(void **state)
{
	(void)state;
	struct tc_racer r[] = {
	        racer("min", TC_RACER_LOST, INT64_MIN, 0),
	        racer("max", TC_RACER_LOST, INT64_MAX, 0),
	        racer("zero", TC_RACER_LOST, 0, INT64_MAX),
	};
	rank_and_expect(r, 3, "1 max, 2 zero, 3 min");
}

static void rank_none_and_one(void **state)
{
	(void)state;
	tc_race_rank(NULL, 0);
	struct tc_racer r[] = {racer("solo", TC_RACER_RACING, 0, 0)};
	rank_and_expect(r, 1, "1 solo");
}

static void rank_names(void **state)
{
	(void)state;
	assert_string_equal(tc_race_state_name(TC_RACE_LOBBY), "lobby");
	assert_string_equal(tc_race_state_name(TC_RACE_COUNTDOWN), "starting");
	assert_string_equal(tc_race_state_name(TC_RACE_RUNNING), "running");
	assert_string_equal(tc_race_state_name(TC_RACE_OVER), "over");
	static const char *const outcomes[] = {"racing", "won", "lost", "ended", "left", "dropped"};
	for (int o = TC_RACER_RACING; o <= TC_RACER_DROPPED; o++)
		assert_string_equal(tc_racer_outcome_name((enum tc_racer_outcome)o), outcomes[o]);
}

/* A race changes by itself when its lobby starts, its countdown ends and its time limit comes,
 * each only while ahead; never once over. */
static void changes_by_itself(void **state)
{
	(void)state;
	struct tc_race lobby = {.opened_ms = 1000, .state = TC_RACE_LOBBY};
	assert_int_equal(tc_race_changes_at(&lobby, 1000), 1000 + TC_RACE_AUTOSTART_MS);
	struct tc_race race = {
	        .opened_ms = 1000, .start_ms = 5000, .limit_ms = 10000, .state = TC_RACE_COUNTDOWN};
	assert_int_equal(tc_race_changes_at(&race, 2000), 5000);
	race.state = TC_RACE_RUNNING;
	assert_int_equal(tc_race_changes_at(&race, 5000), 15000);
	assert_int_equal(tc_race_changes_at(&race, 15000), 5000 + TC_RACE_RETURN_MS);
	race.limit_ms = 0; /* over a day after its start all the same */
	assert_int_equal(tc_race_changes_at(&race, 5000 + TC_RACE_RETURN_MS),
	                 5000 + TC_RACE_LIMIT_MAX_MS);
	race.limit_ms = 10000;
	race.state = TC_RACE_OVER;
	assert_int_equal(tc_race_changes_at(&race, 5000), 0);
}

/* ---- the store ---- */

#define T0 INT64_C(1780000000000) /* a race's opening, Unix ms */
#define GAME_ID "2048:4x4:s5"

static int64_t open_race(struct tc_store *st, const char *opener, int64_t limit_ms)
{
	int64_t id = tc_store_race_open(st, "2048", GAME_ID, opener, limit_ms, T0);
	assert_true(id > 0);
	return id;
}

/* The race's state at now_ms, its racers into r (ranked): how many. */
static int race_at(struct tc_store *st, int64_t id, int64_t now_ms, struct tc_race *race,
                   struct tc_racer r[TC_RACE_RACERS_MAX])
{
	int n = tc_store_race_get(st, id, now_ms, race, r, TC_RACE_RACERS_MAX);
	assert_true(n >= 0);
	assert_int_equal(race->racers, n);
	return n;
}

static enum tc_race_state state_at(struct tc_store *st, int64_t id, int64_t now_ms)
{
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	race_at(st, id, now_ms, &race, r);
	return race.state;
}

static const struct tc_racer *racer_named(const struct tc_racer *r, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(r[i].player, name) == 0)
			return &r[i];
	fail_msg("no racer %s", name);
	return NULL;
}

static enum tc_racer_outcome outcome_at(struct tc_store *st, int64_t id, const char *name,
                                        int64_t now_ms)
{
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	int n = race_at(st, id, now_ms, &race, r);
	return racer_named(r, n, name)->outcome;
}

static int finish(struct tc_store *st, int64_t id, const char *name, enum tc_racer_outcome outcome,
                  int64_t value, int64_t time_ms, int64_t now_ms)
{
	struct tc_racer result = racer(name, outcome, value, time_ms);
	snprintf(result.progress.text, sizeof result.progress.text, "%lld pts", (long long)value);
	result.points = value;
	result.recording = 40 + value;
	return tc_store_race_finish(st, id, name, &result, now_ms);
}

/* An opened race waits in its lobby with its opener as its first racer. */
static void store_opens_a_lobby(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 5 * 60000);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(race_at(st, id, T0 + 1000, &race, r), 1);
	assert_int_equal(race.id, id);
	assert_string_equal(race.game, "2048");
	assert_string_equal(race.game_id, GAME_ID);
	assert_string_equal(race.opener, "ann");
	assert_int_equal(race.opened_ms, T0);
	assert_int_equal(race.start_ms, 0);
	assert_int_equal(race.limit_ms, 5 * 60000);
	assert_int_equal(race.state, TC_RACE_LOBBY);
	assert_string_equal(r[0].player, "ann");
	assert_int_equal(r[0].outcome, TC_RACER_RACING);
	assert_int_equal(r[0].joined_ms, T0);
	assert_int_equal(r[0].rank, 1);
	assert_string_equal(r[0].socket, "");
	assert_true(tc_store_race_open(st, "2048", GAME_ID, "bob", 0, T0) > id);
	assert_int_equal(tc_store_race_get(st, id + 99, T0, &race, r, TC_RACE_RACERS_MAX), -1);
	tc_store_close(st);
}

/* What an opening needs: a game, a game ID, a name that fit, a limit up to a day. */
static void store_refuses_bad_openings(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	char long_id[200];
	memset(long_id, 'x', sizeof long_id - 1);
	long_id[sizeof long_id - 1] = '\0';
	assert_int_equal(tc_store_race_open(st, "2048", long_id, "ann", 0, T0), 0);
	assert_int_equal(tc_store_race_open(st, "2048", "", "ann", 0, T0), 0);
	assert_int_equal(tc_store_race_open(st, "2048", GAME_ID, "", 0, T0), 0);
	assert_int_equal(tc_store_race_open(st, "a-game-name-too-long", GAME_ID, "ann", 0, T0), 0);
	assert_int_equal(tc_store_race_open(st, "2048", GAME_ID, "ann", -1, T0), 0);
	assert_int_equal(
	        tc_store_race_open(st, "2048", GAME_ID, "ann", TC_RACE_LIMIT_MAX_MS + 1, T0), 0);
	assert_true(tc_store_race_open(st, "2048", GAME_ID, "ann", TC_RACE_LIMIT_MAX_MS, T0) > 0);
	struct tc_race races[4];
	assert_int_equal(tc_store_races(st, T0, races, 4), 1);
	tc_store_close(st);
}

/* One player is the opener of at most TC_RACE_OPEN_MAX races not over: a race over (or one
 * another player opened) leaves room for one more. */
static void store_limits_the_races_one_opens(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t first = open_race(st, "ann", 0);
	for (int i = 1; i < TC_RACE_OPEN_MAX; i++)
		open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_open(st, "2048", GAME_ID, "ann", 0, T0), -1);
	open_race(st, "bob", 0);
	assert_int_equal(finish(st, first, "ann", TC_RACER_LEFT, 0, 0, T0), 0);
	assert_true(tc_store_race_open(st, "2048", GAME_ID, "ann", 0, T0) > 0);
	assert_int_equal(tc_store_race_open(st, "2048", GAME_ID, "ann", 0, T0), -1);
	tc_store_close(st);
}

/* Joins: once each (a second join is coming back), none to a race that is not there. */
static void store_joins(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0 + 10), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0 + 20), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, id, "ann", T0 + 20), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, id + 1, "bob", T0 + 20), TC_RACE_NONE);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(race_at(st, id, T0 + 30, &race, r), 2);
	assert_int_equal(racer_named(r, 2, "bob")->joined_ms, T0 + 10);
	tc_store_close(st);
}

/* The opener starts the race: a countdown from now, then running. Only the opener, only once,
 * only from the lobby. */
static void store_starts_by_the_opener(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0 + 10), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, id, "bob", T0 + 5000), -1);
	assert_int_equal(tc_store_race_start(st, id + 1, "ann", T0 + 5000), -1);
	assert_int_equal(state_at(st, id, T0 + 5000), TC_RACE_LOBBY);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0 + 5000), 0);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0 + 5001), -1);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	race_at(st, id, T0 + 5000, &race, r);
	assert_int_equal(race.start_ms, T0 + 5000 + TC_RACE_COUNTDOWN_MS);
	assert_int_equal(race.state, TC_RACE_COUNTDOWN);
	assert_int_equal(state_at(st, id, T0 + 5000 + TC_RACE_COUNTDOWN_MS - 1), TC_RACE_COUNTDOWN);
	assert_int_equal(state_at(st, id, T0 + 5000 + TC_RACE_COUNTDOWN_MS), TC_RACE_RUNNING);
	/* Started: a newcomer is refused, a racer comes back. */
	assert_int_equal(tc_store_race_join(st, id, "cy", T0 + 6000), TC_RACE_STARTED);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0 + 6000), TC_RACE_JOINED);
	assert_int_equal(race_at(st, id, T0 + 6000, &race, r), 2);
	tc_store_close(st);
}

/* A lobby left waiting starts by itself TC_RACE_AUTOSTART_MS after it opened: read so by
 * everyone from that moment, without anyone writing it. */
static void store_starts_by_itself(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	const int64_t auto_at = T0 + TC_RACE_AUTOSTART_MS;
	assert_int_equal(state_at(st, id, auto_at - 1), TC_RACE_LOBBY);
	assert_int_equal(tc_store_race_join(st, id, "bob", auto_at - 1), TC_RACE_JOINED);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	race_at(st, id, auto_at, &race, r);
	assert_int_equal(race.state, TC_RACE_COUNTDOWN);
	assert_int_equal(race.start_ms, auto_at + TC_RACE_COUNTDOWN_MS);
	assert_int_equal(state_at(st, id, auto_at + TC_RACE_COUNTDOWN_MS), TC_RACE_RUNNING);
	assert_int_equal(tc_store_race_join(st, id, "cy", auto_at), TC_RACE_STARTED);
	assert_int_equal(tc_store_race_start(st, id, "ann", auto_at), -1);
	tc_store_close(st);
}

/* At most TC_RACE_RACERS_MAX racers; those in it still come back when it is full. */
static void store_refuses_a_full_race(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "p0", 0);
	for (int i = 1; i < TC_RACE_RACERS_MAX; i++) {
		char name[16];
		snprintf(name, sizeof name, "p%d", i);
		assert_int_equal(tc_store_race_join(st, id, name, T0 + i), TC_RACE_JOINED);
	}
	assert_int_equal(tc_store_race_join(st, id, "late", T0 + 100), TC_RACE_FULL);
	assert_int_equal(tc_store_race_join(st, id, "p5", T0 + 100), TC_RACE_JOINED);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(race_at(st, id, T0 + 100, &race, r), TC_RACE_RACERS_MAX);
	/* A smaller buffer takes the first places. */
	assert_int_equal(tc_store_race_get(st, id, T0 + 100, &race, r, 3), 3);
	assert_int_equal(race.racers, TC_RACE_RACERS_MAX);
	tc_store_close(st);
}

/* Everyone finished: over, ranked, each finish kept as it came (a later call changes
 * nothing), and no more joins. */
static void store_finishes(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, id, "cy", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0 + 1000), 0);
	const int64_t start = T0 + 1000 + TC_RACE_COUNTDOWN_MS;
	assert_int_equal(finish(st, id, "bob", TC_RACER_WON, 2048, 90000, start + 90000), 0);
	assert_int_equal(finish(st, id, "bob", TC_RACER_LOST, 1, 1, start + 91000), 0);
	assert_int_equal(finish(st, id, "cy", TC_RACER_LOST, 300, 40000, start + 40000), 0);
	assert_int_equal(state_at(st, id, start + 95000), TC_RACE_RUNNING);
	assert_int_equal(finish(st, id, "nobody", TC_RACER_LOST, 1, 1, start + 91000), -1);
	assert_int_equal(finish(st, id, "ann", TC_RACER_RACING, 1, 1, start + 91000), -1);
	assert_int_equal(finish(st, id, "ann", TC_RACER_LEFT, 500, 100000, start + 100000), 0);

	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(race_at(st, id, start + 100000, &race, r), 3);
	assert_int_equal(race.state, TC_RACE_OVER);
	assert_string_equal(r[0].player, "bob");
	assert_int_equal(r[0].outcome, TC_RACER_WON);
	assert_int_equal(r[0].time_ms, 90000);
	assert_int_equal(r[0].points, 2048);
	assert_int_equal(r[0].recording, 40 + 2048);
	assert_int_equal(r[0].progress.value, 2048);
	assert_string_equal(r[0].progress.text, "2048 pts");
	assert_string_equal(r[1].player, "cy"); /* lost, below ann's progress: still above her */
	assert_int_equal(r[1].rank, 2);
	assert_string_equal(r[2].player, "ann");
	assert_int_equal(r[2].outcome, TC_RACER_LEFT);
	assert_int_equal(r[2].rank, 3);
	assert_int_equal(tc_store_race_join(st, id, "dee", start + 100000), TC_RACE_FINISHED);
	assert_int_equal(tc_store_race_join(st, id, "bob", start + 100000), TC_RACE_FINISHED);
	struct tc_race races[4];
	assert_int_equal(tc_store_races(st, start + 100000, races, 4), 0);
	tc_store_close(st);
}

/* One racer finished or left: not back, not joining again, while the others race. */
static void store_keeps_a_finished_racer_out(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0), 0);
	assert_int_equal(finish(st, id, "bob", TC_RACER_LEFT, 0, 0, T0 + 10), 0);
	assert_int_equal(state_at(st, id, T0 + 10), TC_RACE_COUNTDOWN);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0 + 20), TC_RACE_FINISHED);
	assert_int_equal(tc_store_race_back(st, id, "bob", T0 + 20), -1);
	tc_store_close(st);
}

/* Leaving a lobby takes the racer out of the race: no row, free to join again. The opener's
 * role passes to the racer who joined earliest, who may then start it; a lobby everyone left
 * is gone. A drop in the lobby (a program gone) is the same. */
static void store_leaving_a_lobby(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0 + 10), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, id, "cy", T0 + 20), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_join(st, id, "dee", T0 + 30), TC_RACE_JOINED);
	assert_int_equal(finish(st, id, "cy", TC_RACER_LEFT, 0, 0, T0 + 40), 0);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(race_at(st, id, T0 + 40, &race, r), 3);
	assert_string_equal(race.opener, "ann");
	assert_int_equal(tc_store_race_join(st, id, "cy", T0 + 50), TC_RACE_JOINED);
	assert_int_equal(finish(st, id, "ann", TC_RACER_LEFT, 0, 0, T0 + 60), 0);
	assert_int_equal(race_at(st, id, T0 + 60, &race, r), 3);
	assert_string_equal(race.opener, "bob");
	assert_int_equal(race.state, TC_RACE_LOBBY);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0 + 70), -1);
	assert_int_equal(finish(st, id, "bob", TC_RACER_DROPPED, 0, 0, T0 + 70), 0);
	assert_int_equal(race_at(st, id, T0 + 70, &race, r), 2);
	assert_string_equal(race.opener, "dee"); /* joined before cy came back */
	assert_int_equal(tc_store_race_start(st, id, "dee", T0 + 80), 0);

	int64_t alone = open_race(st, "eve", 0);
	assert_int_equal(finish(st, alone, "eve", TC_RACER_LEFT, 0, 0, T0 + 90), 0);
	assert_int_equal(tc_store_race_get(st, alone, T0 + 90, &race, r, TC_RACE_RACERS_MAX), -1);
	struct tc_race races[4];
	assert_int_equal(tc_store_races(st, T0 + 90, races, 4), 1);
	/* Its number is never another race's: `races N` would show another game. */
	assert_true(open_race(st, "eve", 0) > alone);
	assert_int_equal(tc_store_race_get(st, alone, T0 + 90, &race, r, TC_RACE_RACERS_MAX), -1);
	tc_store_close(st);
}

/* A racer whose connection dropped may come back while the race runs; gone longer than
 * TC_RACE_RETURN_MS, they have left, and a race of no one else is over. */
static void store_drops_and_returns(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0), 0);
	assert_int_equal(tc_store_race_socket(st, id, "ann", "p1"), 0); /* her game is there */
	const int64_t start = T0 + TC_RACE_COUNTDOWN_MS, drop = start + 10000;
	assert_int_equal(tc_store_race_back(st, id, "bob", drop), -1); /* not dropped */
	assert_int_equal(finish(st, id, "bob", TC_RACER_DROPPED, 12, 0, drop), 0);
	assert_int_equal(outcome_at(st, id, "bob", drop), TC_RACER_DROPPED);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	int n = race_at(st, id, drop, &race, r);
	assert_int_equal(racer_named(r, n, "bob")->dropped_ms, drop);
	/* A second drop keeps the first time. */
	assert_int_equal(finish(st, id, "bob", TC_RACER_DROPPED, 12, 0, drop + 500), 0);
	n = race_at(st, id, drop + 500, &race, r);
	assert_int_equal(racer_named(r, n, "bob")->dropped_ms, drop);
	assert_int_equal(tc_store_race_of(st, "bob", GAME_ID, drop + 1000), id);
	assert_int_equal(tc_store_race_back(st, id, "bob", drop + 1000), 0);
	assert_int_equal(outcome_at(st, id, "bob", drop + 1000), TC_RACER_RACING);
	assert_int_equal(tc_store_race_back(st, id, "bob", drop + 1000), -1);

	/* Dropped again, and joining comes back too. */
	assert_int_equal(finish(st, id, "bob", TC_RACER_DROPPED, 12, 0, drop + 2000), 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", drop + 3000), TC_RACE_JOINED);
	assert_int_equal(outcome_at(st, id, "bob", drop + 3000), TC_RACER_RACING);

	/* Dropped for good: left once the return time has gone by. */
	const int64_t gone = drop + 4000;
	assert_int_equal(finish(st, id, "bob", TC_RACER_DROPPED, 12, 0, gone), 0);
	assert_int_equal(outcome_at(st, id, "bob", gone + TC_RACE_RETURN_MS - 1), TC_RACER_DROPPED);
	assert_int_equal(outcome_at(st, id, "bob", gone + TC_RACE_RETURN_MS), TC_RACER_LEFT);
	assert_int_equal(tc_store_race_back(st, id, "bob", gone + TC_RACE_RETURN_MS), -1);
	assert_int_equal(tc_store_race_join(st, id, "bob", gone + TC_RACE_RETURN_MS),
	                 TC_RACE_FINISHED);
	assert_int_equal(tc_store_race_of(st, "bob", GAME_ID, gone + TC_RACE_RETURN_MS), 0);
	assert_int_equal(state_at(st, id, gone + TC_RACE_RETURN_MS), TC_RACE_RUNNING);
	/* A dropped racer finishing after all (the program wrote its end) is kept. */
	assert_int_equal(finish(st, id, "bob", TC_RACER_LOST, 20, 15000, gone + 10), 0);
	assert_int_equal(outcome_at(st, id, "bob", gone + 10), TC_RACER_LOST);
	tc_store_close(st);
}

/* The last racer still in dropped: the race runs on until the return time is over. */
static void store_ends_when_the_dropped_do_not_return(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0), 0);
	const int64_t t = T0 + 60000;
	assert_int_equal(finish(st, id, "ann", TC_RACER_WON, 1, 50000, t), 0);
	assert_int_equal(finish(st, id, "bob", TC_RACER_DROPPED, 7, 0, t), 0);
	assert_int_equal(state_at(st, id, t + TC_RACE_RETURN_MS - 1), TC_RACE_RUNNING);
	struct tc_race races[4];
	assert_int_equal(tc_store_races(st, t + TC_RACE_RETURN_MS - 1, races, 4), 1);
	assert_int_equal(state_at(st, id, t + TC_RACE_RETURN_MS), TC_RACE_OVER);
	assert_int_equal(outcome_at(st, id, "bob", t + TC_RACE_RETURN_MS), TC_RACER_LEFT);
	assert_int_equal(tc_store_races(st, t + TC_RACE_RETURN_MS, races, 4), 0);
	tc_store_close(st);
}

/* Races whose programs died without a word end: a racer whose game never showed (no game's
 * socket, only a lobby's presence or none) by the return time after the start never came (has
 * left), and a race without a time limit is over TC_RACE_LIMIT_MAX_MS after its start. */
static void store_ends_races_nobody_plays(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_socket(st, id, "bob", "l12"), 0);
	const int64_t start = T0 + TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS; /* by itself */
	assert_int_equal(state_at(st, id, start + TC_RACE_RETURN_MS - 1), TC_RACE_RUNNING);
	assert_int_equal(outcome_at(st, id, "ann", start + TC_RACE_RETURN_MS - 1), TC_RACER_RACING);
	assert_int_equal(state_at(st, id, start + TC_RACE_RETURN_MS), TC_RACE_OVER);
	assert_int_equal(outcome_at(st, id, "ann", start + TC_RACE_RETURN_MS), TC_RACER_LEFT);
	assert_int_equal(outcome_at(st, id, "bob", start + TC_RACE_RETURN_MS), TC_RACER_LEFT);
	struct tc_race races[4];
	assert_int_equal(tc_store_races(st, start + TC_RACE_RETURN_MS, races, 4), 0);

	/* One whose game showed races on, until a day after the start. */
	int64_t day = open_race(st, "cy", 0);
	assert_int_equal(tc_store_race_start(st, day, "cy", T0), 0);
	assert_int_equal(tc_store_race_socket(st, day, "cy", "p34"), 0);
	const int64_t begun = T0 + TC_RACE_COUNTDOWN_MS;
	assert_int_equal(state_at(st, day, begun + TC_RACE_LIMIT_MAX_MS - 1), TC_RACE_RUNNING);
	assert_int_equal(tc_store_races(st, begun + TC_RACE_LIMIT_MAX_MS - 1, races, 4), 1);
	assert_int_equal(state_at(st, day, begun + TC_RACE_LIMIT_MAX_MS), TC_RACE_OVER);
	assert_int_equal(outcome_at(st, day, "cy", begun + TC_RACE_LIMIT_MAX_MS), TC_RACER_ENDED);
	assert_int_equal(tc_store_races(st, begun + TC_RACE_LIMIT_MAX_MS, races, 4), 0);
	tc_store_close(st);
}

/* A second join of a racer whose program is in the race (their socket is set: callers probe
 * for gone programs first) is refused; once dropped, joining comes back. */
static void store_refuses_a_second_program(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_socket(st, id, "bob", "l5"), 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0 + 10), TC_RACE_PLAYING);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0 + 20), 0);
	assert_int_equal(tc_store_race_socket(st, id, "bob", "p5"), 0);
	const int64_t start = T0 + 20 + TC_RACE_COUNTDOWN_MS;
	assert_int_equal(tc_store_race_join(st, id, "bob", start + 10), TC_RACE_PLAYING);
	assert_int_equal(finish(st, id, "bob", TC_RACER_DROPPED, 3, 0, start + 20), 0);
	assert_int_equal(tc_store_race_join(st, id, "bob", start + 30), TC_RACE_JOINED);
	assert_int_equal(outcome_at(st, id, "bob", start + 30), TC_RACER_RACING);
	tc_store_close(st);
}

/* At the time limit the race is over: those still racing have ended there, and their program
 * then writes how far they got. */
static void store_ends_at_the_time_limit(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 90000);
	assert_int_equal(tc_store_race_join(st, id, "bob", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_race_start(st, id, "ann", T0), 0);
	const int64_t end = T0 + TC_RACE_COUNTDOWN_MS + 90000;
	assert_int_equal(state_at(st, id, end - 1), TC_RACE_RUNNING);
	assert_int_equal(tc_store_race_of(st, "ann", GAME_ID, end - 1), id);
	assert_int_equal(state_at(st, id, end), TC_RACE_OVER);
	assert_int_equal(outcome_at(st, id, "ann", end), TC_RACER_ENDED);
	assert_int_equal(tc_store_race_of(st, "ann", GAME_ID, end), 0);
	assert_int_equal(tc_store_race_back(st, id, "ann", end), -1);
	assert_int_equal(finish(st, id, "ann", TC_RACER_ENDED, 800, 90000, end + 5), 0);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	race_at(st, id, end + 5, &race, r);
	assert_string_equal(r[0].player, "ann");
	assert_int_equal(r[0].progress.value, 800);
	assert_string_equal(r[1].player, "bob");
	assert_int_equal(r[1].outcome, TC_RACER_ENDED);
	/* A lobby's limit counts from its automatic start. */
	int64_t lobby = open_race(st, "cy", 10000);
	const int64_t auto_start = T0 + TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS;
	assert_int_equal(state_at(st, lobby, auto_start + 9999), TC_RACE_RUNNING);
	assert_int_equal(state_at(st, lobby, auto_start + 10000), TC_RACE_OVER);
	tc_store_close(st);
}

/* The races not over, newest first; the lobby, the countdown and the running all show. */
static void store_lists_races(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	struct tc_race races[8];
	assert_int_equal(tc_store_races(st, T0, races, 8), 0);
	int64_t done = open_race(st, "ann", 0);
	assert_int_equal(finish(st, done, "ann", TC_RACER_LEFT, 0, 0, T0), 0);
	int64_t running = open_race(st, "bob", 0);
	assert_int_equal(tc_store_race_start(st, running, "bob", T0 - TC_RACE_COUNTDOWN_MS), 0);
	int64_t starting = open_race(st, "cy", 0);
	assert_int_equal(tc_store_race_start(st, starting, "cy", T0), 0);
	int64_t lobby = open_race(st, "dee", 0);
	assert_int_equal(tc_store_race_join(st, lobby, "eve", T0), TC_RACE_JOINED);
	assert_int_equal(tc_store_races(st, T0 + 1, races, 8), 3);
	assert_int_equal(races[0].id, lobby);
	assert_int_equal(races[0].state, TC_RACE_LOBBY);
	assert_int_equal(races[0].racers, 2);
	assert_string_equal(races[0].opener, "dee");
	assert_int_equal(races[1].id, starting);
	assert_int_equal(races[1].state, TC_RACE_COUNTDOWN);
	assert_int_equal(races[2].id, running);
	assert_int_equal(races[2].state, TC_RACE_RUNNING);
	assert_int_equal(tc_store_races(st, T0 + 1, races, 2), 2);
	assert_int_equal(races[1].id, starting);
	tc_store_close(st);
}

/* continue finds the race a player plays a game ID in: running, not finished, newest. */
static void store_finds_a_racers_race(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_of(st, "ann", GAME_ID, T0), 0); /* a lobby */
	assert_int_equal(tc_store_race_start(st, id, "ann", T0), 0);
	assert_int_equal(tc_store_race_of(st, "ann", GAME_ID, T0), id); /* counting down */
	assert_int_equal(tc_store_race_of(st, "ann", "2048:4x4:s6", T0), 0);
	assert_int_equal(tc_store_race_of(st, "bob", GAME_ID, T0), 0);
	int64_t other = tc_store_race_open(st, "2048", "2048:4x4:s6", "ann", 0, T0);
	assert_int_equal(tc_store_race_start(st, other, "ann", T0), 0);
	assert_int_equal(tc_store_race_of(st, "ann", GAME_ID, T0 + 5000), id);
	assert_int_equal(finish(st, id, "ann", TC_RACER_WON, 1, 1000, T0 + 5000), 0);
	assert_int_equal(tc_store_race_of(st, "ann", GAME_ID, T0 + 5000), 0);
	assert_int_equal(tc_store_race_of(st, "ann", "2048:4x4:s6", T0 + 5000), other);
	tc_store_close(st);
}

/* Where a racer's game is published. */
static void store_keeps_sockets(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	assert_int_equal(tc_store_race_socket(st, id, "ann", "p1234"), 0);
	assert_int_equal(tc_store_race_socket(st, id, "bob", "p1"), -1);
	char long_name[40];
	memset(long_name, 'p', sizeof long_name - 1);
	long_name[sizeof long_name - 1] = '\0';
	assert_int_equal(tc_store_race_socket(st, id, "ann", long_name), -1);
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	race_at(st, id, T0, &race, r);
	assert_string_equal(r[0].socket, "p1234");
	tc_store_close(st);
}

/* Rows a damaged or hostile database holds are refused, never read past: a race whose texts
 * do not fit is no race; a racer's row that is not one this program wrote is left out; more
 * racers than a race takes are not read. */
static void store_refuses_damaged_rows(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	int64_t bad = open_race(st, "bob", 0);
	tc_store_close(st);
	char sql[2048];
	snprintf(sql, sizeof sql,
	         "UPDATE races SET game_id = hex(randomblob(200)) WHERE id = %lld;"
	         "INSERT INTO racers SELECT %lld, 'long-' || hex(randomblob(40)), 'racing',"
	         "  0, '', 0, 0, 0, 0, 0, '';"
	         "INSERT INTO racers VALUES (%lld, 'word', 'winning', 0, '', 0, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (%lld, 'text', 'won', 0, hex(randomblob(40)),"
	         "  0, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (%lld, 'real', 'won', 0, '', 1.5, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (%lld, 'neg', 'won', 0, '', -1, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (%lld, 'blob', 'won', 0, '', 1, 0, 0, 0, 0, x'00');"
	         "INSERT INTO racers VALUES (%lld, x'616200', 'won', 0, '', 1, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (%lld, 'sock', 'won', 0, '', 1, 0, 0, 0, 0,"
	         "  hex(randomblob(40)));",
	         (long long)bad, (long long)id, (long long)id, (long long)id, (long long)id,
	         (long long)id, (long long)id, (long long)id, (long long)id);
	store_sql_in(state, "r.db", sql);
	st = store_open_in(state, "r.db");
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(tc_store_race_get(st, bad, T0, &race, r, TC_RACE_RACERS_MAX), -1);
	assert_int_equal(tc_store_race_join(st, bad, "cy", T0), TC_RACE_NONE);
	assert_int_equal(race_at(st, id, T0, &race, r), 1);
	assert_string_equal(r[0].player, "ann");
	struct tc_race races[4];
	assert_int_equal(tc_store_races(st, T0, races, 4), 1);
	assert_int_equal(races[0].id, id);
	tc_store_close(st);

	/* A race with times out of range, a limit over a day: no race. */
	store_sql_in(state, "r.db",
	         "INSERT INTO races VALUES (50, '2048', 'g', 'x', -5, 0, 0);"
	         "INSERT INTO races VALUES (51, '2048', 'g', 'x', 0, 0, 86400001);"
	         "INSERT INTO races VALUES (52, '2048', 'g', 'x', 'soon', 0, 0);"
	         "INSERT INTO races VALUES (53, '', 'g', 'x', 0, 0, 0);"
	         "INSERT INTO racers VALUES (50, 'x', 'racing', 0, '', 0, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (51, 'x', 'racing', 0, '', 0, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (52, 'x', 'racing', 0, '', 0, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (53, 'x', 'racing', 0, '', 0, 0, 0, 0, 0, '');");
	st = store_open_in(state, "r.db");
	for (int64_t i = 50; i <= 53; i++)
		assert_int_equal(tc_store_race_get(st, i, T0, &race, r, TC_RACE_RACERS_MAX), -1);
	assert_int_equal(tc_store_races(st, T0, races, 4), 1);
	tc_store_close(st);

	/* A race of a thousand racers is read as far as a race goes. */
	st = store_open_in(state, "r.db");
	id = open_race(st, "zed", 0);
	tc_store_close(st);
	snprintf(sql, sizeof sql,
	         "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)"
	         " INSERT INTO racers SELECT %lld, 'r' || i, 'racing', i, '', 0, 0, 0, 0, 0, ''"
	         " FROM n;",
	         (long long)id);
	store_sql_in(state, "r.db", sql);
	st = store_open_in(state, "r.db");
	assert_int_equal(race_at(st, id, T0, &race, r), TC_RACE_RACERS_MAX);
	assert_int_equal(tc_store_race_join(st, id, "late", T0), TC_RACE_FULL);
	tc_store_close(st);
}

/* Times no program of this host wrote are damage: a start later than the automatic one (it
 * read "starts in 2305841213586172"), an opening or a drop ahead of the clock. Such a race is
 * no race; such a racer is left out. */
static void store_refuses_absurd_times(void **state)
{
	struct tc_store *st = store_open_in(state, "r.db");
	int64_t id = open_race(st, "ann", 0);
	tc_store_close(st);
	char sql[1024];
	/* Rows with ids of their own: PostgreSQL gives ids itself unless told otherwise. */
	const char *insert = store_on_pg() ? "INSERT INTO races OVERRIDING SYSTEM VALUE VALUES"
	                                   : "INSERT INTO races VALUES";
	snprintf(sql, sizeof sql,
	         "%s (60, '2048', 'g', 'x', %lld, %lld, 0);"
	         "%s (61, '2048', 'g', 'x', %lld, 0, 0);"
	         "INSERT INTO racers VALUES (60, 'x', 'racing', 0, '', 0, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (61, 'x', 'racing', 0, '', 0, 0, 0, 0, 0, '');"
	         "INSERT INTO racers VALUES (%lld, 'bob', 'dropped', 0, '', 0, 0, 0, %lld, %lld,"
	         " '');",
	         insert, (long long)T0, (long long)(INT64_MAX / 4), insert, (long long)(T0 + 3600000),
	         (long long)id, (long long)T0, (long long)(INT64_MAX / 4));
	store_sql_in(state, "r.db", sql);
	st = store_open_in(state, "r.db");
	struct tc_race race;
	struct tc_racer r[TC_RACE_RACERS_MAX];
	assert_int_equal(tc_store_race_get(st, 60, T0, &race, r, TC_RACE_RACERS_MAX), -1);
	assert_int_equal(tc_store_race_get(st, 61, T0, &race, r, TC_RACE_RACERS_MAX), -1);
	assert_int_equal(race_at(st, id, T0, &race, r), 1);
	assert_string_equal(r[0].player, "ann");
	struct tc_race races[4];
	assert_int_equal(tc_store_races(st, T0, races, 4), 1);
	/* The latest start a lobby has, and a clock read a little behind the writer's, are fine. */
	tc_store_close(st);
	snprintf(sql, sizeof sql,
	         "UPDATE races SET start_ms = %lld WHERE id = %lld;",
	         (long long)(T0 + TC_RACE_AUTOSTART_MS + TC_RACE_COUNTDOWN_MS), (long long)id);
	store_sql_in(state, "r.db", sql);
	st = store_open_in(state, "r.db");
	assert_int_equal(state_at(st, id, T0 - 1000), TC_RACE_COUNTDOWN);
	tc_store_close(st);
}

/* A store that is off, or read where there is none, takes no race and has none. */
static void store_off_or_read_only(void **state)
{
	struct tc_racer result = racer("ann", TC_RACER_WON, 1, 1);
	struct tc_race race, races[2];
	struct tc_racer r[2];
	assert_int_equal(tc_store_race_open(NULL, "2048", GAME_ID, "ann", 0, T0), 0);
	assert_int_equal(tc_store_race_join(NULL, 1, "ann", T0), TC_RACE_FAILED);
	assert_int_equal(tc_store_race_start(NULL, 1, "ann", T0), -1);
	assert_int_equal(tc_store_race_get(NULL, 1, T0, &race, r, 2), -1);
	assert_int_equal(tc_store_races(NULL, T0, races, 2), 0);
	assert_int_equal(tc_store_race_socket(NULL, 1, "ann", "p1"), -1);
	assert_int_equal(tc_store_race_finish(NULL, 1, "ann", &result, T0), -1);
	assert_int_equal(tc_store_race_back(NULL, 1, "ann", T0), -1);
	assert_int_equal(tc_store_race_of(NULL, "ann", GAME_ID, T0), 0);

	/* Read where no database is: nothing there, nothing taken. */
	char path[STORE_PATH_MAX], notice[TC_STORE_NOTICE_MAX];
	struct tc_store *st =
	        tc_store_open_to_read(store_db(state, "none.db", path), notice, sizeof notice);
	assert_true(tc_store_ok(st));
	assert_int_equal(tc_store_race_open(st, "2048", GAME_ID, "ann", 0, T0), 0);
	assert_int_equal(tc_store_race_join(st, 1, "bob", T0), TC_RACE_FAILED);
	assert_int_equal(tc_store_race_get(st, 1, T0, &race, r, 2), -1);
	assert_int_equal(tc_store_races(st, T0, races, 2), 0);
	tc_store_close(st);
}

#define RACE_TEST(f) cmocka_unit_test_setup_teardown(f, store_setup, store_teardown)

int main(void)
{
	const struct CMUnitTest both[] = {
	        RACE_TEST(store_opens_a_lobby),
	        RACE_TEST(store_refuses_bad_openings),
	        RACE_TEST(store_limits_the_races_one_opens),
	        RACE_TEST(store_joins),
	        RACE_TEST(store_starts_by_the_opener),
	        RACE_TEST(store_starts_by_itself),
	        RACE_TEST(store_refuses_a_full_race),
	        RACE_TEST(store_finishes),
	        RACE_TEST(store_keeps_a_finished_racer_out),
	        RACE_TEST(store_leaving_a_lobby),
	        RACE_TEST(store_drops_and_returns),
	        RACE_TEST(store_ends_when_the_dropped_do_not_return),
	        RACE_TEST(store_ends_races_nobody_plays),
	        RACE_TEST(store_refuses_a_second_program),
	        RACE_TEST(store_ends_at_the_time_limit),
	        RACE_TEST(store_lists_races),
	        RACE_TEST(store_finds_a_racers_race),
	        RACE_TEST(store_keeps_sockets),
	        RACE_TEST(store_refuses_absurd_times),
	        RACE_TEST(store_off_or_read_only),
	};
	/* Run once: ranking without a store, and damage only SQLite's untyped columns let in. */
	const struct CMUnitTest sqlite_only[] = {
	        cmocka_unit_test(rank_winners_quickest_first),
	        cmocka_unit_test(rank_racing_by_progress),
	        cmocka_unit_test(rank_left_below_those_in_it),
	        cmocka_unit_test(rank_equal_progress_by_time),
	        cmocka_unit_test(rank_shares_equal_places),
	        cmocka_unit_test(rank_shared_places_in_joining_order),
	        cmocka_unit_test(rank_ignores_the_order_given),
	        cmocka_unit_test(rank_extreme_progress),
	        cmocka_unit_test(rank_none_and_one),
	        cmocka_unit_test(rank_names),
	        cmocka_unit_test(changes_by_itself),
	        RACE_TEST(store_refuses_damaged_rows),
	};
	return store_run_tests(both, STORE_COUNT(both), sqlite_only, STORE_COUNT(sqlite_only), NULL,
	                       0);
}
