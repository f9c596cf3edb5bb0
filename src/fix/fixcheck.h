/*
 * The checks a fix passes before it is offered, cheapest first: it applies
 * to the scanned tree (patch --dry-run: nothing is written), it changes
 * only lines of the finding's function, the tree's scripts/checkpatch.pl
 * --no-tree passes on it, and lockers gate on it shows the finding gone and
 * nothing introduced that the gate fails for (a score at or above fail_on).
 */
#ifndef LOCKERS_FIXCHECK_H
#define LOCKERS_FIXCHECK_H

#include <stddef.h>

#include "scan/scan.h"

struct strbuf;

struct fixcheck_options {
	const char *kdir;		/* the scanned tree (absolute) */
	const char *checkpatch;		/* checkpatch.pl to run (absolute) */
	int fail_on;			/* the gate's --fail-on */
	struct scan_options scan;	/* the gate's scans: rules, spatch, cache, macro index */
};

/*
 * Check the patch mail at patch_path for finding f. Returns 0 when every
 * check passes (what the gate saw below fail_on is appended to note), else
 * -1 with the failing check and its reason in why. any_place: the patch may
 * change other functions and files (a conversion), the finding's file first.
 */
int fix_check(const struct fixcheck_options *o, const struct finding *f, const char *patch_path,
	      int any_place, struct strbuf *note, char *why, size_t whylen);

/*
 * The lines of the definition of function `name` in C source text: from its
 * name to its closing brace. Returns 0, or -1 when it is not defined there.
 */
int fix_function_lines(const char *text, size_t len, const char *name, unsigned *first, unsigned *last);

#endif
