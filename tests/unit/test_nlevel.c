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
#include <math.h>

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
	const char *objects = "5^396,300!0^24,48!1^72,96.5!2^120,144,0,-1.5!3^1,2!4^3,4,1"
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
	lv.object[1].field[1] = -36;
	lv.object[1].text_len = 0;
	nl_print(&lv, out, sizeof out);
	assert_string_equal(out + NL_TILES, "|5^396,300!0^12.5,-36");
	/* Values that are not whole: the fewest digits that read back the same; NaN as "NaN",
	 * which reads back as NaN. */
	lv.object[1].field[0] = -0.7071067811865475;
	lv.object[1].field[1] = NAN;
	nl_print(&lv, out, sizeof out);
	assert_string_equal(out + NL_TILES, "|5^396,300!0^-0.7071067811865475,NaN");
	static struct nl_level back;
	assert_int_equal(nl_parse(out, &back, err, sizeof err), 0);
	assert_true(back.object[1].field[0] == -0.7071067811865475);
	assert_true(isnan(back.object[1].field[1]));
	lv.object[1].field[0] = 12.5; /* as the rest of this test expects */
	lv.object[1].field[1] = -36;
	nl_print(&lv, out, sizeof out);
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
	assert_refused(make('0', ""), 714);                    /* no object */
	assert_refused(make('0', "0^1,2"), 719);               /* no ninja */
	assert_refused(make('0', "5^396,300!"), 724);          /* trailing '!' */
	assert_refused(make('0', "!5^396,300"), 714);          /* leading '!' */
	assert_refused(make('0', "5^396,300!!0^1,2"), 724);    /* empty object */
	assert_refused(make('0', "13^1,2!5^396,300"), 714);    /* unknown type */
	assert_refused(make('0', "5^396,300!99^1,2"), 724);    /* unknown type */
	assert_refused(make('0', "5^396,300!05^1,2"), 724);    /* leading zero in a type */
	assert_refused(make('0', "5^396,300!x^1,2"), 724);     /* no type */
	assert_refused(make('0', "5^396,300!0,1,2"), 725);     /* no '^' */
	assert_refused(make('0', "5^396,300!0^1"), 727);       /* too few numbers */
	assert_refused(make('0', "5^396,300!2^1,2,3"), 731);   /* a launch pad has 4 */
	assert_refused(make('0', "5^396,300!4^444,540"), 733); /* a floor guard has 3 */
	assert_refused(make('0', "5^396,300!9^1,2,3,4,5,6,7,8"), 741);
	assert_refused(make('0', "5^396"), 719);               /* a ninja has 2 */
	assert_refused(make('0', "5^396,300!5^1,2"), 724);     /* a second ninja */
	assert_refused(make('0', "0^1,2!5^1,2!5^3,4,x"), 726); /* a second ninja */
	assert_refused(make('0', "5^396,300!0^1,2!"), 730);    /* trailing '!' */
}

/* An unknown type is quoted as written, all its digits (a long run cut with "..."). */
static void unknown_types_are_quoted_whole(void **unused)
{
	(void)unused;
	assert_refused(make('0', "5^396,300!99999999999^1,2"), 724);
	assert_string_equal(err, "offset 724: unknown object type '99999999999' (0 to 12)");
	assert_refused(make('0', "5^396,300!100^1,2"), 724);
	assert_string_equal(err, "offset 724: unknown object type '100' (0 to 12)");
	assert_refused(make('0', "5^396,300!000^1,2"), 724);
	assert_string_equal(err, "offset 724: unknown object type '000' (0 to 12)");
	assert_refused(make('0', "5^396,300!1234567890123456789012345678^1,2"), 724);
	assert_string_equal(
	        err, "offset 724: unknown object type '123456789012345678901234...' (0 to 12)");
}

/* nl_object_offset: where each object starts in the line, as parsed or as printed from its
 * values. */
static void object_offsets_are_those_of_the_line(void **unused)
{
	(void)unused;
	const char *text = make('0', "0^1,2!12^ x ,y,9!5^NaN,4!11^1,2,3,4");
	assert_int_equal(nl_parse(text, &lv, err, sizeof err), 0);
	for (int k = 0; k < lv.objects; k++) {
		size_t at = nl_object_offset(&lv, k);
		char type[8];
		snprintf(type, sizeof type, "%d^", lv.object[k].type);
		assert_int_equal(strncmp(text + at, type, strlen(type)), 0);
		assert_true(k == 0 || text[at - 1] == '!');
	}
	assert_int_equal(nl_object_offset(&lv, 2), 714 + strlen("0^1,2!12^ x ,y,9!"));
	lv.object[0].field[0] = 100.5; /* printed from its values: "0^100.5,2" */
	lv.object[0].text_len = 0;
	assert_int_equal(nl_object_offset(&lv, 1), 714 + strlen("0^100.5,2!"));
}

