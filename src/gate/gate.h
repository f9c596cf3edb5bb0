/*
 * The CI gate: scan the files a patch touches before and after it, in a
 * scratch directory (never in the user's tree), and sort the findings into
 * introduced, unchanged and removed by fingerprint.
 */
#ifndef LOCKERS_GATE_H
#define LOCKERS_GATE_H

#include "scan/scan.h"

struct gate_options {
	const char *kdir;
	const char *patch_file;		/* a unified diff, or NULL with git_range */
	const char *git_range;		/* "BASE..HEAD" in kdir's git repository */
	struct scan_options scan;	/* rules, jobs, timeout, spatch, cache, triage */
};

struct gate_result {
	struct scan_result before, after;
	struct finding_list introduced, unchanged, removed;	/* borrowed pointers */
	size_t files_in_patch, c_files;
	char *scratch;
};

int gate_run(const struct gate_options *o, struct gate_result *g, char *err, size_t errlen);
void gate_result_release(struct gate_result *g);

#endif
