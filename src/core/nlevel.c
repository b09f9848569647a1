/* N v1.4 level data as text, and the seed's tiny generator (../shared/seeds/003: LV's 190-character
 * Python generator of 2009). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/nlevel.h"

static const uint8_t field_counts[NL_OBJECT_TYPES] = {
        [NL_GOLD] = 2,         [NL_BOUNCE_BLOCK] = 2,    [NL_LAUNCH_PAD] = 4,
        [NL_GAUSS_TURRET] = 2, [NL_FLOOR_GUARD] = 2,     [NL_NINJA] = 2,
        [NL_DRONE] = 6,        [NL_ONE_WAY] = 3,         [NL_THWUMP] = 3,
        [NL_DOOR] = 9,         [NL_HOMING_LAUNCHER] = 2, [NL_EXIT] = 4,
        [NL_MINE] = 2,
};

int nl_field_count(int type)
{
	return type >= 0 && type < NL_OBJECT_TYPES ? field_counts[type] : 0;
}

__attribute__((format(printf, 4, 5))) static int fail(char *err, size_t errlen, size_t offset,
                                                      const char *fmt, ...)
{
	char why[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (err && errlen)
		snprintf(err, errlen, "offset %zu: %s", offset, why);
	return -1;
}

/* A byte for a message: printable as itself, anything else as hex. */
static const char *show(char c, char buf[8])
{
	unsigned char u = (unsigned char)c;
	if (u >= 0x20 && u < 0x7f)
		snprintf(buf, 8, "'%c'", c);
	else
		snprintf(buf, 8, "0x%02x", u);
	return buf;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Reads a number at p[*i]: -?digits(.digits)?; keeps its text. */
static int parse_number(const char *line, size_t *i, struct nl_object *o, int k, char *err,
                        size_t errlen)
{
	size_t start = *i, j = *i;
	char b[8];
	if (line[j] == '-')
		j++;
	if (!is_digit(line[j]))
		return fail(err, errlen, j, "expected a number, not %s",
		            line[j] ? show(line[j], b) : "the end");
	while (is_digit(line[j]))
		j++;
	if (line[j] == '.') {
		j++;
		if (!is_digit(line[j]))
			return fail(err, errlen, j, "expected a digit after '.', not %s",
			            line[j] ? show(line[j], b) : "the end");
		while (is_digit(line[j]))
			j++;
	}
	if (j - start > NL_NUMBER_MAX)
		return fail(err, errlen, start, "a number is at most %d characters", NL_NUMBER_MAX);
	memcpy(o->text[k], line + start, j - start);
	o->text[k][j - start] = '\0';
	o->field[k] = strtod(o->text[k], NULL);
	*i = j;
	return 0;
}

/* Reads one object "T^N,N,..." at line[*i]. */
static int parse_object(const char *line, size_t *i, struct nl_object *o, char *err, size_t errlen)
{
	size_t j = *i;
	char b[8];
	memset(o, 0, sizeof *o);
	if (!is_digit(line[j]))
		return fail(err, errlen, j, "expected an object type (0 to 12), not %s",
		            line[j] ? show(line[j], b) : "the end");
	int type = 0;
	size_t type_at = j;
	while (is_digit(line[j]) && type < 100)
		type = type * 10 + (line[j++] - '0');
	if (is_digit(line[j]) || type >= NL_OBJECT_TYPES ||
	    (line[type_at] == '0' && j - type_at > 1))
		return fail(err, errlen, type_at, "unknown object type '%.*s' (0 to 12)",
		            (int)(j - type_at + (is_digit(line[j]) ? 1 : 0)), line + type_at);
	if (line[j] != '^')
		return fail(err, errlen, j, "expected '^' after the object type, not %s",
		            line[j] ? show(line[j], b) : "the end");
	j++;
	o->type = (uint8_t)type;
	int want = field_counts[type];
	for (int k = 0;; k++) {
		if (parse_number(line, &j, o, k, err, errlen) != 0)
			return -1;
		o->count = (uint8_t)(k + 1);
		if (line[j] != ',')
			break;
		if (k + 1 == want)
			return fail(err, errlen, j, "object type %d has %d numbers, not more", type,
			            want);
		j++;
	}
	if (o->count < want && line[j] != '!' && line[j] != '\0')
		return fail(err, errlen, j, "expected ',' after a number, not %s",
		            show(line[j], b));
	if (o->count < want)
		return fail(err, errlen, j, "object type %d needs %d numbers, not %d", type, want,
		            o->count);
	*i = j;
	return 0;
}

int nl_parse(const char *line, struct nl_level *l, char *err, size_t errlen)
{
	char b[8];
	memset(l, 0, sizeof *l);
	size_t len = strlen(line);
	if (len >= NL_LINE_MAX)
		return fail(err, errlen, NL_LINE_MAX - 1, "a level is at most %d bytes",
		            NL_LINE_MAX - 1);
	for (size_t i = 0; i < NL_TILES; i++) {
		char c = line[i];
		if (c == '\0')
			return fail(err, errlen, i, "the level ends after %zu tiles; it needs %d",
			            i, NL_TILES);
		if (c < '0' || c >= '0' + NL_TILE_KINDS)
			return fail(err, errlen, i, "bad tile character %s ('0' to 'Q')",
			            show(c, b));
		l->tile[i] = (uint8_t)(c - '0');
	}
	if (line[NL_TILES] != '|')
		return fail(err, errlen, NL_TILES, "expected '|' after %d tiles, not %s", NL_TILES,
		            line[NL_TILES] ? show(line[NL_TILES], b) : "the end");
	size_t i = NL_TILES + 1;
	int ninjas = 0;
	for (;;) {
		if (l->objects == NL_MAX_OBJECTS)
			return fail(err, errlen, i, "more than %d objects", NL_MAX_OBJECTS);
		struct nl_object *o = &l->object[l->objects];
		size_t at = i;
		if (parse_object(line, &i, o, err, errlen) != 0)
			return -1;
		if (o->type == NL_NINJA && ninjas++ > 0)
			return fail(err, errlen, at, "a second ninja; a level has exactly one");
		l->objects++;
		if (line[i] == '\0')
			break;
		if (line[i] != '!')
			return fail(err, errlen, i,
			            "expected '!' or the end after an object, not %s",
			            show(line[i], b));
		i++;
	}
	if (ninjas == 0)
		return fail(err, errlen, i, "no ninja (object 5); a level has exactly one");
	return 0;
}

/* A number with no text of its own: whole numbers plainly, others in the fewest digits that
 * read back as the same double. */
static void format_number(double v, char *out, size_t len)
{
	if (!isfinite(v)) {
		snprintf(out, len, "0");
		return;
	}
	if (v > -1e15 && v < 1e15 && v == (double)(long long)v) {
		snprintf(out, len, "%.0f", v == 0 ? 0.0 : v);
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(out, len, "%.*f", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

int nl_print(const struct nl_level *l, char *buf, size_t len)
{
	size_t n = 0;
#define PUT(...)                                                                                   \
	do {                                                                                       \
		int w_ = snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0, __VA_ARGS__);   \
		n += w_ > 0 ? (size_t)w_ : 0;                                                      \
	} while (0)
	for (int i = 0; i < NL_TILES; i++) {
		if (n + 1 < len)
			buf[n] = (char)('0' + (l->tile[i] < NL_TILE_KINDS ? l->tile[i] : 0));
		n++;
	}
	if (len)
		buf[n < len ? n : len - 1] = '\0';
	PUT("|");
	for (int k = 0; k < l->objects; k++) {
		const struct nl_object *o = &l->object[k];
		PUT("%s%d^", k ? "!" : "", o->type);
		for (int f = 0; f < o->count && f < NL_MAX_FIELDS; f++) {
			char num[64];
			if (o->text[f][0])
				snprintf(num, sizeof num, "%.*s", NL_NUMBER_MAX, o->text[f]);
			else
				format_number(o->field[f], num, sizeof num);
			PUT("%s%s", f ? "," : "", num);
		}
	}
#undef PUT
	return (int)n;
}

/* Sets a generated object's numbers, with their text. */
static void put_object(struct nl_level *l, int type, int x, int y)
{
	struct nl_object *o = &l->object[l->objects++];
	memset(o, 0, sizeof *o);
	o->type = (uint8_t)type;
	o->count = 2;
	o->field[0] = x;
	o->field[1] = y;
	snprintf(o->text[0], sizeof o->text[0], "%d", x);
	snprintf(o->text[1], sizeof o->text[1], "%d", y);
}

void nl_generate(struct tc_rng *rng, struct nl_level *l)
{
	/* t = [c('001'*12 + '2345') for i in n(713)] */
	static const char pool[] = "001001001001001001001001001001001001"
	                           "2345";
	_Static_assert(sizeof pool - 1 == 40, "the seed's pool has 40 characters");
	memset(l, 0, sizeof *l);
	for (int i = 0; i < NL_TILES; i++)
		l->tile[i] = (uint8_t)(pool[tc_rng_below(rng, 40)] - '0');
	/* + ['|5^396,300'] */
	put_object(l, NL_NINJA, 396, 300);
	/* + ['!%s^%s,%s' % (c([12,0,0]), c(n(1,32))*24, c(n(1,24))*24) for i in n(63)],
	 * drawn in that order: the type, then x, then y. */
	static const int types[3] = {NL_MINE, NL_GOLD, NL_GOLD};
	for (int k = 0; k < 63; k++) {
		int type = types[tc_rng_below(rng, 3)];
		int x = 24 * (1 + (int)tc_rng_below(rng, NL_COLS));
		int y = 24 * (1 + (int)tc_rng_below(rng, NL_ROWS));
		put_object(l, type, x, y);
	}
	/* t[356] = '0' */
	l->tile[NL_CENTRE] = NL_EMPTY;
}
