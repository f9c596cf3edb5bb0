/* As rcu-escape-tryget.c, but nothing tests the peer for NULL: a tryget
 * that fails would have no path to take, no patch. */
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
void kfree(const void *p);

static void peer_put(struct peer *p)
{
	if (refcount_dec_and_test(&p->ref))
		kfree(p);
}

int table_sync(struct table *t)
{
	struct peer *p;

	rcu_read_lock();
	p = rcu_dereference(t->cur);
	rcu_read_unlock();
	mutex_lock(&p->lock);
	p->state = 0;
	mutex_unlock(&p->lock);
	return 0;
}

/*
 * check-name: fix: a tryget with no NULL test to give its failure a path
 * check-rules: rcu-escape
 * check-fix: refused: nothing tests p for NULL
 * check-output-start
39:14: warning: p was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
