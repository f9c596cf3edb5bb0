/* The exit clears the hook first and waits for the readers that loaded it
 * (synchronize_rcu()) before it frees what the hook reaches: quiet; so is
 * a local pointer cleared. */
static void __exit hk_exit(void)
{
	struct hk_ops *ops = NULL;

	RCU_INIT_POINTER(ops, NULL);
	RCU_INIT_POINTER(hk_hook, NULL);
	synchronize_rcu();
	unregister_pernet_subsys(&hk_net_ops);
}

module_init(hk_init);
module_exit(hk_exit);

/*
 * check-name: a module exit that clears its RCU hook, then waits, then tears down is quiet
 * check-output-start
 * check-output-end
 */
