/* Lines broken between words (text_wrap.h): where a line of a width ends, for the menu's
 * notice, the solution pane's note and the command line's error lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "text_wrap.h"

/* The first line of text in width columns, as a string. */
static const char *first_line(const char *text, int width)
{
	static char line[256];
	size_t len = tc_text_line(text, width);
	assert_true(len < sizeof line);
	memcpy(line, text, len);
	line[len] = '\0';
	return line;
}

static void test_text_that_fits_is_one_line(void **state)
{
	(void)state;
	assert_string_equal(first_line("bad value 'x'", 13), "bad value 'x'");
	assert_string_equal(first_line("bad value 'x'", 80), "bad value 'x'");
	assert_string_equal(first_line("", 10), "");
}

/* Between words, never inside one (issue 17: "bad value 'pu" then "rple-..."). */
static void test_breaks_between_words(void **state)
{
	(void)state;
	const char *text = "bad value 'purple-and-gold' for theme";
	assert_string_equal(first_line(text, 20), "bad value");
	assert_string_equal(first_line(text, 9), "bad value");
	assert_string_equal(first_line(text, 8), "bad");
	assert_string_equal(first_line(text, 27), "bad value 'purple-and-gold'");
	assert_string_equal(first_line("ab  cd", 4), "ab");
}

/* A word wider than a whole line is cut where the line ends, rather than left for a next
 * line it would not fit either. */
static void test_a_word_wider_than_the_line_is_cut(void **state)
{
	(void)state;
	assert_string_equal(first_line("abcdefgh", 3), "abc");
	assert_string_equal(first_line("see /a/very/long/path/to/config.ini", 12), "see /a/very/");
	assert_string_equal(first_line("x", 0), "x"); /* always one character */
}

/* Columns are characters, not bytes: UTF-8 is counted and never cut in half. */
static void test_counts_characters(void **state)
{
	(void)state;
	assert_string_equal(first_line("é é é", 3), "é é");
	assert_string_equal(first_line("ééé", 2), "éé");
	assert_string_equal(first_line("a\xC3", 5), "a"); /* half a character at the end */
}

/* A text too wide keeps the words that fit, and says it was cut. */
static void test_cut_between_words_with_a_mark(void **state)
{
	(void)state;
	char out[64];
	tc_text_cut("Watch      games in progress, as they are played", 30, "~", out, sizeof out);
	assert_string_equal(out, "Watch      games in progress,~");
	tc_text_cut("one two three", 9, "…", out, sizeof out); /* no space before the mark */
	assert_string_equal(out, "one two…");
	tc_text_cut("one two", 7, "~", out, sizeof out);
	assert_string_equal(out, "one two");
	tc_text_cut("one two      ", 7, "~", out, sizeof out); /* padding is not cut */
	assert_string_equal(out, "one two");
	tc_text_cut("unbreakable", 6, "~", out, sizeof out);
	assert_string_equal(out, "unbre~");
	tc_text_cut("one two", 1, "~", out, sizeof out);
	assert_string_equal(out, "~");
	tc_text_cut("one two", 0, "~", out, sizeof out);
	assert_string_equal(out, "");
}

/* A text too wide keeps its start and, with twice the room, its end: a path its file name. */
static void test_shortened_in_the_middle(void **state)
{
	(void)state;
	char out[64];
	tc_text_shorten("/tmp/home/r2.replay", 30, "…", out, sizeof out);
	assert_string_equal(out, "/tmp/home/r2.replay");
	tc_text_shorten("/tmp/picky2-home/r2.replay", 16, "…", out, sizeof out);
	assert_string_equal(out, "/tmp/…/r2.replay");
	tc_text_shorten("ninja-demo.replay", 15, "~", out, sizeof out);
	assert_string_equal(out, "ninj~emo.replay");
	tc_text_shorten("é€abcdefgh", 5, "…", out, sizeof out);
	assert_string_equal(out, "é…fgh");
}

/* A message's path is what gives way, in the middle, the words before it kept whole. */
static void test_a_message_keeps_its_words_and_its_file_name(void **state)
{
	(void)state;
	char out[128];
	const char *m = "replay saved to /tmp/picky2-home/r2.replay";
	tc_text_fit_path(m, 16, 60, "…", out, sizeof out);
	assert_string_equal(out, m);
	tc_text_fit_path(m, 16, 32, "…", out, sizeof out);
	assert_string_equal(out, "replay saved to /tmp/…/r2.replay");
	/* Little room for the path: the words stay whole, the path takes what is left. */
	tc_text_fit_path(m, 16, 22, "…", out, sizeof out);
	assert_string_equal(out, "replay saved to /…play");
	tc_text_fit_path(m, 16, 17, "…", out, sizeof out);
	assert_string_equal(out, "replay saved to ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_text_that_fits_is_one_line),
	        cmocka_unit_test(test_breaks_between_words),
	        cmocka_unit_test(test_a_word_wider_than_the_line_is_cut),
	        cmocka_unit_test(test_counts_characters),
	        cmocka_unit_test(test_cut_between_words_with_a_mark),
	        cmocka_unit_test(test_shortened_in_the_middle),
	        cmocka_unit_test(test_a_message_keeps_its_words_and_its_file_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
