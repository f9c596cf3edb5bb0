/* The peer read under RCU is handed to peer_sync(), which sleeps: the
 * section cannot cover it. peer_put() frees the peer at its last reference,
 * so lockers fix takes one with refcount_inc_not_zero() inside the section
 * (a peer already dying takes the path of a missing one) and drops it after
 * the last use. */
struct mutex {
	int locked;
};

typedef struct {
	int refs;
} refcount_t;

struct peer {
	refcount_t ref;
	struct mutex lock;
	int state;
};

struct table {
	struct peer *cur;
};

void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);
int refcount_dec_and_test(refcount_t *r);
int refcount_inc_not_zero(refcount_t *r);
void kfree(const void *p);

static void peer_put(struct peer *p)
{
	if (refcount_dec_and_test(&p->ref))
		kfree(p);
}

static void peer_sync(struct peer *p)
{
	mutex_lock(&p->lock);
	p->state = 0;
	mutex_unlock(&p->lock);
}

int table_sync(struct table *t)
{
	struct peer *p;

	rcu_read_lock();
	p = rcu_dereference(t->cur);
	if (!p) {
		rcu_read_unlock();
		return -ENODEV;
	}
	rcu_read_unlock();
	peer_sync(p);
	if (p->state)
		return -EBUSY;
	p->state = 1;
	return 0;
}

/*
 * check-name: fix: a reference taken with the tryget of the file's *_put()
 * check-rules: rcu-escape
 * check-fix: offered
 * check-output-start
54:12: warning: p was read under rcu_read_lock() and is passed on after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
