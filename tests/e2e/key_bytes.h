/* Bytes on the wire for one key: what a program writes in answer to it. For a given terminal
 * and screen these are always the same bytes, so a test may bound them; only a clock's tick
 * that lands in the same moment adds to them, and that is told apart. */
#ifndef E2E_KEY_BYTES_H
#define E2E_KEY_BYTES_H

#include <stdbool.h>
#include <stdint.h>

#include "harness.h"

/* Sends key and returns how many bytes the program wrote in answer: those until done(t, ctx)
 * holds, and those until output has paused for quiet_ms unless the top row (where the games
 * keep their clock) changed after done held, which is a tick's frame. -1 when done did not
 * hold within timeout_ms. *ticked says whether the top row had changed when done held: the
 * count then holds a tick's bytes too, and says nothing about the key. */
int64_t e2e_key_bytes(struct e2e_term *t, const char *key, e2e_done_fn *done, void *ctx,
                      int quiet_ms, int timeout_ms, bool *ticked);

/* Sends keys[i % nkeys] for i = 0, 1, ... until want moves are measured or 3 * want keys are
 * sent, calling before(ctx, i) ahead of each key (to tell the caller's model where it goes);
 * a key whose answer holds a clock's tick is not measured. Returns the most bytes a measured
 * key was answered with, or -1 when done did not hold after a key; sets *measured. */
int64_t e2e_most_key_bytes(struct e2e_term *t, const char *const keys[], int nkeys,
                           void (*before)(void *ctx, int i), e2e_done_fn *done, void *ctx, int want,
                           int quiet_ms, int timeout_ms, int *measured);

#endif
