/*
 * An emptiness test of a list head before walking it (written for
 * lockers): the helper compares head->next with head, but the walk copes
 * with an empty list anyway, so the relation is only a NULL check.
 */
#include <linux/sched.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void visit(struct task_struct *c);

int visit_children(struct task_struct *p)
{
	struct task_struct *c;
	int n = 0;

	rcu_read_lock();
	if (list_empty(&p->children)) {
		rcu_read_unlock();
		return 0;
	}
	list_for_each_entry_rcu(c, &p->children, thread_node) {
		visit(c);
		n++;
	}
	rcu_read_unlock();
	return n;
}

/*
 * check-name: an emptiness test of a list head before walking it is only a NULL check and scores low
 * check-output-start
18:6: warning: p->children.next==&p->children (list_empty()) is checked under rcu_read_lock() and relied on by the traversal at 22:2, but RCU does not keep separate loads coherent [rcu-cross-pointer] false-positive
 * check-output-end
 */
