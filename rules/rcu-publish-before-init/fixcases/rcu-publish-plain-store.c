/* A new object is published with a plain store and then has its fields set.
 * Moved below the stores, a plain store still orders nothing: the CPU or the
 * compiler can make the pointer visible first. lockers fix moves the
 * publication below the stores as rcu_assign_pointer(), which orders them. */
struct conf {
	int mtu;
	int flags;
};

struct dev {
	struct conf *conf;
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

int dev_set_conf(struct dev *d, int mtu, int flags)
{
	struct conf *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return -ENOMEM;
	d->conf = c;
	c->mtu = mtu;
	c->flags = flags;
	return 0;
}

/*
 * check-name: fix: a plain publication moves below the stores as rcu_assign_pointer()
 * check-rules: rcu-publish-before-init
 * check-fix: offered
 * check-output-start
33:2: warning: d->conf = c publishes c to RCU readers before its fields are set (c->mtu is written after) [rcu-publish-before-init] bug
 * check-output-end
 */
