/* Two fields of "the same" object read through two loads in one expression. */
struct range { int lo; int hi; };
struct table { struct range *range; };
#define rcu_dereference_bh(p) (p)
void rcu_read_lock_bh(void);
void rcu_read_unlock_bh(void);

int table_span(struct table *t)
{
	int span;

	rcu_read_lock_bh();
	span = rcu_dereference_bh(t->range)->hi - rcu_dereference_bh(t->range)->lo;
	rcu_read_unlock_bh();
	return span;
}

/*
 * check-name: two loads of one pointer combined in one expression (bh flavour)
 * check-output-start
13:63: warning: t->range is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
