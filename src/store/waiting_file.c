/* The waiting folder and its files (waiting.h): their format, and writing them whole. A file is
 * "tilecade waiting 1\n", then its fields in a fixed order, each an integer (8 bytes, little
 * endian) or bytes (their length as an integer, then them), then the SHA-256 of all that: a
 * file cut short, changed or of another version reads as damaged. */
#define _GNU_SOURCE
#include "waiting.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sha256.h"
#include "store_internal.h"

#define MAGIC "tilecade waiting 1\n"
#define MAGIC_LEN (sizeof MAGIC - 1)
/* The biggest file read: a recording and a save's stream at their most, and more. */
#define FILE_MAX (3 * (size_t)TC_RECORDING_EVENTS_MAX)
#define LIST_MAX 4096

void tc_waiting_free(struct tc_waiting *w)
{
	free(w->rec.events);
	free(w->save);
	free(w->save_events);
	memset(w, 0, sizeof *w);
}

/* ---- encoding ---- */

struct out {
	unsigned char *bytes;
	size_t len, cap;
	bool failed;
};

static void put(struct out *o, const void *data, size_t len)
{
	if (o->failed)
		return;
	if (o->len + len > FILE_MAX) {
		o->failed = true;
		return;
	}
	if (o->len + len > o->cap) {
		size_t cap = o->cap ? o->cap : 1024;
		while (cap < o->len + len)
			cap *= 2;
		unsigned char *grown = realloc(o->bytes, cap);
		if (!grown) {
			o->failed = true;
			return;
		}
		o->bytes = grown;
		o->cap = cap;
	}
	if (len)
		memcpy(o->bytes + o->len, data, len);
	o->len += len;
}

static void put_int(struct out *o, int64_t v)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)((uint64_t)v >> (8 * i));
	put(o, b, 8);
}

static void put_bytes(struct out *o, const void *data, size_t len)
{
	put_int(o, (int64_t)len);
	put(o, data, len);
}

static void put_text(struct out *o, const char *text)
{
	put_bytes(o, text, strlen(text));
}

unsigned char *tc_waiting_encode(const struct tc_waiting *w, size_t *len)
{
	struct out o = {0};
	put(&o, MAGIC, MAGIC_LEN);
	put_text(&o, w->token);
	put_text(&o, w->db);
	put_int(&o, w->parts);
	if (w->parts & TC_WAITING_RECORDING) {
		const struct tc_recording *r = &w->rec;
		put_text(&o, r->player);
		put_text(&o, r->game);
		put_text(&o, r->game_id);
		put_text(&o, r->result);
		put_int(&o, r->points);
		put_int(&o, r->time_ms);
		put_int(&o, r->moves);
		put_int(&o, r->date);
		put_bytes(&o, r->events, r->events_len);
	}
	if (w->parts & TC_WAITING_SCORE) {
		const struct tc_score *s = &w->score;
		put_text(&o, s->board.game);
		put_text(&o, s->board.mode);
		put_text(&o, s->board.level);
		put_text(&o, s->player);
		put_int(&o, s->points);
		put_int(&o, s->time_ms);
		put_int(&o, s->moves);
		put_int(&o, s->date);
		put_text(&o, s->game_id);
		put_int(&o, s->lost);
		put_int(&o, s->hints);
		put_int(&o, s->recording);
		put_int(&o, w->by);
	}
	if (w->parts & TC_WAITING_RACE) {
		const struct tc_racer *r = &w->result;
		put_int(&o, w->race);
		put_text(&o, w->racer);
		put_int(&o, r->outcome);
		put_int(&o, r->progress.value);
		put_text(&o, r->progress.text);
		put_int(&o, r->time_ms);
		put_int(&o, r->points);
		put_int(&o, r->recording);
		put_int(&o, w->race_ms);
	}
	if (w->parts & TC_WAITING_SAVE) {
		put_text(&o, w->owner);
		put_text(&o, w->save_game);
		put_int(&o, w->save_gone);
		put_bytes(&o, w->save, w->save_len);
		put_text(&o, w->summary);
		put_bytes(&o, w->save_events, w->save_events_len);
		put_int(&o, w->saved_at);
		if (w->holder || !w->claims) { /* else as a file of before holds were kept */
			put_int(&o, (int64_t)w->holder);
			put_int(&o, w->claims);
		}
	}
	uint8_t digest[32];
	if (!o.failed) {
		tc_sha256(o.bytes, o.len, digest);
		put(&o, digest, sizeof digest);
	}
	if (o.failed) {
		free(o.bytes);
		return NULL;
	}
	*len = o.len;
	return o.bytes;
}

