/*
 * The pipeline, and nothing else: scan_run() calls each stage in turn (tree
 * and rules, macro index, spatch probe and cache, prefilter, cache replay,
 * batches, spatch, dedupe, fingerprints, libclang facts, triage, scores).
 */
#ifndef LOCKERS_SCAN_H
#define LOCKERS_SCAN_H

#include <stddef.h>

#include "lib/strvec.h"
#include "scan/scan-result.h"
#include "scan/shard.h"

struct triage;

struct scan_options {
	const char *root;
	struct strvec paths;		/* M=: subdirectories or files, or empty */
	struct strvec only_rules;	/* --rule: empty means all */
	const char *rules_dir;
	const char *spatch;
	const char *python;		/* spatch --python; NULL: spatch_default_python() */
	const char *macro_index;	/* a prebuilt index (TSV), or NULL */
	const char *macro_index_out;	/* else build one here when a rule needs it */
	const char *macro_index_root;	/* from this tree (default: root) */
	int any_tree;			/* skip the kernel-tree check */
	int no_headers;			/* --no-headers: .c files only */
	int jobs;
	int timeout;
	int progress;
	struct triage *triage;		/* verdicts to attach, or NULL */
	const char *cache_dir;		/* incremental cache, or NULL for none */
	const char *reads_map;		/* merge who reads what into this file (readsmap.h), or NULL */
	int clang_evidence;		/* re-parse files with findings through libclang */
	struct shard shard;		/* --shard K/N: only this part of the work; n 0: all */
};

/*
 * Make every path a spatch child sees absolute (rules, macro index, cache,
 * a spatch or python given as a path): the children run in a directory of
 * their own. Commands call it once, right after parsing their options; the
 * copies are kept in `owned` for the caller to clear.
 */
void scan_options_make_absolute(struct scan_options *o, struct strvec *owned);
/* The same for one path a command derives child paths from (its -o). */
void scan_make_absolute(const char **path, struct strvec *owned);

/* Returns 0 (also when interrupted: see res->interrupted), or -1 with err set. */
int scan_run(const struct scan_options *o, struct scan_result *res, char *err, size_t errlen);

#endif
