/* A plain load that only tests an RCU-protected pointer against NULL:
 * lockers fix offers rcu_access_pointer(). */
struct conf {
	int mtu;
};

struct dev {
	struct conf __rcu *conf;
};

int dev_mtu(struct dev *d)
{
	struct conf *c;
	int mtu = 0;

	rcu_read_lock();
	c = rcu_dereference(d->conf);
	if (c)
		mtu = c->mtu;
	rcu_read_unlock();
	return mtu;
}

int dev_has_conf(struct dev *d)
{
	return d->conf != NULL;
}

/*
 * check-name: fix: plain NULL test becomes rcu_access_pointer()
 * check-rules: rcu-plain-access
 * check-fix: offered
 * check-output-start
26:9: warning: d->conf is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
 * check-output-end
 */
