/* A one-line text prompt at the bottom of a screen, for a file path: "Save to (Enter, Esc
 * cancels): ./level.txt_". A starting text is shown selected, as a file dialog shows it: the
 * first character typed replaces it, Backspace, an arrow, Home or End keep it to edit. Typing
 * edits it (Backspace removes a whole character, Ctrl-U clears it), Enter accepts, Esc
 * cancels. A text wider than the line shows its end, where the cursor
 * is, after "…"; controls and the code points that reorder or hide text (U+202E) show as '?'. Or a yes/no question in the same place ("Replace the file
 * there? (y/n) ./level.txt"), which y answers and any other key declines, as the games'
 * questions are answered. Shared by N's level browser and N's play screen. */
#ifndef TILECADE_TUI_PROMPT_H
#define TILECADE_TUI_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "event.h"

/* A path as long as the system allows (PATH_MAX on Linux), its NUL included. */
#define TC_PROMPT_MAX 4096

struct tc_prompt {
	int kind;                  /* what the prompt is for, the caller's own; 0: none open */
	const char *label;         /* e.g. "Save to" */
	char input[TC_PROMPT_MAX]; /* what the player typed (UTF-8); a question's detail */
	bool yes_no;               /* a question: y is DONE, any other key CANCEL */
	bool selected;             /* input is the starting text, untouched: typing replaces it */
	bool too_long;             /* more was typed than input holds: Enter refuses it, never
	                            * using the text cut; Ctrl-U (or Esc) starts again */
};

enum tc_prompt_result {
	TC_PROMPT_EDITING, /* still open */
	TC_PROMPT_DONE,    /* Enter: input holds the answer; the prompt is closed */
	TC_PROMPT_CANCEL,  /* Esc: the prompt is closed */
};

/* Opens the prompt (kind != 0) with a starting text. */
void tc_prompt_start(struct tc_prompt *p, int kind, const char *label, const char *start);
/* Opens a yes/no question (kind != 0), drawn "question (y/n) detail": the question first, so
 * that a long detail (a path) cannot push it off the line. The detail stays in input. */
void tc_prompt_ask(struct tc_prompt *p, int kind, const char *question, const char *detail);
/* A key for the open prompt, or a left click on the y or the n of a question's "(y/n)"; other
 * events do nothing. */
enum tc_prompt_result tc_prompt_event(struct tc_prompt *p, const struct tc_event *ev);
/* The path a player typed, with a leading "~/" read as the shell reads it: the home
 * directory. Returns false when it does not fit in len (it must not be used cut). */
bool tc_prompt_path(const char *typed, char *path, size_t len);
/* The prompt's line at (x, y), at most w columns. */
void tc_prompt_draw(const struct tc_prompt *p, int x, int y, int w);

#endif
