/*
 * Unified diffs (git's or diff -u's): which files a patch touches, and the
 * new content of each, applied to a copy in memory. Paths are taken as
 * `patch -p1` takes them (the first component, a/ or b/, is dropped).
 */
#ifndef LOCKERS_PATCH_H
#define LOCKERS_PATCH_H

#include <stddef.h>

struct strbuf;

struct hunk_line {
	char op;		/* ' ', '-' or '+' */
	char *text;		/* without the op, with its '\n' unless the file ends without one */
	size_t len;
};

struct hunk {
	unsigned old_start, old_len, new_start, new_len;
	unsigned patch_line;	/* where the hunk starts in the patch, for errors */
	struct hunk_line *lines;
	size_t nlines, alloc;
};

struct patch_file {
	char *old_path;		/* NULL for a new file */
	char *new_path;		/* NULL for a deleted file */
	unsigned patch_line;
	int binary;
	struct hunk *hunks;
	size_t nhunks, alloc;
};

struct patch {
	struct patch_file *v;
	size_t nr, alloc;
};

/*
 * Parse; -1 with err ("line N: ...") on a malformed or unsafe patch, 1 with
 * err when the text names no file at all (a cover letter, not a patch).
 */
int patch_parse(struct patch *p, const char *text, size_t len, char *err, size_t errlen);
/* The same for text that starts after lines_before lines of a larger file (an mbox). */
int patch_parse_at(struct patch *p, const char *text, size_t len, unsigned lines_before,
		   char *err, size_t errlen);
void patch_release(struct patch *p);
/* Apply one file's hunks to old (no fuzz, any offset); -1 with err if one does not fit. */
int patch_apply(const struct patch_file *pf, const char *old, size_t oldlen,
		struct strbuf *out, char *err, size_t errlen);

#endif
