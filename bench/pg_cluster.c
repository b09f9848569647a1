#define _GNU_SOURCE
#include "pg_cluster.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sql.h"
#include "tilecade/store.h"

const char *pg_cluster_inside(int argc, char **argv)
{
	return argc > 2 && strcmp(argv[1], "--in-cluster") == 0 ? argv[2] : NULL;
}

const char *pg_cluster_url(void)
{
	const char *url = getenv("TC_TEST_DB");
	return url && tc_store_is_url(url) ? url : "postgresql://";
}

bool pg_cluster_run(const char *settings, char *const *args, void *results, size_t len, char *why,
                    size_t whylen)
{
	const char *wrapper = getenv("TC_PG_IN_CLUSTER");
	if (!wrapper || !*wrapper) {
		snprintf(why, whylen,
		         "TC_PG_IN_CLUSTER does not name tests/pg/in_cluster.sh "
		         "(meson's benchmark sets it)");
		return false;
	}
	if (access(wrapper, X_OK) != 0) {
		snprintf(why, whylen, "no %s to run a cluster with: %s", wrapper, strerror(errno));
		return false;
	}
	char self[PATH_MAX], file[] = "/tmp/tilecade-bench-pg-XXXXXX";
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	int fd = mkstemp(file);
	int out[2];
	if (n <= 0 || fd < 0 || pipe(out) != 0) {
		snprintf(why, whylen, "cannot run itself again: %s", strerror(errno));
		if (fd >= 0)
			unlink(file), close(fd);
		return false;
	}
	close(fd);
	self[n] = '\0';
	char *argv[64] = {(char *)wrapper, self, "--in-cluster", file};
	int argc = 4;
	for (int i = 0; args[i] && argc < 63; i++)
		argv[argc++] = args[i];
	argv[argc] = NULL;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		/* The wrapper says on standard output why it skipped; the run inside writes its
		 * results to the file. */
		dup2(out[1], 1);
		close(out[0]);
		close(out[1]);
		setenv("TC_PG_SETTINGS", settings, 1);
		execv(wrapper, argv);
		_exit(127);
	}
	close(out[1]);
	char said[512] = "";
	size_t got = 0;
	for (ssize_t r; (r = read(out[0], said + got, sizeof said - 1 - got)) > 0;)
		got += (size_t)r;
	said[got] = '\0';
	close(out[0]);
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		status = -1;
	FILE *f = fopen(file, "rb");
	bool ok = f && fread(results, 1, len, f) == len;
	if (f)
		fclose(f);
	unlink(file);
	if (ok)
		return true;
	const char *skip = strstr(said, "# SKIP ");
	if (skip) {
		snprintf(why, whylen, "%.*s", (int)strcspn(skip + 7, "\n"), skip + 7);
		return false;
	}
	snprintf(why, whylen, "the run in the cluster failed (status %d; its errors above)",
	         WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return false;
}

bool pg_cluster_hand_back(const char *file, const void *results, size_t len)
{
	FILE *f = fopen(file, "wb");
	bool ok = f && fwrite(results, 1, len, f) == len;
	return f && fclose(f) == 0 && ok;
}

/* A process's parent and its CPU (clock ticks: its own, and that of its children it reaped),
 * from /proc/PID/stat. */
static bool process_cpu(long pid, long *parent, unsigned long long *ticks)
{
	char path[64], line[1024];
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	bool ok = fgets(line, sizeof line, f) != NULL;
	fclose(f);
	/* The name, in parentheses, may hold anything: the fields start after its last ')'. */
	char *after = ok ? strrchr(line, ')') : NULL;
	unsigned long long utime, stime, cutime, cstime;
	if (!after ||
	    sscanf(after + 1, " %*c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
	           parent, &utime, &stime, &cutime, &cstime) != 5)
		return false;
	*ticks = utime + stime + cutime + cstime;
	return true;
}

static bool query_int(struct tc_store *st, const char *sql, int n, int64_t *out)
{
	struct tc_sql *q = tc_sql_prepare(st, sql);
	bool ok = q && tc_sql_step(q) == TC_SQL_ROW;
	for (int i = 0; ok && i < n; i++)
		ok = tc_sql_int(q, i, INT64_MIN, INT64_MAX, &out[i]);
	tc_sql_finish(q);
	return ok;
}

double pg_server_cpu_seconds(struct tc_store *st)
{
	int64_t backend;
	long postmaster;
	unsigned long long ticks, total;
	if (!query_int(st, "SELECT pg_backend_pid()", 1, &backend) ||
	    !process_cpu((long)backend, &postmaster, &ticks) ||
	    !process_cpu(postmaster, &(long){0}, &total))
		return -1;
	DIR *proc = opendir("/proc");
	for (struct dirent *e; proc && (e = readdir(proc));) {
		long pid = strtol(e->d_name, NULL, 10), parent;
		if (pid > 0 && process_cpu(pid, &parent, &ticks) && parent == postmaster)
			total += ticks;
	}
	if (proc)
		closedir(proc);
	return (double)total / (double)sysconf(_SC_CLK_TCK);
}

void pg_backends_gone(struct tc_store *st)
{
	for (int i = 0; i < 200; i++) {
		int64_t n = -1;
		if (!query_int(st,
		               "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client "
		               "backend' AND pid <> pg_backend_pid()",
		               1, &n) ||
		    n == 0)
			break;
		usleep(10000);
	}
	usleep(20000); /* and reaped */
}

bool pg_sizes(struct tc_store *st, struct pg_sizes *out)
{
	int64_t v[3];
	if (!query_int(
	            st,
	            "SELECT pg_database_size(current_database()), "
	            "(pg_current_wal_lsn() - '0/0'::pg_lsn)::bigint, "
	            "(SELECT coalesce(sum(pg_total_relation_size(oid)), 0)::bigint FROM pg_class "
	            "WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace)",
	            3, v))
		return false;
	*out = (struct pg_sizes){v[0], v[1], v[2]};
	return true;
}

bool pg_new_database(struct tc_store *st, const char *name, char *url, size_t len)
{
	char sql[128];
	snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS %s", name);
	if (tc_sql_exec(st, sql) != TC_SQL_DONE)
		return false;
	snprintf(sql, sizeof sql, "CREATE DATABASE %s", name);
	if (tc_sql_exec(st, sql) != TC_SQL_DONE)
		return false;
	/* No host, port or user: libpq takes them from the PG* variables, as in the cluster. */
	snprintf(url, len, "postgresql:///%s", name);
	return true;
}
