/* rcu_dereference_protected(p, 1) says the caller is p's only user without
 * naming a lock. The shape of fib_nhc_update_mtu() before "ipv4: fix
 * use-after-free in fib_nhc_update_mtu()": the exception chain's writers
 * hold fnhe_lock and free entries after a grace period, while the MTU
 * update walks the chain under RTNL only, with a constant condition. The
 * same load in a function that sets the object up or tears it down
 * (nexthop_alloc_bucket(), free_exceptions()), in a writer of the pointer
 * (nexthop_replace_bucket(): its claim is that no other writer runs), under the
 * writers' lock, or inside a reader is not a finding; nor is a constant
 * condition on a pointer whose writers name no lock. */
struct exception { struct exception __rcu *next; unsigned int mtu; };
struct bucket { struct exception __rcu *chain; };
struct nexthop { struct bucket __rcu *exceptions; struct config __rcu *cfg; };
struct config { int weight; };

static DEFINE_SPINLOCK(exc_lock);

static void exception_add(struct nexthop *nh, struct bucket *b, struct exception *e)
{
	spin_lock_bh(&exc_lock);
	rcu_assign_pointer(e->next, rcu_dereference_protected(b->chain, lockdep_is_held(&exc_lock)));
	rcu_assign_pointer(b->chain, e);
	rcu_assign_pointer(nh->exceptions, b);
	spin_unlock_bh(&exc_lock);
}

static void nexthop_update_mtu(struct nexthop *nh, unsigned int mtu)
{
	struct bucket *b = rcu_dereference_protected(nh->exceptions, 1);
	struct exception *e;

	if (!b)
		return;
	for (e = rcu_dereference_protected(b->chain, 1); e; e = rcu_dereference_protected(e->next, 1))
		if (mtu < e->mtu)
			e->mtu = mtu;
}

static unsigned int nexthop_first_mtu(struct nexthop *nh)
{
	struct bucket *b;
	unsigned int mtu = 0;

	rcu_read_lock();
	b = rcu_dereference_protected(nh->exceptions, 1);
	if (b)
		mtu = 1;
	rcu_read_unlock();
	return mtu;
}

static void exceptions_trim(struct nexthop *nh)
{
	struct bucket *b;

	spin_lock_bh(&exc_lock);
	b = rcu_dereference_protected(nh->exceptions, 1);
	if (b)
		rcu_assign_pointer(b->chain, NULL);
	spin_unlock_bh(&exc_lock);
}

static void free_exceptions(struct nexthop *nh)
{
	struct bucket *b = rcu_dereference_protected(nh->exceptions, 1);

	kfree(b);
}

static struct bucket *nexthop_alloc_bucket(struct nexthop *nh)
{
	struct bucket *b = rcu_dereference_protected(nh->exceptions, 1);

	return b ? b : kzalloc(sizeof(*b), GFP_KERNEL);
}

static void nexthop_replace_bucket(struct nexthop *nh, struct bucket *nb)
{
	struct bucket *old = rcu_dereference_protected(nh->exceptions, 1);

	rcu_assign_pointer(nh->exceptions, nb);
	if (old)
		kfree_rcu(old, rcu);
}

static int nexthop_weight(struct nexthop *nh)
{
	return rcu_dereference_protected(nh->cfg, 1)->weight;
}

int nexthop_sync_mtu(struct nexthop *nh, unsigned int mtu)
{
	rtnl_lock();
	nexthop_update_mtu(nh, mtu);
	exceptions_trim(nh);
	free_exceptions(nh);
	nexthop_alloc_bucket(nh);
	nexthop_replace_bucket(nh, NULL);
	rtnl_unlock();
	return nexthop_first_mtu(nh) + nexthop_weight(nh);
}
/*
 * check-name: constant condition on a chain whose writers hold a lock, and where it is quiet
 * check-output-start
29:21: warning: rcu_dereference_protected(nh->exceptions, 1), whose constant condition names no lock (its writers hold exc_lock), outside any RCU read-side section of nexthop_update_mtu, and 1 of its 1 callers hold none: nexthop_sync_mtu protected-constant.c:94 [rcu-missing-read-lock] intended
34:11: warning: rcu_dereference_protected(b->chain, 1), whose constant condition names no lock (its writers hold exc_lock), outside any RCU read-side section of nexthop_update_mtu, and 1 of its 1 callers hold none: nexthop_sync_mtu protected-constant.c:94 [rcu-missing-read-lock] intended
34:58: warning: rcu_dereference_protected(e->next, 1), whose constant condition names no lock (its writers hold exc_lock), outside any RCU read-side section of nexthop_update_mtu, and 1 of its 1 callers hold none: nexthop_sync_mtu protected-constant.c:94 [rcu-missing-read-lock] intended
94:2: warning: nexthop_update_mtu() reads RCU-protected data with no section of its own, and is called outside any RCU read-side section of nexthop_sync_mtu, whose callers are unknown (no caller by name) [rcu-missing-read-lock] false-positive
 * check-output-end
 */
