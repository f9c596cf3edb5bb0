/*
 * The spatch protocol: how lockers runs Coccinelle's spatch. Each task runs
 * one rule over a batch of files (spatch --file-groups, one file per group,
 * so no bindings cross files) through the parallel runner (pool.c), with the
 * rules' environment (LOCKERS_COCCI_DIR, LOCKERS_MACRO_INDEX). spatch 1.1.1
 * takes a group entry with a '/' for a directory, so files are shown to it
 * as symlinks named "<index>.c" in a private directory that is the child's
 * working directory; records name files the same way. spatch's stderr says
 * which file is being handled, so a file that times out or crashes spatch is
 * reported alone and the rest of its batch is run again without it.
 */
#ifndef LOCKERS_SPATCH_H
#define LOCKERS_SPATCH_H

#include <stddef.h>

struct rule_set;
struct strbuf;
struct tree;

enum file_status {
	FILE_OK,
	FILE_PARSE_ERROR,	/* spatch skipped functions it could not parse */
	FILE_TIMEOUT,
	FILE_CRASH,		/* spatch died or exited non-zero on this file */
};

const char *file_status_name(enum file_status st);

struct spatch_task {
	size_t rule;		/* index in the rule set */
	size_t *files;		/* indexes in the tree, owned by the task */
	size_t nfiles;
};

struct spatch_callbacks {
	void *ctx;
	/* A line spatch printed on stdout while running `rule`. */
	void (*stdout_line)(void *ctx, size_t rule, const char *line, size_t len);
	/*
	 * A file is finished for `rule`; detail explains a failure (or NULL);
	 * lost: the functions in the regions spatch reported it could not
	 * parse (cfunc.h counts them).
	 */
	void (*file_done)(void *ctx, size_t rule, size_t file, enum file_status st,
			  const char *detail, unsigned lost);
	/*
	 * The lines `rule` printed for `file` so far are void: the file runs
	 * again (a child died after it; see finish_job()). May be NULL.
	 */
	void (*file_retry)(void *ctx, size_t rule, size_t file);
};

struct spatch_options {
	int jobs;
	int timeout;		/* seconds per file, passed to spatch and enforced */
	const char *spatch;	/* program name or path */
	const char *python;	/* spatch --python, or NULL for spatch's own choice */
	const char *cocci_dir;
	const char *macro_index;	/* or NULL */
	const char *call_context;	/* the call-context index (callctx.h), or NULL */
	const char *builtins;	/* Coccinelle's standard.h (spatch_version()), or NULL */
	const char *tmpdir;
	int progress;		/* print a progress line on stderr */
	long *max_rss_kb;	/* if set: the largest spatch child's peak RSS */
	double *rule_cpu;	/* if set: per rule, its spatch children's CPU seconds */
	unsigned long *scope_kept;	/* if set: per rule, the function bodies spatch saw */
	unsigned long *scope_blanked;	/* and those blanked for it (fnscope.c) */
};

/*
 * Run the tasks. Returns 0 when all ran, 1 when interrupted by SIGINT or
 * SIGTERM (children are killed and reaped; files not finished get no
 * file_done call), -1 with err set when spatch cannot be started at all.
 */
int spatch_run(const struct spatch_options *o, const struct rule_set *rs,
	       const struct tree *t, struct spatch_task *tasks, size_t ntasks,
	       const struct spatch_callbacks *cb, char *err, size_t errlen);

/*
 * The first line of `spatch --version` into *version: part of every cache
 * key, and proof that spatch runs at all. *builtins (unless builtins is
 * NULL) gets Coccinelle's own macro file, which spatch always reads:
 * standard.h in $COCCINELLE_HOME, else in the library directory its
 * configure script was given ("--libdir=/usr/lib"); NULL when not found.
 * Returns 0, or -1 with err set.
 */
int spatch_version(const char *spatch, struct strbuf *version, char **builtins, char *err, size_t errlen);

/*
 * The interpreter for the rules' Python scripts: $LOCKERS_PYTHON if set (empty
 * means spatch's own choice), else /usr/bin/python3, the one Debian's
 * Coccinelle is built against. Left to itself spatch runs the first python3
 * on PATH, which may be a slow shim (pyenv's costs ~0.6 s per spatch start)
 * or an interpreter of another version.
 */
const char *spatch_default_python(void);

/* The tree index of a file as spatch names it ("123.c"), or -1. */
long spatch_file_index(const char *name);

#endif
