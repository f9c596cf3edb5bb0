/* A cgroup_attach_proc()-shaped function (written for lockers). */
#include <linux/sched.h>

#define EAGAIN 11

struct group_list {
	struct task_struct **tasks;
	int size;
};

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void get_task_struct(struct task_struct *t);

int attach_whole_group(struct group_list *gl, struct task_struct *leader)
{
	struct task_struct *tsk;
	int i = 0;

	rcu_read_lock();
	if (!thread_group_leader(leader)) {
		/* exec() may strip us of our leadership */
		rcu_read_unlock();
		return -EAGAIN;
	}
	tsk = leader;
	do {
		if (i >= gl->size)
			break;
		get_task_struct(tsk);
		gl->tasks[i++] = tsk;
	} while_each_thread(leader, tsk);
	rcu_read_unlock();
	return i;
}

/*
 * check-name: thread_group_leader() (a macro of the test tree) checked under RCU, then the thread group walked with while_each_thread
 * check-output-start
21:7: warning: leader==leader->group_leader (thread_group_leader()) is checked under rcu_read_lock() and relied on by the traversal at 32:4, but RCU does not keep separate loads coherent [rcu-cross-pointer] bug
 * check-output-end
 */
