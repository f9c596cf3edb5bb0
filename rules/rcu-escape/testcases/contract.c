/* Functions whose callers are meant to hold the section score low. */
struct mutex { int x; };
struct name { char buf[16]; };
struct ns { struct name *name; struct mutex lock; };
#define rcu_dereference(p) (p)
#define __acquires(x)
#define __releases(x)
void rcu_read_lock(void);
void rcu_read_unlock(void);
void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);
void lockdep_assert_held(struct mutex *m);

/*
 * ns_name - the name of a namespace
 *
 * The caller must hold rcu_read_lock() for as long as it uses the name;
 * we take it as well because nesting is cheap.
 */
const char *ns_name(struct ns *ns)
{
	const char *s;

	rcu_read_lock();
	s = rcu_dereference(ns->name)->buf;
	rcu_read_unlock();
	return s;
}

struct name *ns_name_end(struct ns *ns)
	__releases(RCU)
{
	struct name *n;

	n = rcu_dereference(ns->name);
	rcu_read_unlock();
	return n;
}

struct name *ns_name_locked(struct ns *ns)
{
	struct name *n;

	lockdep_assert_held(&ns->lock);
	rcu_read_lock();
	n = rcu_dereference(ns->name);
	rcu_read_unlock();
	return n;
}

int ns_name_len(struct ns *ns)
{
	struct name *n;
	int len;

	mutex_lock(&ns->lock);
	rcu_read_lock();
	n = rcu_dereference(ns->name);
	rcu_read_unlock();
	len = n->buf[0];
	mutex_unlock(&ns->lock);
	return len;
}

/*
 * check-name: documented caller-holds contract, __releases(RCU), an asserted or held update lock
 * check-output-start
27:9: warning: s points into an object read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] false-positive
37:9: warning: n was read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] false-positive
48:9: warning: n was read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] false-positive
60:8: warning: n was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
