/* A filter entry on an RCU-read list is unlinked and freed at once; its
 * type has an rcu_head, so the fix frees it with kfree_rcu(). */
struct filt {
	struct list_head link;
	struct rcu_head rcu;
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
 * check-name: fix: kfree() after list_del_rcu() becomes kfree_rcu() with the type's rcu_head
 * check-rules: rcu-free-without-grace
 * check-fix: offered
 * check-output-start
27:2: warning: f is freed by kfree() right after list_del_rcu() at line 26 with no grace period between: a reader of this file (list_for_each_entry_rcu() at line 17) may still hold it [rcu-free-without-grace] bug
 * check-output-end
 */
