/* A global configuration pointer published with rcu_assign_pointer(). */
#define __rcu
struct cfg { int limit; int flags; };
static struct cfg __rcu *cur_cfg;

void cfg_publish(struct cfg *n)
{
	rcu_assign_pointer(cur_cfg, n);
}

int cfg_limit_plain(void)
{
	struct cfg *c;
	int v;

	rcu_read_lock();
	c = cur_cfg;
	v = c->limit;
	rcu_read_unlock();
	return v;
}

int cfg_limit_ok(void)
{
	struct cfg *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(cur_cfg);
	v = c->limit;
	rcu_read_unlock();
	return v;
}

/*
 * check-name: global RCU pointer loaded plainly inside rcu_read_lock() (the correct reader is quiet)
 * check-output-start
17:6: warning: cur_cfg is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
