/* A comment in the function explaining why the object outlives the section
 * (mlx4_cq_completion(), trace_events_user.c) lowers the score; without it
 * the same shape is a bug. */
struct cq { int arm_sn; void (*comp)(struct cq *); };
struct table { int tree; };
void rcu_read_lock(void);
void rcu_read_unlock(void);
void *radix_tree_lookup(int *tree, unsigned long idx);

void cq_completion(struct table *t, unsigned long cqn)
{
	struct cq *cq;

	rcu_read_lock();
	cq = radix_tree_lookup(&t->tree, cqn);
	rcu_read_unlock();
	if (!cq)
		return;
	/* Accessing the CQ outside of rcu_read_lock is safe, because
	 * the CQ is freed only after interrupt handling is completed.
	 */
	++cq->arm_sn;
	cq->comp(cq);
}

void cq_event(struct table *t, unsigned long cqn)
{
	struct cq *cq;

	rcu_read_lock();
	cq = radix_tree_lookup(&t->tree, cqn);
	rcu_read_unlock();
	if (!cq)
		return;
	++cq->arm_sn;
}

/*
 * check-name: a comment saying the object is freed only later marks the escape as known
 * check-output-start
22:4: warning: cq was looked up under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
35:4: warning: cq was looked up under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
