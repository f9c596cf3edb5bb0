/* A file-local macro that wraps the RCU API (nexthop.c's nh_res_dereference())
 * is an RCU accessor: a load handed to it is not plain, also when the macro
 * is an iterator (sit.c's for_each_prl_rcu()). A load handed to an ordinary
 * function is still plain. */
#define res_dereference(p) (rcu_dereference_raw(p))

#define for_each_info_rcu(start)		\
	for (i = rcu_dereference(start);	\
	     i;					\
	     i = rcu_dereference(i->next))

struct info { int weight; struct info __rcu *next; };
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

int entry_sum(struct entry *e)
{
	struct info *i;
	int sum = 0;

	rcu_read_lock();
	for_each_info_rcu(e->info)
		sum += i->weight;
	rcu_read_unlock();
	return sum;
}

void entry_pass(struct entry *e)
{
	rcu_read_lock();
	use_info(e->info);
	rcu_read_unlock();
}

/*
 * check-name: an argument of the file's own RCU accessor macro is not a plain load
 * check-parse-error: 0 (the iterator macro's body, a for header: no function lost)
 * check-output-start
44:11: warning: e->info is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] intended
 * check-output-end
 */
