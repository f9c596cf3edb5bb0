/* ip_vs_status_show() in 7.x: the table is loaded once for its size, then
 * walked with a header's iterator that loads it again with rcu_dereference()
 * and tests it in its loop condition. Two RCU loads, each checked: careful
 * code. The same second read done plainly and used unchecked is the bug. */
#include <net/tbl_walk.h>

void rcu_read_lock(void);
void rcu_read_unlock(void);
void show(int n);

void status_show(struct tbl_owner *o)
{
	struct tbl *t, *pt;
	int n = 0;

	rcu_read_lock();
	t = rcu_dereference(o->tab);
	show(t ? t->size : 0);
	tbl_for_each_rcu(o->tab, t, pt)
		n += t->size;
	rcu_read_unlock();
	show(n);
}

void status_show_plain(struct tbl_owner *o)
{
	struct tbl *t;

	rcu_read_lock();
	t = rcu_dereference(o->tab);
	show(t ? t->size : 0);
	t = o->tab;
	show(t->size);
	rcu_read_unlock();
}

/*
 * check-name: a header's iterator that loads its argument with rcu_dereference() is a checked RCU load
 * check-output-start
19:19: warning: o->tab is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] false-positive
32:6: warning: o->tab is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
