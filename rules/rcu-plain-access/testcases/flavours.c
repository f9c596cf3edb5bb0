/* The bh, sched, srcu and guard(rcu) read-side flavours delimit sections too. */
#define __rcu
struct srcu_struct { int x; };
struct route { int mtu; };
struct nh { struct route __rcu *rt_bh; struct route __rcu *rt_sched; struct route __rcu *rt_srcu; struct route __rcu *rt_guard; };
static struct srcu_struct nh_srcu;

int mtu_bh(struct nh *n)
{
	struct route *r;
	int mtu;

	rcu_read_lock_bh();
	r = rcu_dereference_bh(n->rt_bh);
	mtu = r->mtu;
	r = n->rt_bh;
	mtu += r->mtu;
	rcu_read_unlock_bh();
	return mtu;
}

int mtu_sched(struct nh *n)
{
	struct route *r;

	rcu_read_lock_sched();
	r = n->rt_sched;
	rcu_read_unlock_sched();
	return rcu_dereference_sched(n->rt_sched) == r;
}

int mtu_srcu(struct nh *n)
{
	struct route *r;
	int idx, mtu;

	idx = srcu_read_lock(&nh_srcu);
	r = n->rt_srcu;
	mtu = r->mtu;
	srcu_read_unlock(&nh_srcu, idx);
	r = srcu_dereference(n->rt_srcu, &nh_srcu);
	return mtu;
}

int mtu_guard(struct nh *n)
{
	struct route *r;

	guard(rcu)();
	r = rcu_dereference(n->rt_guard);
	if (!r)
		return 0;
	r = n->rt_guard;
	return r->mtu;
}

/*
 * check-name: plain loads inside rcu_read_lock_bh, _sched, srcu_read_lock and guard(rcu) sections
 * check-output-start
16:6: warning: n->rt_bh is accessed with rcu_dereference_bh() elsewhere in this file but is loaded here without rcu_dereference_bh() inside an RCU read-side section [rcu-plain-access] bug
27:6: warning: n->rt_sched is accessed with rcu_dereference_sched() elsewhere in this file but is loaded here without rcu_dereference_sched() inside an RCU read-side section [rcu-plain-access] bug
38:6: warning: n->rt_srcu is accessed with srcu_dereference() elsewhere in this file but is loaded here without srcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
53:6: warning: n->rt_guard is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug

 * check-output-end
 */
