/* sshd on loopback for the arcade's tests (../shared notes: checked on Debian's OpenSSH 9.2). */
#define _GNU_SOURCE /* mkdtemp */
#include "sshd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "proc.h"

#define SSHD "/usr/sbin/sshd"
#define START_TIMEOUT_MS 10000

static int fail(char *why, size_t len, const char *text)
{
	snprintf(why, len, "%s", text);
	return -1;
}

/* A port nobody listens on now: the kernel's pick for a socket bound to port 0. */
static int free_port(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	socklen_t len = sizeof a;
	int port = -1;
	if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
	    getsockname(fd, (struct sockaddr *)&a, &len) == 0)
		port = ntohs(a.sin_port);
	if (fd >= 0)
		close(fd);
	return port;
}

static bool accepts(int port)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET,
	                        .sin_port = htons((uint16_t)port),
	                        .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	bool ok = fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

/* ssh-keygen's new ed25519 key at path, its comment name; false (said in why) if it failed. */
static bool make_key(const char *path, const char *name, char *why, size_t len)
{
	const char *argv[] = {"ssh-keygen", "-q", "-t", "ed25519", "-N", "",
	                      "-C",         name, "-f", path,      NULL};
	struct e2e_run r;
	bool ok = e2e_run(argv, 20000, &r) && WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0;
	if (!ok)
		snprintf(why, len, "ssh-keygen failed: %s", r.err ? r.err : "");
	e2e_run_free(&r);
	return ok;
}

/* Appends the public key of path (path.pub) to authorized_keys, restricted as an arcade's
 * AuthorizedKeysCommand gives it: no forwarding, a terminal allowed. */
static bool authorize(const char *path, const char *authorized)
{
	char pub[E2E_SSHD_PATH_MAX + 64], line[1024];
	snprintf(pub, sizeof pub, "%s.pub", path);
	FILE *in = fopen(pub, "r"), *out = fopen(authorized, "a");
	bool ok = in && out && fgets(line, sizeof line, in) &&
	          fprintf(out, "restrict,pty %s", line) > 0;
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		ok = false;
	return ok;
}

