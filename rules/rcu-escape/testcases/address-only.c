/*
 * A use after the unlock that computes an address loads nothing from the
 * object: &p->member, an array member's name, sizeof(*p). The IMA seq_file
 * walk compares &qe->later with the list head; klp_shadow_get() returns its
 * flexible array member. Each is still returned to a caller (intended, not a
 * dereference); sizeof(*p) alone is no use at all.
 */
struct list_head { struct list_head *next, *prev; };
struct entry { struct list_head later; int id; };
struct shadow { struct list_head node; void *obj; char data[]; };
struct table { struct entry *cur; };
#define rcu_dereference(p) (p)
#define list_entry_rcu(ptr, type, member) ((type *)((char *)(ptr) - __builtin_offsetof(type, member)))
void rcu_read_lock(void);
void rcu_read_unlock(void);
void consume(unsigned long n);
static struct list_head measurements;

void *measurements_next(struct entry *qe)
{
	rcu_read_lock();
	qe = list_entry_rcu(qe->later.next, struct entry, later);
	rcu_read_unlock();

	return (&qe->later == &measurements) ? 0 : qe;
}

void *shadow_data(struct table *t)
{
	struct shadow *s;

	rcu_read_lock();
	s = rcu_dereference((struct shadow *)t->cur);
	rcu_read_unlock();
	return s->data;
}

void entry_size(struct table *t)
{
	struct entry *e;

	rcu_read_lock();
	e = rcu_dereference(t->cur);
	rcu_read_unlock();
	consume(sizeof(*e));
}

void *policy_next(struct entry *e)
{
	rcu_read_lock();
	e = list_entry_rcu(e->later.next, struct entry, later);
	rcu_read_unlock();

	return (&e->later == &measurements ||
		&e->later == &measurements) ? 0 : e;
}

void *kzalloc(unsigned long size, int flags);

/* mlx5's macsec_fs_id_add(): a miss, then x = kzalloc(sizeof(*x)) holds a new object. */
struct entry *entry_get_or_new(struct table *t)
{
	struct entry *e;

	rcu_read_lock();
	e = rcu_dereference(t->cur);
	if (e) {
		e->id++;
		rcu_read_unlock();
		return 0;
	}
	rcu_read_unlock();
	e = kzalloc(sizeof(*e), 0);
	if (e)
		e->id = 1;
	return e;
}

int entry_id(struct table *t)
{
	struct entry *e;

	rcu_read_lock();
	e = rcu_dereference(t->cur);
	rcu_read_unlock();
	if (&e->later == &measurements)
		return 0;
	return e->id;
}

/*
 * check-name: addresses (in a return over two lines too) and sizeof after the unlock are no
 * dereference; a load after them is
 * check-output-start
25:11: warning: qe was looked up under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
35:9: warning: s was read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
54:11: warning: e was looked up under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
86:7: warning: e was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
