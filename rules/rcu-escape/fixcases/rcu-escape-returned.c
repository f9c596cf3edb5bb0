/* The object read under RCU is returned: the caller uses it after any unlock
 * here, and giving it a reference changes what the caller must do. */
struct peer {
	int state;
};

struct table {
	struct peer *cur;
};

struct peer *table_peer(struct table *t)
{
	struct peer *p;

	rcu_read_lock();
	p = rcu_dereference(t->cur);
	rcu_read_unlock();
	return p;
}

/*
 * check-name: fix: a returned pointer gets no mechanical fix
 * check-rules: rcu-escape
 * check-fix: not applicable: is returned
 * check-output-start
18:9: warning: p was read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
