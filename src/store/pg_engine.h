/* What the store needs of its PostgreSQL engine beyond the vtable (engine.h): reaching a
 * database again once it was away. */
#ifndef TILECADE_STORE_PG_ENGINE_H
#define TILECADE_STORE_PG_ENGINE_H

#include <stdbool.h>

struct tc_store;

/* Connects st (a PostgreSQL store whose database went away, st->away) again and checks its
 * schema as opening does, never waiting for the connection: the first call starts it, each
 * next one advances it as far as it goes without waiting (tc_pg_connecting while it is under
 * way, at most the connect timeout). True once connected (st->away cleared). False while the
 * database is being or cannot be reached (st->away stays set), or when it now refuses to be
 * used (a newer schema, another program's tables): then st->away is cleared and st->why says
 * why the store is off. */
bool tc_pg_reconnect(struct tc_store *st);
/* Whether a connection is being made (tc_pg_reconnect is to be called again soon). */
bool tc_pg_connecting(const struct tc_store *st);

#endif
