/*
 * Running a fix: the plan's transformation (cocci/fix/<rule>.cocci) in
 * spatch's patch mode on a scratch copy of the finding's file, aimed at the
 * finding through LOCKERS_FIX_* in the child's environment. The result is a
 * unified diff with a/ and b/ paths, as git writes them.
 */
#ifndef LOCKERS_FIXGEN_H
#define LOCKERS_FIXGEN_H

#include <stddef.h>

struct finding;
struct fix_plan;
struct strbuf;

struct fixgen_options {
	const char *kdir;	/* the scanned tree (absolute) */
	const char *rules_dir;	/* build/rules/ (absolute); the fixes are in its fix/ */
	const char *spatch;
	const char *python;	/* spatch --python, or NULL */
	int timeout;
};

/*
 * 0 with the diff appended to diff, or -1 with err set (no change is an
 * error). A plan with several kinds (fix_plan_next()) tries each in turn and
 * is left at the one that changed the file; err then gives each kind's
 * reason. A transformation names its own reason for not matching by
 * printing a line "lockers-fix: REASON" (the last one counts).
 */
int fix_generate(const struct fixgen_options *o, const struct finding *f, struct fix_plan *p,
		 struct strbuf *diff, char *err, size_t errlen);

#endif
