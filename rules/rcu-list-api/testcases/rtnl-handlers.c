/* can-gw's shape: the only RCU walker of the job list is an rtnetlink dump,
 * which runs under the rtnl socket's cb_mutex (RTNL), and every writer
 * holds RTNL: the plain hlist_del() is wrong in form (the deferred free
 * says so) but no reader is lock-free. A dump registered with
 * RTNL_FLAG_DUMP_UNLOCKED gives no such guarantee. */
struct job {
	struct hlist_node list;
	struct rcu_head rcu;
	int id;
};

struct rule {
	struct hlist_node node;
	struct rcu_head rcu;
};

struct table {
	struct hlist_head jobs;
	struct hlist_head rules;
};

static struct table tab;

static int job_dump(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct job *j;
	int n = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(j, &tab.jobs, list)
		n += put_job(skb, j);
	rcu_read_unlock();
	return n;
}

static int rule_dump(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rule *r;
	int n = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(r, &tab.rules, node)
		n += put_rule(skb, r);
	rcu_read_unlock();
	return n;
}

static void job_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct job, rcu));
}

static int job_remove(struct sk_buff *skb, struct nlmsghdr *nlh, struct netlink_ext_ack *extack)
{
	struct job *j;

	ASSERT_RTNL();
	j = job_find(nlh);
	hlist_del(&j->list);
	call_rcu(&j->rcu, job_free_rcu);
	return 0;
}

static void rule_remove(struct rule *r)
{
	ASSERT_RTNL();
	hlist_del(&r->node);
	kfree_rcu(r, rcu);
}

static int __init job_init(void)
{
	rtnl_register_module(THIS_MODULE, PF_CAN, RTM_GETROUTE, NULL, job_dump, 0);
	rtnl_register_module(THIS_MODULE, PF_CAN, RTM_DELROUTE, job_remove, NULL, 0);
	rtnl_register_module(THIS_MODULE, PF_CAN, RTM_GETRULE, NULL, rule_dump,
			     RTNL_FLAG_DUMP_UNLOCKED);
	return 0;
}
/*
 * check-name: readers that run as rtnetlink handlers hold RTNL, unless registered _UNLOCKED
 * check-output-start
59:2: warning: hlist_del(&j->list) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 30): use hlist_del_rcu() [rcu-list-api] intended
67:2: warning: hlist_del(&r->node) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 42): use hlist_del_rcu() [rcu-list-api] bug
 * check-output-end
 */
