/*
 * The tree after a patch, without writing to the tree: a directory that
 * mirrors it file for file (hard links, or symbolic links where the scratch
 * directory is on another file system), in which the files the patch
 * changes are then replaced. Rules that read other files of the tree (the
 * other files of a module, its Makefile, a header) read them there as a
 * whole-tree `check` of the patched tree would.
 */
#ifndef LOCKERS_OVERLAY_H
#define LOCKERS_OVERLAY_H

#include <stddef.h>

struct overlay_stats {
	unsigned long files, dirs, symlinked;	/* symlinked: files linked by name, not hard */
};

/*
 * Mirror the tree at root into dir (which must not exist). Left out: .git
 * directories and lockers' output directories (holding .lockers-output),
 * which no rule reads and which can hold more files than the tree.
 */
int overlay_make(const char *root, const char *dir, struct overlay_stats *st, char *err, size_t errlen);
/* Replace path (relative) in the mirror with data, or with data NULL remove it. */
int overlay_put(const char *dir, const char *path, const char *data, size_t len, char *err, size_t errlen);

#endif
