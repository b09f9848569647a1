#include "tilecade/params_text.h"

int tc_read_param_number(const char **p)
{
	int n = 0, digits = 0;
	while (**p >= '0' && **p <= '9' && digits < 5) {
		n = n * 10 + (**p - '0');
		++*p;
		digits++;
	}
	return digits == 0 || digits > 4 ? -1 : n;
}
