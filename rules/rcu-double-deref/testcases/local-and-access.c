/* A local holding an __rcu pointer cannot change; two rcu_access_pointer() reads are not dereferences. */
struct pte { long val; };
struct walk { struct pte *ptep; };
#define __rcu
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
#define rcu_access_pointer(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);
void set_pte(struct pte __rcu *p, long v);

long walk_level(struct walk *w)
{
	struct pte __rcu *pt = w->ptep;
	long v;

	rcu_read_lock();
	v = rcu_dereference(pt)->val;
	set_pte(pt, v + 1);
	rcu_read_unlock();
	return v;
}

int walk_changed(struct walk *w, struct pte *old)
{
	int changed;

	rcu_read_lock();
	changed = rcu_access_pointer(w->ptep) != old && rcu_access_pointer(w->ptep) != NULL;
	rcu_read_unlock();
	return changed;
}

/*
 * check-name: a local __rcu pointer read twice, and two rcu_access_pointer() reads, are quiet
 * check-output-start
 * check-output-end
 */
