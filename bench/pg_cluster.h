/* PostgreSQL for the benches that set it beside SQLite in one run: the bench runs itself again
 * inside a throwaway cluster (tests/pg/in_cluster.sh: pg_virtualenv, on this machine), and the
 * run inside hands its results back through a file; and what the server spends, read from /proc
 * and from the server itself. */
#ifndef BENCH_PG_CLUSTER_H
#define BENCH_PG_CLUSTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tc_store;

/* Whether this process is the run inside the cluster (argv: PROGRAM --in-cluster FILE ...):
 * then FILE, where its results go; NULL otherwise. The database is that of TC_TEST_DB's URL. */
const char *pg_cluster_inside(int argc, char **argv);
/* The URL of the cluster's database, inside it. */
const char *pg_cluster_url(void);

/* Runs this program again with args (NULL-terminated) inside a cluster of its own whose
 * postgresql.conf gets settings ("max_connections=300", space-separated, or ""), and reads the
 * len bytes of results the run inside wrote. Returns true, or false with why PostgreSQL was not
 * measured (no PostgreSQL installed, the run inside failed). */
bool pg_cluster_run(const char *settings, char *const *args, void *results, size_t len, char *why,
                    size_t whylen);

/* Writes the run inside's results to FILE; false when it could not. */
bool pg_cluster_hand_back(const char *file, const void *results, size_t len);

/* The CPU, in seconds, the server of st's database has used so far: its postmaster, every
 * process it runs (backends, checkpointer, WAL writer...), and those it ran and reaped. The
 * server must run on this machine; -1 when it cannot be read. */
double pg_server_cpu_seconds(struct tc_store *st);

/* Waits (up to 2 s) until the server's client backends other than st's have ended, so that
 * their CPU is counted (the postmaster adds a backend's to its own once it has reaped it). */
void pg_backends_gone(struct tc_store *st);

/* Sizes, in bytes, of st's database: */
struct pg_sizes {
	int64_t database; /* its files */
	int64_t wal;      /* the WAL the server has written so far */
	int64_t tables;   /* the store's tables, with their indexes and TOAST */
};
bool pg_sizes(struct tc_store *st, struct pg_sizes *out);

/* Makes a fresh database `name` beside st's; its URL into url. */
bool pg_new_database(struct tc_store *st, const char *name, char *url, size_t len);

#endif
