/* The publication is the last statement of the branch that allocates; the
 * stores after the branch also update an object found by lookup (the
 * hci_add_irk() shape): moving them is not mechanical, no patch. */
struct item {
	struct list_head list;
	int key;
	int val;
};

struct table {
	struct list_head items;
};

int table_find(struct table *t, int key)
{
	struct item *it;
	int val = -1;

	rcu_read_lock();
	list_for_each_entry_rcu(it, &t->items, list)
		if (it->key == key)
			val = it->val;
	rcu_read_unlock();
	return val;
}

struct item *table_set(struct table *t, int key, int val)
{
	struct item *it = table_lookup(t, key);

	if (!it) {
		it = kzalloc(sizeof(*it), GFP_KERNEL);
		if (!it)
			return NULL;
		it->key = key;
		list_add_rcu(&it->list, &t->items);
	}
	it->val = val;
	return it;
}

/*
 * check-name: fix: stores after the publishing branch are not moved
 * check-rules: rcu-publish-before-init
 * check-fix: refused: does not match the code
 * check-output-start
36:3: warning: list_add_rcu() publishes it to RCU readers before its fields are set (it->val is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
