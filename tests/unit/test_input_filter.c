/* The filter between the terminal and libtermkey (input_filter.h): what real terminals send
 * passes unchanged and in one piece, hostile sequences are dropped whole, and random bytes
 * through the filter never make libtermkey read out of bounds (run under ASan in CI). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <termkey.h>

#include "input_filter.h"

struct out {
	unsigned char bytes[1 << 16];
	size_t len;
};

/* Feeds s in pieces of `piece` bytes (0: at once), then flushes as a quiet input would. */
static void run(bool utf8, const char *s, size_t len, size_t piece, struct out *o)
{
	struct tc_input_filter f;
	tc_input_filter_init(&f, utf8);
	o->len = 0;
	if (piece == 0)
		piece = len ? len : 1;
	for (size_t at = 0; at < len; at += piece) {
		size_t n = len - at < piece ? len - at : piece;
		o->len += tc_input_filter_feed(&f, (const unsigned char *)s + at, n,
		                               o->bytes + o->len);
	}
	o->len += tc_input_filter_flush(&f, o->bytes + o->len);
}

static void assert_passes(const char *s)
{
	struct out o;
	for (size_t piece = 0; piece <= 3; piece++) {
		run(true, s, strlen(s), piece, &o);
		assert_int_equal(o.len, strlen(s));
		assert_memory_equal(o.bytes, s, o.len);
	}
}

/* What is left of `s` after the filter, byte pieces or whole, is `want`. */
static void assert_becomes(bool utf8, const char *s, const char *want)
{
	struct out o;
	for (size_t piece = 0; piece <= 1; piece++) {
		run(utf8, s, strlen(s), piece, &o);
		o.bytes[o.len] = 0;
		assert_string_equal((const char *)o.bytes, want);
	}
}

static void test_keys_pass(void **state)
{
	(void)state;
	assert_passes("hello, world 2048");
	assert_passes("\033[A\033[B\033[C\033[D\033OA\033OH\033[1;5C\033[3~\033[15;2~");
	assert_passes("\033[<0;12;5M\033[<0;12;5m\033[<64;400;150M\033[<35;1;1M");
	assert_passes("\033[97u\033[97;1:3u\033[57441;2u\033[1114111;5u\033[27;5;99~");
	assert_passes("\033[?11u\033[?12;5R\033[?1006;1$y\033[24;80R\033[>1;2~");
	assert_passes("\xc3\xa9\xe2\x86\x90\xf0\x9f\x98\x80 \xc3\x9b\xe2\x9b\x84"); /* é←😀 Û⛄ */
	assert_passes("\033x\033O"); /* Alt-x, Alt-O */
	assert_passes("\x7f\x01\x1a\x80\xff\xa0");
}

static void test_hostile_dropped(void **state)
{
	(void)state;
	assert_becomes(true, "a\033[9999999999999999999ub", "ab");
	assert_becomes(true, "a\033[1234567890;5ub", "ab");
	assert_becomes(true, "\033[123456789;5u", "\033[123456789;5u");
	assert_becomes(true, "a\033[1:2:3:4:5:6:7:8:9:10:11ub", "ab");
	assert_becomes(true, "a\033[ub\033[;5uc\033[~d", "abcd");
	assert_becomes(true, "a\033[27;5~b\033[27;5;~c\033[27~d", "abcd");
	assert_becomes(true, "a\033[1;2;3;4;5;6;7;8;9;10uc", "ac");
	assert_becomes(true, "a\033[1;2;3;4;5;6;7;8;9Ac", "a\033[1;2;3;4;5;6;7;8;9Ac");
	assert_becomes(true, "a\033[1;2;3;4;5;6;7;8;9;1Ac", "ac");
	/* an initial or intermediate byte where libtermkey indexes a table with it */
	assert_becomes(true, "a\033[<Rb\033[?1Ac\033[1$Ad\033[?1$Re\033[?1;2cf", "abcdef");
	assert_becomes(true, "a\2339999999999999999999ub", "ab");
	assert_becomes(false, "a\2339999999999999999999ub", "ab");
	assert_becomes(true, "a\033\2339999999999999999999ub", "ab");
	/* an Esc goes on only with the byte after it, never to join a later one */
	assert_becomes(true, "\033\033[A", "\033[A");
	assert_becomes(true, "\033\233?:[[1u", "[1u");
	assert_becomes(true, "\033\033[99999999999u[1u", "[1u");
	assert_becomes(true, "\033\220junk\033\\x", "x");
	assert_becomes(true, "\033]0;title\007x\235junk\234y\033Pjunk\033\\z", "xyz");
	/* a control no string holds ends it and is a key: Ctrl-C right after a stray ESC P */
	assert_becomes(true, "\033Pjunk\003x\033]\r\n\032", "\003x\032");
	/* a CSI broken by a byte no terminal sends inside one: dropped, the byte read afresh */
	assert_becomes(true, "\033[12\033[A", "\033[A");
	assert_becomes(true, "\033[12\xc3\xa9", "\xc3\xa9");
	/* an old-style mouse report goes on whole: its three bytes are not read as keys */
	assert_becomes(true, "\033[M \233!x", "\033[M \233!x");
	assert_becomes(true, "\233M\033[A!", "\233M\033[A!");
	assert_becomes(true, "a\033[M #", "a");
}

