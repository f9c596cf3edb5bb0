/* can-gw's shape since 6.13, whose handlers sit in a table handed to
 * rtnl_register_many(): the only RCU walker of the job list is a dump of the
 * table, which runs under RTNL, and every writer holds RTNL: the plain
 * hlist_del() is wrong in form (the deferred free says so) but no reader is
 * lock-free. An entry flagged RTNL_FLAG_DUMP_UNLOCKED gives no such
 * guarantee. */
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

static const struct rtnl_msg_handler job_handlers[] __initconst_or_module = {
	{.owner = THIS_MODULE, .protocol = PF_CAN, .msgtype = RTM_GETROUTE,
	 .dumpit = job_dump},
	{.owner = THIS_MODULE, .protocol = PF_CAN, .msgtype = RTM_DELROUTE,
	 .doit = job_remove},
	{.owner = THIS_MODULE, .protocol = PF_CAN, .msgtype = RTM_GETRULE,
	 .dumpit = rule_dump, .flags = RTNL_FLAG_DUMP_UNLOCKED},
};

static int __init job_init(void)
{
	return rtnl_register_many(job_handlers);
}
/*
 * check-name: readers in a table of rtnetlink handlers hold RTNL, unless their entry is flagged _UNLOCKED
 * check-output-start
60:2: warning: hlist_del(&j->list) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 31): use hlist_del_rcu() [rcu-list-api] intended
68:2: warning: hlist_del(&r->node) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 43): use hlist_del_rcu() [rcu-list-api] bug
 * check-output-end
 */
