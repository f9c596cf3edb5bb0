/* A socket's IP options are read under RCU by the transmit path; the
 * socket destructor frees them through rcu_dereference_protected() with
 * no grace period. */
struct opts {
	int len;
	struct rcu_head rcu;
};

struct isock {
	struct opts __rcu *opt;
};

int isock_opt_len(struct isock *s)
{
	struct opts *o;
	int len = 0;

	rcu_read_lock();
	o = rcu_dereference(s->opt);
	if (o)
		len = o->len;
	rcu_read_unlock();
	return len;
}

void isock_destruct(struct isock *s)
{
	kfree(rcu_dereference_protected(s->opt, 1));
}

void isock_set_opt(struct isock *s, struct opts *n)
{
	struct opts *old = rcu_dereference_protected(s->opt, 1);

	rcu_assign_pointer(s->opt, n);
	if (old)
		kfree_rcu(old, rcu);
}

/*
 * check-name: a destructor frees what an __rcu pointer still points at: intended band (the container is often dead)
 * check-output-start
28:2: warning: the object of s->opt is freed by kfree() while s->opt still points at it (read with rcu_dereference_protected()), with no grace period: a reader of this file (rcu_dereference() at line 19) may still hold it [rcu-free-without-grace] intended
 * check-output-end
 */
