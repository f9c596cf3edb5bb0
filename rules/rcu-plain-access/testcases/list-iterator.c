/* A list walk under RCU: the iterator does not hide the section boundary. */
#define __rcu
struct list_head { struct list_head *next, *prev; };
struct filter { int id; };
struct port { struct list_head node; struct filter __rcu *filter; };
static struct list_head ports;

int port_filter_id(void)
{
	struct port *p;
	int id = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(p, &ports, node) {
		struct filter *f = p->filter;

		id += f->id;
	}
	rcu_read_unlock();
	return id;
}

int port_filter_ok(void)
{
	struct port *p;
	struct filter *f;
	int id = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(p, &ports, node) {
		f = rcu_dereference(p->filter);
		id += f->id;
	}
	rcu_read_unlock();
	return id;
}

/*
 * check-name: plain load of an __rcu field inside list_for_each_entry_rcu() under rcu_read_lock()
 * check-output-start
15:22: warning: p->filter is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
