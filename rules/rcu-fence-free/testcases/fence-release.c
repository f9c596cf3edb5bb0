/* A driver's fences: the core frees a fence with dma_fence_free(), after a
 * grace period, because dma_fence_get_rcu() and dma_resv's lockless readers
 * may still hold it. A .release that kfree()s the fence's container instead
 * frees it under those readers; dma_fence_free() or kfree_rcu() in the
 * release is the safe form. */
struct blk_fence {
	struct dma_fence base;
	char *name;
	struct blk_queue *queue;
};

static const char *blk_fence_driver_name(struct dma_fence *fence)
{
	return "blk";
}

static void blk_fence_release(struct dma_fence *fence)
{
	struct blk_fence *bf = container_of(fence, struct blk_fence, base);

	kfree(bf->name);
	kfree(bf);
}

static const struct dma_fence_ops blk_fence_ops = {
	.get_driver_name = blk_fence_driver_name,
	.get_timeline_name = blk_fence_driver_name,
	.release = blk_fence_release,
};

static void cmd_fence_release(struct dma_fence *fence)
{
	struct blk_fence *bf = container_of(fence, struct blk_fence, base);

	kfree(bf->name);
	dma_fence_free(&bf->base);
}

static const struct dma_fence_ops cmd_fence_ops = {
	.get_driver_name = blk_fence_driver_name,
	.release = cmd_fence_release,
};

static void dev_fence_release(struct dma_fence *fence)
{
	kfree_rcu(fence, rcu);
}

static const struct dma_fence_ops dev_fence_ops = {
	.release = dev_fence_release,
};

/* Not a release: what it frees is no fence of the ops. */
static void blk_queue_free(struct dma_fence *fence)
{
	struct blk_fence *bf = to_blk_fence(fence);

	kfree(bf->queue);
}

static const struct dma_fence_ops plain_fence_ops = {
	.get_driver_name = blk_fence_driver_name,
	.wait = blk_queue_free,
};

/*
 * check-name: a dma_fence_ops release that kfree()s the fence; dma_fence_free(), kfree_rcu() and a free of another object are quiet
 * check-output-start
22:2: warning: bf, the fence's container, is freed by kfree() in blk_fence_release(), the release of blk_fence_ops (line 25), with no grace period: a reader that found the fence under RCU (dma_fence_get_rcu(), dma_resv's lockless readers) may still hold it; the core's own free waits (dma_fence_free()) [rcu-fence-free] bug
 * check-output-end
 */
