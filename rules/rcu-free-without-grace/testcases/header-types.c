/* The freed object's type is reached by RCU readers through an __rcu member
 * a header declares (struct route_table's conf), and the header gives it an
 * rcu_head: the message names that member, and lockers fix can defer the
 * free with kfree_rcu(). A wait for a grace period, or a type no header
 * gives an rcu_head, change what is said (no fix without a head). */
#include <linux/route_conf.h>

void route_conf_set(struct route_table *t, struct route_conf *new)
{
	struct route_conf *old;

	old = rcu_replace_pointer(t->conf, new, 1);
	kfree(old);
}

void route_conf_set_sync(struct route_table *t, struct route_conf *new)
{
	struct route_conf *old;

	old = rcu_replace_pointer(t->conf, new, 1);
	synchronize_rcu();
	kfree(old);
}

void route_stats_reset(struct route_owner *o, struct route_stats *fresh)
{
	struct route_stats *old;

	old = rcu_replace_pointer(o->stats, fresh, 1);
	kfree(old);
}

/*
 * check-name: the freed type's readers and rcu_head come from a header
 * check-output-start
13:2: warning: old is freed by kfree() right after rcu_replace_pointer() at line 12 with no grace period between: readers reach it through route_table.conf (include/linux/route_conf.h:9) and may still hold it [rcu-free-without-grace] intended
30:2: warning: old is freed by kfree() right after rcu_replace_pointer() at line 29 with no grace period between: readers reach it through route_owner.stats (include/linux/route_conf.h:18) and may still hold it [rcu-free-without-grace] intended
 * check-output-end
 */
