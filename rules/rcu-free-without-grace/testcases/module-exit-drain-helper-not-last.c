/* The barrier sits in the slab helper the exit calls, for the cache it
 * destroys; after it the exit stops a helper of the module that flushes the
 * workqueue whose work drops objects with call_rcu(). */
struct obj {
	struct rcu_head rcu;
	int id;
};

static void obj_free_rcu(struct rcu_head *rp)
{
	kmem_cache_free(obj_cache, container_of(rp, struct obj, rcu));
}

void obj_put(struct obj *o)
{
	call_rcu(&o->rcu, obj_free_rcu);
}

static void obj_slab_fini(void)
{
	rcu_barrier();
	kmem_cache_destroy(obj_cache);
}

static void obj_reaper_stop(void)
{
	flush_workqueue(obj_reaper_wq);
	obj_reaper_wq = NULL;
}

static void __exit obj_exit(void)
{
	pci_unregister_driver(&obj_driver);
	obj_slab_fini();
	obj_reaper_stop();
}

module_exit(obj_exit);

/*
 * check-name: the exit's barrier is in a slab helper, and a helper after it flushes the module's work
 * check-output-start
35:2: warning: module exit obj_exit() waits for pending callbacks (rcu_barrier() in obj_slab_fini() at line 34) before flush_workqueue() in obj_reaper_stop() at line 35, which runs work of the module that may queue more of the callbacks this file queues with call_rcu() (obj_free_rcu at line 16): they would run after the module's code is gone [rcu-free-without-grace] intended
 * check-output-end
 */
