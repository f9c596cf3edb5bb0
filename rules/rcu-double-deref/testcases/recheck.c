/* Revalidation: the second load is compared against the first copy on purpose. */
struct sess { int id; };
struct conn { struct sess *sess; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);
int slow_work(struct sess *s);

int conn_work(struct conn *c)
{
	struct sess *s;
	int r;

	rcu_read_lock();
	s = rcu_dereference(c->sess);
	r = slow_work(s);
	if (s != rcu_dereference(c->sess))
		r = -1;
	rcu_read_unlock();
	return r;
}

/*
 * check-name: a reload compared with the earlier copy is a deliberate recheck
 * check-output-start
18:27: warning: c->sess is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] false-positive
 * check-output-end
 */
