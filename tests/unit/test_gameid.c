/* Game IDs: what a player types or pastes to get the same game again. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/g2048.h"
#include "tilecade/gameid.h"

static void gameid_roundtrips_every_size_and_seed(void **unused)
{
	static const uint64_t seeds[] = {0, 1, 12345, UINT64_MAX};
	for (int n = G2048_MIN_SIZE; n <= G2048_MAX_SIZE; n++)
		for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
			struct g2048_params p = {n};
			char id[TC_GAMEID_MAX], expected[TC_GAMEID_MAX], err[160] = "";
			snprintf(expected, sizeof expected, "2048:%dx%d:s%llu", n, n,
			         (unsigned long long)seeds[i]);
			tc_gameid_format(&g2048_game, &p, seeds[i], id, sizeof id);
			assert_string_equal(id, expected);

			const struct tc_game *game = NULL;
			struct tc_params params;
			uint64_t seed = 42;
			assert_int_equal(
			        tc_gameid_parse(id, &game, &params, &seed, err, sizeof err), 0);
			assert_ptr_equal(game, &g2048_game);
			assert_int_equal(((const struct g2048_params *)params.bytes)->size, n);
			assert_int_equal(seed, seeds[i]);
		}
}

/* One game, one ID: a level of a pack uses no seed, and its ID carries seed 0 whatever seed
 * it is formatted with (a race's and its game's IDs are then the same). */
static void gameid_of_a_level_carries_seed_0(void **unused)
{
	(void)unused;
	const struct tc_game *game;
	struct tc_params params;
	uint64_t seed;
	char id[TC_GAMEID_MAX], err[160];
	assert_int_equal(
	        tc_gameid_parse("sudoku:level1:s469345579", &game, &params, &seed, err, sizeof err),
	        0);
	tc_gameid_format(game, params.bytes, seed, id, sizeof id);
	assert_string_equal(id, "sudoku:level1:s0");
}

/* A level's ID with another seed (written before levels were fixed) is read as the level, seed
 * 0, so that it formats back to itself: fuzz_gameid's round trip failed on sudoku:level4:s9,
 * read with seed 9 and printed as s0 (issue 27). */
static void gameid_of_a_level_reads_seed_0(void **unused)
{
	(void)unused;
	static const char *const ids[][2] = {{"sudoku:level4:s9", "sudoku:level4:s0"},
	                                     {"znumbers:level3:s12345", "znumbers:level3:s0"}};
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		const struct tc_game *game;
		struct tc_params params;
		uint64_t seed = 42;
		char id[TC_GAMEID_MAX], err[160];
		assert_int_equal(
		        tc_gameid_parse(ids[i][0], &game, &params, &seed, err, sizeof err), 0);
		assert_int_equal(seed, 0);
		tc_gameid_format(game, params.bytes, seed, id, sizeof id);
		assert_string_equal(id, ids[i][1]);
	}
}

static void gameid_format_reports_needed_length(void **unused)
{
	struct g2048_params p = {4};
	char small[6];
	assert_int_equal(tc_gameid_format(&g2048_game, &p, 12345, small, sizeof small),
	                 (int)strlen("2048:4x4:s12345"));
	assert_string_equal(small, "2048:");
}

static void gameid_rejects_malformed_ids(void **unused)
{
	static const char *const bad[] = {
	        "",
	        "2048",
	        "2048:4x4",
	        "chess:4x4:s1",
	        "2048:9x9:s1",
	        "2048:4x5:s1",
	        "2048::s1",
	        "2048:4x4:1",
	        "2048:4x4:x1",
	        "2048:4x4:sx",
	        "2048:4x4:s",
	        "2048:4x4:s-1",
	        "2048:4x4:s1 ",
	        "2048:4x4:s18446744073709551616",
	        "2048:4x4:x:s1",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const struct tc_game *game = NULL;
		struct tc_params params;
		uint64_t seed = 0;
		char err[200] = "";
		if (tc_gameid_parse(bad[i], &game, &params, &seed, err, sizeof err) != -1)
			print_error("accepted '%s'\n", bad[i]);
		assert_int_equal(tc_gameid_parse(bad[i], &game, &params, &seed, err, sizeof err),
		                 -1);
		/* One line that explains. */
		assert_true(err[0] != '\0');
		assert_null(strchr(err, '\n'));
	}
}

static void gameid_rejects_over_long_id(void **unused)
{
	char text[4096];
	const struct tc_game *game = NULL;
	struct tc_params params;
	uint64_t seed = 0;
	char err[200] = "";
	memset(text, '7', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	memcpy(text, "2048:4x4:s", strlen("2048:4x4:s"));
	assert_int_equal(tc_gameid_parse(text, &game, &params, &seed, err, sizeof err), -1);
	assert_true(err[0] != '\0');
}

/* Every built-in game is found by its name in any case. */
static void gameid_find_ignores_case(void **unused)
{
	assert_ptr_equal(tc_game_find("2048"), &g2048_game);
	assert_non_null(tc_games[0]);
	for (int i = 0; tc_games[i]; i++) {
		char upper[64], lower[64];
		size_t len = strlen(tc_games[i]->name);
		assert_true(len < sizeof upper);
		for (size_t c = 0; c <= len; c++) {
			upper[c] = (char)toupper((unsigned char)tc_games[i]->name[c]);
			lower[c] = (char)tolower((unsigned char)tc_games[i]->name[c]);
		}
		assert_ptr_equal(tc_game_find(upper), tc_games[i]);
		assert_ptr_equal(tc_game_find(lower), tc_games[i]);
	}
}

static void gameid_find_rejects_unknown_names(void **unused)
{
	assert_null(tc_game_find(""));
	assert_null(tc_game_find("chess"));
	assert_null(tc_game_find("204"));
	assert_null(tc_game_find("2048 "));
}

static void gameid_parse_seed_reads_decimal(void **unused)
{
	uint64_t seed = 1;
	assert_int_equal(tc_parse_seed("0", &seed), 0);
	assert_int_equal(seed, 0);
	assert_int_equal(tc_parse_seed("12345", &seed), 0);
	assert_int_equal(seed, 12345);
	assert_int_equal(tc_parse_seed("007", &seed), 0);
	assert_int_equal(seed, 7);
	assert_int_equal(tc_parse_seed("18446744073709551615", &seed), 0);
	assert_int_equal(seed, UINT64_MAX);
}

static void gameid_parse_seed_rejects_non_numbers(void **unused)
{
	static const char *const bad[] = {
	        "",
	        "-1",
	        "+1",
	        " 1",
	        "1 ",
	        "12a",
	        "0x10",
	        "1.5",
	        "18446744073709551616",
	        "99999999999999999999",
	        "184467440737095516150",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		uint64_t seed = 0;
		if (tc_parse_seed(bad[i], &seed) != -1)
			print_error("accepted '%s'\n", bad[i]);
		assert_int_equal(tc_parse_seed(bad[i], &seed), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(gameid_roundtrips_every_size_and_seed),
	        cmocka_unit_test(gameid_of_a_level_carries_seed_0),
	        cmocka_unit_test(gameid_of_a_level_reads_seed_0),
	        cmocka_unit_test(gameid_format_reports_needed_length),
	        cmocka_unit_test(gameid_rejects_malformed_ids),
	        cmocka_unit_test(gameid_rejects_over_long_id),
	        cmocka_unit_test(gameid_find_ignores_case),
	        cmocka_unit_test(gameid_find_rejects_unknown_names),
	        cmocka_unit_test(gameid_parse_seed_reads_decimal),
	        cmocka_unit_test(gameid_parse_seed_rejects_non_numbers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
