/* Plain accesses of members a header of the tree declares __rcu (written for lockers). */
#include <linux/rcu_task.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void spin_lock(int *l);
extern void spin_unlock(int *l);

struct mm_struct *parent_mm(struct task_struct *p)
{
	struct mm_struct *mm;

	rcu_read_lock();
	mm = p->parent->mm;
	rcu_read_unlock();
	return mm;
}

int real_parent_pid(task_t *t)
{
	return t->real_parent->pid;
}

struct cred *task_cred(struct task_struct *p)
{
	struct cred *c;

	rcu_read_lock();
	c = p->cred;
	rcu_read_unlock();
	return c;
}

void reparent(struct task_struct *p, struct task_struct *np)
{
	p->real_parent = np;
}

/* the same member name in a struct that does not declare it __rcu */
struct node {
	struct node *parent;
	int key;
};

int node_parent_key(struct node *n)
{
	int k;

	rcu_read_lock();
	k = n->parent->key;
	rcu_read_unlock();
	return k;
}

/* a base whose type the function does not say: not reported */
int leader_parent_pid(struct task_struct *p)
{
	return p->group_leader->parent->pid;
}

int fd_count(struct fdtable *fdt, int i)
{
	int n;

	rcu_read_lock();
	n = fdt->fd[i]->f_count + fdt->fd_array[i]->f_count;
	rcu_read_unlock();
	return n;
}

/*
 * check-name: plain loads and a plain store of members (and of elements of members) the tree's header declares __rcu
 * check-output-start
14:7: warning: p->parent is declared __rcu (struct task_struct, include/linux/rcu_task.h:11) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
21:9: warning: t->real_parent is declared __rcu (struct task_t, include/linux/rcu_task.h:10) but is loaded here without rcu_dereference() [rcu-plain-access] intended
29:6: warning: p->cred is declared __rcu (struct task_struct, include/linux/rcu_task.h:14) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
36:2: warning: p->real_parent is declared __rcu (struct task_struct, include/linux/rcu_task.h:10) but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
66:6: warning: fdt->fd[i] is declared __rcu (struct fdtable, include/linux/rcu_task.h:23) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
66:28: warning: fdt->fd_array[i] is declared __rcu (struct fdtable, include/linux/rcu_task.h:24) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
 * check-output-end
 */
