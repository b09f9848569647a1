/* Whether a racer's program is still there, asked of its socket in the live folder: a game's
 * ("p1234", tilecade/live_net.h) or a lobby's presence ("l1234"), which listens and is never
 * read, so that a connection to it waits in its short queue (and, the queue full, is turned
 * away with EAGAIN: there all the same). */
#define _GNU_SOURCE
#include "tilecade/live_net.h"
#include "tilecade/races.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <unistd.h>

#include "live_db.h"

/* Whether name is a socket's name this folder's programs make: "p" or "l", then digits. */
static bool probe_name(const char *name)
{
	if ((name[0] != 'p' && name[0] != 'l') || !name[1] || strlen(name) >= 16)
		return false;
	return strspn(name + 1, "0123456789") == strlen(name + 1);
}

bool tc_live_gone(const char *dir, const char *name)
{
	if (!dir || !probe_name(name))
		return false; /* nothing to ask: not taken for gone */
	if (tc_live_db_place(dir)) /* its lock free */
		return tc_live_db_gone(dir, name) == 1;
	int fd = tc_live_socket(dir, name, false);
	if (fd >= 0) {
		close(fd);
		return false;
	}
	/* Missing (removed as its program ended) or refused (left behind by one killed). */
	return errno == ENOENT || errno == ECONNREFUSED;
}

int tc_live_presence_open(const char *dir, char *name, size_t len)
{
	/* Made listening under another name and renamed, as a game's socket is: one that shows
	 * always answers. */
	if (tc_live_db_place(dir)) { /* a lock held on a name of its own; the descriptor stands for it */
		int64_t id = tc_live_db_new_id();
		snprintf(name, len, "l%lld", (long long)id);
		tc_live_db_presence(dir, id, true);
		return open("/dev/null", O_RDONLY | O_CLOEXEC);
	}
	char making[32];
	snprintf(name, len, "l%ld", (long)getpid());
	snprintf(making, sizeof making, ".%s", name);
	tc_live_rename(dir, making, NULL); /* left by an earlier program of this process ID */
	int fd = tc_live_socket(dir, making, true);
	if (fd >= 0 && (listen(fd, 1) != 0 || tc_live_rename(dir, making, name) != 0)) {
		close(fd);
		tc_live_rename(dir, making, NULL);
		fd = -1;
	}
	return fd;
}

void tc_live_presence_close(const char *dir, int fd, const char *name)
{
	if (fd < 0)
		return;
	if (tc_live_db_place(dir))
		tc_live_db_presence(dir, tc_live_db_name_id(name), false);
	else
		tc_live_rename(dir, name, NULL);
	close(fd);
}

int tc_live_race_probe(struct tc_store *st, const char *dir, int64_t id, int64_t now_ms)
{
	static struct tc_racer racers[TC_RACE_RACERS_MAX]; /* big: not on the stack */
	struct tc_race race;
	int n = dir ? tc_store_race_get(st, id, now_ms, &race, racers, TC_RACE_RACERS_MAX) : -1;
	if (n < 0 || race.state == TC_RACE_OVER)
		return 0;
	int gone = 0;
	for (int i = 0; i < n; i++) {
		struct tc_racer *r = &racers[i];
		if (r->outcome != TC_RACER_RACING || !r->socket[0] || !tc_live_gone(dir, r->socket))
			continue;
		r->outcome = TC_RACER_DROPPED; /* with the progress last told */
		gone += tc_store_race_finish(st, id, r->player, r, now_ms) == 0;
	}
	return gone;
}
