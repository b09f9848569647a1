/* The statement layer: each call runs on the engine of the statement's store (engine.h). A
 * statement that could not be prepared is NULL, and every call takes NULL for one that did
 * nothing, so that a caller checks once, at the end. */
#include "sql.h"
#include "engine.h"
#include "store_internal.h"

#include <stdlib.h>

enum tc_sql_dialect tc_sql_dialect(const struct tc_store *st)
{
	return st && st->engine ? st->engine->dialect : TC_SQL_SQLITE;
}

struct tc_sql *tc_sql_prepare(struct tc_store *st, const char *sql)
{
	if (!st || !st->engine || !st->conn || st->away)
		return NULL;
	struct tc_sql *q = calloc(1, sizeof *q);
	if (!q)
		return NULL;
	q->st = st;
	if (!st->engine->prepare(st, q, sql)) {
		free(q);
		return NULL;
	}
	return q;
}

void tc_sql_bind_text(struct tc_sql *q, int i, const char *text)
{
	if (q)
		q->st->engine->bind_text(q, i, text);
}

void tc_sql_bind_int(struct tc_sql *q, int i, int64_t value)
{
	if (q)
		q->st->engine->bind_int(q, i, value);
}

void tc_sql_bind_blob(struct tc_sql *q, int i, const void *data, size_t len)
{
	if (q)
		q->st->engine->bind_blob(q, i, data, len);
}

enum tc_sql_rc tc_sql_step(struct tc_sql *q)
{
	return q ? q->st->engine->step(q) : TC_SQL_ERROR;
}

bool tc_sql_text(struct tc_sql *q, int i, char *dst, size_t len)
{
	return q && len > 0 && q->st->engine->text(q, i, dst, len);
}

bool tc_sql_int(struct tc_sql *q, int i, int64_t lo, int64_t hi, int64_t *out)
{
	return q && q->st->engine->integer(q, i, lo, hi, out);
}

bool tc_sql_blob(struct tc_sql *q, int i, void **data, size_t *len)
{
	*data = NULL;
	*len = 0;
	return q && q->st->engine->blob(q, i, data, len);
}

bool tc_sql_null(struct tc_sql *q, int i)
{
	return q && q->st->engine->null(q, i);
}

int64_t tc_sql_changes(struct tc_sql *q)
{
	return q ? q->st->engine->changes(q) : 0;
}

void tc_sql_finish(struct tc_sql *q)
{
	if (!q)
		return;
	q->st->engine->finish(q);
	free(q);
}

enum tc_sql_rc tc_sql_run(struct tc_sql *q)
{
	enum tc_sql_rc rc;
	while ((rc = tc_sql_step(q)) == TC_SQL_ROW)
		;
	tc_sql_finish(q);
	return rc;
}

enum tc_sql_rc tc_sql_exec(struct tc_store *st, const char *sql)
{
	if (!st || !st->engine || !st->conn || st->away)
		return TC_SQL_ERROR;
	return st->engine->exec(st, sql);
}

bool tc_sql_begin(struct tc_store *st)
{
	return st && st->engine && st->conn && !st->away && st->engine->begin(st);
}

bool tc_sql_end(struct tc_store *st, bool ok)
{
	if (ok && tc_sql_exec(st, "COMMIT") == TC_SQL_DONE)
		return true;
	tc_sql_exec(st, "ROLLBACK");
	return false;
}
