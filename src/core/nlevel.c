/* N v1.4 level data as text, and the seed's tiny generator (../shared/seeds/003: LV's 190-character
 * Python generator of 2009). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilecade/nlevel.h"

/* As N v1.4 and its editor write each type (the N community's map-data pages, and levels N
 * saved): the floor guard's third number is a facing direction the game never used. */
static const uint8_t field_counts[NL_OBJECT_TYPES] = {
        [NL_GOLD] = 2,         [NL_BOUNCE_BLOCK] = 2,    [NL_LAUNCH_PAD] = 4,
        [NL_GAUSS_TURRET] = 2, [NL_FLOOR_GUARD] = 3,     [NL_NINJA] = 2,
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

static size_t digits(const char *p)
{
	size_t n = 0;
	while (is_digit(p[n]))
		n++;
	return n;
}

static bool is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The value of a parameter's text (len bytes at p): a decimal number, with white space around
 * it as Flash's Number() allows, or NaN as N reads anything else. */
static double parameter_value(const char *p, size_t len)
{
	while (len && is_space(*p)) {
		p++;
		len--;
	}
	while (len && is_space(p[len - 1]))
		len--;
	size_t j = p[0] == '-' || p[0] == '+';
	size_t whole = digits(p + j), fraction = 0;
	j += whole;
	if (p[j] == '.') {
		fraction = digits(p + j + 1);
		j += 1 + fraction;
	}
	if (whole + fraction == 0)
		return NAN;
	if (p[j] == 'e' || p[j] == 'E') {
		size_t k = j + 1 + (p[j + 1] == '-' || p[j + 1] == '+');
		size_t e = digits(p + k);
		if (e == 0)
			return NAN;
		j = k + e;
	}
	if (j != len)
		return NAN;
	char buf[64];
	if (len < sizeof buf) {
		memcpy(buf, p, len);
		buf[len] = '\0';
		return strtod(buf, NULL);
	}
	/* A long number: strtod reads it in place, stopping at the separator after it. */
	return strtod(p, NULL);
}

/* An unknown type is quoted whole up to this many digits, then cut with "...". */
#define TYPE_QUOTE_MAX 24

/* Reads one object "T^P,P,..." at line[*i], keeping its parameters' text in l's pool. */
static int parse_object(const char *line, size_t *i, struct nl_level *l, struct nl_object *o,
                        char *err, size_t errlen)
{
	size_t j = *i;
	char b[8];
	memset(o, 0, sizeof *o);
	if (!is_digit(line[j]))
		return fail(err, errlen, j, "expected an object type (0 to 12), not %s",
		            line[j] ? show(line[j], b) : "the end");
	size_t type_at = j, type_len = digits(line + j);
	int type = NL_OBJECT_TYPES; /* a run of more than two digits is no type */
	if (type_len <= 2)
		type = type_len == 1 ? line[j] - '0' : (line[j] - '0') * 10 + line[j + 1] - '0';
	j += type_len;
	if (type >= NL_OBJECT_TYPES || (line[type_at] == '0' && type_len > 1))
		return fail(err, errlen, type_at, "unknown object type '%.*s%s' (0 to 12)",
		            (int)(type_len > TYPE_QUOTE_MAX ? TYPE_QUOTE_MAX : type_len),
		            line + type_at, type_len > TYPE_QUOTE_MAX ? "..." : "");
	if (line[j] != '^')
		return fail(err, errlen, j, "expected '^' after the object type, not %s",
		            line[j] ? show(line[j], b) : "the end");
	j++;
	o->type = (uint8_t)type;
	int want = field_counts[type];
	size_t start = j;
	int n = 0;
	for (;;) {
		size_t end = j + strcspn(line + j, ",!");
		if (n < want)
			o->field[n] = parameter_value(line + j, end - j);
		n++;
		j = end;
		if (line[j] != ',')
			break;
		j++;
	}
	if (n < want)
		return fail(err, errlen, j, "object type %d needs %d numbers, not %d", type, want,
		            n);
	/* The pool holds the whole object section, so it cannot run out before the line does. */
	size_t len = j - start;
	memcpy(l->text + l->text_used, line + start, len);
	o->count = (uint8_t)want;
	o->extra = (uint16_t)(n - want);
	o->text_at = l->text_used;
	o->text_len = (uint16_t)len;
	l->text_used = (uint16_t)(l->text_used + len);
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
		if (parse_object(line, &i, l, o, err, errlen) != 0)
			return -1;
		if (o->type == NL_NINJA && ninjas++ > 0)
			return fail(err, errlen, at, "a second ninja; a level has exactly one");
		l->objects++;
		if (line[i] == '\0')
			break;
		i++; /* the '!' that ends every object's last parameter but the level's last */
	}
	if (ninjas == 0)
		return fail(err, errlen, i, "no ninja (object 5); a level has exactly one");
	return 0;
}

