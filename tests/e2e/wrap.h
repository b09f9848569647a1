/* Running the program under test inside another one, such as valgrind, and giving it the time
 * that takes (meson test --setup valgrind sets these; see the top meson.build):
 *   E2E_WRAP      the path of the program to wrap (other programs run as they are)
 *   E2E_WRAPPER   the command to run it with, words split at spaces
 *   E2E_SLOWDOWN  how many times longer every time limit and quiet period is (default 1) */
#ifndef E2E_WRAP_H
#define E2E_WRAP_H

#include <stdint.h>

/* E2E_SLOWDOWN, at least 1. */
int64_t e2e_slowdown(void);

/* Executes argv, through E2E_WRAPPER when argv[0] is E2E_WRAP; returns only if that fails. */
void e2e_execvp(const char *const argv[]);

#endif
