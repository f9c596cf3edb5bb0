/* The address of a field (an array) or a pointer loaded from a field escapes. */
struct label { char text[32]; char *owner; };
struct dev { struct label *label; };
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

const char *dev_label(struct dev *d)
{
	struct label *l;
	const char *name;

	rcu_read_lock();
	l = rcu_dereference(d->label);
	name = l->text;
	rcu_read_unlock();
	return name;
}

const char *dev_owner(struct dev *d)
{
	const char *owner;

	rcu_read_lock();
	owner = rcu_dereference(d->label)->owner;
	rcu_read_unlock();
	return owner;
}

/*
 * check-name: address of an array field escapes (bug); a pointer loaded from a field scores lower
 * check-output-start
17:9: warning: name points into an object read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
27:9: warning: owner was loaded from an object read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
