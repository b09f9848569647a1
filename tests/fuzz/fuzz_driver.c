/* A fuzz target without libFuzzer: runs LLVMFuzzerTestOneInput once on every file of the folders
 * (or files) it is given, in name order, so that `meson test` runs each target over its seed
 * corpus in the ordinary build and a target that breaks fails the day it breaks. A finding is
 * the target's own abort (FUZZ_CHECK) or a sanitizer's; an empty corpus fails too, as a target
 * that checks nothing. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <sys/stat.h>

/* The longest input read: more than any seed (they are small). */
#define INPUT_MAX (1u << 20)

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	uint8_t *data = malloc(INPUT_MAX);
	if (!data)
		abort();
	size_t size = fread(data, 1, INPUT_MAX, f);
	bool too_big = !feof(f);
	fclose(f);
	if (too_big) {
		fprintf(stderr, "%s: over %u bytes\n", path, INPUT_MAX);
		free(data);
		return -1;
	}
	/* A copy of exactly its size, so that a read past the input is seen under ASan. */
	uint8_t *input = malloc(size ? size : 1);
	if (!input)
		abort();
	memcpy(input, data, size);
	free(data);
	fprintf(stderr, "%s\n", path);
	LLVMFuzzerTestOneInput(input, size);
	free(input);
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Runs every regular file of dir: how many, or -1. */
static int run_folder(const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, by_name);
	if (n < 0) {
		fprintf(stderr, "%s: %s\n", dir, strerror(errno));
		return -1;
	}
	int ran = 0;
	for (int i = 0; i < n; i++) {
		char path[4096];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
		if (ran >= 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode))
			ran = run_file(path) == 0 ? ran + 1 : -1;
		free(names[i]);
	}
	free(names);
	return ran;
}

int main(int argc, char **argv)
{
	int inputs = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		int ran = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? run_folder(argv[i])
		          : run_file(argv[i]) == 0                        ? 1
		                                                          : -1;
		if (ran < 0)
			return 1;
		inputs += ran;
	}
	if (inputs == 0) {
		fprintf(stderr, "usage: %s CORPUS_FOLDER_OR_FILE...: no inputs were run\n", argv[0]);
		return 1;
	}
	printf("%d inputs, no finding\n", inputs);
	return 0;
}
