/* The same plain load of a member not declared __rcu, but the member's
 * address is taken: no accessor converts that, so the fix is refused. */
struct conf {
	int mtu;
};

struct dev {
	struct conf *conf;
};

void conf_swap(struct conf **slot, struct conf *c);

void dev_set_conf(struct dev *d, struct conf *c)
{
	conf_swap(&d->conf, c);
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
 * check-name: fix: a member not declared __rcu whose address is taken gets no conversion
 * check-rules: rcu-plain-access
 * check-fix: refused: takes the address of d->conf
 * check-output-start
25:6: warning: d->conf is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
