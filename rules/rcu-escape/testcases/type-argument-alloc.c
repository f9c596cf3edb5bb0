/*
 * Since 7.0 the slab helpers take a type, not a size: kzalloc_obj(*p)
 * allocates an object of p's type, reading *p only through typeof() and
 * sizeof(). mlx5's macsec_fs_id_add() and the futex hash allocation use them
 * on a pointer just looked up under RCU: that loads nothing. The last
 * function really loads after the unlock.
 */
struct entry { int id; int n; int slots[]; };
struct table { struct entry *cur; };
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

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
	e = kzalloc_obj(*e, 0);
	if (e)
		e->id = 1;
	return e;
}

struct entry *entry_grow(struct table *t, int n)
{
	struct entry *e;

	rcu_read_lock();
	e = rcu_dereference(t->cur);
	rcu_read_unlock();
	e = kvzalloc_flex(*e, slots, n);
	return e;
}

int entry_id(struct table *t)
{
	struct entry *e;

	rcu_read_lock();
	e = rcu_dereference(t->cur);
	rcu_read_unlock();
	return e->id;
}

/*
 * check-name: the type argument of kzalloc_obj()/kvzalloc_flex() after the unlock is no dereference; a load is
 * check-output-start
50:9: warning: e was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
