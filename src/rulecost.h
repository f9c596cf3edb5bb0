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

struct pool_task;
struct rule_set;
struct tree;

struct rule_costs {
	double *per_mib;	/* CPU seconds per MiB, per rule; 0 = not known */
	double *weight_mib;	/* how much input the estimate rests on */
	size_t nr;
};

/* Read the costs of rs's rules from path (unknown rules, or no file: 0). */
void rulecost_load(struct rule_costs *rc, const char *path, const struct rule_set *rs);
/* Sort tasks by estimated cost, costliest first; ties keep their order. */
void rulecost_sort_tasks(const struct rule_costs *rc, const struct tree *t,
			 struct pool_task *tasks, size_t ntasks);
/* Fold in what one scan measured: cpu[r] seconds over mib[r] MiB of input. */
void rulecost_learn(struct rule_costs *rc, const double *cpu, const double *mib);
/* Write the costs atomically (rules not in rs that path knew are kept). */
int rulecost_save(const struct rule_costs *rc, const char *path, const struct rule_set *rs);
void rulecost_release(struct rule_costs *rc);

/* The MiB of input of one task. */
double rulecost_task_mib(const struct tree *t, const struct pool_task *task);

#endif
