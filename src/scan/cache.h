/*
 * The incremental cache, under the output directory:
 *   FORMAT            "lockers-cache 2": anything else and the cache is wiped
 *   index             per file: stat data, content hash, prefilter answers
 *   results/xx/KEY    one spatch run's records for one file and rule, after
 *                     its parse-error flag and function counts
 * A result's KEY hashes the file's content, the rule file, the spatch
 * version and the options that change what spatch prints. Every file ends
 * with a checksum line: a torn or foreign file is a miss, never trusted.
 * Files are replaced atomically, so concurrent scans cannot corrupt it.
 */
#ifndef LOCKERS_CACHE_H
#define LOCKERS_CACHE_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;
struct tree_file;

struct cache_stats {
	unsigned long stat_hits, stat_misses;
	unsigned long result_hits, result_misses, corrupt;
	unsigned long stale;	/* of the misses: found, but a file the rule read has changed */
	int rebuilt;		/* FORMAT was missing or foreign: started afresh */
};

struct cache;

/* Open (creating or rebuilding) the cache in dir; NULL with err set on failure. */
struct cache *cache_open(const char *dir, const char *salt, char *err, size_t errlen);
void cache_close(struct cache *c);
const struct cache_stats *cache_stats(const struct cache *c);

/*
 * The stat index. lookup: 1 and the saved content hash and prefilter
 * answers (one '0'/'1' per rule) when the file's stat data and the rules'
 * prefilter signature are unchanged; 0 otherwise.
 */
int cache_stat_lookup(struct cache *c, const struct tree_file *f, const char *signature,
		      uint64_t *content_hash, const char **answers);
void cache_stat_store(struct cache *c, const struct tree_file *f, const char *signature,
		      uint64_t content_hash, const char *answers);
/* Write the index (entries stored this run replace older ones). */
int cache_index_write(struct cache *c);

/* What a run found besides its records: kept so a cached run counts as a live one. */
struct cache_run {
	int parse_error;	/* spatch skipped code it could not parse */
	unsigned functions;	/* function definitions in the file (cfunc.h) */
	unsigned lost;		/* of those, in regions spatch could not parse */
	char detail[160];	/* a timeout's message as the live run gave it, or "" */
};

uint64_t cache_result_key(const struct cache *c, uint64_t content_hash, uint64_t rule_hash);
/* 1 on a hit: *run and the record lines appended to lines. */
int cache_result_load(struct cache *c, uint64_t key, struct cache_run *run, struct strbuf *lines);
/* The same for the first of two keys that holds an entry (*which: 0 key, 1 alt),
 * counted as one lookup. */
int cache_result_load_either(struct cache *c, uint64_t key, uint64_t alt, int *which,
			     struct cache_run *run, struct strbuf *lines);
/* The entry just loaded is not used (a file its rule read has changed): a miss. */
void cache_result_stale(struct cache *c);
int cache_result_store(struct cache *c, uint64_t key, const struct cache_run *run,
		       const char *lines, size_t len);

#endif
