/* The players of an arcade: names picked once, unique whatever their case, kept by key; and the
 * folder name each key gets. Every test works in a directory of its own. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "store_dirs.h"
#include "tilecade/players.h"

#define KEY_A "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAnnA"
#define KEY_B "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBobB"

static void players_names_follow_the_rules(void **state)
{
	(void)state;
	assert_true(tc_player_name_ok("ann"));
	assert_true(tc_player_name_ok("Bob_2.0-x"));
	assert_true(tc_player_name_ok("_"));
	assert_true(tc_player_name_ok("abcdefghijklmnopqrst")); /* 20 */
	assert_false(tc_player_name_ok(""));
	assert_false(tc_player_name_ok("abcdefghijklmnopqrstu")); /* 21 */
	assert_false(tc_player_name_ok("ann smith"));
	assert_false(tc_player_name_ok(".."));
	assert_false(tc_player_name_ok(".hidden"));
	assert_false(tc_player_name_ok("-rf"));
	assert_false(tc_player_name_ok("a/b"));
	assert_false(tc_player_name_ok("ann\x1b[31m"));
	assert_false(tc_player_name_ok("\xc3\xa9mile")); /* letters are ASCII */
}

static void players_a_new_key_has_no_name(void **state)
{
	struct tc_store *st = store_open_in(state, "arcade.db");
	char name[32] = "unchanged";
	assert_int_equal(tc_players_name_of(st, KEY_A, name, sizeof name), TC_PLAYER_UNKNOWN);
	assert_string_equal(name, "unchanged");
	tc_store_close(st);
}

static void players_a_name_is_kept_by_key(void **state)
{
	struct tc_store *st = store_open_in(state, "arcade.db");
	assert_int_equal(tc_players_add(st, KEY_A, "Ann"), TC_PLAYER_OK);
	assert_int_equal(tc_players_add(st, KEY_B, "bob"), TC_PLAYER_OK);
	tc_store_close(st);
	st = store_open_in(state, "arcade.db"); /* a later login */
	char name[32];
	assert_int_equal(tc_players_name_of(st, KEY_A, name, sizeof name), TC_PLAYER_OK);
	assert_string_equal(name, "Ann");
	assert_int_equal(tc_players_name_of(st, KEY_B, name, sizeof name), TC_PLAYER_OK);
	assert_string_equal(name, "bob");
	tc_store_close(st);
}

static void players_a_taken_name_is_refused_in_any_case(void **state)
{
	struct tc_store *st = store_open_in(state, "arcade.db");
	assert_int_equal(tc_players_add(st, KEY_A, "Ann"), TC_PLAYER_OK);
	assert_int_equal(tc_players_add(st, KEY_B, "Ann"), TC_PLAYER_TAKEN);
	assert_int_equal(tc_players_add(st, KEY_B, "aNN"), TC_PLAYER_TAKEN);
	char name[32];
	assert_int_equal(tc_players_name_of(st, KEY_B, name, sizeof name), TC_PLAYER_UNKNOWN);
	tc_store_close(st);
}

static void players_a_name_is_found_in_any_case(void **state)
{
	struct tc_store *st = store_open_in(state, "arcade.db");
	assert_int_equal(tc_players_add(st, KEY_A, "Ann"), TC_PLAYER_OK);
	char name[32];
	assert_int_equal(tc_players_name_as_kept(st, "aNN", name, sizeof name), TC_PLAYER_OK);
	assert_string_equal(name, "Ann");
	assert_int_equal(tc_players_name_as_kept(st, "Bob", name, sizeof name), TC_PLAYER_UNKNOWN);
	tc_store_close(st);
}

static void players_a_name_is_given_once(void **state)
{
	struct tc_store *st = store_open_in(state, "arcade.db");
	assert_int_equal(tc_players_add(st, KEY_A, "Ann"), TC_PLAYER_OK);
	assert_int_equal(tc_players_add(st, KEY_A, "Ann"), TC_PLAYER_OK); /* the same again */
	assert_int_equal(tc_players_add(st, KEY_A, "Annie"), TC_PLAYER_TAKEN);
	char name[32];
	assert_int_equal(tc_players_name_of(st, KEY_A, name, sizeof name), TC_PLAYER_OK);
	assert_string_equal(name, "Ann");
	tc_store_close(st);
}

static void players_a_bad_name_is_not_stored(void **state)
{
	struct tc_store *st = store_open_in(state, "arcade.db");
	assert_int_equal(tc_players_add(st, KEY_A, "a b"), TC_PLAYER_BAD);
	char name[32];
	assert_int_equal(tc_players_name_of(st, KEY_A, name, sizeof name), TC_PLAYER_UNKNOWN);
	tc_store_close(st);
}

static void players_an_off_store_says_so(void **state)
{
	(void)state;
	char name[32];
	assert_int_equal(tc_players_name_of(NULL, KEY_A, name, sizeof name), TC_PLAYER_ERROR);
	assert_int_equal(tc_players_add(NULL, KEY_A, "ann"), TC_PLAYER_ERROR);
}

static void players_ids_are_sha256_of_the_key(void **state)
{
	(void)state;
	char id[TC_PLAYER_ID_LEN + 1];
	tc_player_id("abc", id); /* FIPS 180-4's example */
	assert_string_equal(id, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	tc_player_id("", id);
	assert_string_equal(id, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	/* 56 bytes: the padding needs a second block. */
	tc_player_id("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", id);
	assert_string_equal(id, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	char other[TC_PLAYER_ID_LEN + 1];
	tc_player_id(KEY_A, id);
	tc_player_id(KEY_B, other);
	assert_string_not_equal(id, other);
}

#define PLAYERS_TEST(f) cmocka_unit_test_setup_teardown(f, store_setup, store_teardown)

int main(void)
{
	const struct CMUnitTest both[] = {
	        PLAYERS_TEST(players_names_follow_the_rules),
	        PLAYERS_TEST(players_a_new_key_has_no_name),
	        PLAYERS_TEST(players_a_name_is_kept_by_key),
	        PLAYERS_TEST(players_a_taken_name_is_refused_in_any_case),
	        PLAYERS_TEST(players_a_name_is_found_in_any_case),
	        PLAYERS_TEST(players_a_name_is_given_once),
	        PLAYERS_TEST(players_a_bad_name_is_not_stored),
	        PLAYERS_TEST(players_an_off_store_says_so),
	        PLAYERS_TEST(players_ids_are_sha256_of_the_key),
	};
	return store_run_tests(both, STORE_COUNT(both), NULL, 0, NULL, 0);
}
