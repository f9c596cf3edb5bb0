/*
 * What a scan leaves: the tree, the rules, the findings, the files that
 * failed and the counters. Live scans (scan.h), saved ones (savedscan.h) and
 * merges fill it; the report writers read it without the pipeline.
 */
#ifndef LOCKERS_SCAN_RESULT_H
#define LOCKERS_SCAN_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "facts/evidence.h"
#include "facts/finding.h"
#include "index/callctx.h"
#include "index/macroindex.h"
#include "lib/strvec.h"
#include "scan/cache.h"
#include "scan/coverage.h"
#include "scan/rules.h"
#include "scan/shard.h"
#include "scan/spatch.h"
#include "scan/tree.h"

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
	double t_index_wait;		/* after the prefilter, for the indexes' child */
	long spatch_max_rss_kb;
	double *rule_cpu;		/* per rule: spatch CPU seconds this scan */
	unsigned long *scope_kept, *scope_blanked;	/* per rule: the function bodies of its
						 * runs spatch saw, and those blanked (fnscope.c) */
	int macro_index_built;
	int macro_index_reused;		/* headers unchanged since the last build */
	struct macroindex_stats macro_stats;
	int call_context_built;
	int call_context_reused;		/* no .c or .h file changed since the last build */
	struct callctx_stats call_stats;
	int cached;			/* a cache was used; its counters: */
	struct cache_stats cache;
	int clang_used;			/* the libclang pass ran; its counters: */
	struct evidence_stats clang;
	struct shard shard;		/* the part scanned (n 0: all of it) */
	uint64_t tree_id, rules_id;	/* identities a merge checks (shard.h) */
};

void scan_result_release(struct scan_result *res);
size_t scan_count_failures(const struct scan_result *res, enum file_status st);
size_t scan_count_findings(const struct scan_result *res, const char *rule);

#endif