/* ---- decoding: every field checked to fit where it goes ---- */

struct in {
	const unsigned char *bytes;
	size_t len, pos;
	bool bad;
};

static int64_t get_int(struct in *in)
{
	if (in->bad || in->len - in->pos < 8) {
		in->bad = true;
		return 0;
	}
	uint64_t v = 0;
	for (int i = 0; i < 8; i++)
		v |= (uint64_t)in->bytes[in->pos + i] << (8 * i);
	in->pos += 8;
	return (int64_t)v;
}

/* An integer in [lo, hi]. */
static int64_t get_in(struct in *in, int64_t lo, int64_t hi)
{
	int64_t v = get_int(in);
	if (v < lo || v > hi)
		in->bad = true;
	return v;
}

/* A malloc'd copy of a bytes field (NULL for none), at most max long. */
static unsigned char *get_bytes(struct in *in, size_t max, size_t *len)
{
	int64_t n = get_in(in, 0, (int64_t)max);
	*len = 0;
	if (in->bad || (uint64_t)n > in->len - in->pos) {
		in->bad = true;
		return NULL;
	}
	if (n == 0)
		return NULL;
	unsigned char *copy = malloc((size_t)n);
	if (!copy) {
		in->bad = true;
		return NULL;
	}
	memcpy(copy, in->bytes + in->pos, (size_t)n);
	in->pos += (size_t)n;
	*len = (size_t)n;
	return copy;
}

/* A text field into a char[size]: it must fit whole, without a NUL. */
static void get_text(struct in *in, char *dst, size_t size)
{
	int64_t n = get_in(in, 0, (int64_t)size - 1);
	if (in->bad || (uint64_t)n > in->len - in->pos ||
	    memchr(in->bytes + in->pos, '\0', (size_t)n)) {
		in->bad = true;
		dst[0] = '\0';
		return;
	}
	memcpy(dst, in->bytes + in->pos, (size_t)n);
	dst[n] = '\0';
	in->pos += (size_t)n;
}

static bool is_token(const char *t)
{
	if (strlen(t) != TC_WAITING_TOKEN - 1)
		return false;
	for (const char *p = t; *p; p++)
		if (!strchr("0123456789abcdef", *p))
			return false;
	return true;
}

static void get_recording(struct in *in, struct tc_recording *r)
{
	get_text(in, r->player, sizeof r->player);
	get_text(in, r->game, sizeof r->game);
	get_text(in, r->game_id, sizeof r->game_id);
	get_text(in, r->result, sizeof r->result);
	r->points = get_in(in, 0, INT64_MAX);
	r->time_ms = get_in(in, 0, INT64_MAX);
	r->moves = (unsigned)get_in(in, 0, UINT32_MAX);
	r->date = get_int(in);
	r->events = get_bytes(in, TC_RECORDING_EVENTS_MAX, &r->events_len);
}

static void get_score(struct in *in, struct tc_score *s, enum tc_rank_by *by)
{
	get_text(in, s->board.game, sizeof s->board.game);
	get_text(in, s->board.mode, sizeof s->board.mode);
	get_text(in, s->board.level, sizeof s->board.level);
	get_text(in, s->player, sizeof s->player);
	s->points = get_in(in, 0, INT64_MAX);
	s->time_ms = get_in(in, 0, INT64_MAX);
	s->moves = (unsigned)get_in(in, 0, UINT32_MAX);
	s->date = get_int(in);
	get_text(in, s->game_id, sizeof s->game_id);
	s->lost = get_in(in, 0, 1);
	s->hints = (unsigned)get_in(in, 0, UINT32_MAX);
	s->recording = get_in(in, 0, INT64_MAX);
	*by = (enum tc_rank_by)get_in(in, TC_RANK_POINTS, TC_RANK_TIME);
}

static void get_race(struct in *in, struct tc_waiting *w)
{
	struct tc_racer *r = &w->result;
	w->race = get_in(in, 1, INT64_MAX);
	get_text(in, w->racer, sizeof w->racer);
	r->outcome = (enum tc_racer_outcome)get_in(in, TC_RACER_WON, TC_RACER_DROPPED);
	r->progress.value = get_int(in);
	get_text(in, r->progress.text, sizeof r->progress.text);
	r->time_ms = get_in(in, 0, INT64_MAX);
	r->points = get_in(in, 0, INT64_MAX);
	r->recording = get_in(in, 0, INT64_MAX);
	w->race_ms = get_int(in);
}

