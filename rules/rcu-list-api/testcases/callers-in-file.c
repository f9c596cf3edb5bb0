/* What the callers in the file give a static writer. Leases: the lease list
 * is walked with the _rcu iterator, but every walker holds the table's
 * rwlock (for read, or for write) and both callers of the plain unlink hold
 * it for write, as ksmbd's lease_del_list() is called. Probes: the bottom
 * half of an unregistration unlinks plainly, but each call of it follows
 * synchronize_rcu(), as kprobes' __unregister_kprobe_bottom() does (its
 * kfree_rcu() is caution: the readers are gone already). A
 * plain unlink whose one caller holds nothing stays a finding. */
struct lease { struct list_head entry; int key; atomic_t ref; };
struct table { struct list_head leases; };
struct probe { struct list_head list; struct probe *agg; struct rcu_head rcu; };

static DEFINE_RWLOCK(table_lock);
static struct list_head probe_table;

int lease_find(struct table *t, int key)
{
	struct lease *l;
	int found = 0;

	read_lock(&table_lock);
	rcu_read_lock();
	list_for_each_entry_rcu(l, &t->leases, entry)
		if (l->key == key)
			found = 1;
	rcu_read_unlock();
	read_unlock(&table_lock);
	return found;
}

static void lease_add(struct table *t, struct lease *l)
{
	write_lock(&table_lock);
	list_add_rcu(&l->entry, &t->leases);
	write_unlock(&table_lock);
}

static void lease_unlink(struct lease *l)
{
	list_del_init(&l->entry);
}

void lease_close(struct lease *l)
{
	write_lock(&table_lock);
	lease_unlink(l);
	write_unlock(&table_lock);
}

void lease_flush(struct table *t)
{
	struct lease *l, *n;

	write_lock(&table_lock);
	list_for_each_entry_safe(l, n, &t->leases, entry)
		lease_unlink(l);
	write_unlock(&table_lock);
}

int probe_hit(void)
{
	struct probe *p;
	int n = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(p, &probe_table, list)
		n++;
	rcu_read_unlock();
	return n;
}

static void probe_unregister_top(struct probe *p)
{
	list_del_rcu(&p->agg->list);
}

static void probe_unregister_bottom(struct probe *p)
{
	list_del(&p->list);
	kfree_rcu(p, rcu);
}

void probes_unregister(struct probe **ps, int num)
{
	int i;

	for (i = 0; i < num; i++)
		probe_unregister_top(ps[i]);
	synchronize_rcu();
	for (i = 0; i < num; i++)
		probe_unregister_bottom(ps[i]);
}

static void probe_drop(struct probe *p)
{
	list_del(&p->list);
}

void probe_remove(struct probe *p)
{
	probe_drop(p);
}

/*
 * check-name: a static writer whose callers in the file hold the readers' lock for write, or wait for a grace period first; one whose caller does neither
 * check-output-start
40:2: warning: list_del_init(&l->entry) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 23): use list_del_rcu() [rcu-list-api] false-positive
79:2: warning: list_del(&p->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 66): use list_del_rcu() [rcu-list-api] intended
96:2: warning: list_del(&p->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 66): use list_del_rcu() [rcu-list-api] intended
 * check-output-end
 */
