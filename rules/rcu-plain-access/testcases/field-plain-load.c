/* A device's ops pointer: readers use rcu_dereference(), one path does not. */
#define __rcu
struct dev_ops { int (*xmit)(void *); };
struct netdev { struct dev_ops __rcu *ops; int id; };

int dev_xmit(struct netdev *dev, void *pkt)
{
	struct dev_ops *o;
	int ret = -1;

	rcu_read_lock();
	o = rcu_dereference(dev->ops);
	if (o)
		ret = o->xmit(pkt);
	rcu_read_unlock();
	return ret;
}

/* No section and no lock here: the caller's context decides. */
int dev_xmit_unlocked(struct netdev *dev, void *pkt)
{
	struct dev_ops *o = dev->ops;

	return o->xmit(pkt);
}

/*
 * check-name: __rcu field read with rcu_dereference() in one function and plainly in another, outside any section
 * check-output-start
22:22: warning: dev->ops is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] intended
 * check-output-end
 */
