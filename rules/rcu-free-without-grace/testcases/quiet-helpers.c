/* More look-alikes: a free helper of the file that itself defers with
 * kfree_rcu(); a teardown loop that frees a node before clearing the slot
 * that pointed at it (the path from the clear reaches the free only round
 * the loop, for the next node); a module exit whose pernet unregister runs
 * rcu_barrier() for it; tracepoint_synchronize_unregister() as the wait; a
 * release helper of the file that frees nothing itself. */
struct blob {
	struct list_head link;
	struct rcu_head rcu;
	struct blob __rcu *child;
};

static LIST_HEAD(blobs);

static void blob_free(struct blob *b)
{
	blob_unpin(b);
	kfree_rcu(b, rcu);
}

static void blob_cb(struct rcu_head *h)
{
	kfree(container_of(h, struct blob, rcu));
}

void blob_drop(struct blob *b)
{
	list_del_rcu(&b->link);
	blob_free(b);
}

void blob_drop_later(struct blob *b)
{
	call_rcu(&b->rcu, blob_cb);
}

void blob_tree_free(struct blob __rcu **slot)
{
	struct blob *node;

	for (;;) {
		node = rcu_dereference_protected(*slot, 1);
		if (!node)
			break;
		if (rcu_access_pointer(node->child)) {
			slot = &node->child;
			continue;
		}
		kfree(node);
		RCU_INIT_POINTER(*slot, NULL);
	}
}

void blob_unhook(struct blob *b)
{
	list_del_rcu(&b->link);
	tracepoint_synchronize_unregister();
	kfree(b);
}

static void blob_release(struct blob *b)
{
	blob_put_pages(b);
}

void blob_drop_pages(struct blob *b)
{
	list_del_rcu(&b->link);
	blob_release(b);
}

static void __exit blob_exit(void)
{
	unregister_pernet_subsys(&blob_net_ops);
}

module_exit(blob_exit);

/*
 * check-name: a deferring free helper, a loop's next-node free and a pernet exit are quiet
 * check-output-start
 * check-output-end
 */
