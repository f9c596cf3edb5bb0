/* NULL tests, pointer comparisons, NULL stores and teardown of an RCU pointer. */
#define NULL ((void *)0)
#define __rcu
struct prog { int len; };
struct hook { struct prog __rcu *prog; int users; };

int hook_run(struct hook *h)
{
	struct prog *p;
	int len = 0;

	rcu_read_lock();
	p = rcu_dereference(h->prog);
	if (p)
		len = p->len;
	rcu_read_unlock();
	return len;
}

int hook_attached(struct hook *h)
{
	return h->prog != NULL;
}

int hook_is(struct hook *h, struct prog *p)
{
	return h->prog == p;
}

void hook_clear(struct hook *h)
{
	h->prog = NULL;
}

void hook_destroy(struct hook *h)
{
	kfree(h->prog);
	kfree(h);
}

/*
 * check-name: NULL test, comparison, NULL store and teardown of an __rcu field score low
 * check-output-start
22:9: warning: h->prog is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
27:9: warning: h->prog is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
32:2: warning: h->prog is accessed with rcu_dereference() elsewhere in this file but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] false-positive
37:8: warning: h->prog is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
 * check-output-end
 */
