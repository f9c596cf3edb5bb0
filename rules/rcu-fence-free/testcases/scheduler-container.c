/* A ring embeds the GPU scheduler its jobs' fences name as their timeline:
 * a fence that outlives the ring still reads the scheduler from its ops,
 * under RCU, so the ring must be freed after a grace period. */
struct gpu_ring {
	int id;
	struct drm_gpu_scheduler sched;
	struct gpu_bo *bo;
	struct rcu_head rcu;
};

struct gpu_ctx {
	int id;
	struct gpu_bo *bo;
};

void gpu_ring_destroy(struct gpu_ring *ring)
{
	if (!ring)
		return;
	drm_sched_fini(&ring->sched);
	gpu_bo_put(ring->bo);
	kfree(ring);
}

struct gpu_ring *gpu_ring_new(int id)
{
	struct gpu_ring *ring;
	int ret;

	ring = kzalloc(sizeof(*ring), GFP_KERNEL);
	if (!ring)
		return NULL;
	ring->id = id;
	ret = drm_sched_init(&ring->sched, &gpu_sched_ops, NULL);
	if (ret) {
		kfree(ring);
		return NULL;
	}
	return ring;
}

void gpu_ring_destroy_rcu(struct gpu_ring *ring)
{
	drm_sched_fini(&ring->sched);
	kfree_rcu(ring, rcu);
}

void gpu_ctx_destroy(struct gpu_ctx *ctx)
{
	gpu_bo_put(ctx->bo);
	kfree(ctx);
}

/*
 * check-name: a struct that embeds a drm_gpu_scheduler kfree()d after drm_sched_fini(); its set-up's error path scores low; kfree_rcu() and another struct are quiet
 * check-output-start
22:2: warning: ring is freed by kfree() with no grace period, but struct gpu_ring embeds the struct drm_gpu_scheduler sched (line 6), which its fences' ops read under RCU (the timeline name): a fence that outlives it and is read under rcu_read_lock() reaches freed memory [rcu-fence-free] bug
36:3: warning: ring is freed by kfree() with no grace period, but struct gpu_ring embeds the struct drm_gpu_scheduler sched (line 6), which its fences' ops read under RCU (the timeline name): a fence that outlives it and is read under rcu_read_lock() reaches freed memory [rcu-fence-free] false-positive
 * check-output-end
 */
