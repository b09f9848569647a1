/* Running a program without a terminal: stdin from /dev/null, stdout and stderr captured. */
#ifndef E2E_PROC_H
#define E2E_PROC_H

#include <stdbool.h>
#include <stddef.h>

struct e2e_run {
	int status;      /* wait status (see WIFEXITED) */
	char *out, *err; /* what it wrote, NUL-terminated */
	size_t out_len, err_len;
};

/* Runs argv (searched in PATH) to its end, for at most timeout_ms. Returns false, with the
 * reason printed, when it could not be started or had to be killed; r is filled in either way
 * and must be released with e2e_run_free. */
bool e2e_run(const char *const argv[], int timeout_ms, struct e2e_run *r);
void e2e_run_free(struct e2e_run *r);

#endif
