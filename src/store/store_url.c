/* Which engine a store's name selects: a postgresql:// or postgres:// URL is a PostgreSQL
 * database, anything else an SQLite file. In the settings' library, which reads the name from
 * [storage] database, as well as the store's. */
#include "tilecade/store.h"

#include <string.h>
#include <strings.h>

bool tc_store_is_url(const char *where)
{
	/* A URL's scheme is case-blind (RFC 3986). */
	return where && (strncasecmp(where, "postgresql://", 13) == 0 ||
	                 strncasecmp(where, "postgres://", 11) == 0);
}

/* Overwrites the n characters at p with 'x'; whether there were any. */
static bool blank(char *p, size_t n)
{
	memset(p, 'x', n);
	return n > 0;
}

bool tc_store_url_blank_password(char *where)
{
	if (!tc_store_is_url(where))
		return false;
	bool found = false;
	/* scheme://[user[:password]@]host...: the last '@' of the authority ends the user's part. */
	char *rest = strstr(where, "://") + 3;
	size_t authority = strcspn(rest, "/?");
	char *at = NULL;
	for (size_t i = 0; i < authority; i++)
		if (rest[i] == '@')
			at = rest + i;
	char *colon = at ? memchr(rest, ':', (size_t)(at - rest)) : NULL;
	if (colon)
		found = blank(colon + 1, (size_t)(at - colon - 1));
	/* ?...&password=...&... */
	for (char *o = strchr(rest, '?'); o; o = strchr(o, '&')) {
		o++;
		if (strncmp(o, "password=", 9) == 0)
			found = blank(o + 9, strcspn(o + 9, "&")) || found;
	}
	return found;
}
