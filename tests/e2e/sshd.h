/* A real OpenSSH server on 127.0.0.1 for the arcade's tests: its own config, a throwaway host
 * key and test keys in a temporary folder, `ForceCommand TILECADE arcade` as a host would set
 * it, and ssh clients of the test's keys. Nothing of the system's ssh set-up is read or touched
 * (but /run/sshd, which sshd needs: made when missing). */
#ifndef E2E_SSHD_H
#define E2E_SSHD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define E2E_SSHD_PATH_MAX 512
#define E2E_SSHD_KEYS_MAX 8
#define E2E_SSHD_ARGV_MAX 40

struct e2e_sshd {
	char dir[E2E_SSHD_PATH_MAX / 2];  /* everything: config, keys, log, the arcade's data */
	char data[E2E_SSHD_PATH_MAX];     /* XDG_DATA_HOME of the arcade's logins */
	char keys[E2E_SSHD_PATH_MAX / 2]; /* the players' keys and authorized_keys: dir's, or
	                                   * those of another host of the same arcade */
	char user[64];                    /* who the clients log in as: the test's own account */
	int port;
	pid_t pid; /* sshd -D */
};

/* Starts sshd with ForceCommand `bin arcade`, with keys for each of the names (NULL-ended)
 * made with ssh-keygen. Returns 0, or -1 with why the arcade cannot be tested here in why (not
 * root: sshd then gives no terminals; no sshd or ssh installed; sshd would not start: its
 * log's last line): the caller skips. */
int e2e_sshd_start(struct e2e_sshd *s, const char *bin, const char *const names[], char *why,
                   size_t whylen);
/* Another host of the same arcade: an sshd of its own (port, folder, arcade account's home)
 * that takes first's keys, as a player logs in to every host of an arcade with one key. first
 * outlives it. Returns as e2e_sshd_start does. */
int e2e_sshd_start_beside(struct e2e_sshd *s, const struct e2e_sshd *first, const char *bin,
                          char *why, size_t whylen);
/* Writes the arcade account's settings (its config.ini) with text; false if it could not. */
bool e2e_sshd_arcade_settings(const struct e2e_sshd *s, const char *text);
/* Stops that sshd (by its pid) and removes its folder. */
void e2e_sshd_stop(struct e2e_sshd *s);

/* The command line of an ssh client logging in with name's key: `-tt` when terminal is true,
 * then the request's words (NULL: none, the menu). argv holds E2E_SSHD_ARGV_MAX pointers;
 * buf keeps the strings they point into. */
void e2e_sshd_client(const struct e2e_sshd *s, const char *name, bool terminal, const char *request,
                     const char *argv[], char buf[4 * E2E_SSHD_PATH_MAX]);

struct e2e_run;
struct e2e_term;
/* `ssh HOST REQUEST` logging in with name's key, without a terminal, run to its end within
 * timeout_ms (e2e_run's result). */
bool e2e_sshd_run(const struct e2e_sshd *s, const char *name, const char *request, int timeout_ms,
                  struct e2e_run *r);
/* The same in a rows x cols terminal (ssh -tt); NULL if it could not start. */
struct e2e_term *e2e_sshd_term(const struct e2e_sshd *s, const char *name, const char *request,
                               int rows, int cols);

#endif
