/* A field of a local struct (build_sched_domains()'s struct s_data d; d.rd)
 * is the function's own storage: no RCU reader reaches it, even though a
 * shared object elsewhere has an RCU pointer field of the same name. The
 * same field reached through a shared pointer is still reported. */
struct root { int span; };
struct rq { struct root __rcu *rd; };
struct scratch { struct root *rd; };

void attach(struct rq *rq, struct root *rd)
{
	rcu_assign_pointer(rq->rd, rd);
}

int build(struct root *fresh)
{
	struct scratch d;

	d.rd = fresh;
	return d.rd->span;
}

int peek(struct rq *rq)
{
	int span;

	rcu_read_lock();
	span = rq->rd->span;
	rcu_read_unlock();
	return span;
}

/*
 * check-name: a field of a local struct is not the shared RCU pointer
 * check-output-start
27:9: warning: rq->rd is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
