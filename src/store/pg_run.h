/* A statement on a libpq connection with a deadline: a network that stops answering without
 * closing (a proxy that still ACKs, so that neither keepalives nor tcp_user_timeout fire) holds
 * the caller up to the deadline, never longer. Shared by the store (pg_engine.c) and the live
 * hub (live_db.c). */
#ifndef TILECADE_STORE_PG_RUN_H
#define TILECADE_STORE_PG_RUN_H

#include <libpq-fe.h>
#include <stdint.h>

/* How long one statement may take before its connection is given up for lost: longer than the
 * writers' lock timeout (pg_engine.c, 5 s), so that a writer waiting its turn is told the lock
 * was not had rather than losing its connection. */
#define TC_PG_DEADLINE_MS 8000

/* Runs sql on pg as PQexec (no values: several commands may be given) or PQexecParams does,
 * waiting at most deadline_ms: its result (the first failed command's, else the last's), or
 * NULL when it could not be sent or the deadline passed. After NULL the connection is in no
 * state to use: the caller drops it. */
PGresult *tc_pg_run(PGconn *pg, const char *sql, int n, const Oid *types, const char *const *values,
                    const int *lengths, const int *formats, int deadline_ms);

#endif
