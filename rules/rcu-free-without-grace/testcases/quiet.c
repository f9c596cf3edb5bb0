/* The look-alikes that are safe: a wait between the unlink and the free
 * (written out or in a helper of the file), kfree_rcu(), the free inside
 * the RCU callback, and an object freed on an error path before it was
 * ever published (the quiet exit). */
struct item {
	struct list_head node;
	struct rcu_head rcu;
	int key;
};

static LIST_HEAD(items);

int item_find(int key)
{
	struct item *it;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(it, &items, node)
		if (it->key == key)
			found = 1;
	rcu_read_unlock();
	return found;
}

static void items_wait(void)
{
	synchronize_rcu();
}

void item_del_sync(struct item *it)
{
	list_del_rcu(&it->node);
	synchronize_rcu();
	kfree(it);
}

void item_del_net(struct item *it)
{
	list_del_rcu(&it->node);
	synchronize_net();
	kfree(it);
}

void item_del_helper(struct item *it)
{
	list_del_rcu(&it->node);
	items_wait();
	kfree(it);
}

void item_del_deferred(struct item *it)
{
	list_del_rcu(&it->node);
	kfree_rcu(it, rcu);
}

static void item_free_rcu(struct rcu_head *head)
{
	struct item *it = container_of(head, struct item, rcu);

	list_del_rcu(&it->node);
	kfree(it);
}

int item_add(int key)
{
	struct item *it = kzalloc(sizeof(*it), GFP_KERNEL);

	if (!it)
		return -ENOMEM;
	it->key = key;
	if (item_validate(it)) {
		kfree(it);
		return -EINVAL;
	}
	list_add_rcu(&it->node, &items);
	return 0;
}

/*
 * check-name: a grace period, kfree_rcu(), the callback itself and a never-published object are quiet
 * check-output-start
 * check-output-end
 */
