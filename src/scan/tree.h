/* The tree to scan: kernel-tree check and the list of C files in it. */
#ifndef LOCKERS_TREE_H
#define LOCKERS_TREE_H

#include <stddef.h>
#include <sys/types.h>

#include "lib/strvec.h"

struct tree_file {
	char *path;	/* relative to the root, '/'-separated */
	dev_t dev;
	ino_t ino;
	off_t size;
	long long mtime_ns, ctime_ns;	/* with size and inode: "unchanged" for the cache */
};

struct tree_stats {
	unsigned long dirs;
	unsigned long files_seen;	/* every regular file met */
	unsigned long c_files;		/* kept for scanning */
	unsigned long skipped_other;	/* not a .c or .h file (or .h with --no-headers) */
	unsigned long skipped_generated;	/* *.mod.c and other build outputs */
	unsigned long skipped_symlink_dirs;	/* directory symlinks are never followed */
	unsigned long skipped_duplicates;	/* the same file under a second name */
	unsigned long skipped_special;	/* FIFOs, sockets, devices and links to them: never opened */
	unsigned long unreadable;	/* directories or files we could not read */
};

struct tree {
	char *root;		/* absolute */
	struct tree_file *v;
	size_t nr, alloc;
	struct tree_stats st;
	struct strvec problems;	/* "path: reason", one per unreadable entry */
};

/* The file that marks a directory as a lockers output (check, gate and merge
 * write it): the walk and the gate's mirror of a tree leave such a directory out. */
#define TREE_OUTPUT_MARKER ".lockers-output"

/* 1 if root looks like a Linux kernel tree; else 0 with the reason in why. */
int tree_is_kernel(const char *root, char *why, size_t whylen);

/*
 * Collect the C files under root, or under each of subpaths (directories or
 * files, relative to root or absolute inside it). Skips hidden directories
 * (.git and the like), build outputs, directories that hold a lockers output
 * (marked by a ".lockers-output" file), and symlinked directories, so it
 * cannot loop. Files are sorted by path. Returns 0, or -1 with err set when
 * root or a subpath does not exist or lies outside root.
 */
int tree_collect(struct tree *t, const char *root, const struct strvec *subpaths,
		 int include_headers, char *err, size_t errlen);
void tree_release(struct tree *t);
/*
 * The entries of directory abs, sorted by name (strcmp), without "." and
 * "..", appended to names. Those for which skip(ctx, name, d_type) returns
 * nonzero are left out with no stat (d_type is DT_UNKNOWN where the file
 * system does not tell). Returns 0, or -1 with errno set when abs cannot be
 * read. The one directory reader of the tree walk and the macro index's.
 */
int tree_list_dir(const char *abs, int (*skip)(void *ctx, const char *name, unsigned char d_type),
		  void *ctx, struct strvec *names);
/* Index of a relative path in t->v, or -1. */
long tree_find(const struct tree *t, const char *path);

#endif
