/* The device looked up under RCU is used, and passed on, after the unlock
 * around a sleep:
 * lockers fix pins it with dev_hold() inside the section and drops it with
 * dev_put() after the last use and before the early return. */
struct net_device {
	int mtu;
	int ifindex;
};

struct net;

struct net_device *dev_get_by_index_rcu(struct net *net, int ifindex);
void dev_hold(struct net_device *dev);
void dev_put(struct net_device *dev);
void msleep(unsigned int msecs);
void dev_notify(struct net_device *dev);

int link_wait(struct net *net, int ifindex)
{
	struct net_device *dev;

	rcu_read_lock();
	dev = dev_get_by_index_rcu(net, ifindex);
	if (!dev) {
		rcu_read_unlock();
		return -ENODEV;
	}
	rcu_read_unlock();
	msleep(10);
	if (dev->mtu < 68)
		return -EINVAL;
	dev_notify(dev);
	return 0;
}

/*
 * check-name: fix: a device pinned with dev_hold() over a sleep
 * check-rules: rcu-escape
 * check-fix: offered
 * check-output-start
30:6: warning: dev was looked up under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
