/* A use after the function's own unlock, where every known caller calls
 * the function inside rcu_read_lock() (or with bottom halves off): the
 * inner unlock ends nothing, the caller's section still covers the use
 * (the call-context index, caller_section). The same function called also
 * through an ops table, or exported, has callers no one knows: they never
 * count, and the escape keeps its score. */
struct cs_cfg { int mtu; };
struct cs_port { struct cs_cfg __rcu *cfg; int q_lock; };
struct cs_ops { int (*mtu)(struct cs_port *); };

static int cs_mtu(struct cs_port *p)
{
	struct cs_cfg *c;

	rcu_read_lock();
	c = rcu_dereference(p->cfg);
	rcu_read_unlock();
	return c->mtu;
}

int cs_port_mtu(struct cs_port *p)
{
	int mtu;

	rcu_read_lock();
	mtu = cs_mtu(p);
	rcu_read_unlock();
	return mtu;
}

int cs_port_mtu_bh(struct cs_port *p)
{
	int mtu;

	spin_lock_bh(&p->q_lock);
	mtu = cs_mtu(p);
	spin_unlock_bh(&p->q_lock);
	return mtu;
}

/* the same, but one caller is an ops table */
static int cs_mtu_op(struct cs_port *p)
{
	struct cs_cfg *c;

	rcu_read_lock();
	c = rcu_dereference(p->cfg);
	rcu_read_unlock();
	return c->mtu;
}

int cs_port_mtu_op(struct cs_port *p)
{
	int mtu;

	rcu_read_lock();
	mtu = cs_mtu_op(p);
	rcu_read_unlock();
	return mtu;
}

static const struct cs_ops cs_ops = {
	.mtu = cs_mtu_op,
};

/* the same, exported: modules may call it outside any section */
int cs_mtu_exported(struct cs_port *p)
{
	struct cs_cfg *c;

	rcu_read_lock();
	c = rcu_dereference(p->cfg);
	rcu_read_unlock();
	return c->mtu;
}
EXPORT_SYMBOL(cs_mtu_exported);

int cs_port_mtu_exported(struct cs_port *p)
{
	int mtu;

	rcu_read_lock();
	mtu = cs_mtu_exported(p);
	rcu_read_unlock();
	return mtu;
}
/*
 * check-name: every known caller holds a reader (scores low); unknown callers do not count
 * check-output-start
18:9: warning: c was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
49:9: warning: c was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
74:9: warning: c was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
