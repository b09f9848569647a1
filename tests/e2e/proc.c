/* Running a program with pipes instead of a terminal, as scripts and batch users do. */
#define _GNU_SOURCE /* pipe2 */
#include "proc.h"
#include "wrap.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* More output than any test expects: a runaway program is stopped, not buffered forever. */
#define E2E_RUN_MAX_OUTPUT (16u << 20)

struct e2e_sink {
	int fd;
	char *buf;
	size_t len, cap;
};

static int64_t e2e_run_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Reads what is there into the sink; closes it at end of file. False when out of memory or
 * over the output limit. */
static bool e2e_sink_read(struct e2e_sink *s)
{
	if (s->cap - s->len < 4097) {
		size_t cap = s->cap ? s->cap * 2 : 8192;
		char *buf = cap <= E2E_RUN_MAX_OUTPUT ? realloc(s->buf, cap) : NULL;
		if (!buf)
			return false;
		s->buf = buf;
		s->cap = cap;
	}
	ssize_t n = read(s->fd, s->buf + s->len, s->cap - s->len - 1);
	if (n > 0)
		s->len += (size_t)n;
	else if (n == 0 || errno != EINTR) {
		close(s->fd);
		s->fd = -1;
	}
	s->buf[s->len] = '\0';
	return true;
}

static _Noreturn void e2e_run_child(const char *const argv[], int out, int err)
{
	int null = open("/dev/null", O_RDONLY);
	dup2(null, STDIN_FILENO);
	dup2(out, STDOUT_FILENO);
	dup2(err, STDERR_FILENO);
	e2e_execvp(argv);
	dprintf(STDERR_FILENO, "e2e: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* Collects both pipes until they close or the deadline passes; false on the latter. */
static bool e2e_collect(struct e2e_sink sink[2], int64_t deadline)
{
	while (sink[0].fd >= 0 || sink[1].fd >= 0) {
		int64_t left = deadline - e2e_run_now_ms();
		if (left <= 0)
			return false;
		struct pollfd p[2] = {{.fd = sink[0].fd, .events = POLLIN},
		                      {.fd = sink[1].fd, .events = POLLIN}};
		if (poll(p, 2, (int)left) < 0 && errno != EINTR)
			return false;
		for (int i = 0; i < 2; i++)
			if (p[i].revents && !e2e_sink_read(&sink[i]))
				return false;
	}
	return true;
}

/* Waits for the child until the deadline; false if it is still running then. */
static bool e2e_reap_by(pid_t pid, int *status, int64_t deadline)
{
	for (;;) {
		pid_t got = waitpid(pid, status, WNOHANG);
		if (got == pid)
			return true;
		if (got < 0 && errno != EINTR)
			return false;
		if (e2e_run_now_ms() >= deadline)
			return false;
		/* A child's end cannot be polled for without a signal handler. */
		struct timespec pause = {.tv_nsec = 5000000};
		nanosleep(&pause, NULL);
	}
}

bool e2e_run(const char *const argv[], int timeout_ms, struct e2e_run *r)
{
	memset(r, 0, sizeof *r);
	r->status = -1;
	int out[2], err[2];
	if (pipe2(out, O_CLOEXEC) != 0) {
		perror("e2e: pipe");
		return false;
	}
	if (pipe2(err, O_CLOEXEC) != 0) {
		perror("e2e: pipe");
		close(out[0]);
		close(out[1]);
		return false;
	}
	fflush(NULL); /* or the child would write our buffered output a second time */
	pid_t pid = fork();
	if (pid == 0)
		e2e_run_child(argv, out[1], err[1]);
	close(out[1]);
	close(err[1]);
	struct e2e_sink sink[2] = {{.fd = out[0]}, {.fd = err[0]}};
	int64_t deadline = e2e_run_now_ms() + (int64_t)timeout_ms * e2e_slowdown();
	bool ok = pid > 0 && e2e_collect(sink, deadline) && e2e_reap_by(pid, &r->status, deadline);
	if (pid < 0)
		perror("e2e: fork");
	else if (!ok) {
		fprintf(stderr, "e2e: %s did not finish within %d ms\n", argv[0], timeout_ms);
		kill(pid, SIGKILL);
		waitpid(pid, &r->status, 0);
	}
	for (int i = 0; i < 2; i++)
		if (sink[i].fd >= 0)
			close(sink[i].fd);
	r->out = sink[0].buf ? sink[0].buf : calloc(1, 1);
	r->err = sink[1].buf ? sink[1].buf : calloc(1, 1);
	r->out_len = sink[0].len;
	r->err_len = sink[1].len;
	return ok;
}

void e2e_run_free(struct e2e_run *r)
{
	free(r->out);
	free(r->err);
	r->out = r->err = NULL;
}