static void test_csi_byte_inside_a_character(void **state)
{
	(void)state;
	/* 0x9b continues a UTF-8 character (U+00DB); alone, or without UTF-8, it starts a CSI */
	assert_becomes(true,
	               "\xc3\x9b"
	               "9u",
	               "\xc3\x9b"
	               "9u");
	assert_becomes(true,
	               "\x9b"
	               "99999999999u!",
	               "!");
	assert_becomes(false,
	               "\xc3\x9b"
	               "99999999999u!",
	               "\xc3!");
	assert_becomes(true,
	               "\xc3\xa9\x9b"
	               "99999999999u!",
	               "\xc3\xa9!");
	/* what continues a character is decided by what libtermkey gets: the Esc between the
	 * lead byte and 0x9b is dropped, so 0x9b continues the character there */
	assert_becomes(true, "\xd1\033\233M+\2339999999999999999999u!", "\xd1\233M+!");
}

static void test_overlong_sequence_dropped(void **state)
{
	(void)state;
	char s[400] = "a\033[";
	memset(s + 3, '1', 300);
	memcpy(s + 303, ";Ab", 4);
	assert_becomes(true, s, "ab");
	memcpy(s + 303, "\003b", 3); /* a key that is not part of a sequence ends the dropping */
	assert_becomes(true, s, "a\003b");
	/* long, but each number short */
	strcpy(s, "a\033[");
	for (int i = 0; i < 40; i++)
		strcat(s, "1:");
	strcat(s, "Ab");
	assert_becomes(true, s, "ab");
}

static void test_quiet_input_flushes(void **state)
{
	(void)state;
	assert_becomes(true, "\033", "\033");     /* the Esc key */
	assert_becomes(true, "x\033[", "x\033["); /* Alt-[ */
	assert_becomes(true, "x\033[12;3", "x");  /* half a sequence: dropped */
	assert_becomes(true, "x\033[9999999999", "x");
	struct tc_input_filter f;
	tc_input_filter_init(&f, true);
	unsigned char out[256];
	assert_int_equal(tc_input_filter_feed(&f, (const unsigned char *)"\033[1", 3, out), 0);
	assert_true(tc_input_filter_holding(&f));
	assert_int_equal(tc_input_filter_flush(&f, out), 0);
	assert_false(tc_input_filter_holding(&f));
	/* after a flush the filter starts afresh: 'u' is a key, not the end of a sequence */
	assert_int_equal(tc_input_filter_feed(&f, (const unsigned char *)"u", 1, out), 1);
}

/* xorshift: the bytes need only be varied and repeatable. */
static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Bytes biased towards control sequences: intros, digits, separators and finals. */
static unsigned char hostile_byte(uint64_t *s)
{
	static const char alphabet[] = "\033\033[[[\2330123456789999;;;::<?$~uuMmAR";
	uint64_t r = next(s);
	if (r % 4 == 0)
		return (unsigned char)(r >> 8);
	return (unsigned char)alphabet[(r >> 8) % (sizeof alphabet - 1)];
}

/* Reads every key libtermkey makes of the bytes, as the terminal code does. */
static void drain(TermKey *tk, bool force)
{
	TermKeyKey key;
	TermKeyResult res;
	while ((res = force ? termkey_getkey_force(tk, &key) : termkey_getkey(tk, &key)) ==
	       TERMKEY_RES_KEY) {
		int line, col, button;
		TermKeyMouseEvent ev;
		if (key.type == TERMKEY_TYPE_MOUSE)
			termkey_interpret_mouse(tk, &key, &ev, &button, &line, &col);
	}
}

/* As term.c sets libtermkey up: without terminfo's mouse key, which would read SGR reports as
 * old-style ones. */
static const char *hide_terminfo_mouse(const char *name, const char *value, void *data)
{
	(void)data;
	return strcmp(name, "key_mouse") == 0 ? NULL : value;
}

static void test_random_bytes_keep_libtermkey_safe(void **state)
{
	(void)state;
	for (int utf8 = 0; utf8 < 2; utf8++) {
		TermKey *tk = termkey_new_abstract(
		        "xterm-256color", TERMKEY_FLAG_CTRLC | TERMKEY_FLAG_NOSTART |
		                                  (utf8 ? TERMKEY_FLAG_UTF8 : TERMKEY_FLAG_RAW));
		assert_non_null(tk);
		termkey_hook_terminfo_getstr(tk, hide_terminfo_mouse, NULL);
		termkey_start(tk);
		struct tc_input_filter f;
		tc_input_filter_init(&f, utf8);
		uint64_t seed = 0x9E3779B97F4A7C15u + (uint64_t)utf8;
		unsigned char in[64], out[64 + TC_INPUT_HELD_MAX];
		for (int round = 0; round < 100000; round++) {
			size_t n = 1 + next(&seed) % sizeof in;
			for (size_t i = 0; i < n; i++)
				in[i] = hostile_byte(&seed);
			size_t len = tc_input_filter_feed(&f, in, n, out);
			size_t at = 0;
			while (at < len) {
				size_t took =
				        termkey_push_bytes(tk, (const char *)out + at, len - at);
				assert_true(took != (size_t)-1);
				at += took;
				drain(tk, false);
			}
			if (next(&seed) % 8 == 0) { /* the input goes quiet */
				len = tc_input_filter_flush(&f, out);
				termkey_push_bytes(tk, (const char *)out, len);
				drain(tk, true);
				/* nothing is left waiting: no key can stall the ones after it */
				assert_int_equal(termkey_get_buffer_remaining(tk),
				                 termkey_get_buffer_size(tk));
			}
		}
		termkey_destroy(tk);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_keys_pass),
	        cmocka_unit_test(test_hostile_dropped),
	        cmocka_unit_test(test_csi_byte_inside_a_character),
	        cmocka_unit_test(test_overlong_sequence_dropped),
	        cmocka_unit_test(test_quiet_input_flushes),
	        cmocka_unit_test(test_random_bytes_keep_libtermkey_safe),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
