/* The races command. */
#include "races_command.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arcade_policy.h"
#include "command.h"
#include "option_checks.h"
#include "replay_command.h"
#include "score_text.h"
#include "tilecade/gameid.h"
#include "tilecade/live_net.h"
#include "tilecade/races.h"

int tc_races_parse(const struct tc_options *o, int64_t *id, char *err, size_t errlen)
{
	const char *stray = o->has_level ? "--level" : tc_cli_game_option(o);
	*id = 0;
	if (stray) {
		snprintf(err, errlen, "races takes a race's number and --db, not %s", stray);
		return 2;
	}
	if (!o->race_number || tc_cli_number(o->race_number, id))
		return 0;
	tc_races_bad_id(o->race_number, err, errlen);
	return 2;
}

void tc_races_bad_id(const char *text, char *err, size_t errlen)
{
	char shown[48];
	tc_sanitize(text, shown, sizeof shown);
	snprintf(err, errlen, "races: '%.40s' is not a race's number (1 or more, as #N in %s)",
	         shown, tc_policy_where("tilecade races", "ssh HOST races"));
}

static int written(FILE *out, const char *what, char *err, size_t errlen)
{
	if (fflush(out) == 0 && !ferror(out))
		return 0;
	snprintf(err, errlen, "cannot write the %s", what);
	return 1;
}

/* Drops the racers of race id whose program is gone; whether any were (the folder told). */
static bool probe(struct tc_store *st, const char *dir, int64_t id, int64_t now_ms)
{
	if (tc_live_race_probe(st, dir, id, now_ms) == 0)
		return false;
	tc_live_races_changed(dir);
	return true;
}

int tc_races_list(struct tc_store *st, const char *dir, int64_t now_ms, FILE *out, char *err,
                  size_t errlen)
{
	static struct tc_race races[TC_RACES_LIST_MAX]; /* big: not on the stack */
	int n = tc_store_races(st, now_ms, races, TC_RACES_LIST_MAX);
	bool gone = false;
	for (int i = 0; i < n; i++)
		gone |= probe(st, dir, races[i].id, now_ms);
	if (gone)
		n = tc_store_races(st, now_ms, races, TC_RACES_LIST_MAX);
	if (n == 0)
		fprintf(out, "no races\n");
	for (int i = 0; i < n; i++) {
		char id[sizeof races[i].game_id], opener[sizeof races[i].opener];
		tc_sanitize(races[i].game_id, id, sizeof id);
		tc_sanitize(races[i].opener, opener, sizeof opener);
		fprintf(out, "#%" PRId64 "  %s  %s  %d racer%s  %s\n", races[i].id, id, opener,
		        races[i].racers, races[i].racers == 1 ? "" : "s",
		        tc_race_state_name(races[i].state));
	}
	return written(out, "list", err, errlen);
}

/* The local time of day of Unix ms, "HH:MM:SS"; false when it cannot be shown. */
static bool time_of_day(int64_t ms, char *out, size_t len)
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	if (!localtime_r(&t, &tm))
		return false;
	snprintf(out, len, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
	return true;
}

/* The local date and time of Unix ms, "YYYY-MM-DD HH:MM:SS" ("-" where it cannot be shown). */
static void date_time(int64_t ms, char *out, size_t len)
{
	char date[16], clock[16];
	tc_score_date(ms / 1000, date, sizeof date);
	if (strcmp(date, "-") == 0 || !time_of_day(ms, clock, sizeof clock))
		snprintf(out, len, "-");
	else
		snprintf(out, len, "%s %s", date, clock);
}

/* Whether the racer's progress, time and score were told: they finished or left (not racing,
 * whose progress only their own program has, and not dropped, who may come back). */
static bool told(const struct tc_racer *r)
{
	return r->outcome != TC_RACER_RACING && r->outcome != TC_RACER_DROPPED;
}

