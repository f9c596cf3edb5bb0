/* The same file under a tristate option can be a module: its exit runs and
 * must wait for the callbacks it queued with call_rcu(). */
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
 * check-name: the same module exit under a tristate option is a finding
 * check-output-start
28:2: warning: module exit nb_exit() returns with no rcu_barrier() while callbacks this file queues with call_rcu() (neigh_reclaim at line 17) may still be pending: they would run after the module's code is gone [rcu-free-without-grace] bug
 * check-output-end
 */
