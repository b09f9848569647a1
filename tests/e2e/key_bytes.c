/* Bytes on the wire for one key (key_bytes.h). */
#define _POSIX_C_SOURCE 200809L
#include "key_bytes.h"

#include <stdlib.h>
#include <string.h>

int64_t e2e_key_bytes(struct e2e_term *t, const char *key, e2e_done_fn *done, void *ctx,
                      int quiet_ms, int timeout_ms, bool *ticked)
{
	char *top = strdup(e2e_row(t, 0));
	uint64_t before = e2e_bytes(t);
	bool answered = top && e2e_send_str(t, key) && e2e_wait(t, done, ctx, timeout_ms) &&
	                e2e_wait_quiet(t, quiet_ms, timeout_ms);
	*ticked = answered && strcmp(top, e2e_row(t, 0)) != 0;
	free(top);
	return answered ? (int64_t)(e2e_bytes(t) - before) : -1;
}
