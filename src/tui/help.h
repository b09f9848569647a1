/* The help overlay (`?`): this screen's own keys, then the keys every game shares. */
#ifndef TILECADE_TUI_HELP_H
#define TILECADE_TUI_HELP_H

#include "view.h"

/* title: e.g. "2048: keys"; own: this screen's keys; shared: whether to add the common keys. */
void tc_help_draw(const char *title, const struct tc_help_line *own, bool shared);

#endif
