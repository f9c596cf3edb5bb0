/* A static inline helper in a header, with an RCU bug (written for lockers):
 * found when headers are scanned (--headers). */
#ifndef _INLINE_IN_HEADER_H
#define _INLINE_IN_HEADER_H

#include <linux/rcu_task.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);

static inline int task_real_parent_pid(struct task_struct *p)
{
	int pid;

	rcu_read_lock();
	pid = p->real_parent->pid;
	rcu_read_unlock();
	return pid;
}

#endif

/*
 * check-name: a plain load of a member declared __rcu inside a read-side section of a static inline helper in a header
 * check-output-start
16:8: warning: p->real_parent is declared __rcu (struct task_struct, include/linux/rcu_task.h:10) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
 * check-output-end
 */
