/* The confinement of an arcade's player. */
#include "arcade_policy.h"

#include <stdio.h>

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

/* Options that name a file: the store and settings are the arcade's to choose. */
static const char *file_option(const struct tc_options *o)
{
	return o->db ? "--db" : o->config ? "--config" : o->replay ? "--replay" : NULL;
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
	if (file)
		snprintf(err, errlen,
		         "%s is not taken in the arcade: your scores, saves and settings are kept "
		         "for you",
		         file);
	else if (batch)
		snprintf(err, errlen,
		         "%s is not taken in the arcade: it plays games; batch commands are for a "
		         "tilecade of your own",
		         batch);
	return file ? file : batch;
}
