/*
 * Sharded scans: `lockers check --shard K/N` scans the K-th of N parts of
 * the candidate work, so that a CI matrix can share a tree's scan, and
 * `lockers merge` puts the parts back together. The split and the
 * identities below use only what every machine computes alike from the same
 * tree and rules (relative paths, file contents and sizes, which rules the
 * prefilter gives a file to), never a machine's learned costs or paths.
 */
#ifndef LOCKERS_SHARD_H
#define LOCKERS_SHARD_H

#include <stddef.h>
#include <stdint.h>

struct rule_set;
struct tree;
struct triage;

struct shard {
	unsigned k, n;		/* 1 <= k <= n; n == 0: not sharded */
};

/* "K/N" with 1 <= K <= N <= 1000; 0, or -1 with a message in err. */
int shard_parse(const char *arg, struct shard *s, char *err, size_t errlen);

/*
 * Keep in cand[r] (ncand[r] files) only the files of shard s, and count
 * the files left with some rule in *files_candidate. Files go whole to one
 * shard, costliest first to the least loaded (LPT), each file costing its
 * size plus SHARD_RUN_BYTES per rule it is a candidate of; ties go by path.
 */
void shard_select(const struct shard *s, const struct tree *t, size_t nrules,
		  size_t **cand, size_t *ncand, size_t *files_candidate);

/* The tree's identity: every listed file's relative path and content hash. */
uint64_t shard_tree_identity(const struct tree *t, const uint64_t *content_hash);
/*
 * The rules' identity: each rule's name and hash (its text, and the macro
 * index it reads), the rules' scripts, spatch's version, and what else
 * changes lockers.json: libclang facts, the triage verdicts (t may be NULL).
 */
uint64_t shard_rules_identity(const struct rule_set *rs, uint64_t scripts_hash, const char *spatch_version,
			      int clang_evidence, const struct triage *t);

#endif