/* A level whose text ends in a CR is written with CRLF after it, which reads back the same. */
static void a_cr_at_the_end_is_written_with_crlf(void **unused)
{
	(void)unused;
	assert_int_equal(nl_parse(make('0', "5^1,2"), &lv, err, sizeof err), 0);
	assert_string_equal(nl_line_end(&lv), "\n");
	assert_int_equal(nl_parse(make('0', "5^1,2\r"), &lv, err, sizeof err), 0);
	assert_string_equal(nl_line_end(&lv), "\r\n");
	assert_int_equal(nl_parse(make('0', "5^1,2\r!0^3,4"), &lv, err, sizeof err), 0);
	assert_string_equal(nl_line_end(&lv), "\n");
	lv.object[1].text_len = 0; /* printed from values: no CR */
	assert_string_equal(nl_line_end(&lv), "\n");
}

/* What N v1.4 and its editor write, one object of each type (a floor guard with the facing
 * direction N never used, a launch pad with its thrust's decimals), loads and prints back
 * byte for byte. */
static void objects_as_n_writes_them(void **unused)
{
	(void)unused;
	static const struct {
		const char *text;
		int type, count;
		double last; /* the last number the type uses */
	} cases[] = {
	        {"0^252,540", NL_GOLD, 2, 540},
	        {"1^420,348", NL_BOUNCE_BLOCK, 2, 348},
	        {"2^396,540,-0.7071067811865475,-0.7071067811865475", NL_LAUNCH_PAD, 4,
	         -0.7071067811865475},
	        {"2^600,100,0,-1", NL_LAUNCH_PAD, 4, -1},
	        {"3^300,108", NL_GAUSS_TURRET, 2, 108},
	        {"4^444,540,1", NL_FLOOR_GUARD, 3, 1},
	        {"5^100,134", NL_NINJA, 2, 134},
	        {"6^300,108,2,0,1,2", NL_DRONE, 6, 2},
	        {"7^500,100,3", NL_ONE_WAY, 3, 3},
	        {"8^300,108,2", NL_THWUMP, 3, 2},
	        {"9^120,134,0,0,8,4,0,0,0", NL_DOOR, 9, 0}, /* normal */
	        {"9^60,84,0,0,3,3,1,0,0", NL_DOOR, 9, 0},   /* locked */
	        {"9^120,84,0,1,3,3,0,0,0", NL_DOOR, 9, 0},  /* trap */
	        {"10^300,108", NL_HOMING_LAUNCHER, 2, 108},
	        {"11^300,134,100,134", NL_EXIT, 4, 134},
	        {"12^400,134", NL_MINE, 2, 134},
	};
	static char objects[2048];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(objects, sizeof objects, "%s%s", cases[i].text,
		         cases[i].type == NL_NINJA ? "" : "!5^100,134");
		assert_round_trip(make('0', objects));
		const struct nl_object *o = &lv.object[0];
		assert_int_equal(o->type, cases[i].type);
		assert_int_equal(o->count, cases[i].count);
		assert_int_equal(nl_field_count(cases[i].type), cases[i].count);
		assert_int_equal(o->extra, 0);
		assert_true(o->field[o->count - 1] == cases[i].last);
	}
	/* All of them in one level. */
	objects[0] = '\0';
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		snprintf(objects + strlen(objects), sizeof objects - strlen(objects), "%s%s",
		         i ? "!" : "", cases[i].text);
	assert_round_trip(make('1', objects));
	assert_int_equal(lv.objects, (int)(sizeof cases / sizeof cases[0]));
}

/* N ignores numbers after those an object's type uses: they load, are counted, and print
 * back as written. */
static void extra_numbers_are_kept_not_used(void **unused)
{
	(void)unused;
	assert_round_trip(make('0', "5^396,300,7!0^24,48,1,2,3!4^444,540,1,-2.5!12^1,2,"));
	assert_int_equal(lv.object[0].extra, 1);
	assert_true(lv.object[0].field[0] == 396 && lv.object[0].field[1] == 300);
	assert_int_equal(lv.object[1].count, 2);
	assert_int_equal(lv.object[1].extra, 3);
	assert_int_equal(lv.object[2].extra, 1);
	assert_true(lv.object[2].field[2] == 1);
	assert_int_equal(lv.object[3].extra, 1); /* an empty one after the last ',' */
	/* Printed from its values (its text dropped), an object has its type's numbers only. */
	lv.object[1].text_len = 0;
	nl_print(&lv, out, sizeof out);
	assert_non_null(strstr(out, "!0^24,48!4^"));
}

