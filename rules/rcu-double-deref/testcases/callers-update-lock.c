/* Two loads of one pointer in a section, in a function whose every known
 * caller holds the pointer's update-side lock: the lock
 * rcu_dereference_protected() names with lockdep_is_held(), held where
 * rcu_assign_pointer() stores it. No updater runs between the loads (the
 * call-context index, callers_hold_update_lock). The same function called
 * by a caller that holds nothing stays a bug. */
struct cu_lock { int x; };
struct cu_conf { int mtu; };
struct cu_dev { struct cu_conf __rcu *conf; struct cu_lock conf_lock; };

static int cu_mtu(struct cu_dev *d)
{
	int mtu = 0;

	rcu_read_lock();
	if (rcu_dereference(d->conf))
		mtu = rcu_dereference(d->conf)->mtu;
	rcu_read_unlock();
	return mtu;
}

void cu_replace(struct cu_dev *d, struct cu_conf *new)
{
	struct cu_conf *old;

	spin_lock(&d->conf_lock);
	old = rcu_dereference_protected(d->conf, lockdep_is_held(&d->conf_lock));
	new->mtu = cu_mtu(d) + old->mtu;
	rcu_assign_pointer(d->conf, new);
	spin_unlock(&d->conf_lock);
}

static int cu_mtu_any(struct cu_dev *d)
{
	int mtu = 0;

	rcu_read_lock();
	if (rcu_dereference(d->conf))
		mtu = rcu_dereference(d->conf)->mtu;
	rcu_read_unlock();
	return mtu;
}

int cu_report(struct cu_dev *d)
{
	return cu_mtu_any(d);
}

void cu_grow(struct cu_dev *d, struct cu_conf *new)
{
	spin_lock(&d->conf_lock);
	new->mtu = cu_mtu_any(d) * 2;
	rcu_assign_pointer(d->conf, new);
	spin_unlock(&d->conf_lock);
}

/*
 * check-name: every known caller holds the update-side lock (scores low); one caller holding nothing keeps it a bug
 * check-output-start
17:25: warning: d->conf is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
39:25: warning: d->conf is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