static void get_save(struct in *in, struct tc_waiting *w)
{
	get_text(in, w->owner, sizeof w->owner);
	get_text(in, w->save_game, sizeof w->save_game);
	w->save_gone = get_in(in, 0, 1);
	w->save = get_bytes(in, FILE_MAX, &w->save_len);
	get_text(in, w->summary, sizeof w->summary);
	w->save_events = get_bytes(in, TC_RECORDING_EVENTS_MAX, &w->save_events_len);
	w->saved_at = get_int(in);
	/* A file of before holds were kept ends here: its save replaces the game's unless a later
	 * one is there, as it did; such a save is written so still. */
	w->claims = true;
	if (in->pos < in->len) {
		w->holder = (uint64_t)get_in(in, 0, INT64_MAX);
		w->claims = get_in(in, 0, 1);
		if (w->holder == 0 && w->claims)
			in->bad = true;
	}
}

bool tc_waiting_decode(const unsigned char *bytes, size_t len, struct tc_waiting *w)
{
	memset(w, 0, sizeof *w);
	uint8_t digest[32];
	if (len < MAGIC_LEN + sizeof digest || memcmp(bytes, MAGIC, MAGIC_LEN) != 0)
		return false;
	size_t body = len - sizeof digest;
	tc_sha256(bytes, body, digest);
	if (memcmp(digest, bytes + body, sizeof digest) != 0)
		return false;
	struct in in = {bytes, body, MAGIC_LEN, false};
	get_text(&in, w->token, sizeof w->token);
	get_text(&in, w->db, sizeof w->db);
	w->parts = (unsigned)get_in(&in, 1, 15);
	if (w->parts & TC_WAITING_RECORDING)
		get_recording(&in, &w->rec);
	if (w->parts & TC_WAITING_SCORE)
		get_score(&in, &w->score, &w->by);
	if (w->parts & TC_WAITING_RACE)
		get_race(&in, w);
	if (w->parts & TC_WAITING_SAVE)
		get_save(&in, w);
	if (in.bad || in.pos != in.len || !is_token(w->token) ||
	    strlen(w->db) != TC_WAITING_DB - 1) {
		tc_waiting_free(w);
		return false;
	}
	return true;
}

/* ---- the folder ---- */

int tc_waiting_folder(char *buf, size_t len)
{
	char db[1024];
	if (tc_store_default_path(db, sizeof db) != 0)
		return -1;
	char *slash = strrchr(db, '/');
	*slash = '\0';
	int n = snprintf(buf, len, "%s/waiting", db);
	if (n < 0 || (size_t)n >= len)
		return -1;
	tc_store_make_parents(buf);
	mkdir(buf, 0700);
	/* Only a folder of ours that no one else reads: a game's file holds a player's saves. */
	struct stat sb;
	if (lstat(buf, &sb) != 0 || !S_ISDIR(sb.st_mode) || sb.st_uid != geteuid())
		return -1;
	if ((sb.st_mode & 077) && chmod(buf, 0700) != 0)
		return -1;
	return 0;
}

void tc_waiting_new_token(char token[TC_WAITING_TOKEN])
{
	/* Positive: a handle is its negative. */
	snprintf(token, TC_WAITING_TOKEN, "%016llx", (unsigned long long)tc_store_new_hold());
}

void tc_waiting_save_token(const char *db, const char *owner, const char *game,
                           char token[TC_WAITING_TOKEN])
{
	char key[TC_WAITING_DB + 32 + 32 + 2];
	int n = snprintf(key, sizeof key, "%s%c%s%c%s", db, 0, owner, 0, game);
	uint8_t digest[32];
	tc_sha256(key, n > 0 ? (size_t)n : 0, digest);
	digest[0] &= 0x7f;
	for (int i = 0; i < 8; i++)
		snprintf(token + 2 * i, 3, "%02x", digest[i]);
}

static void path_of(const char *folder, const char *token, const char *ext, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s%s", folder, token, ext);
}

