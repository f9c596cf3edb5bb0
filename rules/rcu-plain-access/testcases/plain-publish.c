/* A new object published with a plain store instead of rcu_assign_pointer(). */
#define NULL ((void *)0)
#define GFP_KERNEL 0
#define __rcu
struct rule { struct rule __rcu *next; int prio; };
static struct rule __rcu *rule_head;

int rule_prio(void)
{
	struct rule *r;
	int prio = 0;

	rcu_read_lock();
	r = rcu_dereference(rule_head);
	if (r)
		prio = r->prio;
	rcu_read_unlock();
	return prio;
}

int rule_add_plain(int prio)
{
	struct rule *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		return -1;
	r->prio = prio;
	r->next = NULL;
	rule_head = r;
	return 0;
}

int rule_add_ok(int prio)
{
	struct rule *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (!r)
		return -1;
	r->prio = prio;
	r->next = NULL;
	rcu_assign_pointer(rule_head, r);
	return 0;
}

/*
 * check-name: new object published with a plain store (its own initialisation stays quiet)
 * check-output-start
29:2: warning: rule_head is accessed with rcu_assign_pointer() elsewhere in this file but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
 * check-output-end
 */
