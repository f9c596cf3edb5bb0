/* A helper reads an RCU pointer with no section of its own; one caller
 * takes rcu_read_lock() around the call, the other does not, and that one
 * is reached from a work function: the object can be freed under the read.
 * (The shape of nf_conncount's count_tree() reached after the caller's
 * rcu_read_unlock().) */
struct conf { int limit; };
struct zone { struct conf __rcu *conf; };

static int zone_limit(struct zone *z)
{
	struct conf *c = rcu_dereference(z->conf);

	return c ? c->limit : 0;
}

int zone_check(struct zone *z)
{
	int n;

	rcu_read_lock();
	n = zone_limit(z);
	rcu_read_unlock();
	return n;
}

static int zone_report(struct zone *z)
{
	return zone_limit(z);
}

static void zone_work(struct zone *z)
{
	zone_report(z);
}

void zone_setup(struct zone *z)
{
	zone_work(z);
}
/*
 * check-name: a helper's RCU read, one of its callers holds no reader
 * check-output-start
11:19: warning: rcu_dereference(z->conf) outside any RCU read-side section of zone_limit, and 1 of its 2 callers hold none: zone_report unprotected-caller.c:28 <- zone_work unprotected-caller.c:33 <- zone_setup unprotected-caller.c:38 [rcu-missing-read-lock] intended
 * check-output-end
 */
