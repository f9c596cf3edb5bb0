/* A shadow table sits on its parent's children list through the same
 * member that links top-level tables on the RCU-walked global list: adding
 * it to, and taking it off, the children list races no RCU reader. */
struct table { struct list_head list; struct list_head children; spinlock_t lock; int flags; };
struct space { struct list_head tables; struct list_head free_pool; };

void space_flush(struct space *sp)
{
	struct table *t;

	rcu_read_lock();
	list_for_each_entry_rcu(t, &sp->tables, list)
		t->flags = 0;
	rcu_read_unlock();
}

struct table *table_shadow(struct table *parent, struct table *new, int fail)
{
	spin_lock(&parent->lock);
	list_add(&new->list, &parent->children);
	if (fail) {
		list_del(&new->list);
		new = NULL;
	}
	spin_unlock(&parent->lock);
	return new;
}

void space_drop(struct table *t)
{
	list_del(&t->list);
}

struct table *table_from_pool(struct space *sp, struct list_head *pool)
{
	struct table *t;

	t = list_first_entry_or_null(&sp->free_pool, struct table, list);
	if (t)
		list_del(&t->list);
	return t;
}

void table_park(struct table *t)
{
	struct list_head parked;

	INIT_LIST_HEAD(&parked);
	list_add(&t->list, &parked);
}

/*
 * check-name: one link member on an RCU list and on a plain list: the plain list's ops (added to, taken from its head, parked on a local head) are not the RCU list's
 * check-output-start
22:3: warning: list_del(&new->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 12): use list_del_rcu() [rcu-list-api] false-positive
31:2: warning: list_del(&t->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 12): use list_del_rcu() [rcu-list-api] intended
40:3: warning: list_del(&t->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 12): use list_del_rcu() [rcu-list-api] false-positive
 * check-output-end
 */
