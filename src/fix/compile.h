/*
 * lockers fix --compile: build the touched object before and after a patch
 * in a scratch O= build of the tree (allmodconfig, made once per tree and
 * reused), with gcc and with sparse, and compare the warnings: a patch that
 * adds one is refused. The tree itself is never written.
 */
#ifndef LOCKERS_FIX_COMPILE_H
#define LOCKERS_FIX_COMPILE_H

#include <stddef.h>

struct strbuf;

struct fixcompile_options {
	const char *kdir;	/* the tree (absolute), read only */
	char *build_dir;	/* its O= directory: fix_compile_dir() */
	const char *make;	/* "make" */
	const char *sparse;	/* CHECK=, "sparse" */
	int jobs;		/* make -j for the one-time prepare */
};

/* OUTDIR/kbuild/<hash of the tree's path>: one configured build per tree. */
char *fix_compile_dir(const char *outdir, const char *kdir);

enum fixcompile_result {
	COMPILE_CLEAN,		/* built before and after, no new gcc or sparse warning */
	COMPILE_NOT_BUILT,	/* the configuration does not build the file: nothing was claimed */
	COMPILE_FAILED,		/* a new warning, an error, or no build directory: refuse */
};

/*
 * Compile `path` (relative to the tree, a .c file) as it is and with the
 * patch mail at patch_path applied. COMPILE_CLEAN and COMPILE_NOT_BUILT put
 * one sentence in note ("compiled drivers/x/y.o ...", "not compiled: CONFIG_X
 * not set in allmodconfig"); COMPILE_FAILED puts the reason in why.
 */
enum fixcompile_result fix_compile(const struct fixcompile_options *o, const char *path,
				   const char *patch_path, struct strbuf *note, char *why, size_t whylen);

#endif
