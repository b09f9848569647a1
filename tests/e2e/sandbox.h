/* A throw-away home for the programs a test runs, so that tests never read or write the user's
 * scores, saves and settings, and always start from none. */
#ifndef E2E_SANDBOX_H
#define E2E_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>

/* Makes a new empty directory and points HOME and the XDG base directories of this process
 * (and so of its children) into it. Returns the directory, or NULL with the reason printed. */
char *e2e_sandbox_enter(void);
/* Removes the directory and everything in it, and frees dir. NULL is ok. */
void e2e_sandbox_leave(char *dir);

/* Forgets the saved games and scores of earlier runs in the sandbox, so that a test starts from
 * a player who has none. */
void e2e_sandbox_forget(void);

/* The game under test, its path from TILECADE_BIN (set by meson), and the sandbox of the tests
 * that run it; both set by e2e_game_group_setup. */
extern const char *e2e_bin;
extern char *e2e_sandbox;

/* A cmocka group set-up and teardown for tests that run the game: e2e_game_group_setup sets
 * e2e_bin and enters a fresh sandbox, returning 0, or -1 with the reason printed;
 * e2e_game_group_teardown leaves the sandbox. A group that needs more calls them from its own. */
int e2e_game_group_setup(void **state);
int e2e_game_group_teardown(void **state);

/* Points TILECADE_SYSTEM_CONFIG at a file that is not there in the sandbox: no host settings
 * (which could name a shared scoreboard), whatever this machine has. */
void e2e_sandbox_no_host_config(void);
/* Writes text into the file name in the sandbox, its path in path[len]. Returns false, with the
 * reason printed, when it could not. */
bool e2e_sandbox_file(char *path, size_t len, const char *name, const char *text);

#endif
