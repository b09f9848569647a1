#include "zn_boards.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

struct zn_board zn_board_of(const char *text)
{
	struct zn_board b;
	char err[160] = "";
	int rc = zn_parse(text, 1, &b, err, sizeof err);
	if (rc != 0)
		print_error("zn_parse: %s\n", err);
	assert_int_equal(rc, 0);
	return b;
}
