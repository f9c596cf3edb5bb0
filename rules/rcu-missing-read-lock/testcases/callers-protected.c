/* Negative through the callers: every caller of the helper is inside a
 * reader (an outer rcu_read_lock(), a bottom-half-off spin lock, a
 * guard(rcu)()), or holds the pointer's update-side lock, which
 * rcu_dereference_protected() names elsewhere; a function that asserts the
 * reader, or a load whose lockdep condition names a lock, is the author's
 * claim (a constant condition is not: protected-constant.c). */
struct spinlock { int x; };
struct tbl { int n; };
struct dev { struct tbl __rcu *tbl; struct spinlock tbl_lock; struct spinlock q_lock; };

static int tbl_size(struct dev *d)
{
	return rcu_dereference(d->tbl)->n;
}

int dev_size(struct dev *d)
{
	int n;

	rcu_read_lock();
	n = tbl_size(d);
	rcu_read_unlock();
	return n;
}

int dev_size_bh(struct dev *d)
{
	int n;

	spin_lock_bh(&d->q_lock);
	n = tbl_size(d);
	spin_unlock_bh(&d->q_lock);
	return n;
}

int dev_size_guard(struct dev *d)
{
	guard(rcu)();
	return tbl_size(d);
}

static int tbl_first(struct dev *d)
{
	return rcu_dereference(d->tbl)->n;
}

void dev_replace(struct dev *d, struct tbl *t)
{
	struct tbl *old;

	spin_lock(&d->tbl_lock);
	old = rcu_dereference_protected(d->tbl, lockdep_is_held(&d->tbl_lock));
	old->n = tbl_first(d);
	rcu_assign_pointer(d->tbl, t);
	spin_unlock(&d->tbl_lock);
}

int tbl_asserted(struct dev *d)
{
	WARN_ON_ONCE(!rcu_read_lock_held());
	return rcu_dereference(d->tbl)->n;
}

int tbl_claimed(struct dev *d)
{
	return rcu_dereference_protected(d->tbl, lockdep_is_held(&d->tbl_lock))->n + rcu_dereference_raw(d->tbl)->n;
}
/*
 * check-name: every caller holds a reader or the update-side lock
 * check-output-start
 * check-output-end
 */
