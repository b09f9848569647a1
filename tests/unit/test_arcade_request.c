/* An arcade request (SSH_ORIGINAL_COMMAND) split into words without a shell: what is taken,
 * and the one line for what is not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "arcade_request.h"

static void split_ok(const char *text, int words, const char *const expected[])
{
	struct tc_arcade_request r;
	char err[160] = "";
	assert_int_equal(tc_arcade_request_split(text, &r, err, sizeof err), 0);
	assert_string_equal(err, "");
	assert_int_equal(r.argc, words + 1);
	assert_string_equal(r.argv[0], "tilecade");
	for (int i = 0; i < words; i++)
		assert_string_equal(r.argv[i + 1], expected[i]);
	assert_null(r.argv[r.argc]);
}

static void refused(const char *text, const char *line)
{
	struct tc_arcade_request r;
	char err[160] = "";
	assert_int_equal(tc_arcade_request_split(text, &r, err, sizeof err), -1);
	assert_string_equal(err, line);
}

static void request_words_at_spaces_and_tabs(void **state)
{
	(void)state;
	split_ok(NULL, 0, NULL);
	split_ok("", 0, NULL);
	split_ok("  \t ", 0, NULL);
	split_ok("2048 --seed 5", 3, (const char *const[]){"2048", "--seed", "5"});
	split_ok("\t watch   Ann_2.x \t", 2, (const char *const[]){"watch", "Ann_2.x"});
	split_ok("znumbers --id=znumbers:6x6a60:s12345", 2,
	         (const char *const[]){"znumbers", "--id=znumbers:6x6a60:s12345"});
	split_ok("replay #3 --headless", 3, (const char *const[]){"replay", "#3", "--headless"});
}

static void request_refuses_what_a_shell_or_a_path_would_read(void **state)
{
	(void)state;
	const char *bad[] = {
	        "2048;sh", "2048 | cat",      "2048 > x", "a 'b'", "a \"b\"", "$HOME", "a `id`",
	        "a\\b",    "cat /etc/passwd", "a*",       "a&",    "x\ny",    "(x)",   "~"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct tc_arcade_request r;
		char err[160] = "";
		assert_int_equal(tc_arcade_request_split(bad[i], &r, err, sizeof err), -1);
		assert_non_null(strstr(err, "is not taken here: the arcade runs no shell"));
	}
	refused("2048 --seed=$(id)",
	        "'$' is not taken in --seed's value: the arcade runs no shell and names no files "
	        "(try: help)");
	refused("2048 \x1b[2J",
	        "'?' is not taken here: the arcade runs no shell and names no files (try: help)");
}

/* A refused byte after an option that names a file is told as that option's refusal, whatever
 * its value: --config /x as --config x (issue 18: '/' was said). */
static void request_names_the_option_a_refused_byte_is_given_to(void **state)
{
	(void)state;
	static const char config[] = "--config is not taken in the arcade: your scores, saves and "
	                             "settings are kept for you";
	refused("2048 --config /x", config);
	refused("2048 --config=/x", config);
	refused("ninja --replay ../r.txt",
	        "--replay is not taken in the arcade: your scores, saves and settings are kept "
	        "for you");
	refused("2048 --no-anim /x",
	        "'/' is not taken here: the arcade runs no shell and names no files (try: help)");
	struct tc_arcade_request r;
	char err[160];
	assert_int_equal(tc_arcade_request_split("replay 1 +1", &r, err, sizeof err), -1);
	assert_int_equal(r.refused_word, 3);
	assert_int_equal(tc_arcade_request_split("replay 1", &r, err, sizeof err), 0);
	assert_int_equal(r.refused_word, 0);
}

static void request_keeps_its_words_when_a_character_is_refused(void **state)
{
	(void)state;
	struct tc_arcade_request r;
	char err[160];
	assert_int_equal(tc_arcade_request_split("cat /etc/passwd", &r, err, sizeof err), -1);
	assert_int_equal(r.argc, 3);
	assert_string_equal(r.argv[1], "cat"); /* to name the program in the refusal */
}

static void request_is_bounded(void **state)
{
	(void)state;
	char text[TC_ARCADE_REQUEST_MAX + 2];
	memset(text, 'a', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	refused(text, "that request is too long (at most 256 characters)");
	text[TC_ARCADE_REQUEST_MAX] = '\0';
	split_ok(text, 1, (const char *const[]){text});
	char many[4 * (TC_ARCADE_WORDS_MAX + 1) + 1] = "";
	for (int i = 0; i <= TC_ARCADE_WORDS_MAX; i++)
		strcat(many, "b ");
	refused(many, "that request has too many words (at most 16)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(request_words_at_spaces_and_tabs),
	        cmocka_unit_test(request_refuses_what_a_shell_or_a_path_would_read),
	        cmocka_unit_test(request_names_the_option_a_refused_byte_is_given_to),
	        cmocka_unit_test(request_keeps_its_words_when_a_character_is_refused),
	        cmocka_unit_test(request_is_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
