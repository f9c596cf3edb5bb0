/* A reference taken in the section on the object the pointer was loaded
 * from (bnxt_ulp.c: bnxt_ulp_get(ulp) before using ops = ulp->ulp_ops), which
 * the unregister path waits on before it clears and frees the ops: a pin the
 * rule cannot prove, so it ranks lower, not silent. No such call: it escapes. */
struct ops { void (*config)(void *h, int n); };
struct ulp { struct ops __rcu *ulp_ops; void *handle; int ref_count; };

void ulp_get(struct ulp *ulp);
void ulp_put(struct ulp *ulp);

void ulp_config(struct ulp *ulp, int n)
{
	struct ops *ops;

	rcu_read_lock();
	ops = rcu_dereference(ulp->ulp_ops);
	if (!ops) {
		rcu_read_unlock();
		return;
	}
	ulp_get(ulp);
	rcu_read_unlock();
	ops->config(ulp->handle, n);
	ulp_put(ulp);
}

void ulp_config_unpinned(struct ulp *ulp, int n)
{
	struct ops *ops;

	rcu_read_lock();
	ops = rcu_dereference(ulp->ulp_ops);
	if (!ops) {
		rcu_read_unlock();
		return;
	}
	rcu_read_unlock();
	ops->config(ulp->handle, n);
}

/*
 * check-name: a reference helper on the pointer's container in the section lowers the score
 * check-output-start
23:2: warning: ops was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
38:2: warning: ops was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
