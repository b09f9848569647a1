/* The players table of an arcade's database: a public key and its name. */
#include "tilecade/players.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sha256.h"
#include "store_internal.h"

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_' || c == '.';
}

bool tc_player_name_ok(const char *name)
{
	size_t len = strlen(name);
	if (len < 1 || len > TC_PLAYER_NAME_MAX || name[0] == '.' || name[0] == '-')
		return false;
	for (size_t i = 0; i < len; i++)
		if (!name_char(name[i]))
			return false;
	return true;
}

void tc_player_id(const char *key, char *id)
{
	uint8_t digest[32];
	tc_sha256(key, strlen(key), digest);
	for (int i = 0; i < 32; i++)
		snprintf(id + 2 * i, 3, "%02x", digest[i]);
}

/* The one name column of the row that the statement's first parameter, bound to value, finds
 * (a name that does not fit name is no name this program wrote). */
static enum tc_player_result one_name(struct tc_store *st, const char *sql, const char *value,
                                      char *name, size_t len)
{
	struct tc_sql *q = tc_store_ok(st) ? tc_sql_prepare(st, sql) : NULL;
	tc_sql_bind_text(q, 1, value);
	enum tc_sql_rc rc = tc_sql_step(q);
	enum tc_player_result result = TC_PLAYER_ERROR;
	if (rc == TC_SQL_DONE)
		result = TC_PLAYER_UNKNOWN;
	else if (rc == TC_SQL_ROW && tc_sql_text(q, 0, name, len))
		result = TC_PLAYER_OK;
	tc_sql_finish(q);
	return result;
}

enum tc_player_result tc_players_name_of(struct tc_store *st, const char *key, char *name,
                                         size_t len)
{
	return one_name(st, "SELECT name FROM players WHERE key = ?1", key, name, len);
}

enum tc_player_result tc_players_name_as_kept(struct tc_store *st, const char *typed, char *name,
                                              size_t len)
{
	/* Names are unique whatever their case (names are ASCII: tc_player_name_ok). */
	return one_name(st, "SELECT name FROM players WHERE lower(name) = lower(?1)", typed, name,
	                len);
}

enum tc_player_result tc_players_add(struct tc_store *st, const char *key, const char *name)
{
	if (!tc_player_name_ok(name))
		return TC_PLAYER_BAD;
	if (!tc_store_writable(st))
		return TC_PLAYER_ERROR;
	struct tc_sql *q =
	        tc_sql_prepare(st, "INSERT INTO players (key, name, since) VALUES (?1, ?2, ?3)");
	tc_sql_bind_text(q, 1, key);
	tc_sql_bind_text(q, 2, name);
	tc_sql_bind_int(q, 3, (int64_t)time(NULL));
	enum tc_sql_rc rc = tc_sql_run(q);
	if (rc == TC_SQL_DONE)
		return TC_PLAYER_OK;
	if (rc != TC_SQL_TAKEN)
		return TC_PLAYER_ERROR;
	/* The name is taken, or the key has one: its own name again is no error. */
	char mine[TC_PLAYER_NAME_MAX + 1];
	return tc_players_name_of(st, key, mine, sizeof mine) == TC_PLAYER_OK &&
	                       strcmp(mine, name) == 0
	               ? TC_PLAYER_OK
	               : TC_PLAYER_TAKEN;
}
