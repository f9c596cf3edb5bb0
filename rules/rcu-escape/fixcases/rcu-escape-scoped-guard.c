/* scoped_guard(rcu) ends the section with its block, and the pointer is
 * used after it: moving the end of a scope is not mechanical. */
struct peer {
	int state;
};

struct table {
	struct peer *cur;
};

int table_state(struct table *t)
{
	struct peer *p;

	scoped_guard(rcu) {
		p = rcu_dereference(t->cur);
	}
	return p->state;
}

/*
 * check-name: fix: a scoped_guard(rcu) scope gets no mechanical fix
 * check-rules: rcu-escape
 * check-fix: not applicable: the section is a scoped_guard scope
 * check-output-start
18:9: warning: p was read under scoped_guard(rcu) and is dereferenced after the guarded block with no reference taken [rcu-escape] bug
 * check-output-end
 */
