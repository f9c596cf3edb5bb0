/*
 * The cgroup_attach_proc() shape done right (written for lockers): the
 * leadership seen under RCU is only a hint; the walk happens under
 * tasklist_lock after checking the same thing again.
 */
#include <linux/sched.h>

#define EAGAIN 11

struct rwlock { int raw; };
extern struct rwlock tasklist_lock;

struct group_list {
	struct task_struct **tasks;
	int size;
};

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void read_lock(struct rwlock *l);
extern void read_unlock(struct rwlock *l);
extern void get_task_struct(struct task_struct *t);

int attach_group_locked(struct group_list *gl, struct task_struct *leader)
{
	struct task_struct *tsk;
	int i = 0;

	rcu_read_lock();
	if (!thread_group_leader(leader)) {
		rcu_read_unlock();
		return -EAGAIN;
	}
	tsk = leader;
	do {
		get_task_struct(tsk);
	} while_each_thread(leader, tsk);
	rcu_read_unlock();

	read_lock(&tasklist_lock);
	if (!thread_group_leader(leader)) {
		read_unlock(&tasklist_lock);
		return -EAGAIN;
	}
	tsk = leader;
	do {
		if (i >= gl->size)
			break;
		gl->tasks[i++] = tsk;
	} while_each_thread(leader, tsk);
	read_unlock(&tasklist_lock);
	return i;
}

/*
 * check-name: the same check made again under read_lock(&tasklist_lock) before the real walk scores low
 * check-output-start
30:7: warning: leader==leader->group_leader (thread_group_leader()) is checked under rcu_read_lock() and relied on by the traversal at 37:4, but RCU does not keep separate loads coherent; re-checked under the lock taken at 40:2 [rcu-cross-pointer] false-positive
 * check-output-end
 */
