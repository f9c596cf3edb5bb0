/* A plain list_del() on a list RCU readers walk: lockers fix offers
 * list_del_rcu(). */
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

void hub_drop_peer(struct hub *h, struct peer *p)
{
	spin_lock(&h->lock);
	list_del(&p->node);
	spin_unlock(&h->lock);
	kfree_rcu(p, node);
}

/*
 * check-name: fix: list_del() on an RCU-walked list becomes list_del_rcu()
 * check-rules: rcu-list-api
 * check-fix: offered
 * check-output-start
23:2: warning: list_del(&p->node) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 12): use list_del_rcu() [rcu-list-api] bug
 * check-output-end
 */
