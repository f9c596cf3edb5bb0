/*
 * The relation written out in the code (written for lockers): a task and
 * its group_leader read in one RCU section, then the thread list walked or
 * the task read again as if the two loads agreed.
 */
#include <linux/sched.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void note_thread(struct task_struct *t);

int count_group_threads(struct task_struct *p)
{
	struct task_struct *t;
	int n = 0;

	rcu_read_lock();
	if (p != p->group_leader) {
		rcu_read_unlock();
		return -1;
	}
	for_each_thread(p, t) {
		note_thread(t);
		n++;
	}
	rcu_read_unlock();
	return n;
}

int leader_parent_pid(struct task_struct *p)
{
	int pid = 0;

	rcu_read_lock();
	if (p->group_leader == p)
		pid = p->real_parent->pid;
	rcu_read_unlock();
	return pid;
}

/*
 * check-name: p != p->group_leader written out, then a traversal (bug) or only further loads (intended)
 * check-output-start
18:6: warning: p!=p->group_leader is checked under rcu_read_lock() and relied on by the traversal at 22:2, but RCU does not keep separate loads coherent [rcu-cross-pointer] bug
35:6: warning: p->group_leader==p is checked under rcu_read_lock() and relied on by the loads through it at 36:12, but RCU does not keep separate loads coherent [rcu-cross-pointer] intended
 * check-output-end
 */
