/* The first rcu_dereference() is kept in a local, the second read of the
 * same pointer is plain: lockers fix makes the second read the local. */
struct net_device;

struct gid_attr {
	struct net_device *ndev;
};

int gid_vlan(const struct gid_attr *attr, int *vlan)
{
	struct net_device *ndev;

	rcu_read_lock();
	ndev = rcu_dereference(attr->ndev);
	if (!ndev) {
		rcu_read_unlock();
		return -ENODEV;
	}
	*vlan = lower_vlan_id(attr->ndev);
	rcu_read_unlock();
	return 0;
}

/*
 * check-name: fix: the second read of the pointer reuses the local
 * check-rules: rcu-double-deref
 * check-fix: offered
 * check-output-start
19:24: warning: attr->ndev is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
