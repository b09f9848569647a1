/* A filter between the terminal and libtermkey: see input_filter.h. The rules mirror how
 * libtermkey 0.22 splits bytes into keys (termkey.c peekkey_simple, parse_utf8) and reads a
 * CSI's parameters (driver-csi.c parse_csi and its handlers). Each rule below stops a crash
 * or an out-of-bounds read that tests/unit/test_input_filter.c found in libtermkey. */
#include "input_filter.h"

#include <string.h>

enum {
	GROUND,     /* between keys, or inside a UTF-8 character */
	ESCAPE,     /* an Esc held: the Esc key, Alt and a key, or a sequence's start */
	CSI,        /* a control sequence held until its final byte */
	DROPPING,   /* an overlong control sequence, dropped up to its final byte */
	MOUSE_X10,  /* "CSI M" and the three raw bytes of an old-style mouse report, held */
	STRING,     /* a control string (DCS, OSC), dropped up to its terminator */
	STRING_ESC, /* ... after an Esc, which may be the start of the terminator ESC \ */
};

#define ESC 0x1b
#define BEL 0x07
#define DCS_8BIT 0x90
#define ST_8BIT 0x9c
#define OSC_8BIT 0x9d
#define CSI_8BIT 0x9b
/* libtermkey waits for a control string's end even when told not to wait, so one that never
 * ends would swallow every key after it; none reaches it. We ask for none, so they are
 * dropped; one longer than this is taken to have ended. */
#define STRING_MAX 4096
/* libtermkey keeps parameters in a long[16]; a 17th separator writes past it. Real keys and
 * mouse reports use at most 3 parameters. */
#define MAX_SEPARATORS 8
/* A code point needs 7 digits; 9 keep every value far from overflowing a long or an int. */
#define MAX_DIGITS 9

void tc_input_filter_init(struct tc_input_filter *f, bool utf8)
{
	memset(f, 0, sizeof *f);
	f->utf8 = utf8;
	f->state = GROUND;
}

bool tc_input_filter_holding(const struct tc_input_filter *f)
{
	return f->state != GROUND;
}

/* The byte ends a CSI (libtermkey takes the first byte in 0x40-0x7f as its command). */
static bool is_final(unsigned char c)
{
	return c >= 0x40 && c < 0x80;
}

/* How many continuation bytes libtermkey expects after a UTF-8 lead byte. */
static int continuation_bytes(unsigned char lead)
{
	if (lead < 0xc0 || lead >= 0xfe)
		return 0;
	if (lead < 0xe0)
		return 1;
	if (lead < 0xf0)
		return 2;
	if (lead < 0xf8)
		return 3;
	return lead < 0xfc ? 4 : 5;
}

/* A CSI's parameters as libtermkey's parse_csi reads them. */
struct csi_params {
	long arg[MAX_SEPARATORS + 1];
	int args;
	unsigned char initial; /* '<' to '?' right after the intro, or 0 */
	bool intermediate;     /* a byte from ' ' to '/', which ends the parameters */
	bool too_long;         /* a number of more than MAX_DIGITS, or too many separators */
};

static struct csi_params parse_params(const unsigned char *seq, size_t len, size_t intro)
{
	struct csi_params c = {.args = 0};
	size_t p = intro, end = len - 1;
	if (p < end && seq[p] >= '<' && seq[p] <= '?')
		c.initial = seq[p++];
	int digits = 0;
	for (; p < end; p++) {
		unsigned char b = seq[p];
		if (b >= '0' && b <= '9') {
			if (++digits > MAX_DIGITS) {
				c.too_long = true;
				return c;
			}
			c.arg[c.args] = (digits == 1 ? 0 : c.arg[c.args] * 10) + (b - '0');
		} else if (b == ';') {
			if (digits == 0)
				c.arg[c.args] = -1;
			digits = 0;
			if (++c.args > MAX_SEPARATORS) {
				c.too_long = true;
				return c;
			}
		} else if (b < 0x30) {
			c.intermediate = true;
			break;
		} /* ':' and a late '<'-'?' are skipped, as libtermkey skips them */
	}
	if (digits > 0)
		c.args++;
	return c;
}

/* Whether libtermkey reads the complete sequence (intro, parameter bytes 0x20-0x3f, final)
 * without reading a parameter it never set or one that overflowed, or indexing a table with
 * more than the final byte. */
static bool csi_is_safe(const struct csi_params *c, unsigned char final)
{
	if (c->too_long)
		return false;
	/* "CSI ... ~" always reads the first parameter, and "CSI 27 ; m ; cp ~" the third as a
	 * code point; a plain "CSI cp ; m u" reads the first as one. */
	if (final == '~')
		return c->args >= 1 && (c->arg[0] != 27 || (c->args >= 3 && c->arg[2] >= 0));
	if (final == 'u' && !c->initial && !c->intermediate)
		return c->args >= 1 && c->arg[0] >= 0;
	/* Keys (CSI A, CSI 1;5C, CSI R for F3) index a table with the whole command, initial
	 * and intermediate bytes included; only replies with their own handlers take those. */
	if (c->initial || c->intermediate)
		return strchr("Mmuy~", final) ||
		       (final == 'R' && c->initial == '?' && !c->intermediate);
	return true;
}

/* Writes bytes out. utf8_left follows what libtermkey is given, not what the terminal sent:
 * libtermkey never sees a dropped byte, so a character it has begun goes on with the next byte
 * it is given, and only that decides whether an 8-bit CSI byte continues a character there. */
