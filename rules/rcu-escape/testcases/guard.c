/* guard(rcu)() and scoped_guard(rcu) (newer trees): the section ends with the scope. */
struct kref { int refcount; };
struct cpu_ctx { int load; struct kref ref; };
struct rq { struct cpu_ctx *ctx; };
#define rcu_dereference(p) (p)
void kref_get(struct kref *k);

struct cpu_ctx *rq_ctx(struct rq *rq)
{
	struct cpu_ctx *c;

	guard(rcu)();
	c = rcu_dereference(rq->ctx);
	return c;
}

struct cpu_ctx *rq_ctx_get(struct rq *rq)
{
	struct cpu_ctx *c;

	guard(rcu)();
	c = rcu_dereference(rq->ctx);
	kref_get(&c->ref);
	return c;
}

int rq_load(struct rq *rq)
{
	struct cpu_ctx *c;

	scoped_guard(rcu) {
		c = rcu_dereference(rq->ctx);
	}
	return c->load;
}

int rq_load_inside(struct rq *rq)
{
	struct cpu_ctx *c;
	int load = 0;

	scoped_guard(rcu) {
		c = rcu_dereference(rq->ctx);
		load = c->load;
	}
	return load;
}

/*
 * check-name: returned from a guard(rcu)() scope, used after a scoped_guard(rcu) block; kref_get() or a copy inside is fine
 * check-output-start
14:9: warning: c was read under guard(rcu)() and is returned after the end of its scope with no reference taken [rcu-escape] intended
34:9: warning: c was read under scoped_guard(rcu) and is dereferenced after the guarded block with no reference taken [rcu-escape] bug
 * check-output-end
 */
