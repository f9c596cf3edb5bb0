/* The reader takes, after the unlock, the mutex that the updater holds while
 * it waits for a grace period: inside the section it would deadlock. */
struct mutex {
	int locked;
};

struct conf {
	int weight;
};

struct dev {
	struct mutex cfg_lock;
	struct conf *conf;
	int weight;
};

void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);
void synchronize_rcu(void);
void kfree(const void *p);
void conf_apply(struct dev *d, struct conf *c);

void dev_set_conf(struct dev *d, struct conf *c)
{
	struct conf *old;

	mutex_lock(&d->cfg_lock);
	old = d->conf;
	rcu_assign_pointer(d->conf, c);
	synchronize_rcu();
	mutex_unlock(&d->cfg_lock);
	kfree(old);
}

int dev_weight(struct dev *d)
{
	struct conf *c;

	rcu_read_lock();
	c = rcu_dereference(d->conf);
	rcu_read_unlock();
	mutex_lock(&d->cfg_lock);
	conf_apply(d, c);
	mutex_unlock(&d->cfg_lock);
	return 0;
}

/*
 * check-name: fix: no section over a lock the updater holds across synchronize_rcu()
 * check-rules: rcu-escape
 * check-fix: refused: would deadlock
 * check-output-start
43:16: warning: c was read under rcu_read_lock() and is passed on after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
