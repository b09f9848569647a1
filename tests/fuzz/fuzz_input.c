/* Bytes from the terminal (input_filter.h) read by libtermkey itself, as term.c reads them:
 * never a crash, and after the input goes quiet nothing is left waiting in libtermkey's buffer,
 * so no byte sequence can stall the keys after it. The first byte picks UTF-8 or not and the
 * size of the reads. */
#include "fuzz.h"

#include <termkey.h>

#include "input_filter.h"

static TermKey *instances[2];

/* As term.c sets libtermkey up: without terminfo's mouse key, which would read SGR reports as
 * old-style ones. */
static const char *hide_terminfo_mouse(const char *name, const char *value, void *data)
{
	(void)data;
	return strcmp(name, "key_mouse") == 0 ? NULL : value;
}

static TermKey *new_termkey(bool utf8)
{
	TermKey *tk = termkey_new_abstract("xterm-256color",
	                                   TERMKEY_FLAG_CTRLC | TERMKEY_FLAG_NOSTART |
	                                           (utf8 ? TERMKEY_FLAG_UTF8 : TERMKEY_FLAG_RAW));
	FUZZ_CHECK(tk);
	termkey_hook_terminfo_getstr(tk, hide_terminfo_mouse, NULL);
	termkey_start(tk);
	return tk;
}

static void drain(TermKey *tk, bool force)
{
	TermKeyKey key;
	while ((force ? termkey_getkey_force(tk, &key) : termkey_getkey(tk, &key)) ==
	       TERMKEY_RES_KEY)
		if (key.type == TERMKEY_TYPE_MOUSE) {
			TermKeyMouseEvent ev;
			int button, line, col;
			termkey_interpret_mouse(tk, &key, &ev, &button, &line, &col);
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	bool utf8 = data[0] & 1;
	size_t read_size = 1 + (data[0] >> 1);
	TermKey **tk = &instances[utf8];
	if (!*tk) /* one each for the whole run: libtermkey loads terminfo when it starts */
		*tk = new_termkey(utf8);
	struct tc_input_filter f;
	tc_input_filter_init(&f, utf8);
	unsigned char out[128 + TC_INPUT_HELD_MAX];
	for (size_t at = 1; at < size; at += read_size) {
		size_t n = size - at < read_size ? size - at : read_size;
		size_t len = tc_input_filter_feed(&f, data + at, n, out);
		for (size_t put = 0; put < len;) {
			size_t took = termkey_push_bytes(*tk, (const char *)out + put, len - put);
			FUZZ_CHECK(took != (size_t)-1);
			put += took;
			drain(*tk, false);
		}
	}
	size_t len = tc_input_filter_flush(&f, out);
	termkey_push_bytes(*tk, (const char *)out, len);
	drain(*tk, true);
	FUZZ_CHECK(termkey_get_buffer_remaining(*tk) == termkey_get_buffer_size(*tk));
	return 0;
}
