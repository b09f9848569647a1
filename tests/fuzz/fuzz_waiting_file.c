/* Waiting files (src/store/waiting_file.c), read back from the waiting folder: never crash; a
 * file read is written back to the same bytes. The input is a file without its SHA-256, which
 * the target appends, so that the fuzzer reaches the fields behind it (a hash keeps out damage,
 * not a hand that writes the file); the input as it is, unhashed, is read too. */
#include "fuzz.h"

#include "sha256.h"
#include "waiting.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tc_waiting w;
	if (tc_waiting_decode(data, size, &w))
		tc_waiting_free(&w);

	unsigned char *file = malloc(size + 32);
	FUZZ_CHECK(file);
	if (size)
		memcpy(file, data, size);
	tc_sha256(data, size, file + size);
	if (tc_waiting_decode(file, size + 32, &w)) {
		FUZZ_CHECK(w.parts >= 1 && w.parts <= 15);
		FUZZ_CHECK(strlen(w.token) == TC_WAITING_TOKEN - 1);
		int64_t handle = tc_waiting_handle(w.token);
		char token[TC_WAITING_TOKEN];
		FUZZ_CHECK(handle == 0 ||
		           (tc_waiting_token_of(handle, token) && strcmp(token, w.token) == 0));
		size_t len = 0;
		unsigned char *again = tc_waiting_encode(&w, &len);
		FUZZ_CHECK(again && len == size + 32 && memcmp(again, file, len) == 0);
		free(again);
		tc_waiting_free(&w);
	}
	free(file);
	return 0;
}
