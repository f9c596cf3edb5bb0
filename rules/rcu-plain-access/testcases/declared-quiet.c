/* Members the tree declares __rcu, read in the ways that need no rcu_dereference() (written for lockers). */
#include <linux/rcu_task.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void spin_lock(int *l);
extern void spin_unlock(int *l);
extern void lockdep_assert_held(int *l);
extern void put_task_struct(struct task_struct *t);
#define NULL ((void *)0)

int parent_pid_locked(struct task_struct *p)
{
	int pid;

	spin_lock(&p->lock);
	pid = p->parent->pid;
	spin_unlock(&p->lock);
	return pid;
}

struct task_struct *parent_protected(struct task_struct *p)
{
	return rcu_dereference_protected(p->parent, 1);
}

int has_parent(struct task_struct *p)
{
	return p->parent != NULL;
}

void forget_parent(struct task_struct *p)
{
	p->parent = NULL;
}

void drop_parent(struct task_struct *p)
{
	put_task_struct(p->parent);
}

/* the members themselves are no RCU pointers: their elements are */
struct file **fd_base(struct fdtable *fdt)
{
	return fdt->fd;
}

struct file **fd_array_base(struct fdtable *fdt)
{
	return fdt->fd_array;
}

/* handed to a macro of the tree that loads it with rcu_dereference() */
int parent_pid_deref(struct task_struct *p)
{
	int pid;

	rcu_read_lock();
	pid = task_pid_deref(p->parent);
	rcu_read_unlock();
	return pid;
}

/*
 * check-name: a member declared __rcu read under the update lock, only NULL-tested or stored NULL scores low, handed to a put is only passed on; rcu_dereference_protected(), a tree macro that loads it, and members whose elements are RCU pointers are quiet
 * check-output-start
17:8: warning: p->parent is accessed with rcu_dereference_protected() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
29:9: warning: p->parent is accessed with rcu_dereference_protected() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
34:2: warning: p->parent is accessed with rcu_dereference_protected() elsewhere in this file but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] false-positive
39:18: warning: p->parent is accessed with rcu_dereference_protected() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] intended
 * check-output-end
 */
