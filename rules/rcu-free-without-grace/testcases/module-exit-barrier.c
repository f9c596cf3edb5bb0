/* The same driver with rcu_barrier() in a cleanup helper its exit calls, and
 * only its slab cache destroyed after it (no work of the module runs):
 * no callback outlives the module. */
struct neigh {
	struct rcu_head rcu;
	int id;
};

static void neigh_reclaim(struct rcu_head *rp)
{
	kfree(container_of(rp, struct neigh, rcu));
}

void neigh_drop(struct neigh *n)
{
	call_rcu(&n->rcu, neigh_reclaim);
}

static void nb_cleanup(void)
{
	nb_unregister_client(&nb_client);
	rcu_barrier();
}

static void __exit nb_exit(void)
{
	nb_cleanup();
	kmem_cache_destroy(nb_cache);
}

module_exit(nb_exit);

/*
 * check-name: an exit that drains the callbacks through a helper is quiet
 * check-output-start
 * check-output-end
 */
