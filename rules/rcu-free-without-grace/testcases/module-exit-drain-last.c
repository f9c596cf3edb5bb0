/* The exit drains the callbacks, and what it tears down after the drain
 * runs no work of the module: a slab cache, a class, a character device, a
 * debugfs directory, a helper that frees the module's tables. Nothing can
 * queue a callback once rcu_barrier() returns. */
struct entry {
	struct rcu_head rcu;
	int id;
};

static void entry_reclaim(struct rcu_head *rp)
{
	kfree(container_of(rp, struct entry, rcu));
}

void entry_drop(struct entry *e)
{
	call_rcu(&e->rcu, entry_reclaim);
}

static void ent_tables_free(void)
{
	kfree(ent_table);
	kmem_cache_destroy(ent_cache);
}

static void __exit ent_exit(void)
{
	destroy_workqueue(ent_wq);
	unregister_filesystem(&ent_fs_type);
	rcu_barrier();
	ent_tables_free();
	class_destroy(ent_class);
	unregister_chrdev(ent_major, "ent");
	debugfs_remove_recursive(ent_debugfs);
}

module_exit(ent_exit);

/*
 * check-name: an exit whose teardown after the drain runs no work of the module is quiet
 * check-output-start
 * check-output-end
 */
