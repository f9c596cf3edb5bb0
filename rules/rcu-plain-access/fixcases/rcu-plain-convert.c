/* The plain load of a member not declared __rcu (fm10k's iov_data):
 * rcu_dereference() alone would add a sparse warning, so the member
 * becomes __rcu and every access takes its accessor (rcu_assign_pointer()
 * stays; tests/test_fix_compile.py has the other accesses, in two files and
 * a header). */
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
 * check-name: fix: a member not declared __rcu becomes __rcu, every access with its accessor
 * check-rules: rcu-plain-access
 * check-fix: offered
 * check-output-start
25:6: warning: d->conf is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
