/* tc_sanitize: what a player sees of a name or level from the database. Printable UTF-8 shows as
 * it is; anything that could drive the terminal or disguise text shows as '?'. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/store.h"

#define BIG 256

struct example {
	const char *in, *out;
};

/* Sanitises into a big buffer; the result must be the expected text. */
static void check_examples(const struct example *ex, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		char out[BIG];
		memset(out, 'X', sizeof out);
		tc_sanitize(ex[i].in, out, sizeof out);
		if (strcmp(out, ex[i].out) != 0)
			print_error("example %zu: got \"%s\", expected \"%s\"\n", i, out,
			            ex[i].out);
		assert_string_equal(out, ex[i].out);
	}
}

static void sanitize_keeps_printable_text(void **unused)
{
	static const struct example ex[] = {
	        {"", ""},
	        {"alice", "alice"},
	        {"Bob O'Neil ~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./",
	         "Bob O'Neil ~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./"},
	        {"Zoë", "Zoë"},                           /* 2-byte */
	        {"日本語", "日本語"},                     /* 3-byte */
	        {"\xF0\x9F\x8E\xAE", "\xF0\x9F\x8E\xAE"}, /* U+1F3AE, 4-byte */
	        {"José", "José"},                         /* e + combining acute */
	        {"\xE2\x80\x8D", "\xE2\x80\x8D"},         /* ZWJ, needed by emoji sequences */
	        {"\xF4\x8F\xBF\xBD", "\xF4\x8F\xBF\xBD"}, /* U+10FFFD, the last valid plane */
	        {"\xC2\xA0", "\xC2\xA0"},                 /* no-break space, first after C1 */
	};
	check_examples(ex, sizeof ex / sizeof ex[0]);
}

static void sanitize_replaces_control_characters(void **unused)
{
	static const struct example ex[] = {
	        {"a\tb\nc\rd", "a?b?c?d"},
	        {"\x01\x07\x08\x1F", "????"},
	        {"del\x7F", "del?"},
	        {"\xC2\x80x\xC2\x85y\xC2\x9A", "?x?y?"}, /* C1 U+0080, NEL, U+009A */
	};
	check_examples(ex, sizeof ex / sizeof ex[0]);
}

/* A whole escape sequence becomes one '?', not a '?' and its visible remains. */
static void sanitize_replaces_escape_sequences(void **unused)
{
	static const struct example ex[] = {
	        {"\x1B[31mred\x1B[0m", "?red?"},
	        {"\x1B[?1049h", "?"},
	        {"\x1B[2J\x1B[Hx", "??x"},
	        {"\x1B]0;pwned\x07ok", "?ok"},           /* window title, BEL-terminated */
	        {"\x1B]0;pwned\x1B\\ok", "?ok"},         /* ST-terminated */
	        {"\x1B]8;;http://x\x1B\\link", "?link"}, /* hyperlink */
	        {"\x1BP+q\x1B\\ok", "?ok"},              /* DCS */
	        {"a\x1B]0;never ends", "a?"},            /* unterminated: swallowed */
	        {"\x1B"
	         "c"
	         "after",
	         "?after"},      /* full reset */
	        {"\x1B(B", "?"}, /* charset, with an intermediate */
	        {"\x1B", "?"},
	        {"end\x1B", "end?"},
	        {"\x1B[31", "?"},                /* cut short */
	        {"\x1B[1\xC3\xA9", "?\xC3\xA9"}, /* broken by text: the text stays */
	        {"\xC2\x9B"
	         "31mred",
	         "?red"}, /* C1 CSI */
	        {"\xC2\x9D"
	         "0;t\xC2\x9C"
	         "ok",
	         "?ok"}, /* C1 OSC ... C1 ST */
	};
	check_examples(ex, sizeof ex / sizeof ex[0]);
}

