/* The object read under RCU is stored in memory that outlives the section:
 * who owns that pointer, and who drops it, is for a person to decide. */
struct peer {
	int state;
};

struct table {
	struct peer *cur;
	struct peer *cached;
};

void table_cache(struct table *t)
{
	struct peer *p;

	rcu_read_lock();
	p = rcu_dereference(t->cur);
	rcu_read_unlock();
	t->cached = p;
}

/*
 * check-name: fix: a stored pointer gets no mechanical fix
 * check-rules: rcu-escape
 * check-fix: not applicable: is stored in memory that outlives the section
 * check-output-start
19:14: warning: p was read under rcu_read_lock() and is stored after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
