/* N v1.4 level data: exact round trips, malformed input refused at the right offset, and the
 * seed's generator (its tile mix, objects, fixed ninja and centre, determinism). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tilecade/nlevel.h"

static struct nl_level lv;
static char out[NL_LINE_MAX];
static char line[NL_LINE_MAX + 64];
static char err[256];

/* A level's line: 713 tiles of `fill` (or cycling every tile character when fill is 0), then
 * '|' and the object text. */
static const char *make(char fill, const char *objects)
{
	for (int i = 0; i < NL_TILES; i++)
		line[i] = fill ? fill : (char)('0' + i % NL_TILE_KINDS);
	line[NL_TILES] = '|';
	snprintf(line + NL_TILES + 1, sizeof line - NL_TILES - 1, "%s", objects);
	return line;
}

static void assert_round_trip(const char *text)
{
	if (nl_parse(text, &lv, err, sizeof err) != 0)
		fail_msg("refused: %s", err);
	int n = nl_print(&lv, out, sizeof out);
	assert_int_equal(n, (int)strlen(text));
	assert_string_equal(out, text);
}

/* Parses `text`, expecting an error that starts "offset N:". */
static void assert_refused(const char *text, size_t offset)
{
	char want[32];
	snprintf(want, sizeof want, "offset %zu:", offset);
	assert_int_equal(nl_parse(text, &lv, err, sizeof err), -1);
	if (strncmp(err, want, strlen(want)) != 0)
		fail_msg("expected '%s...', got '%s'", want, err);
}

static void every_tile_character_round_trips(void **unused)
{
	(void)unused;
	assert_round_trip(make(0, "5^396,300"));
	for (int i = 0; i < NL_TILES; i++)
		assert_int_equal(lv.tile[i], i % NL_TILE_KINDS);
	for (int k = 0; k < NL_TILE_KINDS; k++)
		assert_round_trip(make((char)('0' + k), "5^396,300"));
	assert_int_equal(lv.tile[0], NL_HALF + 3); /* 'Q' */
}

static void every_object_type_round_trips(void **unused)
{
	(void)unused;
	const char *objects = "5^396,300!0^24,48!1^72,96.5!2^120,144,0,-1.5!3^1,2!4^3,4"
	                      "!6^10,20,1,0,2,-1!7^36,60,3!8^48.25,72,2!9^1,2,3,4,5,6,7,8,9"
	                      "!10^0,0!11^300,310,120,130!12^744,552";
	assert_round_trip(make('0', objects));
	assert_int_equal(lv.objects, 13);
	for (int t = 0; t < NL_OBJECT_TYPES; t++) {
		bool seen = false;
		for (int k = 0; k < lv.objects; k++)
			if (lv.object[k].type == t) {
				seen = true;
				assert_int_equal(lv.object[k].count, nl_field_count(t));
			}
		assert_true(seen);
	}
	assert_true(lv.object[2].field[1] == 96.5);
	assert_true(lv.object[3].field[3] == -1.5);
	/* Number text as written: leading zeros, trailing zeros, "-0". */
	assert_round_trip(make('1', "5^0396,300.000!0^-0,007.10"));
	assert_true(lv.object[1].field[1] == 7.1);
}

static void printed_objects_without_text_use_their_values(void **unused)
{
	(void)unused;
	assert_int_equal(nl_parse(make('0', "5^396,300!0^24,48"), &lv, err, sizeof err), 0);
	lv.object[1].field[0] = 12.5;
	lv.object[1].text[0][0] = '\0';
	lv.object[1].field[1] = -36;
	lv.object[1].text[1][0] = '\0';
	nl_print(&lv, out, sizeof out);
	assert_string_equal(out + NL_TILES, "|5^396,300!0^12.5,-36");
	/* A short buffer gets a terminated prefix and the full length back. */
	char small[10];
	assert_int_equal(nl_print(&lv, small, sizeof small), (int)strlen(out));
	assert_string_equal(small, "000000000");
}

