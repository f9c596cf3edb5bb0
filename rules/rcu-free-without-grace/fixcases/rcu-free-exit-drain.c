/* The module exit drains the callbacks (unregister_pernet_subsys() runs
 * rcu_barrier()), then destroys the workqueue whose pending work drops
 * entries with call_rcu(): a callback queued by that last work runs after
 * the module's text is gone. The rcu_barrier() must be the last teardown. */
struct neigh {
	struct rcu_head rcu;
	int id;
};

static void neigh_reclaim(struct rcu_head *rp)
{
	kfree(container_of(rp, struct neigh, rcu));
}

static void neigh_gc_work(struct work_struct *w)
{
	struct neigh *n = neigh_oldest();

	call_rcu(&n->rcu, neigh_reclaim);
}

static void __exit nb_exit(void)
{
	unregister_pernet_subsys(&nb_net_ops);
	class_unregister(&nb_class);
	destroy_workqueue(nb_gc_wq);
	kmem_cache_destroy(nb_cache);
}

module_exit(nb_exit);

/*
 * check-name: fix: a module exit that drains, then runs the module's work, gets rcu_barrier() last
 * check-rules: rcu-free-without-grace
 * check-fix: offered
 * check-output-start
27:2: warning: module exit nb_exit() waits for pending callbacks (unregister_pernet_subsys() at line 24) before destroy_workqueue() at line 26, which runs work of the module that may queue more of the callbacks this file queues with call_rcu() (neigh_reclaim at line 19): they would run after the module's code is gone [rcu-free-without-grace] intended
 * check-output-end
 */
