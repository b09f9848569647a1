/* The wrapper around the program under test: see wrap.h. */
#include "wrap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int64_t e2e_slowdown(void)
{
	static int64_t slowdown;
	if (slowdown == 0) {
		const char *k = getenv("E2E_SLOWDOWN");
		slowdown = k && atoi(k) > 0 ? atoi(k) : 1;
	}
	return slowdown;
}

void e2e_execvp(const char *const argv[])
{
	const char *wrap = getenv("E2E_WRAP"), *wrapper = getenv("E2E_WRAPPER");
	if (!wrap || !wrapper || strcmp(wrap, argv[0]) != 0) {
		execvp(argv[0], (char *const *)argv);
		return;
	}
	enum { MAX_WORDS = 32, MAX_ARGS = 64 };
	static char words[4096];
	const char *all[MAX_WORDS + MAX_ARGS + 1];
	size_t n = 0;
	snprintf(words, sizeof words, "%s", wrapper);
	for (char *w = strtok(words, " "); w && n < MAX_WORDS; w = strtok(NULL, " "))
		all[n++] = w;
	for (size_t i = 0; argv[i] && i < MAX_ARGS; i++)
		all[n++] = argv[i];
	all[n] = NULL;
	execvp(all[0], (char *const *)all);
}
