/* Part of port.ko: queues callbacks, and the helper the exit calls drains
 * them. */
struct port {
	struct rcu_head rcu;
};

static void port_reclaim(struct rcu_head *head)
{
	kfree(container_of(head, struct port, rcu));
}

void port_drop(struct port *p)
{
	call_rcu(&p->rcu, port_reclaim);
}

void port_teardown(void)
{
	port_unregister_all();
	rcu_barrier();
}

/*
 * check-name: a module part whose teardown helper calls rcu_barrier()
 * check-output-start
 * check-output-end
 */
