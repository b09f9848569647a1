/* Opening a file the player named for reading: see file_open.h. */
#define _POSIX_C_SOURCE 200809L
#include "file_open.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *not_regular(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory, not a file";
	if (S_ISFIFO(mode))
		return "a named pipe, not a file";
	if (S_ISSOCK(mode))
		return "a socket, not a file";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device, not a file";
	return S_ISREG(mode) ? NULL : "not a regular file";
}

FILE *tc_file_open_regular(const char *path, char *why, size_t whylen)
{
	/* O_NONBLOCK: opening a named pipe must not wait for a writer. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	const char *problem = NULL;
	if (fd < 0 || fstat(fd, &st) != 0)
		problem = strerror(errno);
	else if ((problem = not_regular(st.st_mode)) == NULL &&
	         fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
		problem = strerror(errno);
	FILE *f = problem ? NULL : fdopen(fd, "r");
	if (!f) {
		snprintf(why, whylen, "%s", problem ? problem : strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	return f;
}
