/* A throw-away home for the programs a test runs, so that tests never read or write the user's
 * scores, saves and settings, and always start from none. */
#ifndef E2E_SANDBOX_H
#define E2E_SANDBOX_H

/* Makes a new empty directory and points HOME and the XDG base directories of this process
 * (and so of its children) into it. Returns the directory, or NULL with the reason printed. */
char *e2e_sandbox_enter(void);
/* Removes the directory and everything in it, and frees dir. NULL is ok. */
void e2e_sandbox_leave(char *dir);

/* Forgets the saved games and scores of earlier runs in the sandbox, so that a test starts from
 * a player who has none. */
void e2e_sandbox_forget(void);

/* The set-up of a cmocka group that runs the game: the binary's path from TILECADE_BIN (set by
 * meson) into *bin, and a fresh sandbox into *dir. Returns 0, or -1 with the reason printed. */
int e2e_game_setup(const char **bin, char **dir);

#endif