int tc_waiting_put(const char *folder, const struct tc_waiting *w)
{
	size_t len;
	unsigned char *bytes = tc_waiting_encode(w, &len);
	if (!bytes || !is_token(w->token)) {
		free(bytes);
		return -1;
	}
	char tmp[1100], path[1100];
	path_of(folder, w->token, ".tmp", tmp, sizeof tmp);
	path_of(folder, w->token, ".wait", path, sizeof path);
	unlink(tmp); /* one a crash left */
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	bool ok = fd >= 0;
	for (size_t done = 0; ok && done < len;) {
		ssize_t n = write(fd, bytes + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		ok = n > 0;
		done += ok ? (size_t)n : 0;
	}
	ok = ok && fsync(fd) == 0;
	if (fd >= 0)
		ok = close(fd) == 0 && ok;
	ok = ok && rename(tmp, path) == 0;
	if (!ok)
		unlink(tmp);
	free(bytes);
	return ok ? 0 : -1;
}

/* The bytes of a regular file of ours in folder, malloc'd, or NULL. */
static unsigned char *read_ours(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return NULL;
	struct stat sb;
	unsigned char *bytes = NULL;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_uid == geteuid() &&
	    sb.st_size > 0 && (size_t)sb.st_size <= FILE_MAX &&
	    (bytes = malloc((size_t)sb.st_size))) {
		size_t done = 0;
		while (done < (size_t)sb.st_size) {
			ssize_t n = read(fd, bytes + done, (size_t)sb.st_size - done);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			done += (size_t)n;
		}
		if (done != (size_t)sb.st_size) {
			free(bytes);
			bytes = NULL;
		}
		*len = done;
	}
	close(fd);
	return bytes;
}

int tc_waiting_get(const char *folder, const char *token, struct tc_waiting *w)
{
	memset(w, 0, sizeof *w);
	if (!is_token(token))
		return -1;
	char path[1100];
	path_of(folder, token, ".wait", path, sizeof path);
	size_t len;
	unsigned char *bytes = read_ours(path, &len);
	bool ok = bytes && tc_waiting_decode(bytes, len, w);
	free(bytes);
	if (ok && strcmp(w->token, token) != 0) { /* a file renamed: not what it says it is */
		tc_waiting_free(w);
		ok = false;
	}
	return ok ? 0 : -1;
}

void tc_waiting_remove(const char *folder, const char *token)
{
	char path[1100];
	if (!is_token(token))
		return;
	path_of(folder, token, ".wait", path, sizeof path);
	unlink(path);
}

struct found {
	char token[TC_WAITING_TOKEN];
	struct timespec at;
};

static int older_first(const void *a, const void *b)
{
	const struct found *x = a, *y = b;
	if (x->at.tv_sec != y->at.tv_sec)
		return x->at.tv_sec < y->at.tv_sec ? -1 : 1;
	if (x->at.tv_nsec != y->at.tv_nsec)
		return x->at.tv_nsec < y->at.tv_nsec ? -1 : 1;
	return strcmp(x->token, y->token);
}

int tc_waiting_list(const char *folder, const char *db, char (*tokens)[TC_WAITING_TOKEN], int max)
{
	DIR *dir = opendir(folder);
	if (!dir)
		return 0;
	struct found *found = malloc(LIST_MAX * sizeof *found);
	int n = 0;
	struct dirent *e;
	while (found && n < LIST_MAX && (e = readdir(dir))) {
		size_t len = strlen(e->d_name);
		if (len != TC_WAITING_TOKEN - 1 + 5 || strcmp(e->d_name + len - 5, ".wait") != 0)
			continue;
		struct found *f = &found[n];
		snprintf(f->token, sizeof f->token, "%.16s", e->d_name);
		struct tc_waiting w;
		struct stat sb;
		char path[1100];
		path_of(folder, f->token, ".wait", path, sizeof path);
		if (lstat(path, &sb) != 0 || tc_waiting_get(folder, f->token, &w) != 0)
			continue; /* damaged, or not ours: left where it is */
		bool for_db = strcmp(w.db, db) == 0;
		tc_waiting_free(&w);
		if (!for_db)
			continue;
		f->at = sb.st_mtim;
		n++;
	}
	closedir(dir);
	if (!found)
		return 0;
	qsort(found, (size_t)n, sizeof *found, older_first);
	if (n > max)
		n = max;
	for (int i = 0; i < n; i++)
		memcpy(tokens[i], found[i].token, TC_WAITING_TOKEN);
	free(found);
	return n;
}

int64_t tc_waiting_handle(const char *token)
{
	if (!is_token(token))
		return 0;
	uint64_t v = strtoull(token, NULL, 16);
	return v > 0 && v <= INT64_MAX ? -(int64_t)v : 0;
}

bool tc_waiting_token_of(int64_t handle, char token[TC_WAITING_TOKEN])
{
	if (handle >= 0)
		return false;
	snprintf(token, TC_WAITING_TOKEN, "%016llx", (unsigned long long)-handle);
	return true;
}