static size_t emit(struct tc_input_filter *f, unsigned char *out, size_t n,
                   const unsigned char *bytes, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = bytes[i];
		if (f->utf8_left > 0 && c >= 0x80 && c < 0xc0)
			f->utf8_left--;
		else
			f->utf8_left = f->utf8 ? continuation_bytes(c) : 0;
		out[n++] = c;
	}
	return n;
}

static size_t intro_length(const struct tc_input_filter *f)
{
	return f->held[0] == ESC ? 2 : 1;
}

/* A CSI's final byte has come: pass the sequence on, hold it for a mouse report's bytes, or
 * drop it. */
static size_t end_csi(struct tc_input_filter *f, unsigned char *out, size_t written)
{
	size_t intro = intro_length(f);
	unsigned char final = f->held[f->held_len - 1];
	struct csi_params c = parse_params(f->held, f->held_len, intro);
	f->state = GROUND;
	if (!csi_is_safe(&c, final)) {
		f->held_len = 0;
	} else if (final == 'M' && !c.initial && !c.intermediate && c.args < 3) {
		f->state = MOUSE_X10; /* libtermkey takes the next three bytes, whatever they are */
		f->mouse_left = 3;
	} else {
		written = emit(f, out, written, f->held, f->held_len);
		f->held_len = 0;
	}
	return written;
}

/* Whether the byte starts a control string, after an Esc (ESC P, ESC ]) or as an 8-bit C1. */
static bool string_intro(unsigned char c, bool after_esc)
{
	return after_esc ? c == 'P' || c == ']' : c == DCS_8BIT || c == OSC_8BIT;
}

size_t tc_input_filter_feed(struct tc_input_filter *f, const unsigned char *in, size_t n,
                            unsigned char *out)
{
	size_t written = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = in[i];
		switch (f->state) {
		case STRING:
		case STRING_ESC:
			if (c == ST_8BIT || c == BEL || (f->state == STRING_ESC && c == '\\') ||
			    ++f->dropped > STRING_MAX) {
				f->state = GROUND;
				continue;
			}
			if (c < 0x20 && c != ESC && (c < 0x08 || c > 0x0d)) {
				/* a control no string holds (Ctrl-C, Ctrl-Z): it ends the string
				 * and is a key, so that a stray ESC P cannot swallow it */
				f->state = GROUND;
				break;
			}
			f->state = c == ESC ? STRING_ESC : STRING;
			continue;
		case DROPPING:
			if (is_final(c)) {
				f->state = GROUND;
				continue;
			}
			if (c >= 0x20 && c < 0x40)
				continue;
			f->state = GROUND; /* not a parameter byte: read it afresh, as in a CSI */
			break;
		case MOUSE_X10:
			f->held[f->held_len++] = c;
			if (--f->mouse_left == 0) {
				written = emit(f, out, written, f->held, f->held_len);
				f->utf8_left = 0; /* libtermkey takes the three bytes as they are */
				f->held_len = 0;
				f->state = GROUND;
			}
			continue;
		case CSI:
			if (!is_final(c) && (c < 0x20 || c >= 0x40)) {
				/* not a parameter byte: no terminal sends this; drop the sequence
				 * and read the byte afresh */
				f->held_len = 0;
				f->state = GROUND;
				break;
			}
			f->held[f->held_len++] = c;
			if (is_final(c)) {
				written = end_csi(f, out, written);
			} else if (f->held_len == TC_INPUT_CSI_MAX) {
				f->held_len = 0;
				f->state = DROPPING;
			}
			continue;
		case ESCAPE:
			if (c == '[') {
				f->held[f->held_len++] = c;
				f->state = CSI;
				continue;
			}
			f->held_len = 0;
			f->state = GROUND;
			if (string_intro(c, true)) {
				f->state = STRING;
				f->dropped = 0;
				continue;
			}
			/* Alt and a key: the Esc goes on only together with a byte passed at once,
			 * so that it cannot join a later byte into a sequence ("ESC" and a '[' that
			 * follows a dropped sequence). Before another Esc or 8-bit intro it is
			 * dropped. */
			if (c != ESC && c != CSI_8BIT && !string_intro(c, false))
				written = emit(f, out, written, (const unsigned char *)"\033", 1);
			break;
		default:
			break;
		}
		/* GROUND: c continues a UTF-8 character libtermkey has begun, or starts a key */
		if (f->utf8_left > 0 && c >= 0x80 && c < 0xc0) {
			written = emit(f, out, written, &c, 1);
			continue;
		}
		if (c == ESC || c == CSI_8BIT) {
			f->held[0] = c;
			f->held_len = 1;
			f->state = c == ESC ? ESCAPE : CSI;
			continue;
		}
		if (string_intro(c, false)) {
			f->state = STRING;
			f->dropped = 0;
			continue;
		}
		written = emit(f, out, written, &c, 1);
	}
	return written;
}

size_t tc_input_filter_flush(struct tc_input_filter *f, unsigned char *out)
{
	size_t written = 0;
	if (f->state == ESCAPE || (f->state == CSI && f->held_len == intro_length(f)))
		written = emit(f, out, 0, f->held, f->held_len);
	f->held_len = 0;
	f->state = GROUND;
	f->utf8_left = 0; /* the caller takes all libtermkey holds as it stands */
	return written;
}
