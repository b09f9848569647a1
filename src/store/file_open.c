/* Opening a file the player named for reading: see file_open.h. */
#define _POSIX_C_SOURCE 200809L
#include "tilecade/file_open.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
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
	int failed = 0; /* the errno of a call that failed, for the caller */
	if (fd < 0 || fstat(fd, &st) != 0)
		problem = strerror(failed = errno);
	else if ((problem = not_regular(st.st_mode)) == NULL &&
	         fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
		problem = strerror(failed = errno);
	FILE *f = problem ? NULL : fdopen(fd, "r");
	if (!f) {
		if (!problem)
			problem = strerror(failed = errno);
		snprintf(why, whylen, "%s", problem);
		if (fd >= 0)
			close(fd);
		errno = failed;
	}
	return f;
}

char *tc_file_read_regular(const char *path, size_t max, size_t *len, char *why,
                           size_t whylen)
{
	FILE *f = tc_file_open_regular(path, why, whylen);
	if (!f)
		return NULL;
	char *text = malloc(max + 1);
	size_t n = text ? fread(text, 1, max + 1, f) : 0;
	int read_errno = ferror(f) ? errno : 0;
	fclose(f);
	if (text && !read_errno && n <= max) {
		text[n] = '\0';
		*len = n;
		return text;
	}
	if (!text)
		snprintf(why, whylen, "out of memory");
	else if (read_errno)
		snprintf(why, whylen, "%s", strerror(read_errno));
	else
		snprintf(why, whylen, "larger than %zu bytes", max);
	free(text);
	return NULL;
}
