/* A temporary HOME for the programs under test. */
#define _XOPEN_SOURCE 700 /* nftw */
#include "sandbox.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const e2e_xdg[][2] = {
        {"XDG_CONFIG_HOME", ".config"},
        {"XDG_DATA_HOME", ".local/share"},
        {"XDG_STATE_HOME", ".local/state"},
        {"XDG_CACHE_HOME", ".cache"},
};

char *e2e_sandbox_enter(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = malloc(4096);
	if (!dir)
		return NULL;
	snprintf(dir, 4096, "%s/tilecade-e2e-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("e2e: mkdtemp");
		free(dir);
		return NULL;
	}
	setenv("HOME", dir, 1);
	for (size_t i = 0; i < sizeof e2e_xdg / sizeof e2e_xdg[0]; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%s/%s", dir, e2e_xdg[i][1]);
		setenv(e2e_xdg[i][0], path, 1);
	}
	return dir;
}

static int e2e_remove(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	if (remove(path) != 0)
		perror(path);
	return 0;
}

void e2e_sandbox_leave(char *dir)
{
	if (!dir)
		return;
	nftw(dir, e2e_remove, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

void e2e_sandbox_forget(void)
{
	const char *data = getenv("XDG_DATA_HOME");
	char path[4200];
	if (!data)
		return;
	snprintf(path, sizeof path, "%s/tilecade", data);
	nftw(path, e2e_remove, 16, FTW_DEPTH | FTW_PHYS);
}

const char *e2e_bin;
char *e2e_sandbox;

int e2e_game_group_setup(void **state)
{
	(void)state;
	e2e_bin = getenv("TILECADE_BIN");
	if (!e2e_bin) {
		fprintf(stderr, "TILECADE_BIN is not set: run these tests with meson test\n");
		return -1;
	}
	e2e_sandbox = e2e_sandbox_enter();
	return e2e_sandbox ? 0 : -1;
}

int e2e_game_group_teardown(void **state)
{
	(void)state;
	e2e_sandbox_leave(e2e_sandbox);
	e2e_sandbox = NULL;
	return 0;
}

void e2e_sandbox_no_host_config(void)
{
	char host[4200];
	snprintf(host, sizeof host, "%s/no-host-config.ini", e2e_sandbox);
	setenv("TILECADE_SYSTEM_CONFIG", host, 1);
}

bool e2e_sandbox_file(char *path, size_t len, const char *name, const char *text)
{
	snprintf(path, len, "%s/%s", e2e_sandbox, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		return false;
	}
	fputs(text, f);
	if (fclose(f) != 0) {
		perror(path);
		return false;
	}
	return true;
}