/* Those told first, then the others in the order they joined. */
static int told_first(const void *pa, const void *pb)
{
	const struct tc_racer *a = pa, *b = pb;
	if (told(a) != told(b))
		return told(a) ? -1 : 1;
	if (a->joined_ms != b->joined_ms)
		return a->joined_ms < b->joined_ms ? -1 : 1;
	return strcmp(a->player, b->player);
}

/* The board's order: those who finished or left ranked among themselves, then those still in
 * it unranked (rank 0), in the order they joined: where they stand is live in their programs,
 * not in the store. */
static void board_order(struct tc_racer *racers, int n)
{
	qsort(racers, (size_t)n, sizeof *racers, told_first);
	int finished = 0;
	while (finished < n && told(&racers[finished]))
		finished++;
	tc_race_rank(racers, finished);
	for (int i = finished; i < n; i++)
		racers[i].rank = 0;
}

int tc_races_board(struct tc_store *st, const char *dir, int64_t id, int64_t now_ms, FILE *out,
                   char *err, size_t errlen)
{
	static struct tc_racer racers[TC_RACE_RACERS_MAX]; /* big: not on the stack */
	struct tc_race race;
	probe(st, dir, id, now_ms);
	int n = tc_store_race_get(st, id, now_ms, &race, racers, TC_RACE_RACERS_MAX);
	if (n < 0) {
		snprintf(err, errlen, "there is no race #%" PRId64 " (%s lists them)", id,
		         tc_policy_where("tilecade races", "ssh HOST races"));
		return 1;
	}
	board_order(racers, n);
	char game_id[sizeof race.game_id], start[80], limit[32] = "none", clock[16];
	tc_sanitize(race.game_id, game_id, sizeof game_id);
	if (race.state == TC_RACE_LOBBY &&
	    time_of_day(race.opened_ms + TC_RACE_AUTOSTART_MS, clock, sizeof clock))
		snprintf(start, sizeof start, "by itself at %s unless its opener starts it sooner",
		         clock);
	else if (race.state == TC_RACE_LOBBY)
		snprintf(start, sizeof start, "when its opener starts it");
	else if (race.start_ms == 0)
		snprintf(start, sizeof start, "never: it did not start");
	else
		date_time(race.start_ms, start, sizeof start);
	/* Games without a score (zNumbers, Sudoku) have none to show. */
	const struct tc_game *game = tc_game_find(race.game);
	bool scored = !game || game->score;
	bool started = race.start_ms > 0 && now_ms >= race.start_ms;
	if (race.limit_ms > 0)
		tc_score_time(race.limit_ms, limit, sizeof limit);
	fprintf(out, "race #%" PRId64 "  %s  %s\nstart %s  limit %s\n", race.id, game_id,
	        tc_race_state_name(race.state), start, limit);
	fprintf(out, "%-4s  %-16s  %-7s  %-16s  %8s  %8s  %s\n", "Rank", "Player", "Result",
	        "Progress", "Time", "Score", "Recording");
	for (int i = 0; i < n; i++) {
		const struct tc_racer *r = &racers[i];
		char rank[16] = "-", player[sizeof r->player],
		     progress[sizeof r->progress.text] = "-", time[32] = "-", score[24] = "-",
		     recording[24] = "-";
		tc_sanitize(r->player, player, sizeof player);
		if (r->rank > 0)
			snprintf(rank, sizeof rank, "%d", r->rank);
		if (told(r)) {
			if (r->progress.text[0])
				tc_sanitize(r->progress.text, progress, sizeof progress);
			tc_score_time(r->time_ms, time, sizeof time);
			if (scored)
				snprintf(score, sizeof score, "%" PRId64, r->points);
		}
		if (r->recording > 0)
			snprintf(recording, sizeof recording, "#%" PRId64, r->recording);
		bool waiting = r->outcome == TC_RACER_RACING && !started;
		fprintf(out, "%-4s  %-16s  %-7s  %-16s  %8s  %8s  %s\n", rank, player,
		        waiting ? "waiting" : tc_racer_outcome_name(r->outcome), progress, time,
		        score, recording);
	}
	return written(out, "race", err, errlen);
}
