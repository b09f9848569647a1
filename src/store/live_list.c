/* The games in progress: every socket in the live folder asked for its hello at once. */
#define _GNU_SOURCE
#include "tilecade/live_net.h"
#include "clock.h"

#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "live_db.h"

static int by_socket(const void *a, const void *b)
{
	return strcmp(((const struct tc_live_game *)a)->socket,
	              ((const struct tc_live_game *)b)->socket);
}

/* Connects to every publisher's socket in dir (at most max), to list. Anything in the folder
 * that is not a socket is skipped without a look further (a shared folder is open to every
 * user); a socket of ours whose program is gone (a crash, kill -9) is removed. */
static int connect_all(const char *dir, struct tc_live_game *games, struct tc_live_watch *conn,
                       int max)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int n = 0;
	struct dirent *e;
	while (n < max && (e = readdir(d))) {
		struct stat st;
		if (!tc_live_socket_name(e->d_name) ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISSOCK(st.st_mode))
			continue;
		if (tc_live_watch_open(&conn[n], dir, e->d_name, 'L') != 0) {
			if (errno == ECONNREFUSED && st.st_uid == geteuid())
				unlinkat(dirfd(d), e->d_name, 0);
			continue;
		}
		memset(&games[n], 0, sizeof games[n]);
		snprintf(games[n].socket, sizeof games[n].socket, "%.15s", e->d_name);
		games[n].shared_ns = (int64_t)st.st_ctim.tv_sec * 1000000000 + st.st_ctim.tv_nsec;
		n++;
	}
	closedir(d);
	return n;
}

int tc_live_pick(const struct tc_live_game *games, int n, const char *player, int *count)
{
	int best = -1, mine = 0;
	for (int i = 0; i < n; i++) {
		const struct tc_live_game *g = &games[i];
		if (strcmp(g->hello.player, player) != 0)
			continue;
		mine++;
		if (best < 0 || g->hello.over < games[best].hello.over ||
		    (g->hello.over == games[best].hello.over &&
		     g->shared_ns > games[best].shared_ns))
			best = i;
	}
	if (count)
		*count = mine;
	return best;
}

int tc_live_list(const char *dir, struct tc_live_game *games, int max, int timeout_ms)
{
	if (max <= 0)
		return 0;
	if (tc_live_db_place(dir)) {
		int kept = tc_live_db_list(dir, games, max);
		qsort(games, (size_t)kept, sizeof *games, by_socket);
		return kept;
	}
	struct tc_live_watch *conn = calloc((size_t)max, sizeof *conn);
	struct pollfd *fds = calloc((size_t)max, sizeof *fds);
	if (!conn || !fds) {
		free(conn);
		free(fds);
		return 0;
	}
	int n = connect_all(dir, games, conn, max);
	int64_t deadline = tc_clock_ms() + timeout_ms;
	for (;;) {
		int waiting = 0;
		for (int i = 0; i < n; i++) {
			bool wait = conn[i].fd >= 0 && !conn[i].has_hello;
			fds[i] = (struct pollfd){wait ? conn[i].fd : -1, POLLIN, 0};
			waiting += wait;
		}
		int64_t left = deadline - tc_clock_ms();
		if (waiting == 0 || left <= 0)
			break;
		if (poll(fds, (nfds_t)n, (int)left) < 0 && errno != EINTR)
			break;
		for (int i = 0; i < n; i++)
			if (fds[i].revents)
				tc_live_watch_pump(&conn[i], NULL, NULL);
	}
	int kept = 0;
	for (int i = 0; i < n; i++) {
		if (conn[i].has_hello && conn[i].hello.game_id[0]) {
			games[kept] = games[i];
			games[kept++].hello = conn[i].hello;
		}
		tc_live_watch_close(&conn[i]);
	}
	free(conn);
	free(fds);
	qsort(games, (size_t)kept, sizeof *games, by_socket);
	return kept;
}
