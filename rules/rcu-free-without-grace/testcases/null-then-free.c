/* A connection's signing state is published through an __rcu pointer; a
 * setup branch that cannot use it clears the pointer and frees the state at
 * once, while the receive path may hold it under rcu_read_lock(). */
struct sig_info {
	int keys;
	struct rcu_head rcu;
};

struct conn {
	struct sig_info __rcu *sig;
	int hdr_len;
};

int conn_sig_keys(struct conn *c)
{
	struct sig_info *si;
	int n = 0;

	rcu_read_lock();
	si = rcu_dereference(c->sig);
	if (si)
		n = si->keys;
	rcu_read_unlock();
	return n;
}

void conn_sig_init(struct conn *c)
{
	struct sig_info *sig;

	sig = rcu_dereference_protected(c->sig, 1);
	if (!sig)
		return;
	if (sig->keys) {
		c->hdr_len += 4;
	} else {
		rcu_assign_pointer(c->sig, NULL);
		kfree(sig);
	}
}

void conn_sig_drop(struct conn *c)
{
	struct sig_info *sig = rcu_dereference_protected(c->sig, 1);

	RCU_INIT_POINTER(c->sig, NULL);
	kfree_rcu(sig, rcu);
}

void conn_sig_drop_other(struct conn *c, struct sig_info *unrelated)
{
	RCU_INIT_POINTER(c->sig, NULL);
	kfree(unrelated);
}

/*
 * check-name: rcu_assign_pointer(P, NULL) then kfree() of the old object, no grace period; kfree_rcu() and an unrelated free are quiet
 * check-output-start
38:3: warning: sig is freed by kfree() right after rcu_assign_pointer() at line 37 with no grace period between: a reader of this file (rcu_dereference() at line 20) may still hold it [rcu-free-without-grace] bug
 * check-output-end
 */
