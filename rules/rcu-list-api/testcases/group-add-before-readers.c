/* Port groups put on a port's hlist with hlist_add_head() while a packet
 * path walks the same hlist with hlist_for_each_entry_rcu(); a group added
 * to a port just allocated is not reachable yet and stays quiet. */
#define GFP_ATOMIC 0
struct port_group { struct hlist_node node; int addr; };
struct port { struct hlist_head groups; int id; };

int port_has_group(struct port *port, int addr)
{
	struct port_group *pg;
	int found = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(pg, &port->groups, node) {
		if (pg->addr == addr)
			found = 1;
	}
	rcu_read_unlock();
	return found;
}

void port_add_group(struct port *port, struct port_group *pg)
{
	hlist_add_head(&pg->node, &port->groups);
}

void port_drop_group(struct port_group *pg)
{
	hlist_del_init(&pg->node);
}

struct port *port_create(struct port_group *first)
{
	struct port *port = kzalloc(sizeof(*port), GFP_ATOMIC);

	if (!port)
		return NULL;
	hlist_add_head(&first->node, &port->groups);
	return port;
}

/*
 * check-name: hlist_add_head()/hlist_del_init() on an hlist RCU readers walk; a new port's list scores low (not yet published)
 * check-output-start
24:2: warning: hlist_add_head(&pg->node, &port->groups) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 14): use hlist_add_head_rcu() [rcu-list-api] intended
29:2: warning: hlist_del_init(&pg->node) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 14): use hlist_del_init_rcu() [rcu-list-api] intended
38:2: warning: hlist_add_head(&first->node, &port->groups) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 14): use hlist_add_head_rcu() [rcu-list-api] false-positive
 * check-output-end
 */