/* A parameter that is not a number reads as NaN, as in N, and keeps its text. */
static void parameters_that_are_not_numbers_read_as_nan(void **unused)
{
	(void)unused;
	static const struct {
		const char *param;
		bool number;
		double value;
	} cases[] = {
	        {"12", true, 12},
	        {"-0", true, 0},
	        {"+1", true, 1},
	        {"1.", true, 1},
	        {".5", true, 0.5},
	        {"-.5", true, -0.5},
	        {"1e5", true, 1e5},
	        {"1E-2", true, 0.01},
	        {"6.123233995736766e-17", true, 6.123233995736766e-17},
	        {" 12 ", true, 12},
	        {"12\r", true, 12},
	        {"007.10", true, 7.1},
	        {"123456789012345678901234567890.5", true, 123456789012345678901234567890.5},
	        {"", false, 0},
	        {"a", false, 0},
	        {"NaN", false, 0},
	        {"--1", false, 0},
	        {"1e", false, 0},
	        {"1.2.3", false, 0},
	        {"0x10", false, 0},
	        {"1 2", false, 0},
	        {"-", false, 0},
	        {".", false, 0},
	        {"^3", false, 0},
	        {"|", false, 0},
	        {"\xc3\xa9t\xc3\xa9", false, 0},
	        {"undefined", false, 0},
	};
	static char objects[256];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(objects, sizeof objects, "5^396,300!0^%s,48!2^1,2,3,%s", cases[i].param,
		         cases[i].param);
		assert_round_trip(make('0', objects));
		double gold_x = lv.object[1].field[0], pad_y = lv.object[2].field[3];
		if (cases[i].number) {
			if (gold_x != cases[i].value || pad_y != cases[i].value)
				fail_msg("'%s' read as %g", cases[i].param, gold_x);
		} else if (!isnan(gold_x) || !isnan(pad_y)) {
			fail_msg("'%s' read as %g, not NaN", cases[i].param, gold_x);
		}
		assert_true(lv.object[1].field[1] == 48);
	}
	/* A number as long as the line allows: too big for a double, so infinite. */
	make('0', "5^396,300!0^1,");
	char *p = line + strlen(line);
	memset(p, '7', NL_LINE_MAX - 1 - (size_t)(p - line));
	line[NL_LINE_MAX - 1] = '\0';
	assert_round_trip(line);
	assert_true(isinf(lv.object[1].field[1]));
}

/* The level struct is bounded whatever the text; parsing the printed text again gives the same
 * bytes. */
static void the_text_pool_holds_any_line(void **unused)
{
	(void)unused;
	static struct nl_level again;
	assert_true(sizeof(struct nl_level) < 40 * 1024);
	/* As many objects as allowed, each with long parameters, up to the longest line. */
	make('0', "5^396,300");
	char *p = line + strlen(line);
	size_t room = NL_LINE_MAX - 1 - (size_t)(p - line);
	for (int k = 1; k < NL_MAX_OBJECTS; k++) {
		int n = snprintf(p, room + 1, "!4^%d.5,%d,x%060d", k, k, k);
		if ((size_t)n > room) {
			*p = '\0';
			break;
		}
		p += n;
		room -= (size_t)n;
	}
	assert_true(strlen(line) > NL_LINE_MAX - 64);
	assert_round_trip(line);
	assert_int_equal(nl_parse(out, &again, err, sizeof err), 0);
	assert_memory_equal(&lv, &again, sizeof lv);
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
	        cmocka_unit_test(unknown_types_are_quoted_whole),
	        cmocka_unit_test(object_offsets_are_those_of_the_line),
	        cmocka_unit_test(a_cr_at_the_end_is_written_with_crlf),
	        cmocka_unit_test(objects_as_n_writes_them),
	        cmocka_unit_test(extra_numbers_are_kept_not_used),
	        cmocka_unit_test(parameters_that_are_not_numbers_read_as_nan),
	        cmocka_unit_test(the_text_pool_holds_any_line),
	        cmocka_unit_test(limits_are_refused_not_overrun),
	        cmocka_unit_test(generator_follows_the_seed),
	        cmocka_unit_test(generator_is_deterministic_per_seed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
