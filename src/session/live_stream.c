/* The event stream's encoding: varints, so that a move takes a few bytes. */
#include "tilecade/live.h"

#include <stdlib.h>
#include <string.h>

static size_t put_varint(unsigned char *out, uint64_t v)
{
	size_t n = 0;
	do {
		unsigned char byte = v & 0x7f;
		v >>= 7;
		out[n++] = byte | (v ? 0x80 : 0);
	} while (v);
	return n;
}

/* Reads a varint of at most max; returns the bytes read, 0 when the buffer ends first, -1 when
 * it is too long or too big. */
static int get_varint(const unsigned char *in, size_t len, uint64_t max, uint64_t *v)
{
	*v = 0;
	for (size_t i = 0; i < 10; i++) {
		if (i >= len)
			return 0;
		*v |= (uint64_t)(in[i] & 0x7f) << (7 * i);
		if (!(in[i] & 0x80))
			return *v <= max ? (int)i + 1 : -1;
	}
	return -1;
}

static uint64_t zigzag(int16_t v)
{
	return v < 0 ? ((uint64_t)(-(int32_t)v) << 1) - 1 : (uint64_t)v << 1;
}

static int16_t unzigzag(uint64_t v)
{
	return (int16_t)(v & 1 ? -(int32_t)((v + 1) >> 1) : (int32_t)(v >> 1));
}

enum payload { NOTHING, TEXT, MOVE, VALUE, VALUE_MOVE, VALUE_STEP, STEP };

static enum payload payload_of(uint8_t kind)
{
	switch (kind) {
	case TC_LIVE_START:
	case TC_LIVE_NEW_GAME:
		return TEXT;
	case TC_LIVE_MOVE:
	case TC_LIVE_TIMEOUT:
		return MOVE;
	case TC_LIVE_HELPED:
		return VALUE_MOVE;
	case TC_LIVE_ASSIST:
	case TC_LIVE_VIEW:
	case TC_LIVE_WATCHERS:
	case TC_LIVE_END:
		return VALUE;
	case TC_LIVE_NINJA:
		return VALUE_STEP;
	case TC_LIVE_STEPS:
		return STEP;
	default:
		return NOTHING;
	}
}

size_t tc_live_encode(const struct tc_live_event *ev, unsigned char *buf, size_t len)
{
	if (ev->kind < TC_LIVE_START || ev->kind > TC_LIVE_KIND_LAST)
		return 0;
	enum payload p = payload_of(ev->kind);
	if (p == TEXT && ev->text_len > TC_LIVE_TEXT_MAX)
		return 0;
	unsigned char tmp[64];
	size_t n = 0;
	tmp[n++] = ev->kind;
	n += put_varint(tmp + n, ev->at_ms);
	if (p == VALUE || p == VALUE_MOVE || p == VALUE_STEP)
		n += put_varint(tmp + n, ev->value);
	if (p == VALUE_STEP || p == STEP)
		n += put_varint(tmp + n, ev->step);
	if (p == MOVE || p == VALUE_MOVE) {
		tmp[n++] = ev->move.kind;
		for (int i = 0; i < 4; i++)
			n += put_varint(tmp + n, zigzag(ev->move.arg[i]));
	}
	if (p == TEXT)
		n += put_varint(tmp + n, ev->text_len);
	size_t total = n + (p == TEXT ? ev->text_len : 0);
	if (total <= len) {
		memcpy(buf, tmp, n);
		if (p == TEXT && ev->text_len)
			memcpy(buf + n, ev->text, ev->text_len);
	}
	return total;
}

/* Reads a varint at *pos; 1, or what get_varint says went wrong. */
static int field(const unsigned char *buf, size_t len, size_t *pos, uint64_t max, uint64_t *v)
{
	int n = get_varint(buf + *pos, len - *pos, max, v);
	if (n > 0)
		*pos += (size_t)n;
	return n > 0 ? 1 : n;
}

int tc_live_decode(const unsigned char *buf, size_t len, struct tc_live_event *ev, size_t *used)
{
	memset(ev, 0, sizeof *ev);
	if (len == 0)
		return 0;
	ev->kind = buf[0];
	if (ev->kind < TC_LIVE_START || ev->kind > TC_LIVE_KIND_LAST)
		return -1;
	enum payload p = payload_of(ev->kind);
	size_t pos = 1;
	uint64_t v;
	int rc;
	if ((rc = field(buf, len, &pos, UINT32_MAX, &v)) != 1)
		return rc;
	ev->at_ms = (uint32_t)v;
	if (p == VALUE || p == VALUE_MOVE || p == VALUE_STEP) {
		if ((rc = field(buf, len, &pos, UINT32_MAX, &v)) != 1)
			return rc;
		ev->value = (uint32_t)v;
	}
	if (p == VALUE_STEP || p == STEP) {
		if ((rc = field(buf, len, &pos, UINT32_MAX, &v)) != 1)
			return rc;
		ev->step = (uint32_t)v;
	}
	if (p == MOVE || p == VALUE_MOVE) {
		if (pos >= len)
			return 0;
		ev->move.kind = buf[pos++];
		for (int i = 0; i < 4; i++) {
			if ((rc = field(buf, len, &pos, UINT16_MAX, &v)) != 1)
				return rc;
			ev->move.arg[i] = unzigzag(v);
		}
	}
	if (p == TEXT) {
		if ((rc = field(buf, len, &pos, TC_LIVE_TEXT_MAX, &v)) != 1)
			return rc;
		if (len - pos < v)
			return 0;
		ev->text = (const char *)buf + pos;
		ev->text_len = (size_t)v;
		pos += (size_t)v;
	}
	*used = pos;
	return 1;
}

bool tc_live_log_add(struct tc_live_log *log, const struct tc_live_event *ev)
{
	size_t need = tc_live_encode(ev, NULL, 0);
	if (need == 0)
		return false;
	if (log->len + need > log->capacity) {
		size_t cap = log->capacity ? log->capacity : 256;
		while (cap < log->len + need)
			cap *= 2;
		unsigned char *grown = realloc(log->bytes, cap);
		if (!grown)
			return false;
		log->bytes = grown;
		log->capacity = cap;
	}
	log->len += tc_live_encode(ev, log->bytes + log->len, log->capacity - log->len);
	log->events++;
	return true;
}

void tc_live_log_clear(struct tc_live_log *log)
{
	log->len = 0;
	log->events = 0;
}

void tc_live_log_free(struct tc_live_log *log)
{
	free(log->bytes);
	memset(log, 0, sizeof *log);
}

int tc_live_log_next(const unsigned char *bytes, size_t len, size_t *pos,
                     struct tc_live_event *ev)
{
	if (*pos >= len)
		return 0;
	size_t used;
	int rc = tc_live_decode(bytes + *pos, len - *pos, ev, &used);
	if (rc != 1)
		return -1; /* a log holds whole events only */
	*pos += used;
	return 1;
}
