/* The route read under RCU is used after the unlock by code that does not
 * sleep (route_weight() is in the file): lockers fix moves rcu_read_unlock()
 * after the last use, and before the return in between. */
struct route {
	int metric;
	int mtu;
};

struct fib {
	struct route *def;
	int hits;
};

static int route_weight(const struct route *rt)
{
	return rt->metric * 2;
}

int fib_weight(struct fib *f)
{
	struct route *rt;
	int w;

	rcu_read_lock();
	rt = rcu_dereference(f->def);
	if (!rt) {
		rcu_read_unlock();
		return -ENODEV;
	}
	rcu_read_unlock();
	f->hits++;
	if (rt->mtu < 68)
		return -EINVAL;
	w = route_weight(rt);
	return w;
}

/*
 * check-name: fix: the section is extended over uses that do not sleep
 * check-rules: rcu-escape
 * check-fix: offered
 * check-output-start
32:6: warning: rt was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