static void malformed_levels_name_the_offset(void **unused)
{
	(void)unused;
	assert_refused("", 0);
	char short_level[800];
	memset(short_level, '0', 712);
	strcpy(short_level + 712, "|5^396,300");
	assert_refused(short_level, 712); /* '|' as the 713th tile */
	short_level[712] = '\0';
	assert_refused(short_level, 712); /* ends early */
	make('0', "5^396,300");
	line[100] = 'R';
	assert_refused(line, 100);
	line[100] = '/';
	assert_refused(line, 100);
	line[100] = '\x80';
	assert_refused(line, 100);
	char long_level[800];
	memset(long_level, '1', 714);
	strcpy(long_level + 714, "|5^396,300");
	assert_refused(long_level, 713);
	assert_refused(make('0', ""), 714);                  /* no object */
	assert_refused(make('0', "0^1,2"), 719);             /* no ninja */
	assert_refused(make('0', "5^396,300!"), 724);        /* trailing '!' */
	assert_refused(make('0', "!5^396,300"), 714);        /* leading '!' */
	assert_refused(make('0', "5^396,300!!0^1,2"), 724);  /* empty object */
	assert_refused(make('0', "13^1,2!5^396,300"), 714);  /* unknown type */
	assert_refused(make('0', "5^396,300!99^1,2"), 724);  /* unknown type */
	assert_refused(make('0', "5^396,300!05^1,2"), 724);  /* leading zero in a type */
	assert_refused(make('0', "5^396,300!x^1,2"), 724);   /* no type */
	assert_refused(make('0', "5^396,300!0,1,2"), 725);   /* no '^' */
	assert_refused(make('0', "5^396,300!0^1"), 727);     /* too few numbers */
	assert_refused(make('0', "5^396,300!0^1,2,3"), 729); /* too many */
	assert_refused(make('0', "5^396,300!2^1,2,3"), 731); /* a launch pad has 4 */
	assert_refused(make('0', "5^396,300!9^1,2,3,4,5,6,7,8"), 741);
	assert_refused(make('0', "5^396,300!0^1,a"), 728);                /* bad number */
	assert_refused(make('0', "5^396,300!0^1,"), 728);                 /* missing number */
	assert_refused(make('0', "5^396,300!0^1.,2"), 728);               /* no digit after '.' */
	assert_refused(make('0', "5^396,300!0^--1,2"), 727);              /* two signs */
	assert_refused(make('0', "5^396,300!0^+1,2"), 726);               /* '+' */
	assert_refused(make('0', "5^396,300!0^1e5,2"), 727);              /* no exponents */
	assert_refused(make('0', "5^396,300!0^1,2 "), 729);               /* trailing space */
	assert_refused(make('0', "5^396,300!0^1,2\r"), 729);              /* trailing CR */
	assert_refused(make('0', "5^396,300!5^1,2"), 724);                /* a second ninja */
	assert_refused(make('0', "5^396,123456789012345678901234"), 720); /* number too long */
}

static void limits_are_refused_not_overrun(void **unused)
{
	(void)unused;
	/* NL_MAX_OBJECTS objects parse; one more is refused. */
	char *p = line + NL_TILES + 1;
	make('0', "5^396,300");
	p += strlen(p);
	for (int k = 1; k < NL_MAX_OBJECTS; k++)
		p += sprintf(p, "!0^%d,%d", k, k);
	assert_round_trip(line);
	assert_int_equal(lv.objects, NL_MAX_OBJECTS);
	size_t at = strlen(line) + 1;
	strcat(line, "!0^1,1");
	assert_refused(line, at);
	/* Lines of NL_LINE_MAX bytes or more are refused at once. */
	make('0', "5^396,300");
	size_t len = strlen(line);
	memset(line + len, '0', NL_LINE_MAX - len);
	line[NL_LINE_MAX] = '\0';
	assert_refused(line, NL_LINE_MAX - 1);
}

static void generated_level(uint64_t seed)
{
	struct tc_rng rng;
	tc_rng_seed(&rng, seed, NL_RNG_STREAM);
	nl_generate(&rng, &lv);
}

