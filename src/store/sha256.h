/* SHA-256 (FIPS 180-4), for names that must differ for every input (a player's folder). */
#ifndef TILECADE_STORE_SHA256_H
#define TILECADE_STORE_SHA256_H

#include <stddef.h>
#include <stdint.h>

void tc_sha256(const void *data, size_t len, uint8_t digest[32]);

#endif
