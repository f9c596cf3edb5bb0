/* A pointer handed to a header's iterator macro whose expansion loads it
 * with rcu_dereference(), directly or through another macro however deep
 * (IPVS's ip_vs_rht_walk_buckets_rcu(ipvs->conn_tab, head) in 7.x): the
 * macro index records the parameter, and the argument is no plain load.
 * A macro that loads its argument plainly still is one. */
#include <net/rht_walk.h>

void rcu_read_lock(void);
void rcu_read_unlock(void);

int count_direct(struct rht_owner *o)
{
	struct rht *t, *p;
	int n = 0;

	rcu_read_lock();
	rht_for_each_table_rcu(o->tab, t, p)
		n += t->size;
	rcu_read_unlock();
	return n;
}

int count_buckets(struct rht_owner *o)
{
	struct rht *_t, *_p;
	int _bucket, *head, n = 0;

	rcu_read_lock();
	rht_walk_buckets_rcu(o->tab, head)
		n += *head;
	rcu_read_unlock();
	return n;
}

int count_plain(struct rht_owner *o)
{
	struct rht *t;
	int n = 0;

	rcu_read_lock();
	rht_walk_plain(o->tab, t)
		n += t->size;
	rcu_read_unlock();
	return n;
}

void owner_clear(struct rht_owner *o)
{
	RCU_INIT_POINTER(o->tab, 0);
}

/*
 * check-name: an argument a header's macro loads with rcu_dereference() (through another macro too) is no plain load
 * check-output-start
41:17: warning: o->tab is accessed with RCU_INIT_POINTER() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
