/* What comes into a live place: a folder's entries as inotify tells them, a database's news as
 * the live connection hears them (live_db.h), read the same way. */
#define _GNU_SOURCE
#include "tilecade/live_net.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "live_db.h"

int tc_live_news_open(struct tc_live_news *n, const char *place, bool races)
{
	memset(n, 0, sizeof *n);
	n->fd = -1;
	if (!place)
		return -1;
	n->db = tc_live_db_place(place);
	if (n->db) {
		n->fd = tc_live_db_news(place);
		return n->fd;
	}
	/* A socket shows by its rename into place; the races' entry is touched (made the first
	 * time). */
	n->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	uint32_t mask = IN_MOVED_TO | (races ? IN_ATTRIB | IN_CREATE : 0);
	if (n->fd >= 0 && inotify_add_watch(n->fd, place, mask) < 0) {
		close(n->fd);
		n->fd = -1;
	}
	return n->fd;
}

int tc_live_shared_now(const char *place, char (*names)[32], int max)
{
	int n = 0;
	if (tc_live_db_place(place)) {
		struct tc_live_game *games = calloc((size_t)(max > 0 ? max : 1), sizeof *games);
		n = games ? tc_live_db_list(place, games, max) : 0;
		for (int i = 0; i < n; i++)
			snprintf(names[i], sizeof names[i], "%s", games[i].socket);
		free(games);
		return n;
	}
	DIR *d = place ? opendir(place) : NULL;
	for (struct dirent *e; d && n < max && (e = readdir(d));)
		if (tc_live_socket_name(e->d_name))
			snprintf(names[n++], sizeof names[0], "%.31s", e->d_name); /* < 16 */
	if (d)
		closedir(d);
	return n;
}

void tc_live_news_close(struct tc_live_news *n)
{
	if (n->fd >= 0)
		close(n->fd);
	n->fd = -1;
}

/* Reads what more came after the bytes not taken yet; false when nothing did. */
static bool read_more(struct tc_live_news *n)
{
	memmove(n->buf, n->buf + n->pos, n->len - n->pos);
	n->len -= n->pos;
	n->pos = 0;
	ssize_t got = n->fd < 0 || n->len == sizeof n->buf
	                      ? -1
	                      : read(n->fd, n->buf + n->len, sizeof n->buf - n->len);
	if (got <= 0)
		return false;
	n->len += (size_t)got;
	return true;
}

bool tc_live_news_next(struct tc_live_news *n, char *name, size_t len)
{
	for (;;) {
		if (n->db) {
			char *nl = memchr(n->buf + n->pos, '\n', n->len - n->pos);
			if (nl) {
				snprintf(name, len, "%.*s", (int)(nl - (n->buf + n->pos)),
				         n->buf + n->pos);
				n->pos = (size_t)(nl - n->buf) + 1;
				return true;
			}
		} else if (n->len - n->pos >= sizeof(struct inotify_event)) {
			struct inotify_event e;
			memcpy(&e, n->buf + n->pos, sizeof e);
			/* inotify never splits an event between reads */
			n->pos += sizeof e + e.len;
			if (e.len > 0) {
				snprintf(name, len, "%s",
				         n->buf + n->pos - e.len); /* NUL-padded by inotify */
				return true;
			}
			continue;
		}
		if (!read_more(n))
			return false;
	}
}
