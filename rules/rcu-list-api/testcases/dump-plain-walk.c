/* A dump helper walks an exception chain with the plain hlist iterator; its
 * caller holds rcu_read_lock() and the writers unlink with hlist_del_rcu(). */
#define __rcu
struct exc { struct hlist_node hnode; int key; };
struct bucket { struct hlist_head chain; };
struct nh { struct bucket __rcu *buckets; };

static int dump_exceptions(struct bucket *b, int *count)
{
	struct exc *ex;
	int n = 0;

	hlist_for_each_entry(ex, &b->chain, hnode)
		n++;
	*count = n;
	return 0;
}

int dump_nh(struct nh *nh)
{
	struct bucket *b;
	int count = 0;

	rcu_read_lock();
	b = rcu_dereference(nh->buckets);
	if (b)
		dump_exceptions(b, &count);
	rcu_read_unlock();
	return count;
}

void exc_remove(struct exc *ex)
{
	hlist_del_rcu(&ex->hnode);
	kfree_rcu(ex, hnode);
}

/*
 * check-name: plain hlist walk in a helper called inside an RCU section, writers use hlist_del_rcu()
 * check-output-start
13:2: warning: hlist_for_each_entry(ex, &b->chain, hnode) walks a list in a function called inside an RCU read-side section (line 27) but its writers use the RCU API (hlist_del_rcu() at line 34): use hlist_for_each_entry_rcu() [rcu-list-api] intended
 * check-output-end
 */
