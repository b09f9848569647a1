/* The player behind an arcade login. */
#include "arcade_identity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "tilecade/file_open.h"

/* sshd writes a line per method the login used; a few lines in all. */
#define AUTH_INFO_MAX 65536

static bool key_type_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '@' || c == '.';
}

static bool base64_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '+' || c == '/' || c == '=';
}

/* The key of a "publickey TYPE BASE64" line into key; false for any other line. */
static bool publickey_line(const char *line, size_t line_len, char *key, size_t len)
{
	static const char word[] = "publickey ";
	if (line_len <= sizeof word - 1 || strncmp(line, word, sizeof word - 1) != 0)
		return false;
	const char *type = line + sizeof word - 1, *end = line + line_len;
	const char *p = type;
	while (p < end && key_type_char(*p))
		p++;
	if (p == type || p == end || *p != ' ')
		return false;
	const char *blob = ++p;
	while (p < end && base64_char(*p))
		p++;
	if (p == blob || (size_t)(p - type) >= len)
		return false; /* anything after the key (a certificate's details) is not its part */
	snprintf(key, len, "%.*s", (int)(p - type), type);
	return true;
}

int tc_arcade_key(char *key, size_t len, char *err, size_t errlen)
{
	const char *path = getenv("SSH_USER_AUTH");
	if (!path || !*path)
		return tc_cli_fail(err, errlen,
		                   "the arcade needs to know your key: its admin sets "
		                   "'ExposeAuthInfo yes' for it in sshd_config");
	char why[128];
	size_t n;
	char *info = tc_file_read_regular(path, AUTH_INFO_MAX, &n, why, sizeof why);
	if (!info)
		return tc_cli_fail(err, errlen, "cannot read SSH_USER_AUTH's file %s: %s", path,
		                   why);
	bool found = false;
	for (const char *line = info; !found && line < info + n;) {
		const char *nl = memchr(line, '\n', (size_t)(info + n - line));
		size_t line_len = nl ? (size_t)(nl - line) : (size_t)(info + n - line);
		found = publickey_line(line, line_len, key, len);
		line += line_len + 1;
	}
	free(info);
	if (!found)
		return tc_cli_fail(err, errlen,
		                   "the arcade knows players by their SSH key: log in with a key, "
		                   "not a password (its admin sets 'PasswordAuthentication no')");
	return 0;
}

void tc_arcade_name_refusal(enum tc_player_result result, const char *name, char *line, size_t len)
{
	char shown[64];
	tc_sanitize(name, shown, sizeof shown);
	if (result == TC_PLAYER_TAKEN)
		snprintf(line, len, "the name %s is taken: pick another", shown);
	else if (result == TC_PLAYER_BAD)
		snprintf(line, len, "'%s' is not a name: a name is %s", shown, TC_PLAYER_NAME_RULES);
	else
		snprintf(line, len, "the arcade cannot keep names now: try again later");
}

/* One line from stdin without its newline; false at end of input. A line too long for buf is
 * read to its end and comes back cut (then too long for a name). */
static bool read_line(char *buf, size_t len)
{
	if (!fgets(buf, (int)len, stdin))
		return false;
	size_t n = strcspn(buf, "\r\n");
	if (buf[n] == '\0') {
		int c;
		while ((c = getchar()) != EOF && c != '\n')
			;
	}
	buf[n] = '\0';
	return true;
}

int tc_arcade_ask_name(struct tc_store *arcade, const char *key, char *name, size_t len, char *err,
                       size_t errlen)
{
	/* Lines for the narrowest terminal a game fits in. */
	printf("Welcome to the tilecade arcade. This key is new here: pick the name\n"
	       "other players will see on the scoreboards and when they watch you:\n"
	       "%s.\n"
	       "It cannot be changed later. Ctrl-D leaves.\n",
	       TC_PLAYER_NAME_RULES);
	for (;;) {
		char typed[TC_PLAYER_NAME_MAX + 8], line[160];
		printf("Name: ");
		fflush(stdout);
		if (!read_line(typed, sizeof typed)) {
			printf("\nNo name picked; nothing was kept.\n");
			return -1;
		}
		enum tc_player_result result = tc_players_add(arcade, key, typed);
		if (result == TC_PLAYER_OK) {
			snprintf(name, len, "%s", typed);
			return 0;
		}
		tc_arcade_name_refusal(result, typed, line, sizeof line);
		if (result == TC_PLAYER_ERROR)
			return tc_cli_fail(err, errlen, "%s", line);
		/* Two lines: a long name and the rules would wrap at 80 columns mid-word. */
		char *rules = result == TC_PLAYER_BAD ? strstr(line, ": a name is ") : NULL;
		if (rules)
			*rules = '\0';
		printf("%s.%s%s\n", line, rules ? "\nA name is " : "",
		       rules ? TC_PLAYER_NAME_RULES "." : "");
	}
}