static bool write_config(const struct e2e_sshd *s, const char *bin)
{
	char path[E2E_SSHD_PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/sshd_config", s->dir);
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	fprintf(f,
	        "Port %d\n"
	        "ListenAddress 127.0.0.1\n"
	        "HostKey %s/hostkey\n"
	        "PidFile %s/sshd.pid\n"
	        "AuthorizedKeysFile %s/authorized_keys\n"
	        "PasswordAuthentication no\n"
	        "KbdInteractiveAuthentication no\n"
	        "PermitRootLogin prohibit-password\n"
	        "UsePAM no\n"
	        "StrictModes no\n"
	        "ExposeAuthInfo yes\n"
	        "DisableForwarding yes\n"
	        "PermitTTY yes\n"
	        "AcceptEnv TERM\n"
	        "SetEnv XDG_DATA_HOME=%s XDG_CONFIG_HOME=%s/config "
	        "TILECADE_SYSTEM_CONFIG=/nonexistent LC_ALL=C.UTF-8\n"
	        "ForceCommand %s arcade\n",
	        s->port, s->dir, s->dir, s->keys, s->data, s->dir, bin);
	return fclose(f) == 0;
}

/* The last line sshd wrote to its log, for a skip's reason. */
static void last_log_line(const struct e2e_sshd *s, char *why, size_t len)
{
	char path[E2E_SSHD_PATH_MAX + 16], line[256] = "", last[256] = "no output";
	snprintf(path, sizeof path, "%s/sshd.log", s->dir);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof line, f))
		if (line[0] != '\n')
			snprintf(last, sizeof last, "%.*s", (int)strcspn(line, "\n"), line);
	if (f)
		fclose(f);
	snprintf(why, len, "sshd did not start: %s", last);
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Starts sshd and waits until it takes connections; -1 (why said) if it exits first. */
static int run_sshd(struct e2e_sshd *s, char *why, size_t len)
{
	char config[E2E_SSHD_PATH_MAX + 16], log[E2E_SSHD_PATH_MAX + 16];
	snprintf(config, sizeof config, "%s/sshd_config", s->dir);
	snprintf(log, sizeof log, "%s/sshd.log", s->dir);
	fflush(NULL);
	s->pid = fork();
	if (s->pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int null = open("/dev/null", O_RDWR);
		dup2(null, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		execl(SSHD, SSHD, "-D", "-e", "-f", config, (char *)NULL);
		_exit(127);
	}
	if (s->pid < 0)
		return fail(why, len, "cannot fork sshd");
	for (int64_t deadline = now_ms() + START_TIMEOUT_MS; !accepts(s->port);) {
		int status;
		if (waitpid(s->pid, &status, WNOHANG) == s->pid || now_ms() > deadline) {
			if (now_ms() > deadline)
				kill(s->pid, SIGKILL), waitpid(s->pid, &status, 0);
			s->pid = 0;
			last_log_line(s, why, len);
			return -1;
		}
		struct timespec pause = {.tv_nsec = 10000000};
		nanosleep(&pause, NULL);
	}
	return 0;
}

/* The folder, host key and account of a new sshd, before its players' keys; -1 (why said) when
 * sshd cannot run here. */
static int prepare(struct e2e_sshd *s, char *why, size_t whylen)
{
	memset(s, 0, sizeof *s);
	if (access(SSHD, X_OK) != 0)
		return fail(why, whylen, "no " SSHD ": apt-get install openssh-server");
	/* Checked here (OpenSSH 9.2): sshd not run by root logs in only its own user, and drops
	 * every session with a terminal ("chown(/dev/pts/N) failed"). */
	if (geteuid() != 0)
		return fail(why, whylen,
		            "sshd gives terminals only when run by root: run the arcade's tests as "
		            "root");
	struct stat st;
	if (stat("/run/sshd", &st) != 0 && mkdir("/run/sshd", 0755) != 0)
		return fail(why, whylen, "cannot make /run/sshd, which sshd needs");
	struct passwd *pw = getpwuid(getuid());
	if (!pw)
		return fail(why, whylen, "this account has no name for ssh to log in as");
	snprintf(s->user, sizeof s->user, "%s", pw->pw_name);
	const char *tmp = getenv("TMPDIR");
	snprintf(s->dir, sizeof s->dir, "%s/tilecade-sshd-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(s->dir))
		return fail(why, whylen, "cannot make a temporary folder");
	/* Not made here: the arcade makes its folders, and those above. */
	snprintf(s->data, sizeof s->data, "%s/home/.local/share", s->dir);
	char path[E2E_SSHD_PATH_MAX + 32];
	snprintf(path, sizeof path, "%s/hostkey", s->dir);
	if (!make_key(path, "host", why, whylen))
		return -1; /* no ssh-keygen: openssh-client */
	return 0;
}

/* Its config on a free port, and sshd started. */
static int start(struct e2e_sshd *s, const char *bin, char *why, size_t whylen)
{
	s->port = free_port();
	if (s->port < 0 || !write_config(s, bin))
		return fail(why, whylen, "cannot write sshd's config");
	return run_sshd(s, why, whylen);
}

int e2e_sshd_start(struct e2e_sshd *s, const char *bin, const char *const names[], char *why,
                   size_t whylen)
{
	if (prepare(s, why, whylen) != 0)
		return -1;
	snprintf(s->keys, sizeof s->keys, "%s", s->dir);
	char path[E2E_SSHD_PATH_MAX + 32], authorized[E2E_SSHD_PATH_MAX + 32];
	snprintf(authorized, sizeof authorized, "%s/authorized_keys", s->keys);
	for (int i = 0; names[i]; i++) {
		snprintf(path, sizeof path, "%s/key-%s", s->keys, names[i]);
		if (!make_key(path, names[i], why, whylen) || !authorize(path, authorized))
			return fail(why, whylen, "cannot write the test's keys");
	}
	return start(s, bin, why, whylen);
}

int e2e_sshd_start_beside(struct e2e_sshd *s, const struct e2e_sshd *first, const char *bin,
                          char *why, size_t whylen)
{
	if (prepare(s, why, whylen) != 0)
		return -1;
	snprintf(s->keys, sizeof s->keys, "%s", first->keys);
	return start(s, bin, why, whylen);
}

bool e2e_sshd_arcade_settings(const struct e2e_sshd *s, const char *text)
{
	char path[E2E_SSHD_PATH_MAX + 48];
	snprintf(path, sizeof path, "%s/config", s->dir);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/config/tilecade", s->dir);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/config/tilecade/config.ini", s->dir);
	FILE *f = fopen(path, "w");
	bool ok = f && fputs(text, f) >= 0;
	if (f && fclose(f) != 0)
		ok = false;
	return ok;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	remove(path);
	return 0;
}

void e2e_sshd_stop(struct e2e_sshd *s)
{
	if (s->pid > 0) {
		kill(s->pid, SIGTERM);
		waitpid(s->pid, NULL, 0);
		s->pid = 0;
	}
	if (*s->dir)
		nftw(s->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	s->dir[0] = '\0';
}

void e2e_sshd_client(const struct e2e_sshd *s, const char *name, bool terminal, const char *request,
                     const char *argv[], char buf[4 * E2E_SSHD_PATH_MAX])
{
	int n = 0;
	char *port = buf, *key = buf + 16, *login = buf + 16 + E2E_SSHD_PATH_MAX;
	char *words = login + E2E_SSHD_PATH_MAX;
	snprintf(port, 16, "%d", s->port);
	snprintf(key, E2E_SSHD_PATH_MAX, "%s/key-%s", s->keys, name);
	snprintf(login, E2E_SSHD_PATH_MAX, "%s@127.0.0.1", s->user);
	static const char *const options[] = {"ssh",
	                                      "-F",
	                                      "/dev/null",
	                                      "-o",
	                                      "BatchMode=yes",
	                                      "-o",
	                                      "StrictHostKeyChecking=no",
	                                      "-o",
	                                      "UserKnownHostsFile=/dev/null",
	                                      "-o",
	                                      "IdentitiesOnly=yes",
	                                      "-o",
	                                      "LogLevel=ERROR"};
	for (size_t i = 0; i < sizeof options / sizeof *options; i++)
		argv[n++] = options[i];
	argv[n++] = "-p";
	argv[n++] = port;
	argv[n++] = "-i";
	argv[n++] = key;
	if (terminal)
		argv[n++] = "-tt";
	argv[n++] = login;
	/* The request's words as ssh sends them: joined by spaces into SSH_ORIGINAL_COMMAND. */
	snprintf(words, 2 * E2E_SSHD_PATH_MAX - 16, "%s", request ? request : "");
	for (char *w = strtok(words, " "); w && n < E2E_SSHD_ARGV_MAX - 1; w = strtok(NULL, " "))
		argv[n++] = w;
	argv[n] = NULL;
}

bool e2e_sshd_run(const struct e2e_sshd *s, const char *name, const char *request, int timeout_ms,
                  struct e2e_run *r)
{
	const char *argv[E2E_SSHD_ARGV_MAX];
	char buf[4 * E2E_SSHD_PATH_MAX];
	e2e_sshd_client(s, name, false, request, argv, buf);
	return e2e_run(argv, timeout_ms, r);
}

struct e2e_term *e2e_sshd_term(const struct e2e_sshd *s, const char *name, const char *request,
                               int rows, int cols)
{
	const char *argv[E2E_SSHD_ARGV_MAX];
	char buf[4 * E2E_SSHD_PATH_MAX];
	e2e_sshd_client(s, name, true, request, argv, buf);
	return e2e_start(rows, cols, argv, NULL);
}
