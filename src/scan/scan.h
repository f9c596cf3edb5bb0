/*
 * The pipeline, and nothing else: scan_run() calls each stage in turn (tree
 * and rules, macro index, spatch probe and cache, prefilter, cache replay,
 * batches, spatch, dedupe, fingerprints, libclang facts, triage, scores).
 */
#ifndef LOCKERS_SCAN_H
#define LOCKERS_SCAN_H

#include <stddef.h>

#include "scan/cache.h"
#include "scan/coverage.h"
#include "facts/evidence.h"
#include "facts/finding.h"
#include "index/macroindex.h"
#include "scan/spatch.h"
#include "scan/rules.h"
#include "scan/shard.h"
#include "lib/strvec.h"
#include "scan/tree.h"
#include "facts/triage.h"

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
	int clang_evidence;		/* re-parse files with findings through libclang */
	struct shard shard;		/* --shard K/N: only this part of the work; n 0: all */
};

struct file_failure {
	char *path;
	const char *rule;
	enum file_status status;
	char *detail;
	unsigned functions, lost;	/* the file's function definitions, those not analysed */
};

struct scan_result {
	struct tree tree;
	struct rule_set rules;
	struct finding_list findings;

	size_t *candidates;		/* per rule: files given to spatch */
	size_t files_candidate;		/* files given to spatch for some rule */
	size_t runs_done;		/* file-rule runs finished */
	struct coverage coverage;	/* functions analysed and lost in them */
	unsigned long skipped_binary;
	struct file_failure *failures;	/* sorted by path, rule */
	size_t nfailures, afailures;
	struct strvec record_errors;	/* malformed record lines */
	struct strvec stale_verdicts;	/* verdicts whose finding is gone */
	int interrupted;

	double t_walk, t_prefilter, t_spatch, t_total;
	long spatch_max_rss_kb;
	double *rule_cpu;		/* per rule: spatch CPU seconds this scan */
	unsigned long scope_kept, scope_blanked;	/* function bodies of function-scoped
						 * rules' runs: seen, blanked (fnscope.c) */
	int macro_index_built;
	int macro_index_reused;		/* headers unchanged since the last build */
	struct macroindex_stats macro_stats;
	int cached;			/* a cache was used; its counters: */
	struct cache_stats cache;
	int clang_used;			/* the libclang pass ran; its counters: */
	struct evidence_stats clang;
	struct shard shard;		/* the part scanned (n 0: all of it) */
	uint64_t tree_id, rules_id;	/* identities a merge checks (shard.h) */
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
void scan_result_release(struct scan_result *res);
size_t scan_count_failures(const struct scan_result *res, enum file_status st);
size_t scan_count_findings(const struct scan_result *res, const char *rule);

#endif
