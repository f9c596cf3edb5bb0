/* The exit of port.ko calls a helper of another part that runs
 * rcu_barrier(): quiet. */
static void __exit port_exit(void)
{
	port_teardown();
}

module_exit(port_exit);

/*
 * check-name: module exit whose helper in another file of the module waits for the callbacks
 * check-output-start
 * check-output-end
 */
