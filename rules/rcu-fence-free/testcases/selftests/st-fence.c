/* A self-test's mock fences. Those from a SLAB_TYPESAFE_BY_RCU cache may be
 * freed at once: a reader that finds a reused fence revalidates it
 * (dma_fence_get_rcu_safe()). A kfree()d mock fence is reported, low: a
 * self-test's fences are not shared with other readers. */
struct mock_fence {
	struct dma_fence base;
	spinlock_t lock;
};

static struct kmem_cache *slab_fences;
static struct kmem_cache *slab_plain;

static void mock_fence_release(struct dma_fence *f)
{
	kmem_cache_free(slab_fences, to_mock_fence(f));
}

static const struct dma_fence_ops mock_ops = {
	.get_driver_name = mock_name,
	.get_timeline_name = mock_name,
	.release = mock_fence_release,
};

static void plain_fence_release(struct dma_fence *f)
{
	kmem_cache_free(slab_plain, to_mock_fence(f));
}

static const struct dma_fence_ops plain_ops = {
	.get_driver_name = mock_name,
	.release = plain_fence_release,
};

static void kfree_fence_release(struct dma_fence *f)
{
	kfree(to_mock_fence(f));
}

static const struct dma_fence_ops kfree_ops = {
	.get_driver_name = mock_name,
	.release = kfree_fence_release,
};

int mock_init(void)
{
	slab_fences = KMEM_CACHE(mock_fence, SLAB_TYPESAFE_BY_RCU | SLAB_HWCACHE_ALIGN);
	slab_plain = KMEM_CACHE(mock_fence, SLAB_HWCACHE_ALIGN);
	return slab_fences && slab_plain ? 0 : -ENOMEM;
}

/*
 * check-name: a self-test's release into a SLAB_TYPESAFE_BY_RCU cache is quiet; one into a plain cache or kfree() scores low (self-test)
 * check-output-start
26:2: warning: to_mock_fence(f), the fence's container, is freed by kmem_cache_free() in plain_fence_release(), the release of plain_ops (line 29), with no grace period: a reader that found the fence under RCU (dma_fence_get_rcu(), dma_resv's lockless readers) may still hold it; the core's own free waits (dma_fence_free()) [rcu-fence-free] intended
36:2: warning: to_mock_fence(f), the fence's container, is freed by kfree() in kfree_fence_release(), the release of kfree_ops (line 39), with no grace period: a reader that found the fence under RCU (dma_fence_get_rcu(), dma_resv's lockless readers) may still hold it; the core's own free waits (dma_fence_free()) [rcu-fence-free] intended
 * check-output-end
 */
