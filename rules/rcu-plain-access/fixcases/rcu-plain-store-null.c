/* A plain NULL store to an RCU-protected pointer: lockers fix offers
 * RCU_INIT_POINTER(), the documented form. */
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

void dev_clear_conf(struct dev *d)
{
	d->conf = NULL;
}

/*
 * check-name: fix: plain NULL store becomes RCU_INIT_POINTER()
 * check-rules: rcu-plain-access
 * check-fix: offered
 * check-output-start
26:2: warning: d->conf is accessed with rcu_dereference() elsewhere in this file but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] false-positive
 * check-output-end
 */
