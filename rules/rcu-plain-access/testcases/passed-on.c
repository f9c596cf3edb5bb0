/* A page-table walker hands the __rcu entry pointer on to a helper unread. */
#define __rcu
struct pte { long val; };
struct walk_iter { struct pte __rcu *ptep; int level; };
long pte_read(struct pte __rcu *p);

long walk_level(struct walk_iter *it)
{
	long v;

	rcu_read_lock();
	v = rcu_dereference(it->ptep)->val;
	v += pte_read(it->ptep);
	rcu_read_unlock();
	return v;
}

long walk_level_deref(struct walk_iter *it)
{
	long v;

	rcu_read_lock();
	v = it->ptep->val;
	rcu_read_unlock();
	return v;
}

/*
 * check-name: an __rcu pointer only passed on to a call scores lower than one dereferenced plainly
 * check-output-start
13:16: warning: it->ptep is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
23:6: warning: it->ptep is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
