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

/* The one name column of the row that the statement's first parameter, bound to value, finds. */
static enum tc_player_result one_name(struct tc_store *st, const char *sql, const char *value,
                                      char *name, size_t len)
{
	sqlite3_stmt *stmt;
	if (!tc_store_ok(st) || tc_store_prepare(st->db, sql, &stmt) != SQLITE_OK)
		return TC_PLAYER_ERROR;
	sqlite3_bind_text(stmt, 1, value, -1, SQLITE_TRANSIENT);
	int rc = tc_store_step(stmt);
	enum tc_player_result result = rc == SQLITE_ROW    ? TC_PLAYER_OK
	                               : rc == SQLITE_DONE ? TC_PLAYER_UNKNOWN
	                                                   : TC_PLAYER_ERROR;
	if (result == TC_PLAYER_OK)
		snprintf(name, len, "%s", (const char *)sqlite3_column_text(stmt, 0));
	sqlite3_finalize(stmt);
	return result;
}

enum tc_player_result tc_players_name_of(struct tc_store *st, const char *key, char *name,
                                         size_t len)
{
	return one_name(st, "SELECT name FROM players WHERE key = ?", key, name, len);
}

enum tc_player_result tc_players_name_as_kept(struct tc_store *st, const char *typed, char *name,
                                              size_t len)
{
	/* The column's NOCASE collation: the comparison the UNIQUE constraint makes. */
	return one_name(st, "SELECT name FROM players WHERE name = ?", typed, name, len);
}

enum tc_player_result tc_players_add(struct tc_store *st, const char *key, const char *name)
{
	if (!tc_player_name_ok(name))
		return TC_PLAYER_BAD;
	sqlite3_stmt *stmt;
	if (!tc_store_writable(st) ||
	    tc_store_prepare(st->db, "INSERT INTO players (key, name, since) VALUES (?, ?, ?)",
	                     &stmt) != SQLITE_OK)
		return TC_PLAYER_ERROR;
	sqlite3_bind_text(stmt, 1, key, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(stmt, 2, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(stmt, 3, (sqlite3_int64)time(NULL));
	int rc = tc_store_step(stmt);
	sqlite3_finalize(stmt);
	if (rc == SQLITE_DONE)
		return TC_PLAYER_OK;
	if (rc != SQLITE_CONSTRAINT)
		return TC_PLAYER_ERROR;
	/* The name is taken, or the key has one: its own name again is no error. */
	char mine[TC_PLAYER_NAME_MAX + 1];
	return tc_players_name_of(st, key, mine, sizeof mine) == TC_PLAYER_OK &&
	                       strcmp(mine, name) == 0
	               ? TC_PLAYER_OK
	               : TC_PLAYER_TAKEN;
}
