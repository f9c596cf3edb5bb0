/* A plain load of an RCU-protected pointer inside rcu_read_lock():
 * lockers fix offers rcu_dereference(). */
struct conf {
	int mtu;
};

struct dev {
	struct conf __rcu *conf;
};

void dev_set_conf(struct dev *d, struct conf *c)
{
	rcu_assign_pointer(d->conf, c);
}

int dev_mtu(struct dev *d)
{
	struct conf *c;
	int mtu = 0;

	rcu_read_lock();
	c = d->conf;
	if (c)
		mtu = c->mtu;
	rcu_read_unlock();
	return mtu;
}

/*
 * check-name: fix: plain load in a read-side section becomes rcu_dereference()
 * check-rules: rcu-plain-access
 * check-fix: offered
 * check-output-start
22:6: warning: d->conf is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
