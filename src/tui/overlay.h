/* Boxes drawn over the screen (messages, help, confirmations) and the too-small screen. */
#ifndef TILECADE_TUI_OVERLAY_H
#define TILECADE_TUI_OVERLAY_H

#include <stdbool.h>

#include "grid_layout.h"
#include "theme.h"

/* A box of these lines centred in area (a board's frame, say), never wider or taller: a line
 * too wide is broken between the items of a list of keys or between words, the margins
 * shrink on a small area, and what does not fit even so is cut. The first line is the title,
 * drawn bold. */
void tc_overlay_box_in(struct tc_rect area, const char *const *lines, int count, enum tc_role role);
/* Whether tc_overlay_box_in would show every line whole. */
bool tc_overlay_fits(struct tc_rect area, const char *const *lines, int count);
/* The same box centred on the whole screen. */
void tc_overlay_box(const char *const *lines, int count, enum tc_role role);

/* The whole screen says the terminal is too small and how big it must be. */
void tc_draw_too_small(int need_w, int need_h);

#endif
