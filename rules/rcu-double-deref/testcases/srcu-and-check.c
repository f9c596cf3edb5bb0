/* srcu_dereference() twice; rcu_dereference_check() under the update lock. */
struct srcu_struct { int x; };
struct mutex { int x; };
struct notif { int prio; };
struct chain { struct notif *head; struct mutex lock; };
struct srcu_struct chain_srcu;
#define srcu_dereference(p, sp) (p)
#define rcu_dereference_check(p, c) (p)
#define lockdep_is_held(l) 1
int srcu_read_lock(struct srcu_struct *sp);
void srcu_read_unlock(struct srcu_struct *sp, int idx);

int chain_prio(struct chain *c)
{
	int idx, prio = 0;

	idx = srcu_read_lock(&chain_srcu);
	if (srcu_dereference(c->head, &chain_srcu))
		prio = srcu_dereference(c->head, &chain_srcu)->prio;
	srcu_read_unlock(&chain_srcu, idx);
	return prio;
}

int chain_prio_locked(struct chain *c)
{
	int prio = 0;

	if (rcu_dereference_check(c->head, lockdep_is_held(&c->lock)))
		prio = rcu_dereference_check(c->head, lockdep_is_held(&c->lock))->prio;
	return prio;
}

/*
 * check-name: srcu flavour; a *_check() read naming a held lock scores low
 * check-output-start
19:27: warning: c->head is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
29:32: warning: c->head is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
 * check-output-end
 */
