/* Correct accesses of RCU pointers: accessors, address-of, sizeof, locals. */
#define NULL ((void *)0)
#define __rcu
struct cb { int (*fn)(int); };
struct ctx { struct cb __rcu *cb; struct cb __rcu *slots[4]; int n; };

int ctx_call(struct ctx *c, int v)
{
	struct cb *cb;
	int ret = 0;

	rcu_read_lock();
	cb = rcu_dereference(c->cb);
	if (cb)
		ret = cb->fn(v);
	cb = rcu_dereference(c->slots[v & 3]);
	if (cb)
		ret += cb->fn(v);
	rcu_read_unlock();
	return ret;
}

void ctx_set(struct ctx *c, struct cb *cb, int i)
{
	struct cb *old;

	old = rcu_dereference_protected(c->cb, 1);
	rcu_assign_pointer(c->cb, cb);
	RCU_INIT_POINTER(c->slots[i], NULL);
	if (rcu_access_pointer(c->slots[0]))
		c->n++;
	memset(&c->slots, 0, sizeof(c->slots));
	synchronize_rcu();
	kfree(old);
}

int ctx_size(struct ctx *c)
{
	return sizeof(c->cb) + sizeof(*c->cb);
}

/*
 * check-name: accessor calls, address-of, sizeof and the protected update side stay quiet
 * check-output-start
 * check-output-end
 */
