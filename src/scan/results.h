/*
 * The results of file-rule runs, live or cached: spatch's record lines
 * become findings (malformed ones, record errors), failed files become file
 * failures, and with a cache each finished run is kept under its file's
 * content and its rule, to be replayed by the next scan.
 */
#ifndef LOCKERS_RESULTS_H
#define LOCKERS_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "scan/reads.h"
#include "scan/readsmap.h"
#include "scan/spatch.h"

struct cache;
struct scan_result;
struct strbuf;

struct results {
	struct scan_result *res;	/* findings, failures and counters go here */
	struct cache *cache;		/* or NULL */
	int timeout;			/* --timeout: part of the key of a cached timeout */
	uint64_t *content_hash;		/* per tree file, filled in by the prefilter */
	unsigned *functions;		/* per tree file: 1 + its function definitions, 0 unknown */
	struct strbuf **pending;	/* per rule x file: record lines of a live run */
	unsigned char *changed;		/* per tree file: changed while it was scanned */
	struct reads reads;		/* the other files rules read: kept with a result, checked on replay */
	struct reads_map map;		/* the same, as who reads what, for reads.tsv */
};

/* For res's tree and rules (loaded); cache may be NULL. */
void results_init(struct results *r, struct scan_result *res, struct cache *cache, int timeout);
/* Also lists the files that changed while they were scanned, in path order. */
void results_release(struct results *r);
/* Replay a cached run of `rule` on `file` (r->cache must be set); 1 on a hit. */
int results_replay(struct results *r, size_t rule, size_t file);
/* The spatch_callbacks of a live run, their ctx the struct results. */
void results_stdout_line(void *r, size_t rule, const char *line, size_t len);
/* The records of the run of `rule` on `file` so far are dropped: it runs again. */
void results_file_retry(void *r, size_t rule, size_t file);
void results_file_done(void *r, size_t rule, size_t file, enum file_status st, const char *detail,
		       unsigned lost);

#endif
