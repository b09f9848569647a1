/* Reading the parameter part of a game ID ("6x6a60", "endless-8x8t8"), shared by the games. */
#ifndef TILECADE_PARAMS_TEXT_H
#define TILECADE_PARAMS_TEXT_H

/* Reads a whole number of one to four digits at *p and moves *p past its digits; returns -1
 * when there is none or it is longer (so that no parameter can overflow). */
int tc_read_param_number(const char **p);

#endif
