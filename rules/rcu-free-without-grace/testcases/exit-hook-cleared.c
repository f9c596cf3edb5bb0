/* A module publishes its ops in a global hook the core calls through under
 * rcu_read_lock(); its exit frees the per-namespace data the ops read,
 * then clears the hook and returns: a reader that loaded the hook just
 * before the clear still runs the module's ops, on freed data, and maybe
 * after the module's text is gone. */
static const struct tmo_hooks hooks = {
	.timeout_find = tmo_find,
	.timeout_put = tmo_put,
};

static int __init tmo_init(void)
{
	int ret = register_pernet_subsys(&tmo_net_ops);

	if (ret < 0)
		return ret;
	RCU_INIT_POINTER(tmo_hook, &hooks);
	return 0;
}

static void __exit tmo_exit(void)
{
	unregister_pernet_subsys(&tmo_net_ops);
	RCU_INIT_POINTER(tmo_hook, NULL);
}

module_init(tmo_init);
module_exit(tmo_exit);

/*
 * check-name: a module exit clears a global RCU hook after tearing down what it reaches, with no grace period after
 * check-output-start
24:2: warning: module exit tmo_exit() clears the RCU pointer tmo_hook with RCU_INIT_POINTER() after unregister_pernet_subsys() tore down what it reaches, and waits for no grace period after: a reader that loaded it under rcu_read_lock() just before may still run the module's functions, on freed data or after its code is gone [rcu-free-without-grace] bug
 * check-output-end
 */
