/* A module frees its tree nodes with call_rcu() into its own slab cache;
 * the exit destroys the cache with the callbacks perhaps still pending
 * (nf_conncount_modexit() before 7.x): rcu_barrier() goes before the first
 * kmem_cache_destroy(), where upstream put it. */
struct tree_node {
	struct rcu_head rcu;
	int key;
};

static struct kmem_cache *node_cachep;
static struct kmem_cache *conn_cachep;

static void node_free_rcu(struct rcu_head *h)
{
	struct tree_node *n = container_of(h, struct tree_node, rcu);

	kmem_cache_free(node_cachep, n);
}

void node_drop(struct tree_node *n)
{
	call_rcu(&n->rcu, node_free_rcu);
}

static int __init count_init(void)
{
	node_cachep = kmem_cache_create("nodes", sizeof(struct tree_node), 0, 0, NULL);
	conn_cachep = kmem_cache_create("conns", 64, 0, 0, NULL);
	return 0;
}

static void __exit count_exit(void)
{
	kmem_cache_destroy(conn_cachep);
	kmem_cache_destroy(node_cachep);
}

module_init(count_init);
module_exit(count_exit);

/*
 * check-name: fix: module exit gets rcu_barrier() before its first cache destroy
 * check-rules: rcu-free-without-grace
 * check-fix: offered
 * check-output-start
35:2: warning: module exit count_exit() returns with no rcu_barrier() while callbacks this file queues with call_rcu() (node_free_rcu at line 22) may still be pending: they would run after the module's code is gone [rcu-free-without-grace] bug
 * check-output-end
 */
