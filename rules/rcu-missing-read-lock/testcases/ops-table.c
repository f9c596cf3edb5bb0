/* Unknown callers: a function called through an ops table, and an exported
 * one, read an RCU pointer and walk an RCU list with no section. Nothing
 * says their callers hold a reader, nor that they do not: a finding with a
 * lower score, never "protected". */
struct list_head { struct list_head *next, *prev; };
struct item { struct list_head node; int v; };
struct port { struct item __rcu *cur; struct list_head items; };
struct port_ops { int (*get)(struct port *); };

static int port_get(struct port *p)
{
	struct item *it = rcu_dereference(p->cur);

	return it ? it->v : 0;
}

static const struct port_ops ops = {
	.get = port_get,
};

int port_sum(struct port *p)
{
	struct item *it;
	int sum = 0;

	list_for_each_entry_rcu(it, &p->items, node)
		sum += it->v;
	return sum;
}
EXPORT_SYMBOL(port_sum);
/*
 * check-name: callers unknown (ops table, exported): a lower score
 * check-output-start
12:20: warning: rcu_dereference(p->cur) outside any RCU read-side section of port_get, whose callers are unknown (called through a pointer) [rcu-missing-read-lock] intended
26:2: warning: list_for_each_entry_rcu(& p->items) outside any RCU read-side section of port_sum, whose callers are unknown (exported) [rcu-missing-read-lock] intended
 * check-output-end
 */
