/*
 * Who reads what: which tree file's findings read which other file (the
 * LOCKERS-READ records of rules/lib/source.py, live or replayed from the
 * cache), as "reader\tread" rows relative to the tree's root. `check` keeps
 * them in its output directory (reads.tsv), merged scan after scan; the
 * gate reads them to scan, besides the files a patch touches, the files
 * whose findings read one of them.
 */
#ifndef LOCKERS_READSMAP_H
#define LOCKERS_READSMAP_H

#include <stddef.h>

#include "lib/strvec.h"

struct tree;

struct reads_map {
	const struct tree *tree;
	const char *root;	/* the tree's root, symlinks resolved (borrowed: struct reads's) */
	struct strvec rows;	/* noted this scan */
};

void reads_map_init(struct reads_map *m, const struct tree *t, const char *root);
void reads_map_release(struct reads_map *m);
/* A LOCKERS-READ line of tree file `reader` (any other line is ignored). */
void reads_map_note(struct reads_map *m, size_t reader, const char *line, size_t len);
/* Merge into the map at path: this scan's rows replace those of the files it scanned. */
int reads_map_write(struct reads_map *m, const char *path);
/*
 * The files of the map at path whose findings read one of files (or list
 * the directory that holds one), sorted, each once, none of files
 * themselves; -1 with errno when there is no map.
 */
int reads_map_readers(const char *path, const struct strvec *files, struct strvec *readers);

#endif
