/* An accessor of the tree whose result is an RCU load, called twice (written for lockers). */
#include <linux/rcu_port.h>

extern void rcu_read_lock(void);
extern void rcu_read_unlock(void);

int port_state(struct net_device *dev)
{
	int state = -1;

	rcu_read_lock();
	if (port_get_rcu(dev) && port_get_rcu(dev)->state)
		state = port_get_rcu(dev)->state;
	rcu_read_unlock();
	return state;
}

int port_state_cast(struct net_device *dev)
{
	int state = -1;

	rcu_read_lock();
	if (port_get_rcu_cast(dev))
		state = port_get_rcu_cast(dev)->state;
	rcu_read_unlock();
	return state;
}

int port_state_once(struct net_device *dev)
{
	struct port *p;
	int state = -1;

	rcu_read_lock();
	p = port_get_rcu(dev);
	if (p)
		state = p->state;
	rcu_read_unlock();
	return state;
}

/* the update side's accessor is no RCU read */
int port_state_rtnl(struct net_device *dev)
{
	if (port_get_rtnl(dev))
		return port_get_rtnl(dev)->state;
	return -1;
}

/* two devices: two pointers */
int port_states(struct net_device *a, struct net_device *b)
{
	int s = 0;

	rcu_read_lock();
	if (port_get_rcu(a) && port_get_rcu(b))
		s = 1;
	rcu_read_unlock();
	return s;
}

/* the device changes in the condition between the calls (devinet.c's
 * inet_select_addr(): the VRF master's in_device, not the first device's) */
extern struct net_device *dev_get_master_rcu(struct net_device *dev);

int port_state_master(struct net_device *dev)
{
	int s = 0;

	rcu_read_lock();
	if (!port_get_rcu(dev))
		s = 1;
	if (s && (dev = dev_get_master_rcu(dev)) &&
	    port_get_rcu(dev))
		s = 2;
	rcu_read_unlock();
	return s;
}

/*
 * check-name: an accessor whose result is an RCU load, called twice in one section, is a double dereference
 * check-output-start
12:27: warning: port_get_rcu(dev) is an RCU load of dev->rx_handler_data, made twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
24:11: warning: port_get_rcu_cast(dev) is an RCU load of dev->rx_handler_data, made twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
