/* Saving a file at a path the player typed (N's level and replay `w`). The player may type any
 * path, by mistake or on purpose: ~/.ssh/authorized_keys, tilecade's own database, its -shm
 * file. So a save never writes through a symbolic link, never writes into tilecade's data
 * folder (however the path reaches it: links, ".."), replaces an existing file only when the
 * player said so, and writes a temporary file beside the target and renames it into place, so
 * that a failed save leaves the old file whole. */
#ifndef TILECADE_TUI_FILE_SAVE_H
#define TILECADE_TUI_FILE_SAVE_H

#include <stdbool.h>
#include <stddef.h>

enum tc_save_result {
	TC_SAVE_DONE,    /* the file holds the bytes */
	TC_SAVE_EXISTS,  /* a file is there and replace was false: nothing written; ask */
	TC_SAVE_REFUSED, /* nothing written; why says why */
};

/* Writes len bytes to the file at path (a new file, or in place of the regular file there when
 * replace is true). On TC_SAVE_REFUSED, why gets the reason, without the path. */
enum tc_save_result tc_file_save(const char *path, const void *bytes, size_t len, bool replace,
                                 char *why, size_t whylen);

/* Adds the folder holding `file` (a database in use somewhere else than the default, through
 * --db or the settings) to the folders saves refuse; the default data folder
 * ($XDG_DATA_HOME/tilecade) always is. */
void tc_file_save_protect_folder_of(const char *file);

#endif
