/* Netfilter hooks taken off the packet path and their ops or priv freed at
 * once: nf_unregister_net_hooks() does not wait for the packets already in
 * a hook, and a failed nf_register_net_hooks() unregisters the hooks it had
 * registered the same way. The shapes of the x_tables registration error
 * path (fixed upstream in 6.12.115), iptable_nat's lookups (kfree(ops) ->
 * kfree_rcu()), and two that are fine: a wait before the free, and a free
 * of something no hook points at (ila's mapping). */
struct net;
struct nf_hook_ops { void *priv; int hooknum; };
struct table { struct nf_hook_ops *ops; int valid; };
int nf_register_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n);
void nf_unregister_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n);
int nf_nat_ipv4_register_fn(struct net *net, const struct nf_hook_ops *ops);
void nf_nat_ipv4_unregister_fn(struct net *net, const struct nf_hook_ops *ops);
void *kmemdup(const void *p, unsigned long n, int gfp);
void kfree(const void *p);
void synchronize_net(void);

static void __tbl_unregister_table(struct net *net, struct table *t)
{
	kfree(t->ops);
	kfree(t);
}

int tbl_register(struct net *net, struct table *t, const struct nf_hook_ops *tmpl, int n)
{
	struct nf_hook_ops *ops;
	int i, ret;

	ops = kmemdup(tmpl, sizeof(*ops) * n, 0);
	if (!ops)
		return -12;
	for (i = 0; i < n; i++)
		ops[i].priv = t;
	t->ops = ops;
	ret = nf_register_net_hooks(net, ops, n);
	if (ret != 0)
		goto out_free;
	return 0;
out_free:
	__tbl_unregister_table(net, t);
	return ret;
}

int nat_register_lookups(struct net *net, const struct nf_hook_ops *tmpl, int n)
{
	struct nf_hook_ops *ops;
	int i, ret;

	ops = kmemdup(tmpl, sizeof(*ops) * n, 0);
	if (!ops)
		return -12;
	for (i = 0; i < n; i++) {
		ret = nf_nat_ipv4_register_fn(net, &ops[i]);
		if (ret) {
			while (i)
				nf_nat_ipv4_unregister_fn(net, &ops[--i]);
			kfree(ops);
			return ret;
		}
	}
	return 0;
}

void nat_unregister_lookups(struct net *net, struct nf_hook_ops *ops, int n)
{
	int i;

	for (i = 0; i < n; i++)
		nf_nat_ipv4_unregister_fn(net, &ops[i]);
	kfree(ops);
}

void nat_unregister_waited(struct net *net, struct nf_hook_ops *ops, int n)
{
	nf_unregister_net_hooks(net, ops, n);
	synchronize_net();
	kfree(ops[0].priv);
	kfree(ops);
}

struct mapping { int key; };

int map_add(struct net *net, struct nf_hook_ops *hooks, int n, struct mapping *m)
{
	int ret = nf_register_net_hooks(net, hooks, n);

	if (ret < 0)
		kfree(m);
	return ret;
}
/*
 * check-name: hook ops or their priv freed after the hooks left the packet path, with no wait
 * check-output-start
41:2: warning: t is freed by __tbl_unregister_table() right after nf_register_net_hooks() at line 36 failed with no grace period between: packets already in the hook may still run it and read its priv [rcu-free-without-grace] bug
58:4: warning: ops is freed by kfree() right after nf_nat_ipv4_unregister_fn() at line 57 with no grace period between: packets already in the hook may still run it and read its priv [rcu-free-without-grace] bug
71:2: warning: ops is freed by kfree() right after nf_nat_ipv4_unregister_fn() at line 70 with no grace period between: packets already in the hook may still run it and read its priv [rcu-free-without-grace] bug
 * check-output-end
 */
