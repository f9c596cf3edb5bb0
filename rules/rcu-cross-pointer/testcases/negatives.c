/*
 * Quiet cases (written for lockers): the relation read under a real lock,
 * a NULL check of one pointer (direct and through a helper), a helper
 * comparing a field with a constant argument, a relation
 * that nothing relies on afterwards, and one whose use happens under a
 * spinlock taken after the check.
 */
#include <linux/sched.h>

struct spinlock { int raw; };
struct rwlock { int raw; };
extern struct rwlock tasklist_lock;

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void read_lock(struct rwlock *l);
extern void read_unlock(struct rwlock *l);
extern void note_thread(struct task_struct *t);

int walk_group_locked(struct task_struct *p)
{
	struct task_struct *t;
	int n = 0;

	read_lock(&tasklist_lock);
	if (!thread_group_leader(p)) {
		read_unlock(&tasklist_lock);
		return -1;
	}
	for_each_thread(p, t)
		n++;
	read_unlock(&tasklist_lock);
	return n;
}

int signal_threads(struct task_struct *p)
{
	int n = 0;

	rcu_read_lock();
	if (!p->signal) {
		rcu_read_unlock();
		return 0;
	}
	n = p->signal->nr_threads;
	if (task_has_signal(p))
		n += p->signal->nr_threads;
	if (task_exit_signal_is(p, 17))
		n += p->signal->nr_threads;
	rcu_read_unlock();
	return n;
}

int is_leader_now(struct task_struct *p, int *leaders)
{
	rcu_read_lock();
	if (thread_group_leader(p))
		(*leaders)++;
	rcu_read_unlock();
	return 0;
}

struct group {
	struct spinlock lock;
	struct task_struct *leader;
	struct list_head members;
};
extern void spin_lock(struct spinlock *l);
extern void spin_unlock(struct spinlock *l);

int walk_members_locked(struct group *g)
{
	struct task_struct *t;
	int n = 0;

	rcu_read_lock();
	if (g->leader == g->leader->group_leader) {
		spin_lock(&g->lock);
		list_for_each_entry(t, &g->members, thread_node)
			n += t->pid;
		spin_unlock(&g->lock);
	}
	rcu_read_unlock();
	return n;
}

/*
 * check-name: relation under a real lock, NULL checks, a helper given a constant, no reliance, use under a later spinlock: all quiet
 * check-output-start
 * check-output-end
 */
