/* Every read-side flavour ends a section; an RCU lookup is a source too. */
struct srcu_struct { int x; };
struct idr { int x; };
struct obj { int v; };
struct holder { struct obj *o; };
struct srcu_struct obj_srcu;
struct obj *saved;
#define rcu_dereference_bh(p) (p)
#define rcu_dereference_sched(p) (p)
#define srcu_dereference(p, sp) (p)
#define rcu_dereference_raw(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);
void rcu_read_lock_bh(void);
void rcu_read_unlock_bh(void);
void rcu_read_lock_sched(void);
void rcu_read_unlock_sched(void);
int srcu_read_lock(struct srcu_struct *sp);
void srcu_read_unlock(struct srcu_struct *sp, int idx);
void rcu_read_lock_trace(void);
void rcu_read_unlock_trace(void);
void *idr_find(struct idr *idr, int id);
void consume(struct obj *o);

int read_bh(struct holder *h)
{
	struct obj *o;

	rcu_read_lock_bh();
	o = rcu_dereference_bh(h->o);
	rcu_read_unlock_bh();
	return o->v;
}

int sched(struct holder *h)
{
	struct obj *o;

	rcu_read_lock_sched();
	o = rcu_dereference_sched(h->o);
	rcu_read_unlock_sched();
	return o->v;
}

void srcu(struct holder *h)
{
	struct obj *o;
	int idx;

	idx = srcu_read_lock(&obj_srcu);
	o = srcu_dereference(h->o, &obj_srcu);
	srcu_read_unlock(&obj_srcu, idx);
	saved = o;
}

void trace(struct holder *h, struct obj **out)
{
	struct obj *o;

	rcu_read_lock_trace();
	o = rcu_dereference_raw(h->o);
	rcu_read_unlock_trace();
	*out = o;
}

void lookup(struct idr *idr, int id)
{
	struct obj *o;

	rcu_read_lock();
	o = idr_find(idr, id);
	rcu_read_unlock();
	consume(o);
}

void relock(struct holder *h)
{
	struct obj *o;

	rcu_read_lock();
	o = rcu_dereference_bh(h->o);
	rcu_read_unlock();
	rcu_read_lock();
	o->v = 0;
	rcu_read_unlock();
}

/*
 * check-name: _bh, _sched, srcu and _trace sections; stored, passed on; relocking does not revalidate
 * check-output-start
32:9: warning: o was read under rcu_read_lock_bh() and is dereferenced after rcu_read_unlock_bh() with no reference taken [rcu-escape] bug
42:9: warning: o was read under rcu_read_lock_sched() and is dereferenced after rcu_read_unlock_sched() with no reference taken [rcu-escape] bug
53:10: warning: o was read under srcu_read_lock() and is stored after srcu_read_unlock() with no reference taken [rcu-escape] bug
63:9: warning: o was read under rcu_read_lock_trace() and is stored after rcu_read_unlock_trace() with no reference taken [rcu-escape] bug
73:10: warning: o was looked up under rcu_read_lock() and is passed on after rcu_read_unlock() with no reference taken [rcu-escape] intended
84:2: warning: o was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
