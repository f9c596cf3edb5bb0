/* list_del_init() re-initialises the entry, which list_del_rcu() does not:
 * lockers fix leaves it to a person. */
struct peer { struct list_head node; int id; };
struct hub { struct list_head peers; spinlock_t lock; };

int hub_has_peer(struct hub *h, int id)
{
	struct peer *p;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(p, &h->peers, node) {
		if (p->id == id)
			found = 1;
	}
	rcu_read_unlock();
	return found;
}

void hub_detach_peer(struct hub *h, struct peer *p)
{
	spin_lock(&h->lock);
	list_del_init(&p->node);
	spin_unlock(&h->lock);
}

/*
 * check-name: fix: list_del_init() has no _rcu twin with the same meaning
 * check-rules: rcu-list-api
 * check-fix: not applicable: no _rcu twin
 * check-output-start
23:2: warning: list_del_init(&p->node) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 12): use list_del_rcu() [rcu-list-api] bug
 * check-output-end
 */
