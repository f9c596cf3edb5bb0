/* A header of the test tree (written for lockers): members declared __rcu. */
#ifndef _LINUX_RCU_TASK_H
#define _LINUX_RCU_TASK_H

struct mm_struct;

struct task_struct {
	int pid;
	struct mm_struct *mm;
	struct task_struct __rcu *real_parent;
	struct task_struct __rcu *parent;
	struct task_struct *group_leader;
	struct {
		struct cred __rcu *cred;
	};
	int lock;
};

typedef struct task_struct task_t;

/* the elements are RCU pointers, not the members */
struct fdtable {
	struct file __rcu **fd;
	struct file __rcu *fd_array[4];
};

struct file {
	int f_count;
};

/* loads its argument, then uses the object (a statement expression) */
#define task_pid_deref(t) ({ struct task_struct *__t = rcu_dereference(t); __t->pid; })

#endif

/*
 * check-name: support header of the testcases beside it; scanned like any header, it is quiet
 * check-output-start
 * check-output-end
 */