static void generator_follows_the_seed(void **unused)
{
	(void)unused;
	long tiles[NL_TILE_KINDS] = {0}, mines = 0, gold = 0, samples = 0;
	static struct nl_level again;
	for (uint64_t seed = 0; seed < 300; seed++) {
		generated_level(seed);
		assert_int_equal(lv.objects, 64);
		assert_int_equal(lv.object[0].type, NL_NINJA);
		assert_true(lv.object[0].field[0] == 396 && lv.object[0].field[1] == 300);
		assert_int_equal(lv.tile[NL_CENTRE], NL_EMPTY);
		for (int k = 1; k < lv.objects; k++) {
			const struct nl_object *o = &lv.object[k];
			assert_true(o->type == NL_MINE || o->type == NL_GOLD);
			assert_int_equal(o->count, 2);
			int x = (int)o->field[0], y = (int)o->field[1];
			assert_true(x % 24 == 0 && x >= 24 && x <= 24 * 31);
			assert_true(y % 24 == 0 && y >= 24 && y <= 24 * 23);
			mines += o->type == NL_MINE;
			gold += o->type == NL_GOLD;
		}
		for (int i = 0; i < NL_TILES; i++) {
			assert_true(lv.tile[i] <= 5);
			if (i != NL_CENTRE) {
				tiles[lv.tile[i]]++;
				samples++;
			}
		}
		/* The printed level parses back to the same text. */
		nl_print(&lv, out, sizeof out);
		assert_int_equal(strlen(out) > NL_TILES, true);
		assert_int_equal(nl_parse(out, &again, err, sizeof err), 0);
		assert_string_equal(out + NL_TILES, strstr(out, "|5^396,300!"));
	}
	/* 60 / 30 / 10 %, each slope 2.5 %, within a generous margin of 213,000 draws. */
	double empty = (double)tiles[0] / (double)samples,
	       full = (double)tiles[1] / (double)samples;
	assert_true(empty > 0.59 && empty < 0.61);
	assert_true(full > 0.29 && full < 0.31);
	for (int k = 2; k <= 5; k++) {
		double share = (double)tiles[k] / (double)samples;
		assert_true(share > 0.022 && share < 0.028);
	}
	double mine_share = (double)mines / (double)(mines + gold);
	assert_true(mine_share > 0.31 && mine_share < 0.356);
}

static void generator_is_deterministic_per_seed(void **unused)
{
	(void)unused;
	static char first[NL_LINE_MAX];
	generated_level(42);
	nl_print(&lv, first, sizeof first);
	generated_level(42);
	nl_print(&lv, out, sizeof out);
	assert_string_equal(first, out);
	generated_level(43);
	nl_print(&lv, out, sizeof out);
	assert_string_not_equal(first, out);
	/* The objects are drawn after all the tiles, each as type, x, y. */
	struct tc_rng rng;
	tc_rng_seed(&rng, 42, NL_RNG_STREAM);
	for (int i = 0; i < NL_TILES; i++)
		(void)tc_rng_below(&rng, 40);
	static const int types[3] = {NL_MINE, NL_GOLD, NL_GOLD};
	int type = types[tc_rng_below(&rng, 3)];
	int x = 24 * (1 + (int)tc_rng_below(&rng, 31));
	int y = 24 * (1 + (int)tc_rng_below(&rng, 23));
	char want[32];
	snprintf(want, sizeof want, "|5^396,300!%d^%d,%d!", type, x, y);
	assert_memory_equal(first + NL_TILES, want, strlen(want));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(every_tile_character_round_trips),
	        cmocka_unit_test(every_object_type_round_trips),
	        cmocka_unit_test(printed_objects_without_text_use_their_values),
	        cmocka_unit_test(malformed_levels_name_the_offset),
	        cmocka_unit_test(limits_are_refused_not_overrun),
	        cmocka_unit_test(generator_follows_the_seed),
	        cmocka_unit_test(generator_is_deterministic_per_seed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
