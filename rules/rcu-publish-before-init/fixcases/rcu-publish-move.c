/* A new object is published with list_add_rcu() and then has two of its
 * fields set: lockers fix moves the stores above the publication. */
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

int table_add(struct table *t, int key, int val)
{
	struct item *it = kzalloc(sizeof(*it), GFP_KERNEL);

	if (!it)
		return -ENOMEM;
	list_add_rcu(&it->list, &t->items);
	it->key = key;
	it->val = val;
	return 0;
}

/*
 * check-name: fix: field stores move above the publication
 * check-rules: rcu-publish-before-init
 * check-fix: offered
 * check-output-start
32:2: warning: list_add_rcu() publishes it to RCU readers before its fields are set (it->key is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
