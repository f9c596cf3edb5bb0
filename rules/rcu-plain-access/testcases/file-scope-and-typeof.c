/* A netfilter NAT hook: a global function pointer read with
 * rcu_dereference() by the helper, set by the NAT module. Naming it in
 * EXPORT_SYMBOL_GPL() at file scope and in typeof() loads nothing; the
 * plain call in nat_hook_call_plain() does. */
#define __rcu
#define EXPORT_SYMBOL_GPL(sym) extern typeof(sym) sym

struct sk_buff;

unsigned int (__rcu *nf_nat_demo_hook)(struct sk_buff *skb,
				       unsigned int off);
EXPORT_SYMBOL_GPL(nf_nat_demo_hook);

unsigned int nat_hook_call(struct sk_buff *skb)
{
	typeof(nf_nat_demo_hook) hook;
	unsigned int ret = 0;

	rcu_read_lock();
	hook = rcu_dereference(nf_nat_demo_hook);
	if (hook)
		ret = hook(skb, 0);
	rcu_read_unlock();
	return ret;
}

unsigned int nat_hook_call_plain(struct sk_buff *skb)
{
	unsigned int ret = 0;

	rcu_read_lock();
	if (nf_nat_demo_hook)
		ret = nf_nat_demo_hook(skb, 0);
	rcu_read_unlock();
	return ret;
}

/*
 * check-name: a file-scope EXPORT_SYMBOL() and typeof() name the pointer without loading it
 * check-output-start
33:9: warning: nf_nat_demo_hook is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
