/*
 * The other files a rule read to judge a file (a header, the other files of
 * its module, a Makefile): the LOCKERS-READ records rules print beside their
 * findings (rules/lib/source.py). They are kept with the file's cached
 * result, by content and relative to the tree's root, and the result is
 * replayed only while each of those files holds the same bytes, so that a
 * copied cache (another checkout, a CI restore) is reused, and a cache two
 * trees share never answers for one with the other's files.
 */
#ifndef LOCKERS_READS_H
#define LOCKERS_READS_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;
struct tree;

struct reads {
	const struct tree *tree;
	const uint64_t *content_hash;	/* per tree file, as the prefilter hashed it */
	char *root;			/* the tree's root, symlinks resolved */
	struct read_memo {		/* path -> content stamp, once per scan */
		char *path, *stamp;
	} *memo;
	size_t memo_nr, memo_cap;
};

void reads_init(struct reads *r, const struct tree *t, const uint64_t *content_hash);
void reads_release(struct reads *r);

/*
 * A LOCKERS-READ record ("LOCKERS-READ\tfile\tread path\tstamp"): 1 with
 * the spatch file name it is for in *file (*flen bytes, not terminated), 0
 * for any other line, -1 for a malformed one.
 */
int read_record(const char *line, size_t len, const char **file, size_t *flen);
/* The same, 1 with the path the record says was read (absolute, or relative to the root once cached). */
int read_record_path(const char *line, size_t len, const char **path, size_t *plen);

/* path's stat stamp as source.stamp() writes it: what says it changed since. */
void read_stamp(const char *path, struct strbuf *out);

/*
 * The record lines of a run of tree file `file` made fit to cache: each read
 * record names its file relative to the root (when inside it) with the hash
 * of its bytes, and a LOCKERS-FILE line names `file` (the cache keys on
 * content, and a result that depends on other files belongs to its own
 * file only). -1 when a file changed since the rule read it: not to cache.
 */
int reads_for_cache(struct reads *r, struct strbuf *lines, size_t file);

/* A cached run's record lines still hold for tree file `file`. */
int reads_unchanged(struct reads *r, const char *lines, size_t file);

#endif
