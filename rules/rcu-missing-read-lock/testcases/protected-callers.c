/* A helper reads an RCU pointer with no section of its own; two callers
 * take rcu_read_lock() around the call, a third, reached from a work
 * function, does not. Two callers in a reader are the helper's contract:
 * the unprotected chain more likely runs in a context the index cannot see
 * (an interrupt entry, a receive path), so the finding ranks below
 * unprotected-caller.c's (the shape of get_kprobe(), 35 of 37 callers in a
 * reader, and radix_tree_deref_slot()). */
struct prio { int level; };
struct queue { struct prio __rcu *prio; };

static int queue_level(struct queue *q)
{
	struct prio *p = rcu_dereference(q->prio);

	return p ? p->level : 0;
}

int queue_poll(struct queue *q)
{
	int n;

	rcu_read_lock();
	n = queue_level(q);
	rcu_read_unlock();
	return n;
}

int queue_peek(struct queue *q)
{
	int n;

	rcu_read_lock();
	n = queue_level(q) + 1;
	rcu_read_unlock();
	return n;
}

static void queue_work_fn(struct queue *q)
{
	queue_level(q);
}

void queue_setup(struct queue *q)
{
	queue_work_fn(q);
}
/*
 * check-name: a helper's RCU read, two callers in a reader and one not: ranked lower
 * check-output-start
13:19: warning: rcu_dereference(q->prio) outside any RCU read-side section of queue_level, and 1 of its 3 callers hold none: queue_work_fn protected-callers.c:40 <- queue_setup protected-callers.c:45 [rcu-missing-read-lock] intended
 * check-output-end
 */
