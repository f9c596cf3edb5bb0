/* A plain removal whose entry is then freed after a grace period: the
 * kfree_rcu() says readers may still stand on the entry, and list_del()
 * poisons the ->next they step on through. The shape of nf_tables'
 * nft_netdev_unregister_hooks() before "netfilter: nf_tables: use
 * list_del_rcu for netlink hooks" (the netlink dump walks the hook list
 * under RCU). The same unlink freed at once, or a deferred free of
 * another object, does not carry the contradiction. */
struct hook {
	struct list_head list;
	struct ops ops;
	struct rcu_head rcu;
};

struct chain {
	struct list_head hook_list;
};

static int chain_fill_hooks(struct sk_buff *skb, struct chain *c)
{
	struct hook *hook;
	int n = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(hook, &c->hook_list, list)
		n += put_name(skb, hook->ops.name);
	rcu_read_unlock();
	return n;
}

static void chain_unregister_hooks(struct net *net, struct list_head *hook_list, bool release)
{
	struct hook *hook, *next;

	list_for_each_entry_safe(hook, next, hook_list, list) {
		unregister_hook(net, &hook->ops);
		if (release) {
			list_del(&hook->list);
			kfree_rcu(hook, rcu);
		}
	}
}

/* freed at once: no claim that readers remain */
static void chain_drop_hook(struct hook *hook)
{
	list_del(&hook->list);
	kfree(hook);
}

/* the deferred free is of another object */
static void chain_move_hook(struct hook *hook, struct hook *old)
{
	list_del(&hook->list);
	kfree_rcu(old, rcu);
}
/*
 * check-name: a plain unlink whose entry is then freed after a grace period
 * check-output-start
37:4: warning: list_del(&hook->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 24): use list_del_rcu() [rcu-list-api] bug
46:2: warning: list_del(&hook->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 24): use list_del_rcu() [rcu-list-api] intended
53:2: warning: list_del(&hook->list) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 24): use list_del_rcu() [rcu-list-api] intended
 * check-output-end
 */
