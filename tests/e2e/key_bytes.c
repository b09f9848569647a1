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
	if (!top || !e2e_send_str(t, key) || !e2e_wait(t, done, ctx, timeout_ms)) {
		free(top);
		return -1;
	}
	/* A frame is written at once: when done holds, the answer has arrived. A tick seen by
	 * then shares its frame, or came before it; one seen later is a frame of its own. */
	uint64_t answer = e2e_bytes(t);
	*ticked = strcmp(top, e2e_row(t, 0)) != 0;
	bool quiet = e2e_wait_quiet(t, quiet_ms, timeout_ms);
	bool tick_after = !*ticked && strcmp(top, e2e_row(t, 0)) != 0;
	free(top);
	if (!quiet)
		return -1;
	return (int64_t)((tick_after ? answer : e2e_bytes(t)) - before);
}

int64_t e2e_most_key_bytes(struct e2e_term *t, const char *const keys[], int nkeys,
                           void (*before)(void *ctx, int i), e2e_done_fn *done, void *ctx, int want,
                           int quiet_ms, int timeout_ms, int *measured)
{
	int64_t most = 0;
	*measured = 0;
	for (int i = 0; i < 3 * want && *measured < want; i++) {
		before(ctx, i);
		bool ticked;
		int64_t bytes =
		        e2e_key_bytes(t, keys[i % nkeys], done, ctx, quiet_ms, timeout_ms, &ticked);
		if (bytes < 0)
			return -1;
		if (ticked)
			continue;
		most = bytes > most ? bytes : most;
		++*measured;
	}
	return most;
}
