/* Statements with a deadline (pg_run.h): sent without blocking, their answer waited for on the
 * connection's socket with poll until the deadline. */
#define _POSIX_C_SOURCE 200809L
#include "pg_run.h"
#include "clock.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <time.h>

/* Waits until pg's socket is ready for events, at most until (monotonic ms), then reads what
 * came: false when the deadline passed or the connection broke. */
static bool wait_for(PGconn *pg, short events, int64_t until)
{
	for (;;) {
		int64_t left = until - tc_clock_ms();
		if (left <= 0)
			return false;
		struct pollfd p = {PQsocket(pg), events, 0};
		int ready = poll(&p, 1, (int)left);
		if (ready > 0)
			return PQconsumeInput(pg) == 1;
		if (ready < 0 && errno != EINTR)
			return false;
	}
}

/* Gives up on pg's statement: what is still unsent is thrown away when the caller closes the
 * connection (a reset, not a close that would deliver it once the network is back), so that a
 * write it gave up on is not run later. Bytes already taken by a proxy are beyond reach. */
static PGresult *give_up(PGconn *pg, PGresult *kept)
{
	PQclear(kept);
	struct linger reset = {1, 0};
	setsockopt(PQsocket(pg), SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
	return NULL;
}

PGresult *tc_pg_run(PGconn *pg, const char *sql, int n, const Oid *types, const char *const *values,
                    const int *lengths, const int *formats, int deadline_ms)
{
	int64_t until = tc_clock_ms() + deadline_ms;
	if (!pg || (!PQisnonblocking(pg) && PQsetnonblocking(pg, 1) != 0))
		return NULL;
	int sent = values ? PQsendQueryParams(pg, sql, n, types, values, lengths, formats, 0)
	                  : PQsendQuery(pg, sql);
	if (!sent)
		return NULL;
	int flushing;
	while ((flushing = PQflush(pg)) == 1)
		if (!wait_for(pg, POLLIN | POLLOUT, until))
			return give_up(pg, NULL);
	if (flushing < 0)
		return NULL;
	PGresult *kept = NULL;
	for (;;) {
		while (PQisBusy(pg))
			if (!wait_for(pg, POLLIN, until))
				return give_up(pg, kept);
		PGresult *res = PQgetResult(pg);
		if (!res)
			return kept;
		ExecStatusType status = PQresultStatus(kept);
		if (kept && status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
			PQclear(res); /* the first failure says what went wrong */
		} else {
			PQclear(kept);
			kept = res;
		}
	}
}
