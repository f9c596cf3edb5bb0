/* lone.ko is a module of one file that queues no callback: ring-free.c's
 * call_rcu() in the same directory belongs to another module. */
static void __exit lone_exit(void)
{
	lone_unregister();
}

module_exit(lone_exit);

/*
 * check-name: a module of one file in a directory where another module queues callbacks
 * check-output-start
 * check-output-end
 */
