/* The live folder, and sockets in it whatever the folder's path length. */
#define _GNU_SOURCE
#include "tilecade/live_net.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "live_db.h"
#include "tilecade/store.h"

int tc_live_dir(const char *db_path, bool shared, char *buf, size_t len, char *err,
                size_t errlen)
{
	char db[PATH_MAX];
	if (!db_path) {
		if (tc_store_default_path(db, sizeof db) != 0) {
			snprintf(err, errlen, "no home folder for the live folder");
			return -1;
		}
		db_path = db;
	}
	const char *slash = strrchr(db_path, '/');
	int n = slash ? snprintf(buf, len, "%.*s/live", (int)(slash - db_path), db_path)
	              : snprintf(buf, len, "live");
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, errlen, "the live folder's path is too long");
		return -1;
	}
	/* A shared board's folder that is ours (an arcade's account) gets its live folder made
	 * too; the admin's folder of a host's board must have it already, open to every player. */
	struct stat parent;
	char up[PATH_MAX];
	snprintf(up, sizeof up, "%.*s", slash ? (int)(slash - db_path) : 1, slash ? db_path : ".");
	bool ours = !shared || (stat(up, &parent) == 0 && parent.st_uid == geteuid());
	if (ours && mkdir(buf, 0700) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot make the live folder %s: %s", buf, strerror(errno));
		return -1;
	}
	struct stat st;
	if (lstat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "no live folder %s%s", buf,
		         ours ? "" : " (the admin makes it, see the README)");
		return -1;
	}
	return 0;
}

/* The socket `name` in folder dir, held open (O_PATH) as it is, never through a symbolic link:
 * a shared folder is open to every user, who could put there a link to a socket elsewhere.
 * Returns the descriptor, or -1 with errno (ENOTSOCK: not a socket). */
static int hold_socket(const char *dir, const char *name)
{
	int dir_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir_fd < 0)
		return -1;
	int fd = openat(dir_fd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	int saved = errno;
	close(dir_fd);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode))) {
		close(fd);
		fd = -1;
		saved = ENOTSOCK;
	}
	errno = saved;
	return fd;
}

int tc_live_socket(const char *dir, const char *name, bool bind_it)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	int held = -1;
	int n;
	if (!bind_it) {
		/* Connected through the entry held open: what is checked is what is reached. */
		held = hold_socket(dir, name);
		if (held < 0)
			return -1;
		n = snprintf(addr.sun_path, sizeof addr.sun_path, "/proc/self/fd/%d", held);
	} else {
		n = snprintf(addr.sun_path, sizeof addr.sun_path, "%s/%s", dir, name);
		if (n < 0 || (size_t)n >= sizeof addr.sun_path) {
			/* Too long for an address: the folder opened, and named by its descriptor. */
			held = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
			if (held < 0)
				return -1;
			n = snprintf(addr.sun_path, sizeof addr.sun_path, "/proc/self/fd/%d/%s", held,
			             name);
		}
	}
	if (n < 0 || (size_t)n >= sizeof addr.sun_path) {
		close(held);
		errno = ENAMETOOLONG;
		return -1;
	}
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	int rc = fd < 0 ? -1
	         : bind_it
	                 ? bind(fd, (struct sockaddr *)&addr, sizeof addr)
	                 : connect(fd, (struct sockaddr *)&addr, sizeof addr);
	int saved = errno;
	if (rc != 0 && fd >= 0)
		close(fd);
	if (held >= 0)
		close(held);
	errno = saved;
	return rc == 0 ? fd : -1;
}

int tc_live_rename(const char *dir, const char *from, const char *to)
{
	int dir_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir_fd < 0)
		return -1;
	int rc = to ? renameat(dir_fd, from, dir_fd, to) : unlinkat(dir_fd, from, 0);
	int saved = errno;
	close(dir_fd);
	errno = saved;
	return rc;
}

/* The folder's entry TC_LIVE_RACES, made when missing: mode 0666 whatever the umask, so that
 * every user of a shared folder may set its time. Never through a symbolic link. Returns a
 * descriptor of it (O_PATH for one that was there), or -1. */
static int races_entry(int dir_fd, bool *made)
{
	for (int tries = 0; tries < 2; tries++) {
		/* One that is there is opened without O_CREAT: with fs.protected_regular, O_CREAT
		 * on another user's file in a sticky folder is refused even where it exists. */
		int fd = openat(dir_fd, TC_LIVE_RACES, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd >= 0 || errno != ENOENT) {
			*made = false;
			return fd;
		}
		fd = openat(dir_fd, TC_LIVE_RACES,
		            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
		            0666);
		if (fd >= 0) {
			fchmod(fd, 0666);
			*made = true;
			return fd;
		}
		if (errno != EEXIST) /* EEXIST: another program made it meanwhile */
			return -1;
	}
	return -1;
}

void tc_live_races_changed(const char *dir)
{
	if (tc_live_db_place(dir)) {
		tc_live_db_races_changed(dir);
		return;
	}
	int dir_fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir_fd < 0)
		return;
	bool made;
	int fd = races_entry(dir_fd, &made);
	close(dir_fd);
	if (fd < 0)
		return;
	/* Only a plain file of no other name is set: anyone may put something under that name in
	 * a shared folder (a FIFO, a device, a hard link to another file), which is held without
	 * being opened (O_PATH) and left as it is. */
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1) {
		if (made) {
			futimens(fd, NULL);
		} else {
			/* Set through the entry held open: what was checked is what is set. */
			char held[32];
			snprintf(held, sizeof held, "/proc/self/fd/%d", fd);
			if (st.st_uid == geteuid() && (st.st_mode & 07777) != 0666)
				chmod(held, 0666); /* made under an earlier program's umask */
			utimensat(AT_FDCWD, held, NULL, 0);
		}
	}
	close(fd);
}

bool tc_live_socket_name(const char *name)
{
	if (name[0] != 'p' || !name[1])
		return false;
	for (const char *c = name + 1; *c; c++)
		if (*c < '0' || *c > '9')
			return false;
	return strlen(name) < 16;
}
