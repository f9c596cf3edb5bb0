/* A header of the test tree: the queue type, which embeds its scheduler
 * through a wrapper struct, as xe's and nouveau's do. */
struct q_sched {
	struct drm_gpu_scheduler base;
	int prio;
};

struct gpu_queue {
	struct q_sched sched;
	struct list_head jobs;
};

/*
 * check-name: a header declaring a scheduler container: no finding of its own
 * check-output-start
 * check-output-end
 */
