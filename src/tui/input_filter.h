/* Keeps hostile bytes from the terminal away from libtermkey (issue 10, "Inputs").
 *
 * libtermkey 0.22 trusts the numbers in a control sequence: "ESC [ 99999999999999999999 u"
 * overflows into a negative code point that indexes an array (a crash), "ESC [ ; 5 u" and a
 * 17th parameter read or write past the end of arrays. A paste or line noise can send exactly
 * that. Every byte read from the terminal passes through this filter first; it lets ordinary
 * bytes through at once and holds a control sequence (CSI: "ESC [" or the 8-bit 0x9b) until its
 * final byte, then passes it only if libtermkey will read it safely: parameter bytes only,
 * at most TC_INPUT_CSI_MAX bytes, numbers of at most 9 digits, at most 8 separators, and the
 * code point present in "CSI u" and "CSI 27 ; m ; cp ~", initial and intermediate bytes ("CSI ? 1
 * A") only in replies. Anything else is dropped whole. An old-style mouse report goes on whole or
 * not at all, and control strings (DCS, OSC), which libtermkey would wait for forever, are
 * dropped up to their end, a control key such as Ctrl-C, or a pause in the input.
 *
 * It follows libtermkey's own idea of where a key starts (an 8-bit CSI byte inside a UTF-8
 * character is not one), and is pure so that tests can drive it byte by byte. */
#ifndef TILECADE_TUI_INPUT_FILTER_H
#define TILECADE_TUI_INPUT_FILTER_H

#include <stdbool.h>
#include <stddef.h>

/* The longest control sequence let through, intro and final byte included. */
#define TC_INPUT_CSI_MAX 64
/* The most bytes held at once: a CSI, or an old-style mouse report ("CSI M" and three bytes). */
#define TC_INPUT_HELD_MAX (TC_INPUT_CSI_MAX + 3)

struct tc_input_filter {
	bool utf8;       /* the terminal's bytes are UTF-8 (as libtermkey reads them) */
	int state;       /* where in a key or sequence the bytes are (input_filter.c) */
	int utf8_left;   /* continuation bytes libtermkey still expects in a UTF-8 character */
	size_t dropped;  /* bytes of a control string dropped so far */
	int mouse_left;  /* bytes of an old-style mouse report still to come */
	size_t held_len; /* bytes of the escape, CSI or mouse report being held */
	unsigned char held[TC_INPUT_HELD_MAX];
};

/* A filter for a terminal whose input is UTF-8 or not. */
void tc_input_filter_init(struct tc_input_filter *f, bool utf8);

/* Filters n bytes read from the terminal into out, which must have room for
 * n + TC_INPUT_HELD_MAX bytes; returns how many bytes it wrote. */
size_t tc_input_filter_feed(struct tc_input_filter *f, const unsigned char *in, size_t n,
                            unsigned char *out);

/* True in the middle of something: an Esc that may start a sequence, a sequence or control
 * string not yet ended. */
bool tc_input_filter_holding(const struct tc_input_filter *f);

/* The input went quiet in the middle of something: writes what stands for itself (a lone Esc,
 * or a CSI intro alone, which libtermkey reads as Alt-[) to out (room for TC_INPUT_HELD_MAX
 * bytes), drops the rest, and starts afresh; returns how many bytes it wrote. */
size_t tc_input_filter_flush(struct tc_input_filter *f, unsigned char *out);

#endif
