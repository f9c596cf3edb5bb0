/* The chain the message names goes through the callers that hold neither a
 * reader nor the pointer's update-side lock: dev_resize() holds tbl_lock
 * (rcu_assign_pointer() under it makes it tbl's update-side lock), so the
 * chain is dev_report()'s, though dev_resize() calls first. */
struct spinlock { int x; };
struct tbl { int n; };
struct dev { struct tbl __rcu *tbl; struct spinlock tbl_lock; };

static int tbl_size(struct dev *d)
{
	return rcu_dereference(d->tbl)->n;
}

static int dev_size(struct dev *d)
{
	return tbl_size(d);
}

int dev_resize(struct dev *d, struct tbl *t)
{
	int n;

	spin_lock(&d->tbl_lock);
	n = dev_size(d);
	rcu_assign_pointer(d->tbl, t);
	spin_unlock(&d->tbl_lock);
	return n;
}

int dev_report(struct dev *d)
{
	return dev_size(d);
}
/*
 * check-name: the chain named goes through callers holding no update-side lock
 * check-output-start
11:9: warning: rcu_dereference(d->tbl) outside any RCU read-side section of tbl_size, and 1 of its 1 callers hold none: dev_size chain-lock-free.c:16 <- dev_report chain-lock-free.c:32 [rcu-missing-read-lock] intended
 * check-output-end
 */
