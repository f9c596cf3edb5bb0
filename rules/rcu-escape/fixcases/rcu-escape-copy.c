/* Only scalar fields of the route are read after the unlock: lockers fix
 * copies them into locals inside the section (their types from struct
 * route) and the code reads the copies. */
struct route {
	unsigned int metric;
	int mtu;
	struct route *next;
};

struct fib {
	struct route *def;
};

int fib_cost(struct fib *f, int len)
{
	struct route *rt;

	rcu_read_lock();
	rt = rcu_dereference(f->def);
	if (!rt) {
		rcu_read_unlock();
		return -ENODEV;
	}
	rcu_read_unlock();
	if (len > rt->mtu)
		return -EMSGSIZE;
	return len * rt->metric;
}

/*
 * check-name: fix: scalar fields are copied inside the section
 * check-rules: rcu-escape
 * check-fix: offered
 * check-output-start
25:12: warning: rt was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
