/* The settings file (tc_config_load). The loader reads only from a path, so each input is
 * written to an in-memory file (memfd_create) and loaded through /proc/self/fd/N: no disk
 * traffic, and no change to the loader. Never crash; whatever is loaded stays in range. */
#define _GNU_SOURCE
#include "fuzz.h"

#include <sys/mman.h>
#include <unistd.h>

#include "tilecade/config.h"

static int fd = -1;
static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (fd < 0) {
		fd = memfd_create("tilecade-fuzz-config", MFD_CLOEXEC);
		FUZZ_CHECK(fd >= 0);
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	FUZZ_CHECK(ftruncate(fd, 0) == 0);
	FUZZ_CHECK(pwrite(fd, data, size, 0) == (ssize_t)size);

	static struct tc_config c;
	char err[256];
	tc_config_defaults(&c);
	FUZZ_CHECK(tc_config_load(&c, path, true, err, sizeof err) == 0);
	FUZZ_CHECK(c.theme >= TC_CONFIG_THEME_AUTO && c.theme <= TC_CONFIG_THEME_MONO);
	FUZZ_CHECK(c.binding_count >= 0 && c.binding_count <= TC_CONFIG_BINDINGS_MAX);
	FUZZ_CHECK(c.warning_count >= 0 && c.warning_count <= TC_CONFIG_WARNINGS_MAX);
	FUZZ_CHECK(memchr(c.player, '\0', sizeof c.player));
	FUZZ_CHECK(memchr(c.database, '\0', sizeof c.database));
	FUZZ_CHECK(memchr(c.shared_scores, '\0', sizeof c.shared_scores));
	for (int i = 0; i < c.binding_count; i++)
		FUZZ_CHECK(memchr(c.bindings[i].action, '\0', sizeof c.bindings[i].action) &&
		           memchr(c.bindings[i].key, '\0', sizeof c.bindings[i].key));
	for (int i = 0; i < c.warning_count; i++)
		FUZZ_CHECK(memchr(c.warnings[i], '\0', sizeof c.warnings[i]));
	return 0;
}
