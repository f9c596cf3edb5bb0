/* The looked-up object is returned after the read-side section ends. */
struct kref { int refcount; };
struct client { int id; struct kref ref; struct client *next; };
struct registry { struct client *active; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);
void kref_get(struct kref *k);

struct client *registry_active(struct registry *r)
{
	struct client *c;

	rcu_read_lock();
	c = rcu_dereference(r->active);
	rcu_read_unlock();
	return c;
}

struct client *registry_active_get(struct registry *r)
{
	struct client *c;

	rcu_read_lock();
	c = rcu_dereference(r->active);
	if (c)
		kref_get(&c->ref);
	rcu_read_unlock();
	return c;
}

/*
 * check-name: pointer returned past rcu_read_unlock(); with kref_get() before the unlock it is fine
 * check-output-start
18:9: warning: c was read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
