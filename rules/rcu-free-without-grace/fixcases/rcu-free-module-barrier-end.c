/* A module's callbacks queued with call_rcu() free with kfree(); the exit
 * only unregisters (tun_cleanup()): rcu_barrier() becomes its last
 * statement, after nothing can queue a callback any more. */
struct prog {
	struct rcu_head rcu;
	int id;
};

static void prog_free_rcu(struct rcu_head *h)
{
	struct prog *p = container_of(h, struct prog, rcu);

	kfree(p);
}

void prog_drop(struct prog *p)
{
	call_rcu(&p->rcu, prog_free_rcu);
}

static int __init tap_init(void)
{
	return misc_register(&tap_miscdev);
}

static void __exit tap_exit(void)
{
	misc_deregister(&tap_miscdev);
	unregister_netdevice_notifier(&tap_notifier_block);
}

module_init(tap_init);
module_exit(tap_exit);

/*
 * check-name: fix: module exit that only unregisters gets rcu_barrier() at its end
 * check-rules: rcu-free-without-grace
 * check-fix: offered
 * check-output-start
29:2: warning: module exit tap_exit() returns with no rcu_barrier() while callbacks this file queues with call_rcu() (prog_free_rcu at line 18) may still be pending: they would run after the module's code is gone [rcu-free-without-grace] bug
 * check-output-end
 */
