/* Two loads, neither tested: odd but each use is of a whole object. */
struct stats { long rx; long tx; };
struct port { struct stats *stats; };
#define rcu_dereference_sched(p) (p)
void rcu_read_lock_sched(void);
void rcu_read_unlock_sched(void);
void account(long v);

void port_account(struct port *p)
{
	rcu_read_lock_sched();
	account(rcu_dereference_sched(p->stats)->rx);
	account(rcu_dereference_sched(p->stats)->tx);
	account(rcu_dereference_sched(p->stats)->rx);
	rcu_read_unlock_sched();
}

/*
 * check-name: repeated loads in one section are one finding (sched flavour)
 * check-output-start
13:32: warning: p->stats is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
 * check-output-end
 */
