/* The module exit of a file Kconfig builds with a bool option never runs:
 * the code is never a module, so no callback can outlive its text (the
 * Makefile and Kconfig beside it say so). Quiet. */
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
 * check-name: the module exit of a bool option's file never runs: quiet
 * check-output-start
 * check-output-end
 */
