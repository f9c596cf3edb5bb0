/* References the rule must see: taken inside an RCU list walk before the unlock
 * (ksmbd oplock.c), by a *_take() helper (mlx5 tc_tun_encap.c), after an
 * if block inside scoped_guard(rcu) (futex_get_robust_list_common()); and a
 * pointer re-assigned through an out-parameter after the unlock (mlx5e_configure_flower()). */
struct list_head { struct list_head *next, *prev; };
typedef struct { int counter; } atomic_t;
struct lease { atomic_t refcount; int state; struct list_head entry; };
struct encap { int ok; struct list_head list; };
struct flow { int dev; };
struct rht { int x; };
#define NULL ((void *)0)
void rcu_read_lock(void);
void rcu_read_unlock(void);
int atomic_inc_not_zero(atomic_t *a);
int encap_take(struct encap *e);
void *rhashtable_lookup(struct rht *t, int key);
int add_flow(struct rht *t, struct flow **out);
void use(int v);
struct task { int x; };
struct task *current;
struct task *find_task_by_vpid(int pid);
void get_task_struct(struct task *t);
int task_use(struct task *t);

int lease_walk(struct list_head *head)
{
	struct lease *opinfo;

	rcu_read_lock();
	list_for_each_entry_rcu(opinfo, head, entry) {
		if (!atomic_inc_not_zero(&opinfo->refcount))
			continue;
		rcu_read_unlock();
		if (!opinfo->state)
			return 0;
		return opinfo->state;
	}
	rcu_read_unlock();
	return -1;
}

int encap_next(struct list_head *head)
{
	struct encap *next;

	rcu_read_lock();
	list_for_each_entry_rcu(next, head, list) {
		if (encap_take(next))
			break;
	}
	rcu_read_unlock();
	return next->ok;
}

int flow_add(struct rht *t, int key)
{
	struct flow *flow;
	int err;

	rcu_read_lock();
	flow = rhashtable_lookup(t, key);
	rcu_read_unlock();
	if (flow)
		return -1;
	err = add_flow(t, &flow);
	if (err)
		return err;
	flow->dev = key;
	return 0;
}

int lease_walk_noref(struct list_head *head)
{
	struct lease *opinfo;

	rcu_read_lock();
	list_for_each_entry_rcu(opinfo, head, entry) {
		if (!opinfo->state)
			continue;
		rcu_read_unlock();
		return opinfo->state;
	}
	rcu_read_unlock();
	return -1;
}

int robust(int pid)
{
	struct task *p = current;

	scoped_guard(rcu) {
		if (pid) {
			p = find_task_by_vpid(pid);
			if (!p)
				return -3;
		}
		get_task_struct(p);
	}
	return task_use(p);
}

struct chanctx { int def; };
struct vif { struct chanctx *chanctx_conf; };
struct mvm { int mutex; };
void mutex_lock(int *m);
void mutex_unlock(int *m);
int phy_changed(struct mvm *mvm, int *def);

/* the update lock stays held after an error exit that unlocks it
 * (iwl_dbgfs_rx_phyinfo_write(), destroy_lease_table()): scored low */
int phyinfo_write(struct mvm *mvm, struct vif *vif)
{
	struct chanctx *c;
	int ret;

	mutex_lock(&mvm->mutex);
	rcu_read_lock();
	c = rcu_dereference(vif->chanctx_conf);
	if (!c) {
		rcu_read_unlock();
		mutex_unlock(&mvm->mutex);
		return -22;
	}
	rcu_read_unlock();
	ret = phy_changed(mvm, &c->def);
	mutex_unlock(&mvm->mutex);
	return ret;
}

/*
 * check-name: a reference taken in the walk, by a _take() helper or after an if in scoped_guard; an out-parameter re-assignment, a lock held past an error-exit unlock (the walk without a reference still reports)
 * check-output-start
81:10: warning: opinfo is the cursor of an RCU list walk under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
125:26: warning: c was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
