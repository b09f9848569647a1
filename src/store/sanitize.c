/* Text from the database (player names, level names from another version, anything a shared
 * scoreboard's other users wrote) reaches the terminal only through here. The terminal must never
 * see a byte that changes its state, and the player must never see text that is not what it
 * looks like: so controls, escape sequences, invalid UTF-8 and the invisible or reordering code
 * points become '?', and everything else passes unchanged. */
#include "tilecade/store.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define ESC 0x1B
#define BEL 0x07
#define CAN 0x18
#define SUB 0x1A

/* ECMA-48's C1 controls that open a sequence, as code points (written in UTF-8 as C2 xx). */
#define C1_DCS 0x90
#define C1_SOS 0x98
#define C1_CSI 0x9B
#define C1_ST 0x9C
#define C1_OSC 0x9D
#define C1_PM 0x9E
#define C1_APC 0x9F

/* Code points that are valid UTF-8 but unsafe to show: they reorder the text around them
 * (bidirectional controls, the "Trojan Source" trick), are invisible (so two names that look
 * the same differ), break lines, or hide text (tag characters). Joiners U+200C and U+200D
 * stay: emoji sequences and several scripts need them. */
static bool is_unsafe_code_point(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || /* C0, DEL, C1 */
	       cp == 0x061C ||                            /* Arabic letter mark */
	       cp == 0x180E ||                            /* Mongolian vowel separator */
	       cp == 0x200B ||                            /* zero width space */
	       cp == 0x200E || cp == 0x200F ||            /* left-to-right, right-to-left mark */
	       (cp >= 0x2028 && cp <= 0x202E) ||          /* line/paragraph separator, embeddings */
	       (cp >= 0x2060 && cp <= 0x2064) ||          /* word joiner, invisible operators */
	       (cp >= 0x2066 && cp <= 0x2069) ||          /* bidi isolates */
	       (cp >= 0x206A && cp <= 0x206F) ||          /* deprecated format characters */
	       cp == 0xFEFF ||                            /* byte order mark */
	       (cp >= 0xFDD0 && cp <= 0xFDEF) ||          /* noncharacters */
	       (cp >= 0xFFF9 && cp <= 0xFFFB) ||          /* interlinear annotation */
	       (cp & 0xFFFE) == 0xFFFE ||                 /* U+xFFFE, U+xFFFF noncharacters */
	       (cp >= 0xE0000 && cp <= 0xE007F);          /* tags */
}

/* Decodes one UTF-8 sequence at p. Returns its length and sets *cp, or returns 0 and sets *bad
 * to the length of the longest prefix that could have begun a valid sequence (at least 1), so
 * that each broken piece becomes one '?' (Unicode's "maximal subpart" practice). Overlong forms,
 * surrogates and code points past U+10FFFF are invalid. */
static size_t decode_utf8(const unsigned char *p, uint32_t *cp, size_t *bad)
{
	*bad = 1;
	unsigned char lead = p[0];
	size_t len;
	unsigned char lo = 0x80, hi = 0xBF; /* the allowed range of the second byte */
	if (lead < 0x80) {
		*cp = lead;
		return 1;
	} else if (lead >= 0xC2 && lead <= 0xDF) {
		len = 2;
	} else if (lead >= 0xE0 && lead <= 0xEF) {
		len = 3;
		if (lead == 0xE0)
			lo = 0xA0; /* below is overlong */
		else if (lead == 0xED)
			hi = 0x9F; /* above are the surrogates D800-DFFF */
	} else if (lead >= 0xF0 && lead <= 0xF4) {
		len = 4;
		if (lead == 0xF0)
			lo = 0x90; /* below is overlong */
		else if (lead == 0xF4)
			hi = 0x8F; /* above is past U+10FFFF */
	} else {
		return 0; /* a stray continuation byte, C0, C1 (overlong) or F5-FF */
	}
	uint32_t value = lead & (0x7F >> len);
	for (size_t i = 1; i < len; i++) {
		unsigned char b = p[i]; /* the terminating NUL fails these checks and stops us */
		if (i == 1 ? b < lo || b > hi : (b & 0xC0) != 0x80) {
			*bad = i;
			return 0;
		}
		value = value << 6 | (b & 0x3F);
	}
	*cp = value;
	return len;
}

/* The length of a control string's body and terminator (OSC, DCS, SOS, PM, APC), from p just
 * after its opener. It ends at BEL, ST (ESC \ or C1 ST), CAN or SUB as in xterm, before any
 * other ESC (which would start a new sequence), or at the end of the text. */
static size_t skip_control_string(const unsigned char *p)
{
	size_t i = 0;
	for (; p[i]; i++) {
		if (p[i] == BEL || p[i] == CAN || p[i] == SUB)
			return i + 1;
		if (p[i] == ESC)
			return p[i + 1] == '\\' ? i + 2 : i;
		if (p[i] == 0xC2 && p[i + 1] == C1_ST)
			return i + 2;
	}
	return i;
}

/* The length of a control sequence's parameters, intermediates and final byte, from p just
 * after CSI. A byte that cannot be part of it ends it early; that byte is then read as text. */
static size_t skip_csi(const unsigned char *p)
{
	size_t i = 0;
	while (p[i] >= 0x20 && p[i] <= 0x3F)
		i++;
	if (p[i] >= 0x40 && p[i] <= 0x7E)
		i++;
	return i;
}

/* The length of the escape sequence at p (p[0] is ESC), so that it turns into one '?' rather
 * than a '?' followed by its visible remains ("[31m"). Safety does not depend on finding the
 * exact end: once the ESC is gone no terminal reads the rest as a command. */
static size_t escape_length(const unsigned char *p)
{
	unsigned char next = p[1];
	if (next == '[')
		return 2 + skip_csi(p + 2);
	if (next == ']' || next == 'P' || next == 'X' || next == '^' || next == '_')
		return 2 + skip_control_string(p + 2);
	size_t i = 1;
	while (p[i] >= 0x20 && p[i] <= 0x2F) /* intermediates, as in ESC ( B */
		i++;
	if (p[i] >= 0x30 && p[i] <= 0x7E) /* the final byte, as in ESC c (reset) */
		i++;
	return i;
}

/* The length of the sequence a C1 control opens (its own two bytes included), for terminals
 * that read C1 controls in UTF-8 the way they read ESC sequences. */
static size_t c1_length(const unsigned char *p, uint32_t cp)
{
	if (cp == C1_CSI)
		return 2 + skip_csi(p + 2);
	if (cp == C1_OSC || cp == C1_DCS || cp == C1_SOS || cp == C1_PM || cp == C1_APC)
		return 2 + skip_control_string(p + 2);
	return 2;
}

void tc_sanitize(const char *text, char *out, size_t len)
{
	if (len == 0)
		return;
	const unsigned char *p = (const unsigned char *)(text ? text : "");
	size_t used = 0;
	while (*p) {
		uint32_t cp;
		size_t bad;
		size_t n = decode_utf8(p, &cp, &bad);
		bool safe = n > 0 && !is_unsafe_code_point(cp);
		if (n == 0)
			n = bad;
		else if (cp == ESC)
			n = escape_length(p);
		else if (cp >= 0x80 && cp <= 0x9F)
			n = c1_length(p, cp);
		const unsigned char *piece = safe ? p : (const unsigned char *)"?";
		size_t piece_len = safe ? n : 1;
		/* Stop before a sequence that does not fit whole: half a glyph is invalid UTF-8. */
		if (used + piece_len > len - 1)
			break;
		memcpy(out + used, piece, piece_len);
		used += piece_len;
		p += n;
	}
	out[used] = '\0';
}
