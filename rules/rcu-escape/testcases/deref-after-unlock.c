/* Fields are read after the unlock; copying them inside the section is fine. */
struct route { int metric; int mtu; };
struct fib { struct route *def; };
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

int fib_metric(struct fib *f)
{
	struct route *rt;
	int m;

	rcu_read_lock();
	rt = rcu_dereference(f->def);
	rcu_read_unlock();
	m = rt->metric;
	return m;
}

int fib_metric_copy(struct fib *f)
{
	struct route *rt;
	int m;

	rcu_read_lock();
	rt = rcu_dereference(f->def);
	m = rt->metric;
	rcu_read_unlock();
	return m;
}

/*
 * check-name: dereference after the unlock; a value copied inside the section does not escape
 * check-output-start
16:6: warning: rt was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
