/* Two frees of a table readers reach through o->t, right after it is
 * unpublished. owner_exit() loaded it with rcu_dereference_raw(): its author
 * claims that no reader or updater is left (the owner's teardown, as
 * exit_aio()), which lowers the score (read_as_sole_user). owner_drop()
 * names an update-side lock, which keeps out updaters, not readers. */
struct tbl { struct rcu_head rcu; int n; };
struct owner { struct tbl __rcu *t; struct mutex lock; };

int owner_size(struct owner *o)
{
	int n;

	rcu_read_lock();
	n = rcu_dereference(o->t)->n;
	rcu_read_unlock();
	return n;
}

void owner_exit(struct owner *o)
{
	struct tbl *t = rcu_dereference_raw(o->t);

	RCU_INIT_POINTER(o->t, NULL);
	kfree(t);
}

void owner_drop(struct owner *o)
{
	struct tbl *t = rcu_dereference_protected(o->t, lockdep_is_held(&o->lock));

	RCU_INIT_POINTER(o->t, NULL);
	kfree(t);
}

void owner_replace(struct owner *o, struct tbl *new)
{
	struct tbl *old = rcu_replace_pointer(o->t, new, lockdep_is_held(&o->lock));

	kfree_rcu(old, rcu);
}

/*
 * check-name: a table loaded with rcu_dereference_raw() and freed after the unpublish is a teardown
 * check-output-start
24:2: warning: t is freed by kfree() right after RCU_INIT_POINTER() at line 23 with no grace period between: a reader of this file (rcu_dereference() at line 14) may still hold it [rcu-free-without-grace] intended
32:2: warning: t is freed by kfree() right after RCU_INIT_POINTER() at line 31 with no grace period between: a reader of this file (rcu_dereference() at line 14) may still hold it [rcu-free-without-grace] bug
 * check-output-end
 */
