struct rcu_head { void *next; };

struct unicode_map {
	unsigned int version;
	const void *tables;
	struct rcu_head rcu;
};

struct unicode_map *utf9_load(unsigned int version)
{
	struct unicode_map *um;

	um = kzalloc(sizeof(*um), GFP_KERNEL);
	if (!um)
		return ERR_PTR(-ENOMEM);
	um->version = version;
	um->tables = symbol_request(utf9_data_table);
	if (!um->tables) {
		kfree(um);
		return ERR_PTR(-EINVAL);
	}
	return um;
}

void utf9_unload(struct unicode_map *um)
{
	if (um) {
		symbol_put(utf9_data_table);
		kfree(um);
	}
}
static void utf9_unload_rcu(struct rcu_head *head)
{
	struct unicode_map *um = container_of(head, struct unicode_map, rcu);

	kfree(um);
}

void utf9_unload_deferred(struct unicode_map *um)
{
	if (um)
		call_rcu(&um->rcu, utf9_unload_rcu);
}
/*
 * check-name: the case-folding map freed at once at unload; its load's error path and an RCU callback are quiet
 * check-output-start
29:3: warning: um (struct unicode_map) is freed at once while RCU path walk may still read it through the superblock's s_encoding, with no reference: the VFS's case-folding d_hash and d_compare do; free it after a grace period (call_rcu()) [rcu-fs-walk-free] bug
 * check-output-end
 */
