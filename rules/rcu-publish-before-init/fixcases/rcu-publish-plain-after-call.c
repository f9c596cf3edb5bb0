/* A new object is published with a plain store, then a call, then a field
 * store: the store cannot move above the call mechanically, and turning the
 * plain store into rcu_assign_pointer() where it is would still publish the
 * field unset: no patch (a plain store is never rewritten alone). */
struct conf {
	int mtu;
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

int dev_set_conf(struct dev *d, int mtu)
{
	struct conf *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return -ENOMEM;
	d->conf = c;
	notify_conf(d);
	c->mtu = mtu;
	return 0;
}

/*
 * check-name: fix: a plain publication followed by a call is not moved
 * check-rules: rcu-publish-before-init
 * check-fix: refused: does not match the code
 * check-output-start
32:2: warning: d->conf = c publishes c to RCU readers before its fields are set (c->mtu is written after) [rcu-publish-before-init] bug
 * check-output-end
 */
