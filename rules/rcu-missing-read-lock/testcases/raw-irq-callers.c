/* Interrupts off count as an RCU reader (the consolidated RCU), the raw_
 * variants too: lockdep's hash walks run under raw_local_irq_save() and its
 * own lock (the shape of lock_class_cache_is_registered()). No finding. */
struct cls { struct hlist_node node; int key; };
static struct hlist_head classes;

static int class_registered(int key)
{
	struct cls *c;

	hlist_for_each_entry_rcu(c, &classes, node)
		if (c->key == key)
			return 1;
	return 0;
}

void reset_lock(int key)
{
	unsigned long flags;

	raw_local_irq_save(flags);
	class_registered(key);
	raw_local_irq_restore(flags);
}
/*
 * check-name: the callers turn interrupts off with raw_local_irq_save()
 * check-output-start
 * check-output-end
 */
