/*
 * The CI gate: what a whole-tree check of the patched tree finds that one
 * of the tree does not, in the files a patch (or a series of them, applied
 * in order) touches and the files whose findings read one of them. The
 * tree after the patch is a mirror of it in a scratch directory (never the
 * user's tree), so rules read the other files of a module as check does;
 * both sides use the tree's indexes. Findings are sorted into introduced,
 * unchanged and removed by fingerprint; in a series each introduced finding
 * is attributed to the first patch after which it exists.
 */
#ifndef LOCKERS_GATE_H
#define LOCKERS_GATE_H

#include "scan/scan.h"

struct gate_options {
	const char *kdir;
	const char *patch_file;		/* a unified diff or an mbox series, or NULL with git_range */
	const char *git_range;		/* "BASE..HEAD" in kdir's git repository */
	struct scan_options scan;	/* rules, jobs, timeout, spatch, cache, indexes, triage */
	const char *reads_map;		/* who reads what in kdir (a check's reads.tsv), or NULL */
};

/* One side of the comparison: the tree it scans and the indexes it reads. */
struct gate_side {
	char *root;		/* kdir itself, or a mirror of it in the scratch directory */
	char *index;		/* the mirror's macro index (the call graph's beside it); NULL: kdir's */
	int index_built;	/* that macro index is built anew, not kdir's (linked) */
};

struct gate_result {
	struct scan_result before, after;
	struct finding_list introduced, unchanged, removed;	/* borrowed pointers */
	size_t files_in_patch, c_files;
	struct strvec dependants;	/* files scanned because their findings read a touched file */
	int have_reads_map;	/* reads_map could be read */
	char **subjects;	/* of each patch of the series; NULL for a plain diff */
	size_t npatches;
	int *introduced_by;	/* per introduced finding: its patch's index, or -1 */
	char *scratch;
	struct gate_side before_side, after_side;
};

int gate_run(const struct gate_options *o, struct gate_result *g, char *err, size_t errlen);
void gate_result_release(struct gate_result *g);
/* Whether the scan of the side before (after: 0) or after (1) the series has a finding of fingerprint id. */
int gate_side_has(const struct gate_result *g, int after, const char *id);

#endif
