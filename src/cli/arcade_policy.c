/* The confinement of an arcade's player. */
#include "arcade_policy.h"

#include <stdio.h>
#include <string.h>

static bool confined;

void tc_policy_confine(void)
{
	confined = true;
}

bool tc_policy_files_allowed(char *why, size_t len)
{
	if (confined)
		snprintf(why, len,
		         "the arcade opens and saves no files; your games are kept for you");
	return !confined;
}

const char *tc_policy_where(const char *local, const char *arcade)
{
	return confined ? arcade : local;
}

/* Options that name a file: the store and settings are the arcade's to choose. */
static const char *file_option(const struct tc_options *o)
{
	return o->db ? "--db" : o->config ? "--config" : o->replay ? "--replay" : NULL;
}

bool tc_policy_file_option(const char *option)
{
	return strcmp(option, "--db") == 0 || strcmp(option, "--config") == 0 ||
	       strcmp(option, "--replay") == 0;
}

void tc_policy_file_refusal(const char *option, char *err, size_t errlen)
{
	snprintf(err, errlen,
	         "%s is not taken in the arcade: your scores, saves and settings are kept for you",
	         option);
}

/* Commands that print instead of playing read standard input or run long: they are a local
 * tilecade's, not a shared host's. */
static const char *batch_option(const struct tc_options *o)
{
	return o->generate   ? "--generate"
	       : o->solve    ? "--solve"
	       : o->rate     ? "--rate"
	       : o->moves    ? "--moves"
	       : o->swaps    ? "--swaps"
	       : o->parse    ? "--parse"
	       : o->check    ? "--check"
	       : o->autoplay ? "--autoplay"
	                     : NULL;
}

const char *tc_policy_refused_option(const struct tc_options *o, char *err, size_t errlen)
{
	if (!confined)
		return NULL;
	const char *file = file_option(o);
	const char *batch = batch_option(o);
	/* N's --headless plays a --replay FILE, which names a file: here it is a recording's. */
	const char *headless = o->headless && !o->replaying ? "--headless" : NULL;
	if (file)
		tc_policy_file_refusal(file, err, errlen);
	else if (batch)
		snprintf(err, errlen,
		         "%s is not taken in the arcade: it plays games; batch commands are for a "
		         "tilecade of your own",
		         batch);
	else if (headless)
		snprintf(err, errlen,
		         "--headless is only for a recording in the arcade: ssh HOST replay N "
		         "--headless");
	return file ? file : batch ? batch : headless;
}
