/*
 * `lockers merge`: the lockers.json one unsharded scan would have written,
 * from the outputs of `lockers check --shard K/N` for K = 1..N. Each shard
 * walked and prefiltered the whole tree, so tree-wide figures (files seen,
 * skipped, problems) are the same in every shard and come from shard 1;
 * per-file work (candidates, runs, failures, findings) is summed or joined
 * and put back in the unsharded order.
 */
#ifndef LOCKERS_MERGE_H
#define LOCKERS_MERGE_H

#include <stddef.h>

struct json_t;

struct merged {
	struct json_t *report;	/* the merged lockers.json */
	struct json_t *run;	/* run.json: each shard's times and cache figures */
	unsigned n;		/* shards */
	int partial;		/* some shard was interrupted (--allow-partial) */
};

/*
 * Check that dirs[0..ndirs) hold shards 1..N of one scan, each exactly once,
 * of the same tree and rules, none interrupted unless allow_partial; then
 * merge them. Returns 0, or -1 with a message naming the problem in err.
 */
int merge_shards(const char *const *dirs, size_t ndirs, int allow_partial, struct merged *m,
		 char *err, size_t errlen);
void merged_release(struct merged *m);

#endif
