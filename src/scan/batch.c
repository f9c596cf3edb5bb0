#include "scan/batch.h"
#include "scan/spatch.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* Batches small enough to balance the workers, big enough to amortise start-up. */
static size_t batch_size(size_t n, int jobs)
{
	size_t b = n / ((size_t)(jobs > 0 ? jobs : 1) * 4) + 1;

	return b > 40 ? 40 : b;
}

struct spatch_task *batch_tasks(size_t nrules, size_t *const *files, const size_t *n,
				const size_t *ncand, int jobs, size_t *ntasks)
{
	struct spatch_task *tasks = NULL;
	size_t *pos = xcalloc(nrules ? nrules : 1, sizeof(*pos)), atasks = 0;

	*ntasks = 0;
	for (int more = 1; more;) {
		more = 0;
		for (size_t r = 0; r < nrules; r++) {
			if (pos[r] >= n[r])
				continue;
			size_t b = batch_size(ncand[r], jobs);
			if (b > n[r] - pos[r])
				b = n[r] - pos[r];
			ALLOC_GROW(tasks, *ntasks + 1, atasks);
			struct spatch_task *task = &tasks[(*ntasks)++];
			task->rule = r;
			task->nfiles = b;
			task->files = xmalloc(b * sizeof(size_t));
			memcpy(task->files, files[r] + pos[r], b * sizeof(size_t));
			pos[r] += b;
			more = 1;
		}
	}
	free(pos);
	return tasks;
}
