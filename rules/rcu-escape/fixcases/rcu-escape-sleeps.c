/* The peer read under RCU is handed to peer_sync(), which takes a mutex:
 * the section cannot be extended over a sleep, no patch. */
struct mutex {
	int locked;
};

struct peer {
	struct mutex lock;
	int state;
};

struct table {
	struct peer *cur;
};

void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);

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
	rcu_read_unlock();
	if (!p)
		return -ENODEV;
	peer_sync(p);
	return 0;
}

/*
 * check-name: fix: no section over a callee that sleeps
 * check-rules: rcu-escape
 * check-fix: refused: calls peer_sync(), which calls mutex_lock()
 * check-output-start
35:12: warning: p was read under rcu_read_lock() and is passed on after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
