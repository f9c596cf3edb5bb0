/* The expression that reaches the pointer changes between the reads. */
struct ent { int v; };
struct tab { struct ent *slot[8]; struct tab *next; };
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

int sum2(struct tab *t, int i)
{
	int s;

	rcu_read_lock();
	s = rcu_dereference(t->slot[i])->v;
	i++;
	s += rcu_dereference(t->slot[i])->v;
	rcu_read_unlock();
	return s;
}

int next_table(struct tab *t)
{
	int s;

	rcu_read_lock();
	s = rcu_dereference(t->next)->slot[0] != 0;
	t = rcu_dereference(t->next);
	s += rcu_dereference(t->next) != 0;
	rcu_read_unlock();
	return s;
}

/*
 * check-name: an index or base written between the reads; the read before the write still pairs
 * check-output-start
26:22: warning: t->next is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
 * check-output-end
 */
