/* The match-3 goals pack, built in from data/match3-levels.txt (its format is described at the
 * top of that file) and read at run time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/match3.h"

extern const char m3_levels_text[];

static int number(const char **p, int lo, int hi)
{
	int n = 0, digits = 0;
	while (**p >= '0' && **p <= '9' && digits < 5) {
		n = n * 10 + (**p - '0');
		++*p;
		digits++;
	}
	return digits == 0 || n < lo || n > hi ? -1 : n;
}

int m3_parse_level(const char *line, struct m3_level *lv, char *err, size_t errlen)
{
	memset(lv, 0, sizeof *lv);
	const char *p = line;
	int size = -1, types = -1, moves = -1;
	while (*p && *p != '\n') {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '\n' || *p == '\r')
			break;
		const char *word = p;
		if (strncmp(p, "size=", 5) == 0 &&
		    (p += 5, size = number(&p, M3_MIN_SIZE, M3_MAX_SIZE)) >= 0) {
		} else if (strncmp(p, "types=", 6) == 0 &&
		           (p += 6, types = number(&p, M3_MIN_TYPES, M3_MAX_TYPES)) >= 0) {
		} else if (strncmp(p, "moves=", 6) == 0 &&
		           (p += 6, moves = number(&p, 1, 999)) >= 0) {
		} else if (strncmp(p, "goals=", 6) == 0) {
			p += 6;
			do {
				if (lv->goals == M3_MAX_GOALS || *p < 'a' ||
				    *p >= 'a' + M3_MAX_TYPES || p[1] != ':')
					goto bad;
				lv->goal[lv->goals].type = (uint8_t)(*p - 'a' + 1);
				p += 2;
				int n = number(&p, 1, 9999);
				if (n < 0)
					goto bad;
				lv->goal[lv->goals++].count = (uint16_t)n;
			} while (*p == ',' && *++p);
		} else {
			goto bad;
		}
		if (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
		bad:
			snprintf(err, errlen,
			         "column %d: '%.*s' is not size=N, types=K, moves=M or "
			         "goals=T:N,...",
			         (int)(word - line) + 1, (int)strcspn(word, " \t\r\n"), word);
			return -1;
		}
	}
	if (size < 0 || types < 0 || moves < 0 || lv->goals == 0) {
		snprintf(err, errlen, "a level needs size=, types=, moves= and goals=");
		return -1;
	}
	for (int g = 0; g < lv->goals; g++)
		if (lv->goal[g].type > types) {
			snprintf(err, errlen, "a goal names type '%c' of a level with %d types",
			         'a' + lv->goal[g].type - 1, types);
			return -1;
		}
	lv->size = (uint8_t)size;
	lv->types = (uint8_t)types;
	lv->moves = (uint16_t)moves;
	return 0;
}

/* The start of the k-th level line (1-based), or NULL past the end. */
static const char *level_line(int k)
{
	const char *p = m3_levels_text;
	int seen = 0;
	while (*p) {
		const char *end = strchr(p, '\n');
		if (*p != '#' && *p != '\n' && *p != '\r' && ++seen == k)
			return p;
		if (!end)
			break;
		p = end + 1;
	}
	return NULL;
}

int m3_pack_size(void)
{
	int k = 0;
	while (level_line(k + 1))
		k++;
	return k;
}

void m3_pack_level(int k, struct m3_level *level)
{
	char err[128];
	const char *line = level_line(k);
	if (!line || m3_parse_level(line, level, err, sizeof err) != 0)
		abort(); /* the build checks the pack (tests/unit/test_match3.c) */
}
