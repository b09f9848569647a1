/* Saving a file at a path the player typed: see file_save.h. */
#define _POSIX_C_SOURCE 200809L
#include "file_save.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tilecade/store.h"

#define PROTECTED_MAX 4

/* Files whose folders are refused, besides the default database's. */
static char protected_files[PROTECTED_MAX][PATH_MAX];
static int protected_count;

void tc_file_save_protect_folder_of(const char *file)
{
	if (file && *file && protected_count < PROTECTED_MAX)
		snprintf(protected_files[protected_count++], PATH_MAX, "%s", file);
}

/* The folder part of path ("." when it has none) into dir; returns the name part. */
static const char *split(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
	return slash ? slash + 1 : path;
}

/* Whether the real (resolved) folder real_dir is the folder of `file` or inside it. The folder
 * is resolved too, so that links and ".." on either side cannot hide that they are one. */
static bool inside_folder_of(const char *real_dir, const char *file)
{
	char dir[PATH_MAX], real[PATH_MAX];
	split(file, dir, sizeof dir);
	if (!realpath(dir, real))
		return false; /* no such folder yet: nothing in it to harm */
	size_t n = strlen(real);
	if (n == 1)
		return true; /* the folder is "/" */
	return strncmp(real_dir, real, n) == 0 && (real_dir[n] == '\0' || real_dir[n] == '/');
}

static bool in_data_folder(const char *real_dir)
{
	char db[PATH_MAX];
	if (tc_store_default_path(db, sizeof db) == 0 && inside_folder_of(real_dir, db))
		return true;
	for (int i = 0; i < protected_count; i++)
		if (inside_folder_of(real_dir, protected_files[i]))
			return true;
	return false;
}

static bool write_all(int fd, const char *bytes, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, bytes, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		bytes += n;
		len -= (size_t)n;
	}
	return true;
}

/* A new file beside the target, opened for writing; its name in tmp. Returns -1 on failure. */
static int open_temporary(int dir, const char *name, char *tmp, size_t len)
{
	for (int i = 0; i < 100; i++) {
		snprintf(tmp, len, ".%.200s.%ld-%d.tmp", name, (long)getpid(), i);
		int fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		                0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/* Puts the written temporary file in place of name. A new file is linked, which fails if a file
 * came there meanwhile; where links are not supported (FAT), it is renamed after a last look. */
static int put_in_place(int dir, const char *tmp, const char *name, bool replace)
{
	if (replace)
		return renameat(dir, tmp, dir, name);
	if (linkat(dir, tmp, dir, name, 0) == 0)
		return unlinkat(dir, tmp, 0);
	struct stat st;
	if (errno == EEXIST || fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	return renameat(dir, tmp, dir, name);
}

static enum tc_save_result refuse(char *why, size_t len, const char *reason)
{
	snprintf(why, len, "%s", reason);
	return TC_SAVE_REFUSED;
}

enum tc_save_result tc_file_save(const char *path, const void *bytes, size_t len, bool replace,
                                 char *why, size_t whylen)
{
	char dir[PATH_MAX], real[PATH_MAX];
	const char *name = split(path, dir, sizeof dir);
	if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return refuse(why, whylen, "not a file name");
	if (!realpath(dir, real))
		return refuse(why, whylen, strerror(errno));
	if (in_data_folder(real))
		return refuse(why, whylen, "tilecade's own data folder");
	int dfd = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return refuse(why, whylen, strerror(errno));
	struct stat st;
	bool exists = fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
	const char *problem = NULL;
	if (!exists && errno != ENOENT)
		problem = strerror(errno);
	else if (exists && S_ISLNK(st.st_mode))
		problem = "a symbolic link, not followed";
	else if (exists && S_ISDIR(st.st_mode))
		problem = "a directory";
	else if (exists && !S_ISREG(st.st_mode))
		problem = "not a regular file";
	else if (exists && faccessat(dfd, name, W_OK, 0) != 0) /* a read-only file stays so */
		problem = strerror(errno);
	if (problem || (exists && !replace)) {
		close(dfd);
		return problem ? refuse(why, whylen, problem) : TC_SAVE_EXISTS;
	}
	char tmp[NAME_MAX + 1];
	int fd = open_temporary(dfd, name, tmp, sizeof tmp);
	if (fd < 0) {
		int e = errno;
		close(dfd);
		return refuse(why, whylen, strerror(e));
	}
	/* A replaced file keeps its permissions (a private file stays private). */
	bool ok = write_all(fd, bytes, len) && (!exists || fchmod(fd, st.st_mode & 0777) == 0) &&
	          fsync(fd) == 0;
	int e = errno;
	if (close(fd) != 0 && ok) {
		ok = false;
		e = errno;
	}
	if (ok && put_in_place(dfd, tmp, name, exists) != 0) {
		ok = false;
		e = errno;
	}
	if (!ok)
		unlinkat(dfd, tmp, 0);
	close(dfd);
	if (!ok && e == EEXIST)
		return TC_SAVE_EXISTS; /* a file came there while this one was written */
	return ok ? TC_SAVE_DONE : refuse(why, whylen, strerror(e));
}
