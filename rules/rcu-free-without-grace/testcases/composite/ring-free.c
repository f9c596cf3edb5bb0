/* Part of ring.ko: frees its entries with call_rcu() and a callback of its
 * own. The module exit, in ring-main.c, must wait for them. */
struct ring_entry {
	struct rcu_head rcu;
	int id;
};

static void ring_entry_reclaim(struct rcu_head *head)
{
	kfree(container_of(head, struct ring_entry, rcu));
}

void ring_entry_drop(struct ring_entry *e)
{
	call_rcu(&e->rcu, ring_entry_reclaim);
}

/*
 * check-name: the part of a composite module that queues the callbacks
 * check-output-start
 * check-output-end
 */