/* Each broken piece is one '?' (Unicode's maximal subparts), and what follows is kept. */
static void sanitize_replaces_invalid_utf8(void **unused)
{
	static const struct example ex[] = {
	        {"\x80", "?"}, /* lone continuation */
	        {"a\xBF"
	         "b",
	         "a?b"},
	        {"\xC0\xAF", "??"}, /* overlong '/' */
	        {"\xC1\xBF", "??"},
	        {"\xE0\x80\xAF", "???"},      /* overlong, 3 bytes */
	        {"\xF0\x80\x80\xAF", "????"}, /* overlong, 4 bytes */
	        {"\xED\xA0\x80", "???"},      /* surrogate D800 */
	        {"\xED\xBF\xBF", "???"},      /* surrogate DFFF */
	        {"\xF4\x90\x80\x80", "????"}, /* U+110000 */
	        {"\xF5\x80\x80\x80", "????"},
	        {"\xFE\xFF", "??"},
	        {"ab\xE6\x97", "ab?"}, /* truncated 3-byte: one piece */
	        {"\xE6\x97x", "?x"},
	        {"\xF0\x9F\x8E", "?"}, /* truncated 4-byte */
	        {"\xC3"
	         "a",
	         "?a"},
	        {"\x9B"
	         "31m",
	         "?31m"}, /* a raw 8-bit CSI is just a bad byte */
	};
	check_examples(ex, sizeof ex / sizeof ex[0]);
}

static void sanitize_replaces_reordering_and_invisible_code_points(void **unused)
{
	static const struct example ex[] = {
	        {"a\xE2\x80\xAE"
	         "cba",
	         "a?cba"}, /* U+202E right-to-left override */
	        {"\xE2\x80\xAA\xE2\x80\xAB\xE2\x80\xAC\xE2\x80\xAD", "????"}, /* 202A-202D */
	        {"\xE2\x81\xA6\xE2\x81\xA7\xE2\x81\xA8\xE2\x81\xA9", "????"}, /* 2066-2069 */
	        {"\xD8\x9C", "?"},                          /* U+061C Arabic letter mark */
	        {"\xE2\x80\x8E\xE2\x80\x8F", "??"},         /* LRM, RLM */
	        {"al\xE2\x80\x8Bice", "al?ice"},            /* zero width space */
	        {"\xE2\x81\xA0", "?"},                      /* word joiner */
	        {"\xE2\x80\xA8\xE2\x80\xA9", "??"},         /* line and paragraph separators */
	        {"\xEF\xBB\xBFname", "?name"},              /* byte order mark */
	        {"\xEF\xBF\xBE\xEF\xBF\xBF", "??"},         /* noncharacters U+FFFE, U+FFFF */
	        {"\xF3\xA0\x80\x81\xF3\xA0\x81\xA1", "??"}, /* tag characters */
	};
	check_examples(ex, sizeof ex / sizeof ex[0]);
}

static void sanitize_always_terminates_and_stays_in_bounds(void **unused)
{
	char out[8];
	memset(out, 'X', sizeof out);
	tc_sanitize("abcdefghijkl", out, 5);
	assert_string_equal(out, "abcd");
	assert_int_equal(out[5], 'X'); /* nothing written past len */

	memset(out, 'X', sizeof out);
	tc_sanitize("abc", out, 1);
	assert_string_equal(out, "");
	assert_int_equal(out[1], 'X');

	memset(out, 'X', sizeof out);
	tc_sanitize("abc", out, 0); /* no room even for the NUL: untouched */
	assert_int_equal(out[0], 'X');

	memset(out, 'X', sizeof out);
	tc_sanitize(NULL, out, sizeof out);
	assert_string_equal(out, "");
}

