/* Boxes drawn over the screen (messages, help, confirmations) and the too-small screen. */
#ifndef TILECADE_TUI_OVERLAY_H
#define TILECADE_TUI_OVERLAY_H

#include "theme.h"

/* A box of these lines centred on the screen; lines wider than the screen are clipped. The
 * first line is the title, drawn bold. */
void tc_overlay_box(const char *const *lines, int count, enum tc_role role);

/* The whole screen says the terminal is too small and how big it must be. */
void tc_draw_too_small(int need_w, int need_h);

#endif
