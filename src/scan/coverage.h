/*
 * How much of the code the rules saw: per file-rule run, the file's function
 * definitions and those spatch skipped because it could not parse them
 * (cfunc.h counts both), summed for the scan, per rule and per top-level
 * directory. A function of a file three rules ran on counts three times.
 */
#ifndef LOCKERS_COVERAGE_H
#define LOCKERS_COVERAGE_H

#include <stddef.h>

struct coverage_count {
	unsigned long functions, lost;	/* analysed = functions - lost */
};

struct coverage_dir {
	char *dir;			/* top-level directory, "." for files at the root */
	struct coverage_count c;
};

struct coverage {
	struct coverage_count all;
	struct coverage_count *rule;	/* per rule */
	size_t nrules;
	struct coverage_dir *dirs;	/* sorted by name */
	size_t ndirs, adirs;
};

void coverage_init(struct coverage *c, size_t nrules);
void coverage_release(struct coverage *c);
/* One finished run of `rule` on the tree file `path`. */
void coverage_add(struct coverage *c, size_t rule, const char *path, unsigned functions, unsigned lost);
/* analysed / functions, or -1 when there were none. */
double coverage_share(const struct coverage_count *c);

#endif