static void sanitize_never_cuts_a_sequence(void **unused)
{
	char out[8];
	static const struct {
		const char *in;
		size_t len;
		const char *out;
	} ex[] = {
	        {"日本", 7, "日本"}, /* 6 bytes fit exactly */
	        {"日本", 6, "日"},       {"日本", 4, "日"},
	        {"日本", 3, ""},         {"a\xF0\x9F\x8E\xAE", 5, "a"},
	        {"a\x1B[31mb", 3, "a?"}, /* a sequence costs one byte of output */
	};
	for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
		memset(out, 'X', sizeof out);
		tc_sanitize(ex[i].in, out, ex[i].len);
		assert_string_equal(out, ex[i].out);
	}
}

/* An independent check of the promise: well-formed UTF-8 of no control character, escape or
 * other code point that reorders or hides text. */
static bool is_safe_output(const unsigned char *s)
{
	while (*s) {
		uint32_t cp;
		size_t n;
		if (*s < 0x80) {
			cp = *s;
			n = 1;
		} else if ((*s & 0xE0) == 0xC0) {
			cp = *s & 0x1F;
			n = 2;
		} else if ((*s & 0xF0) == 0xE0) {
			cp = *s & 0x0F;
			n = 3;
		} else if ((*s & 0xF8) == 0xF0) {
			cp = *s & 0x07;
			n = 4;
		} else {
			return false;
		}
		for (size_t i = 1; i < n; i++) {
			if ((s[i] & 0xC0) != 0x80)
				return false;
			cp = cp << 6 | (s[i] & 0x3F);
		}
		static const uint32_t min_of_length[] = {0, 0, 0x80, 0x800, 0x10000};
		if (cp < min_of_length[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false;
		if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || (cp >= 0x202A && cp <= 0x202E) ||
		    (cp >= 0x2066 && cp <= 0x2069))
			return false;
		s += n;
	}
	return true;
}

/* Random bytes, mostly the interesting ones, in every buffer size. */
static void sanitize_random_bytes_give_safe_text(void **unused)
{
	static const unsigned char interesting[] = {0x00, 0x07, 0x1B, '[',  ']',  '\\', 'a',
	                                            0x7F, 0x80, 0x9B, 0x9C, 0xBF, 0xC0, 0xC2,
	                                            0xE0, 0xE2, 0xED, 0xF0, 0xF4, 0xFF};
	uint64_t state = 0x853C49E6748FEA9BULL;
	for (int round = 0; round < 20000; round++) {
		unsigned char in[40];
		size_t n = 0;
		state = state * 6364136223846793005ULL + 1442695040888963407ULL;
		size_t want = (state >> 33) % (sizeof in);
		while (n < want) {
			state = state * 6364136223846793005ULL + 1442695040888963407ULL;
			unsigned r = (unsigned)(state >> 33);
			unsigned char b = r % 3 ? interesting[(r >> 8) % sizeof interesting]
			                        : (unsigned char)(r >> 16);
			if (b)
				in[n++] = b;
		}
		in[n] = '\0';
		size_t len = (size_t)round % 24;
		char out[32];
		memset(out, 'X', sizeof out);
		tc_sanitize((const char *)in, out, len);
		if (len == 0) {
			assert_int_equal(out[0], 'X');
			continue;
		}
		assert_non_null(memchr(out, '\0', len));
		assert_int_equal(out[len], 'X');
		if (!is_safe_output((const unsigned char *)out)) {
			print_error("unsafe output for input of %zu bytes in %zu:", n, len);
			for (size_t i = 0; i < n; i++)
				print_error(" %02x", in[i]);
			print_error("\n");
			fail();
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(sanitize_keeps_printable_text),
	        cmocka_unit_test(sanitize_replaces_control_characters),
	        cmocka_unit_test(sanitize_replaces_escape_sequences),
	        cmocka_unit_test(sanitize_replaces_invalid_utf8),
	        cmocka_unit_test(sanitize_replaces_reordering_and_invisible_code_points),
	        cmocka_unit_test(sanitize_always_terminates_and_stays_in_bounds),
	        cmocka_unit_test(sanitize_never_cuts_a_sequence),
	        cmocka_unit_test(sanitize_random_bytes_give_safe_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
