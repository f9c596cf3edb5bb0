/* A file-local macro that wraps the RCU API (nexthop.c's nh_res_dereference())
 * is an RCU accessor: a load handed to it is not plain. A load handed to an
 * ordinary function is still plain. */
#define res_dereference(p) (rcu_dereference_raw(p))

struct info { int weight; };
struct entry { struct info __rcu *info; };

void use_info(struct info *i);

void entry_publish(struct entry *e, struct info *i)
{
	rcu_assign_pointer(e->info, i);
}

int entry_weight(struct entry *e)
{
	struct info *i = res_dereference(e->info);

	return i->weight;
}

void entry_pass(struct entry *e)
{
	rcu_read_lock();
	use_info(e->info);
	rcu_read_unlock();
}

/*
 * check-name: an argument of the file's own RCU accessor macro is not a plain load
 * check-output-start
26:11: warning: e->info is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
 * check-output-end
 */
