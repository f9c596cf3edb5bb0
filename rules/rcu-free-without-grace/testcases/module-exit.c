/* A driver frees its neighbour entries with call_rcu() and a callback of
 * its own; the module exit unregisters and returns without rcu_barrier(),
 * so a pending callback can run after the module's text is gone. */
struct neigh {
	struct rcu_head rcu;
	int id;
};

static void neigh_reclaim(struct rcu_head *rp)
{
	struct neigh *n = container_of(rp, struct neigh, rcu);

	kfree(n);
}

void neigh_drop(struct neigh *n)
{
	call_rcu(&n->rcu, neigh_reclaim);
}

static int __init nb_init(void)
{
	return nb_register_client(&nb_client);
}

static void __exit nb_exit(void)
{
	nb_unregister_client(&nb_client);
	destroy_workqueue(nb_wq);
}

module_init(nb_init);
module_exit(nb_exit);

/*
 * check-name: module exit without rcu_barrier() while the file's call_rcu() callbacks may be pending
 * check-output-start
29:2: warning: module exit nb_exit() returns with no rcu_barrier() while callbacks this file queues with call_rcu() (neigh_reclaim at line 18) may still be pending: they would run after the module's code is gone [rcu-free-without-grace] bug
 * check-output-end
 */
