/* The replay command. */
#include "replay_command.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "arcade_policy.h"
#include "batch.h"
#include "command.h"
#include "option_checks.h"
#include "ninja_records.h"
#include "replay_open.h"
#include "score_text.h"
#include "tilecade/live_follow.h"

const char *tc_replay_stray_option(const struct tc_options *o)
{
	struct tc_options rest = *o;
	rest.has_theme = rest.headless = false; /* the replay's screen takes a theme */
	return o->has_level ? "--level" : tc_cli_game_option(&rest);
}

/* The outcome line of the recording's last position. */
static void print_outcome(const struct tc_session *s, FILE *out)
{
	struct tc_score score = {.points = tc_session_score(s),
	                         .time_ms = (int64_t)tc_session_elapsed_ms(s)};
	enum tc_rank_by by = tc_rank_of(tc_session_game(s)->name);
	char result[32], id[sizeof score.game_id];
	tc_score_result(&score, by, result, sizeof result);
	tc_session_game_id(s, id, sizeof id);
	fprintf(out, "%s %s=%s moves=%u id=%s\n", tc_replay_result(s),
	        by == TC_RANK_POINTS ? "score" : "time", result, tc_session_moves(s), id);
}

/* A run of N's outcome, "win|death|timeout|unfinished steps=N gold=G"; the exit status. */
static int ninja_outcome(struct tc_recording *rec, int64_t id, char *err, size_t errlen)
{
	static struct nj_replay rp; /* big: not on the stack */
	char name[64], what[32];
	snprintf(what, sizeof what, "recording #%" PRId64, id);
	int status = tc_nj_recording_replay(rec, &rp, name, sizeof name, err, errlen) == 0
	                     ? tc_batch_nj_outcome(&rp, what, stdout, err, errlen)
	                     : 1;
	tc_recording_free(rec);
	return status == 0 ? 0 : 1;
}

void tc_replay_bad_id(const char *text, char *err, size_t errlen)
{
	char shown[48];
	tc_sanitize(text, shown, sizeof shown);
	snprintf(err, errlen,
	         "replay: '%.40s' is not a recording's number (1 or more, as #N in %s)", shown,
	         tc_policy_where("tilecade scores", "ssh HOST scores"));
}

int tc_replay_parse(const struct tc_options *o, int64_t *id, char *err, size_t errlen)
{
	const char *stray = tc_replay_stray_option(o);
	*id = 0;
	if (stray)
		snprintf(err, errlen,
		         "replay takes a recording's number, --headless, --theme and --db, not %s",
		         stray);
	else if (!o->recording && o->headless)
		snprintf(err, errlen, "--headless needs a recording's number, as %s shows it: %s",
		         tc_policy_where("tilecade scores", "ssh HOST scores"),
		         tc_policy_where("tilecade replay N --headless",
		                         "ssh HOST replay N --headless"));
	else if (!o->recording)
		return 0; /* the list */
	else if (!tc_cli_number(o->recording, id))
		tc_replay_bad_id(o->recording, err, errlen);
	else
		return 0;
	return 2;
}

int tc_replay_run(struct tc_store *st, int64_t id, bool headless, struct tc_recording *rec,
                  char *err, size_t errlen)
{
	struct tc_live_follow end;
	if (tc_replay_open(st, id, rec, &end, err, errlen) != 0)
		return 1;
	if (!headless) {
		tc_live_follow_free(&end);
		return TC_REPLAY_ON_SCREEN;
	}
	if (!end.session) /* a run of N: the line `ninja --replay FILE --headless` prints */
		return ninja_outcome(rec, id, err, errlen);
	print_outcome(end.session, stdout);
	tc_live_follow_free(&end);
	tc_recording_free(rec);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		snprintf(err, errlen, "cannot write the outcome");
		return 1;
	}
	return 0;
}

int tc_replay_list(struct tc_store *st, FILE *out, char *err, size_t errlen)
{
	static struct tc_recording latest[TC_REPLAY_LIST_MAX]; /* big: not on the stack */
	int n = tc_store_latest_recordings(st, latest, TC_REPLAY_LIST_MAX);
	if (n == 0)
		fprintf(out, "no recordings yet\n");
	for (int i = 0; i < n; i++) {
		const struct tc_recording *rec = &latest[i];
		struct tc_score score = {.points = rec->points, .time_ms = rec->time_ms};
		enum tc_rank_by by = tc_rank_of(rec->game);
		char date[32], player[sizeof rec->player], id[sizeof rec->game_id], result[32];
		tc_score_date(rec->date, date, sizeof date);
		tc_sanitize(rec->player, player, sizeof player);
		tc_sanitize(rec->game_id, id, sizeof id);
		tc_score_result(&score, by, result, sizeof result);
		fprintf(out, "#%" PRId64 "  %s  %s  %s  %s %s=%s moves=%u\n", rec->id, date, player,
		        id, rec->result, by == TC_RANK_POINTS ? "score" : "time", result,
		        rec->moves);
	}
	if (fflush(out) != 0 || ferror(out)) {
		snprintf(err, errlen, "cannot write the list");
		return 1;
	}
	return 0;
}
