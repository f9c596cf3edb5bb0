/* The nat lookups' hooks are unregistered and their ops freed at once; a
 * packet already in a hook still runs it. The ops have no rcu_head, so the
 * fix waits for the packet path before the free (upstream's x_tables error
 * paths do the same). */
struct net;
struct nf_hook_ops { void *priv; int hooknum; };
void nf_nat_ipv4_unregister_fn(struct net *net, const struct nf_hook_ops *ops);
void kfree(const void *p);

void nat_lookups_exit(struct net *net, struct nf_hook_ops *ops, int n)
{
	int i;

	for (i = 0; i < n; i++)
		nf_nat_ipv4_unregister_fn(net, &ops[i]);
	kfree(ops);
}

/*
 * check-name: fix: hook ops freed after the hooks left the packet path get a synchronize_net() first
 * check-rules: rcu-free-without-grace
 * check-fix: offered
 * check-output-start
16:2: warning: ops is freed by kfree() right after nf_nat_ipv4_unregister_fn() at line 15 with no grace period between: packets already in the hook may still run it and read its priv [rcu-free-without-grace] bug
 * check-output-end
 */
