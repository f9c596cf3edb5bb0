/* A new object published with a plain store, where the same pointer is
 * read with rcu_dereference(): lockers fix offers rcu_assign_pointer(). */
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

int dev_new_conf(struct dev *d, int mtu)
{
	struct conf *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return -ENOMEM;
	c->mtu = mtu;
	d->conf = c;
	return 0;
}

/*
 * check-name: fix: plain publishing store becomes rcu_assign_pointer()
 * check-rules: rcu-plain-access
 * check-fix: offered
 * check-output-start
31:2: warning: d->conf is accessed with rcu_dereference() elsewhere in this file but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
 * check-output-end
 */
