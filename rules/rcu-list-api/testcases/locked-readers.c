/* Every _rcu walk of the rule list names the update lock (lockdep
 * condition) and none runs under rcu_read_lock(): the plain list_del() under
 * that lock races no reader. */
struct rule { struct list_head node; int prio; };
struct table { struct list_head rules; struct mutex lock; };

int table_max_prio(struct table *t)
{
	struct rule *r;
	int max = 0;

	list_for_each_entry_rcu(r, &t->rules, node, lockdep_is_held(&t->lock))
		if (r->prio > max)
			max = r->prio;
	return max;
}

void table_del_rule(struct table *t, struct rule *r)
{
	mutex_lock(&t->lock);
	list_del(&r->node);
	mutex_unlock(&t->lock);
}

/*
 * check-name: readers that all hold the update lock: a plain list_del() scores low
 * check-output-start
21:2: warning: list_del(&r->node) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 12): use list_del_rcu() [rcu-list-api] false-positive
 * check-output-end
 */
