/* A use after the unlock, where every known caller of the function holds
 * the pointer's update-side lock: the lock rcu_dereference_protected()
 * names with lockdep_is_held(), held where rcu_assign_pointer() stores the
 * pointer. No updater can free the object while the caller holds it (the
 * call-context index, callers_hold_update_lock). The same function, also
 * exported, has callers no one knows: they never count. */
struct ul_lock { int x; };
struct ul_tbl { int n; };
struct ul_dev { struct ul_tbl __rcu *tbl; struct ul_lock tbl_lock; };

static int ul_size(struct ul_dev *d)
{
	struct ul_tbl *t;

	rcu_read_lock();
	t = rcu_dereference(d->tbl);
	rcu_read_unlock();
	return t->n;
}

void ul_replace(struct ul_dev *d, struct ul_tbl *new)
{
	struct ul_tbl *old;

	spin_lock(&d->tbl_lock);
	old = rcu_dereference_protected(d->tbl, lockdep_is_held(&d->tbl_lock));
	new->n = ul_size(d) + old->n;
	rcu_assign_pointer(d->tbl, new);
	spin_unlock(&d->tbl_lock);
}

/* the same, exported: a module may call it holding nothing */
int ul_size_exported(struct ul_dev *d)
{
	struct ul_tbl *t;

	rcu_read_lock();
	t = rcu_dereference(d->tbl);
	rcu_read_unlock();
	return t->n;
}
EXPORT_SYMBOL(ul_size_exported);

void ul_grow(struct ul_dev *d, struct ul_tbl *new)
{
	spin_lock(&d->tbl_lock);
	new->n = ul_size_exported(d) * 2;
	rcu_assign_pointer(d->tbl, new);
	spin_unlock(&d->tbl_lock);
}
/*
 * check-name: every known caller holds the update-side lock (scores low); unknown callers do not count
 * check-output-start
18:9: warning: t was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
40:9: warning: t was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
