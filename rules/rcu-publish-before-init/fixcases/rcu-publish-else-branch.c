/* The else branch allocates and publishes, the stores after the if set the
 * new object and the old one alike, then it is returned (the hci_add_ltk()
 * shape): lockers fix moves the publication after the stores, under the
 * branch's condition. */
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
	struct item *it, *old;

	old = table_lookup(t, key);
	if (old)
		it = old;
	else {
		it = kzalloc(sizeof(*it), GFP_KERNEL);
		if (!it)
			return NULL;
		list_add_rcu(&it->list, &t->items);
	}

	it->key = key;
	it->val = val;

	return it;
}

/*
 * check-name: fix: a publication that ends the else branch moves after the stores
 * check-rules: rcu-publish-before-init
 * check-fix: offered
 * check-output-start
39:3: warning: list_add_rcu() publishes it to RCU readers before its fields are set (it->key is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
