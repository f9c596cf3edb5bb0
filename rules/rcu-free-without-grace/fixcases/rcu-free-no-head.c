/* The same unlink and free, but the entry's type has no rcu_head: adding
 * one is the author's choice, so no fix is offered. */
struct filt {
	struct list_head link;
	int port;
};

static LIST_HEAD(filters);

int filt_match(int port)
{
	struct filt *f;
	int hit = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(f, &filters, link)
		if (f->port == port)
			hit = 1;
	rcu_read_unlock();
	return hit;
}

void filt_remove(struct filt *f)
{
	list_del_rcu(&f->link);
	kfree(f);
}

/*
 * check-name: fix: no rcu_head in the freed type, no kfree_rcu()
 * check-rules: rcu-free-without-grace
 * check-fix: not applicable: has no rcu_head
 * check-output-start
26:2: warning: f is freed by kfree() right after list_del_rcu() at line 25 with no grace period between: a reader of this file (list_for_each_entry_rcu() at line 16) may still hold it [rcu-free-without-grace] bug
 * check-output-end
 */
