/* An entry point called through an ops table looks a table up before it
 * takes rcu_read_lock(): the lookup helper reads RCU-protected data and
 * opens no section of its own (ipmr's reg_vif_xmit() calling
 * ipmr_fib_lookup() before the lock). The call is the finding. */
struct table { int id; };
struct net { struct table __rcu *mrt; };
struct xmit_ops { int (*xmit)(struct net *); };

static struct table *table_lookup(struct net *net)
{
	return rcu_dereference(net->mrt);
}

static int table_xmit(struct net *net)
{
	struct table *t = table_lookup(net);
	int id;

	rcu_read_lock();
	id = t->id;
	rcu_read_unlock();
	return id;
}

static const struct xmit_ops xops = {
	.xmit = table_xmit,
};
/*
 * check-name: an entry point calls a lookup helper outside its section
 * check-output-start
11:9: warning: rcu_dereference(net->mrt) outside any RCU read-side section of table_lookup, whose callers are unknown (its callers are reached only through pointers or exports) [rcu-missing-read-lock] intended
16:20: warning: table_lookup() reads RCU-protected data with no section of its own, and is called outside any RCU read-side section of table_xmit, whose callers are unknown (called through a pointer) [rcu-missing-read-lock] false-positive
 * check-output-end
 */
