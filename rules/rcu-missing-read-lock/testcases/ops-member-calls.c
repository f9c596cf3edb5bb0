/* Calls through an ops member: a function stored in a member (.peek =
 * dev_peek) is called wherever the member is (d->ops->peek(d)). Every call
 * of ->peek sits in a reader, which protects dev_peek: no finding. One call
 * of ->show is outside any reader, but a member's name is shared by many
 * structs, so dev_show's callers stay unknown rather than unprotected;
 * ->poke is read as a value (copied into a local, then called), so the
 * callers of dev_poke are unknown too. */
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
19:9: warning: rcu_dereference(d->conf) outside any RCU read-side section of dev_show, whose callers are unknown (called through a pointer) [rcu-missing-read-lock] intended
29:9: warning: rcu_dereference(d->conf) outside any RCU read-side section of dev_poke, whose callers are unknown (called through a pointer) [rcu-missing-read-lock] intended
 * check-output-end
 */
