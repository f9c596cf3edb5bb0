/* A self-test's mock fences come from a SLAB_TYPESAFE_BY_RCU cache: a
 * reader that finds a reused fence revalidates it, so the release may free
 * at once. */
struct mock_fence {
	struct dma_fence base;
	spinlock_t lock;
};

static struct kmem_cache *slab_fences;

static void mock_fence_release(struct dma_fence *f)
{
	kmem_cache_free(slab_fences, to_mock_fence(f));
}

static const struct dma_fence_ops mock_ops = {
	.get_driver_name = mock_name,
	.get_timeline_name = mock_name,
	.release = mock_fence_release,
};

int mock_init(void)
{
	slab_fences = KMEM_CACHE(mock_fence, SLAB_TYPESAFE_BY_RCU | SLAB_HWCACHE_ALIGN);
	return slab_fences ? 0 : -ENOMEM;
}

/*
 * check-name: a self-test's release into a SLAB_TYPESAFE_BY_RCU cache scores as a false positive
 * check-output-start
13:2: warning: to_mock_fence(f), the fence's container, is freed by kmem_cache_free() in mock_fence_release(), the release of mock_ops (line 16), with no grace period: a reader that found the fence under RCU (dma_fence_get_rcu(), dma_resv's lockless readers) may still hold it; the core's own free waits (dma_fence_free()) [rcu-fence-free] false-positive
 * check-output-end
 */
