/* The module exit names no rcu_barrier(), but the device release of the
 * same module drains its callbacks: unregistering the driver releases every
 * device first, so none is pending when the exit returns. The rule does not
 * follow the driver core into ->remove(); another rcu_barrier() of the
 * module lowers the score (module_drains_elsewhere). */
struct flow { struct rcu_head rcu; int id; };
struct fdev { int nflows; };

static void flow_reclaim(struct rcu_head *head)
{
	kfree(container_of(head, struct flow, rcu));
}

void flow_drop(struct flow *f)
{
	call_rcu(&f->rcu, flow_reclaim);
}

static void fdev_remove(struct fdev *d)
{
	fdev_flush_flows(d);
	rcu_barrier();
	kfree(d);
}

static void __exit fdev_exit(void)
{
	fdev_unregister_driver(&fdev_driver);
}

module_exit(fdev_exit);

/*
 * check-name: module exit whose module drains the callbacks in a device release
 * check-output-start
28:2: warning: module exit fdev_exit() returns with no rcu_barrier() while callbacks this file queues with call_rcu() (flow_reclaim at line 16) may still be pending: they would run after the module's code is gone [rcu-free-without-grace] intended
 * check-output-end
 */
