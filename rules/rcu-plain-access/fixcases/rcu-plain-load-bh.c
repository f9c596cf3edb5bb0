/* A plain load inside rcu_read_lock_bh(): the accessor would be
 * rcu_dereference_bh(), which the fix does not guess: no patch. */
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

int dev_mtu_bh(struct dev *d)
{
	struct conf *c;
	int mtu = 0;

	rcu_read_lock_bh();
	c = d->conf;
	if (c)
		mtu = c->mtu;
	rcu_read_unlock_bh();
	return mtu;
}

/*
 * check-name: fix: plain load in a _bh section gets no rcu_dereference()
 * check-rules: rcu-plain-access
 * check-fix: refused: the load is not inside a plain rcu_read_lock() section
 * check-output-start
22:6: warning: d->conf is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
