/* Plain loads in helpers whose every known caller holds the pointer's
 * update-side lock (the lock lockdep_is_held() names, held at
 * rcu_assign_pointer()): update-side code (the call-context index,
 * callers_hold_update_lock). The same helper, also exported, has callers
 * no one knows: they never count. */
#define __rcu
typedef struct { int raw; } spinlock_t;
struct pl_tbl { int n; };
struct pl_dev { struct pl_tbl __rcu *tbl; spinlock_t tbl_lock; };

int pl_size_rcu(struct pl_dev *d)
{
	int n;

	rcu_read_lock();
	n = rcu_dereference(d->tbl)->n;
	rcu_read_unlock();
	return n;
}

static int pl_size(struct pl_dev *d)
{
	struct pl_tbl *t = d->tbl;

	return t->n;
}

void pl_replace(struct pl_dev *d, struct pl_tbl *new)
{
	struct pl_tbl *old;

	spin_lock(&d->tbl_lock);
	old = rcu_dereference_protected(d->tbl, lockdep_is_held(&d->tbl_lock));
	new->n = pl_size(d) + old->n;
	rcu_assign_pointer(d->tbl, new);
	spin_unlock(&d->tbl_lock);
}

/* the same, exported: a module may call it holding nothing */
int pl_size_exported(struct pl_dev *d)
{
	struct pl_tbl *t = d->tbl;

	return t->n;
}
EXPORT_SYMBOL(pl_size_exported);

void pl_grow(struct pl_dev *d, struct pl_tbl *new)
{
	spin_lock(&d->tbl_lock);
	new->n = pl_size_exported(d) * 2;
	rcu_assign_pointer(d->tbl, new);
	spin_unlock(&d->tbl_lock);
}
/*
 * check-name: every known caller holds the update-side lock (scores low); unknown callers do not count
 * check-output-start
23:21: warning: d->tbl is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
42:21: warning: d->tbl is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] intended
 * check-output-end
 */
