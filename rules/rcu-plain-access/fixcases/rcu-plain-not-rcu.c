/* The same plain load, but the member is not declared __rcu (fm10k's
 * iov_data): rcu_dereference() on it would add a sparse warning, so the
 * fix is refused with the accesses a conversion to __rcu must touch. */
struct conf {
	int mtu;
};

struct dev {
	struct conf *conf;
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
 * check-name: fix: a member not declared __rcu gets no accessor, and the refusal lists its accesses
 * check-rules: rcu-plain-access
 * check-fix: refused: conf is not declared __rcu (rcu-plain-not-rcu.c:9): an RCU accessor on it adds a sparse warning, and the conversion marks it __rcu and converts its 3 accesses in its directory (rcu-plain-not-rcu.c:14,23,35)
 * check-output-start
22:6: warning: d->conf is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
