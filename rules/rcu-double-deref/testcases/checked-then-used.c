/* The pointer is tested through one rcu_dereference() and used through another. */
struct rcu_head { void *next; };
struct conf { int mtu; struct rcu_head rcu; };
struct netdev { struct conf *conf; int id; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

int netdev_mtu(struct netdev *dev)
{
	int mtu = 0;

	rcu_read_lock();
	if (rcu_dereference(dev->conf))
		mtu = rcu_dereference(dev->conf)->mtu;
	rcu_read_unlock();
	return mtu;
}

int netdev_mtu_once(struct netdev *dev)
{
	struct conf *c;
	int mtu = 0;

	rcu_read_lock();
	c = rcu_dereference(dev->conf);
	if (c)
		mtu = c->mtu;
	rcu_read_unlock();
	return mtu;
}

/*
 * check-name: NULL test on one rcu_dereference(), use through a second one
 * check-output-start
16:25: warning: dev->conf is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
