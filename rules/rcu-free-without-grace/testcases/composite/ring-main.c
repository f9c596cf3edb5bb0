/* The exit of ring.ko names no RCU call: the callbacks are queued by
 * ring-free.c, linked into the same module (ring-y in the Makefile). */
static int __init ring_init(void)
{
	return ring_register(&ring_ops);
}

static void __exit ring_exit(void)
{
	ring_unregister(&ring_ops);
	kmem_cache_destroy(ring_cache);
}

module_init(ring_init);
module_exit(ring_exit);

/*
 * check-name: module exit without rcu_barrier() while another file of its module queues call_rcu() callbacks
 * check-output-start
11:2: warning: module exit ring_exit() returns with no rcu_barrier() while callbacks its module queues with call_rcu() (ring_entry_reclaim at ring-free.c:15) may still be pending: they would run after the module's code is gone [rcu-free-without-grace] intended
 * check-output-end
 */
