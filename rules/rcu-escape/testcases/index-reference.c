/* A reference taken inside the section by a helper of the tree whose body
 * takes it (written for lockers). */
#include <linux/rcu_obj.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);

struct obj *table_clone_cur(struct table *t)
{
	struct obj *o;

	rcu_read_lock();
	o = rcu_dereference(t->cur);
	obj_clone(o);
	rcu_read_unlock();
	return o;
}

int table_keep_key(struct table *t)
{
	struct obj *o;

	rcu_read_lock();
	o = rcu_dereference(t->cur);
	obj_keep(o);
	rcu_read_unlock();
	return o->key;
}

int table_peek_key(struct table *t)
{
	struct obj *o;

	rcu_read_lock();
	o = rcu_dereference(t->cur);
	obj_peek(o);
	rcu_read_unlock();
	return o->key;
}

/*
 * check-name: obj_clone() and obj_keep() take a reference (the index read their bodies), obj_peek() does not
 * check-output-start
38:9: warning: o was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
