/* Seeds for new games when the player gave none. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "tilecade/gameid.h"

uint64_t tc_fresh_seed(void)
{
	uint64_t bits = 0;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || read(fd, &bits, sizeof bits) != (ssize_t)sizeof bits)
		bits = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid();
	if (fd >= 0)
		close(fd);
	/* Nine digits keep game IDs short enough to read out and type. */
	return bits % 1000000000u;
}
