/*
 * Batching: each rule's files to run, cut into spatch tasks, round robin
 * over the rules (rulecost.c then orders them by cost).
 */
#ifndef LOCKERS_BATCH_H
#define LOCKERS_BATCH_H

#include <stddef.h>

struct spatch_task;

/*
 * Rule r runs on files[r][0..n[r]), out of ncand[r] candidates (which set the
 * batch size: small enough to balance `jobs` workers, big enough to amortise
 * spatch's start-up, 40 files at most). Returns the tasks, *ntasks of them;
 * each owns a copy of its files.
 */
struct spatch_task *batch_tasks(size_t nrules, size_t *const *files, const size_t *n,
				const size_t *ncand, int jobs, size_t *ntasks);

#endif
