/* Calls through an ops member: a function stored in a member (.show =
 * dev_show) is called wherever the member is (d->ops->show(d)). One call
 * of ->show outside any reader leaves dev_show unprotected, through that
 * chain; every call of ->peek sits in a reader, which protects dev_peek;
 * ->poke is read as a value (copied into a local, then called), so the
 * callers of dev_poke stay unknown. */
struct conf { int mtu; };
struct dev;
struct dev_ops {
	int (*show)(struct dev *);
	int (*peek)(struct dev *);
	int (*poke)(struct dev *);
};
struct dev { struct conf __rcu *conf; const struct dev_ops *ops; };

static int dev_show(struct dev *d)
{
	return rcu_dereference(d->conf)->mtu;
}

static int dev_peek(struct dev *d)
{
	return rcu_dereference(d->conf)->mtu;
}

static int dev_poke(struct dev *d)
{
	return rcu_dereference(d->conf)->mtu;
}

static const struct dev_ops dev_ops = {
	.show = dev_show,
	.peek = dev_peek,
	.poke = dev_poke,
};

int dev_report(struct dev *d)
{
	return d->ops->show(d);
}

int dev_report_rcu(struct dev *d)
{
	int n;

	rcu_read_lock();
	n = d->ops->show(d) + d->ops->peek(d);
	rcu_read_unlock();
	return n;
}

int dev_call(struct dev *d)
{
	int (*fn)(struct dev *) = d->ops->poke;
	int n;

	rcu_read_lock();
	n = fn(d);
	rcu_read_unlock();
	return n;
}
/*
 * check-name: functions called through an ops member: the member's call sites are their callers
 * check-output-start
18:9: warning: rcu_dereference(d->conf) outside any RCU read-side section of dev_show, and 1 of its 2 callers hold none: dev_report ops-member-calls.c:39 [rcu-missing-read-lock] intended
28:9: warning: rcu_dereference(d->conf) outside any RCU read-side section of dev_poke, whose callers are unknown (called through a pointer) [rcu-missing-read-lock] intended
 * check-output-end
 */
