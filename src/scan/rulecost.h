/*
 * What each rule costs, learned from earlier scans: spatch CPU seconds per
 * MiB of input, kept in a small file beside the cache. The pool starts the
 * costliest tasks first (longest processing time first), so that no worker
 * is left with one long run while the others idle: after a one-file change
 * the five runs of fs/namei.c finish in the time of the longest two, not
 * three. The file only orders work, never results: a missing or damaged one
 * means "every rule costs the same".
 */
#ifndef LOCKERS_RULECOST_H
#define LOCKERS_RULECOST_H

#include <stddef.h>

#include "lib/strvec.h"

struct spatch_task;
struct rule_set;
struct tree;

struct rule_costs {
	double *per_mib;	/* CPU seconds per MiB, per rule; 0 = not known */
	double *weight_mib;	/* how much input the estimate rests on */
	double *scheduled_mib;	/* input of the tasks sorted this scan, per rule */
	size_t nr;
	struct strvec others;	/* the file's lines for rules not in this scan */
};

/* Read the costs of rs's rules from path (NULL, unknown rules, or no file: 0). */
void rulecost_load(struct rule_costs *rc, const char *path, const struct rule_set *rs);
/* Sort tasks by estimated cost, costliest first (ties keep their order), and
 * note each rule's input for rulecost_learn(). */
void rulecost_sort_tasks(struct rule_costs *rc, const struct tree *t,
			 struct spatch_task *tasks, size_t ntasks);
/* Fold in what the sorted tasks cost: cpu[r] seconds for rule r. */
void rulecost_learn(struct rule_costs *rc, const double *cpu);
/* Write the costs atomically, with the lines of rules not in rs kept. */
int rulecost_save(const struct rule_costs *rc, const char *path, const struct rule_set *rs);
void rulecost_release(struct rule_costs *rc);

#endif
