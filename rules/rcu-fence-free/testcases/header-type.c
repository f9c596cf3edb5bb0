/* The queue type comes from a header of the driver (gpu_queue.h), its
 * scheduler one struct further in; the teardown stops the scheduler in a
 * helper of the file, then frees the queue at once. */
#include "gpu_queue.h"

static void gpu_queue_fini(struct gpu_queue *q)
{
	struct drm_gpu_scheduler *s = &q->sched.base;

	drm_sched_fini(s);
}

void gpu_queue_destroy(struct gpu_queue **pq)
{
	struct gpu_queue *q = *pq;

	gpu_queue_fini(q);
	kfree(q);
	*pq = NULL;
}

/*
 * check-name: the scheduler container's type is read from the driver's header, through a wrapper struct; the scheduler is stopped in a helper
 * check-output-start
18:2: warning: q is freed by kfree() with no grace period, but struct gpu_queue embeds the struct drm_gpu_scheduler sched.base (gpu_queue.h:9), which its fences' ops read under RCU (the timeline name): a fence that outlives it and is read under rcu_read_lock() reaches freed memory [rcu-fence-free] bug
 * check-output-end
 */
