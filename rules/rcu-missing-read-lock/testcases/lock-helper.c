/* Negative through a lock helper: a caller that takes the update-side lock
 * with a function of its own (dev_lock(), as cgroup_lock() takes cgroup_mutex),
 * or one whose parameter is the lock and returns holding it on one path
 * (lock_nested(&d->tab_mutex, ...), as epoll_mutex_lock(&ep->mtx, ...)),
 * holds it until the unlock; after dev_unlock() it does not. */
struct mutex { int x; };
struct tbl { int n; };
struct dev { struct tbl __rcu *tab; struct mutex tab_mutex; };

static int tbl_size(struct dev *d)
{
	return rcu_dereference(d->tab)->n;
}

void dev_replace(struct dev *d, struct tbl *t)
{
	mutex_lock(&d->tab_mutex);
	rcu_assign_pointer(d->tab, t);
	mutex_unlock(&d->tab_mutex);
}

static void dev_lock(struct dev *d)
{
	mutex_lock(&d->tab_mutex);
}

static void dev_unlock(struct dev *d)
{
	mutex_unlock(&d->tab_mutex);
}

static int lock_nested(struct mutex *m, int depth, int nonblock)
{
	if (!nonblock) {
		mutex_lock_nested(m, depth);
		return 0;
	}
	if (mutex_trylock(m))
		return 0;
	return -EAGAIN;
}

int dev_count(struct dev *d)
{
	int n;

	dev_lock(d);
	n = tbl_size(d);
	dev_unlock(d);
	return n;
}

int dev_count_nested(struct dev *d)
{
	int n;

	lock_nested(&d->tab_mutex, 0, 0);
	n = tbl_size(d);
	mutex_unlock(&d->tab_mutex);
	return n;
}

static int tbl_peek(struct dev *d)
{
	return rcu_dereference(d->tab)->n;
}

static int dev_peek(struct dev *d)
{
	dev_lock(d);
	dev_unlock(d);
	return tbl_peek(d);
}

int dev_ioctl(struct dev *d)
{
	int n;

	rcu_read_lock();
	n = tbl_peek(d);
	rcu_read_unlock();
	return n + dev_peek(d);
}
/*
 * check-name: a caller holding the update-side lock through a lock helper
 * check-output-start
65:9: warning: rcu_dereference(d->tab) outside any RCU read-side section of tbl_peek, and 1 of its 2 callers hold none: dev_peek lock-helper.c:72 <- dev_ioctl lock-helper.c:82 [rcu-missing-read-lock] intended
 * check-output-end
 */
