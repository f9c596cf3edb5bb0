/*
 * The CI gate: scan the files a patch (or a series of them, applied in
 * order) touches before and after it, in a scratch directory (never in the
 * user's tree), and sort the findings into introduced, unchanged and removed
 * by fingerprint. In a series each introduced finding is attributed to the
 * first patch after which it exists.
 */
#ifndef LOCKERS_GATE_H
#define LOCKERS_GATE_H

#include "scan/scan.h"

struct gate_options {
	const char *kdir;
	const char *patch_file;		/* a unified diff or an mbox series, or NULL with git_range */
	const char *git_range;		/* "BASE..HEAD" in kdir's git repository */
	struct scan_options scan;	/* rules, jobs, timeout, spatch, cache, triage */
};

struct gate_result {
	struct scan_result before, after;
	struct finding_list introduced, unchanged, removed;	/* borrowed pointers */
	size_t files_in_patch, c_files;
	char **subjects;	/* of each patch of the series; NULL for a plain diff */
	size_t npatches;
	int *introduced_by;	/* per introduced finding: its patch's index, or -1 */
	char *scratch;
};

int gate_run(const struct gate_options *o, struct gate_result *g, char *err, size_t errlen);
void gate_result_release(struct gate_result *g);

#endif