/* A number with no text of its own: whole numbers plainly, others in the fewest digits that
 * read back as the same double. */
static void format_number(double v, char *out, size_t len)
{
	if (!isfinite(v)) { /* text that reads back as the same value */
		snprintf(out, len, "%s", isnan(v) ? "NaN" : v > 0 ? "1e999" : "-1e999");
		return;
	}
	if (v > -1e15 && v < 1e15 && v == (double)(long long)v) {
		snprintf(out, len, "%.0f", v == 0 ? 0.0 : v);
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(out, len, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

/* Output into a buffer of len bytes that counts what it could not hold, as snprintf does. */
struct out {
	char *buf;
	size_t len, n;
};

__attribute__((format(printf, 2, 3))) static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(o->n < o->len ? o->buf + o->n : NULL, o->n < o->len ? o->len - o->n : 0,
	                  fmt, ap);
	va_end(ap);
	o->n += w > 0 ? (size_t)w : 0;
}

/* Object k as nl_print writes it, with the '!' before it when it is not the first. */
static void put_object_text(const struct nl_level *l, int k, struct out *o)
{
	const struct nl_object *ob = &l->object[k];
	put(o, "%s%d^", k ? "!" : "", ob->type);
	if (ob->text_len && ob->text_at + ob->text_len <= NL_TEXT_MAX) {
		put(o, "%.*s", (int)ob->text_len, l->text + ob->text_at);
		return;
	}
	for (int f = 0; f < ob->count && f < NL_MAX_FIELDS; f++) {
		char num[64];
		format_number(ob->field[f], num, sizeof num);
		put(o, "%s%s", f ? "," : "", num);
	}
}

int nl_print(const struct nl_level *l, char *buf, size_t len)
{
	struct out o = {buf, len, 0};
	for (int i = 0; i < NL_TILES; i++) {
		if (o.n + 1 < len)
			buf[o.n] = (char)('0' + (l->tile[i] < NL_TILE_KINDS ? l->tile[i] : 0));
		o.n++;
	}
	if (len)
		buf[o.n < len ? o.n : len - 1] = '\0';
	put(&o, "|");
	for (int k = 0; k < l->objects; k++)
		put_object_text(l, k, &o);
	return (int)o.n;
}

size_t nl_object_offset(const struct nl_level *l, int k)
{
	struct out o = {NULL, 0, NL_TILES + 1};
	for (int i = 0; i < k && i < l->objects; i++)
		put_object_text(l, i, &o);
	return o.n + (k > 0); /* past the '!' before object k */
}

const char *nl_line_end(const struct nl_level *l)
{
	/* Only text kept as written can end in a CR; numbers printed from field[] never do. */
	const struct nl_object *o = l->objects > 0 ? &l->object[l->objects - 1] : NULL;
	bool cr = o && o->text_len && o->text_at + o->text_len <= NL_TEXT_MAX &&
	          l->text[o->text_at + o->text_len - 1] == '\r';
	return cr ? "\r\n" : "\n";
}

/* Sets a generated object's numbers; it has no text, so it is printed from them. */
static void put_object(struct nl_level *l, int type, int x, int y)
{
	struct nl_object *o = &l->object[l->objects++];
	memset(o, 0, sizeof *o);
	o->type = (uint8_t)type;
	o->count = 2;
	o->field[0] = x;
	o->field[1] = y;
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
