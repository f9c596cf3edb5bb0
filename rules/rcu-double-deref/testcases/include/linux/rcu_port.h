/* A header of the test tree (written for lockers): accessors whose result is an RCU load. */
#ifndef _LINUX_RCU_PORT_H
#define _LINUX_RCU_PORT_H

struct port {
	int state;
};

struct net_device {
	void __rcu *rx_handler_data;
	int flags;
};

static inline struct port *port_get_rcu(const struct net_device *dev)
{
	return rcu_dereference(dev->rx_handler_data);
}

/* through another accessor, with a cast */
#define port_get_rcu_cast(dev) ((struct port *)port_get_rcu(dev))

static inline struct port *port_get_rtnl(const struct net_device *dev)
{
	return rtnl_dereference(dev->rx_handler_data);
}

#endif

/*
 * check-name: support header of the testcases beside it; scanned like any header, it is quiet
 * check-output-start
 * check-output-end
 */
