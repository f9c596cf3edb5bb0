/* The reads are in two sections, or on two exclusive branches. */
struct cfg { int a; };
struct obj { struct cfg *cfg; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

int two_sections(struct obj *o)
{
	struct cfg *c;
	int a = 0, b = 0;

	rcu_read_lock();
	c = rcu_dereference(o->cfg);
	if (c)
		a = c->a;
	rcu_read_unlock();

	rcu_read_lock();
	c = rcu_dereference(o->cfg);
	if (c)
		b = c->a;
	rcu_read_unlock();
	return a + b;
}

int branches(struct obj *o, int which)
{
	struct cfg *c;

	rcu_read_lock();
	if (which)
		c = rcu_dereference(o->cfg);
	else
		c = NULL;
	rcu_read_unlock();
	return c != NULL;
}

int exclusive(struct obj *o, int which)
{
	struct cfg *c;
	int r = 0;

	rcu_read_lock();
	if (which) {
		c = rcu_dereference(o->cfg);
		r = c ? c->a : 0;
	} else {
		c = rcu_dereference(o->cfg);
		r = c ? -c->a : 0;
	}
	rcu_read_unlock();
	return r;
}

/*
 * check-name: an unlock between the reads, or reads on exclusive branches
 * check-output-start
 * check-output-end
 */
