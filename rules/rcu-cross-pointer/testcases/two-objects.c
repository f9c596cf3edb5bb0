/*
 * Fields of two RCU-read objects compared (written for lockers): written
 * out, and through a static inline helper of the test tree whose outcome
 * is acted on after the unlock.
 */
#include <linux/sched.h>

struct owner { int id; };
struct slot {
	struct owner *owner;
	struct task_struct *task;
	int busy;
};
struct table { struct slot *cur; struct slot *next; };

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);
extern void move_slot(struct slot *s);
extern void signal_group(struct task_struct *t);
extern void *rcu_dereference(void *p);

int slots_share_owner(struct table *t)
{
	struct slot *a, *b;
	int ret = 0;

	rcu_read_lock();
	a = rcu_dereference(t->cur);
	b = rcu_dereference(t->next);
	if (a->owner == b->owner) {
		move_slot(a);
		ret = a->busy;
	}
	rcu_read_unlock();
	return ret;
}

void kick_if_same_group(struct task_struct *me, struct slot *s)
{
	struct task_struct *other;
	int same;

	rcu_read_lock();
	other = rcu_dereference(s->task);
	same = same_thread_group(me, other);
	rcu_read_unlock();
	if (same)
		signal_group(me);
}

/*
 * check-name: fields of two rcu_dereference()d objects compared, and a same_thread_group() result acted on after the unlock: the same field of two objects (a value match) ranks as intended, not bug
 * check-output-start
30:6: warning: a->owner==b->owner is checked under rcu_read_lock() and relied on by the loads through it at 32:12, but RCU does not keep separate loads coherent [rcu-cross-pointer] false-positive
45:9: warning: me->signal==other->signal (same_thread_group()) is checked under rcu_read_lock() and relied on by the use after the unlock at 47:6, but RCU does not keep separate loads coherent [rcu-cross-pointer] false-positive
 * check-output-end
 */
