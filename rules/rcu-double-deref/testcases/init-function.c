/* The same two reads, in an __init function, in a __net_init one (its
 * attribute on the line before the name) and in an ordinary one. Boot code
 * and the setup of a network namespace no other CPU sees run before the
 * updaters they would race with (init_function). */
struct in_conf { int mtu; };
struct in_dev { struct in_conf __rcu *conf; };
struct net;

static int __init in_early_mtu(struct in_dev *dev)
{
	int mtu = 0;

	rcu_read_lock();
	if (rcu_dereference(dev->conf))
		mtu = rcu_dereference(dev->conf)->mtu;
	rcu_read_unlock();
	return mtu;
}

static int __net_init
in_net_mtu(struct net *net, struct in_dev *dev)
{
	int mtu = 0;

	rcu_read_lock();
	if (rcu_dereference(dev->conf))
		mtu = rcu_dereference(dev->conf)->mtu;
	rcu_read_unlock();
	return mtu;
}

int in_mtu(struct in_dev *dev)
{
	int mtu = 0;

	rcu_read_lock();
	if (rcu_dereference(dev->conf))
		mtu = rcu_dereference(dev->conf)->mtu;
	rcu_read_unlock();
	return mtu;
}

/*
 * check-name: the same reads in __init and __net_init functions score low
 * check-output-start
15:25: warning: dev->conf is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
27:25: warning: dev->conf is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
38:25: warning: dev->conf is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
