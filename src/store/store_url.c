/* Which engine a store's name selects: a postgresql:// or postgres:// URL is a PostgreSQL
 * database, anything else an SQLite file. In the settings' library, which reads the name from
 * [storage] database, as well as the store's. */
#include "tilecade/store.h"

#include <strings.h>

bool tc_store_is_url(const char *where)
{
	/* A URL's scheme is case-blind (RFC 3986). */
	return where && (strncasecmp(where, "postgresql://", 13) == 0 ||
	                 strncasecmp(where, "postgres://", 11) == 0);
}
