/* A function that only init code calls runs before any reader exists, as
 * an __init one does: ima's add_rules(), called only from the __init
 * ima_init_policy(), fills the policy list with plain list_add_tail(). The
 * same op in a function a syscall also reaches keeps its score. */
struct rule_entry {
	struct list_head list;
	int action;
};

static LIST_HEAD(policy_rules);

int rule_matches(int action)
{
	struct rule_entry *e;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &policy_rules, list)
		found |= e->action == action;
	rcu_read_unlock();
	return found;
}

static void add_rules(struct rule_entry *e)
{
	list_add_tail(&e->list, &policy_rules);
}

static void add_rule_late(struct rule_entry *e)
{
	list_add_tail(&e->list, &policy_rules);
}

static int __init policy_init(void)
{
	static struct rule_entry defaults[2];

	add_rules(&defaults[0]);
	add_rule_late(&defaults[1]);
	return 0;
}

long policy_write(struct rule_entry *e)
{
	add_rule_late(e);
	return 0;
}
/*
 * check-name: a function only init code calls is weighed as init code
 * check-output-start
26:2: warning: list_add_tail(&e->list, &policy_rules) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 18): use list_add_tail_rcu() [rcu-list-api] intended
31:2: warning: list_add_tail(&e->list, &policy_rules) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 18): use list_add_tail_rcu() [rcu-list-api] intended
 * check-output-end
 */
