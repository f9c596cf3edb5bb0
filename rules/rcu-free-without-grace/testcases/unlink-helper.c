/* The unlink is in a helper of the file: fib_table_insert()'s error path
 * before "ipv4: fib: free fib_alias with kfree_rcu() on insert error path"
 * removes the alias it had published with fib_remove_alias(), whose
 * hlist_del_rcu() leaves readers on it, then frees it at once. Quiet: a
 * helper that waits itself, one that unlinks another argument, and one
 * that unlinks it only on some path (vxlan_fdb_nh_update(): an old entry
 * replaced, not the new one its caller frees when it fails). */
struct alias {
	struct hlist_node fa_list;
	struct rcu_head rcu;
	int key;
};
struct leaf { struct hlist_head leaf; };

int leaf_lookup(struct leaf *l, int key)
{
	struct alias *fa;
	int hit = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(fa, &l->leaf, fa_list)
		if (fa->key == key)
			hit = 1;
	rcu_read_unlock();
	return hit;
}

static void remove_alias(struct leaf *l, struct alias *old)
{
	hlist_del_rcu(&old->fa_list);
}

static void remove_alias_sync(struct leaf *l, struct alias *old)
{
	hlist_del_rcu(&old->fa_list);
	synchronize_rcu();
}

static int replace_alias(struct leaf *l, struct alias *fa, struct alias *old)
{
	if (!old)
		return -EINVAL;
	if (old->key) {
		hlist_del_rcu(&fa->fa_list);
		return 0;
	}
	hlist_add_head_rcu(&fa->fa_list, &l->leaf);
	return 1;
}

static void remove_first(struct alias *keep, struct leaf *l)
{
	struct alias *first = hlist_entry(l->leaf.first, struct alias, fa_list);

	hlist_del_rcu(&first->fa_list);
}

static int notify(struct alias *fa)
{
	return fa->key;
}

int table_insert(struct leaf *l, int key)
{
	struct alias *new_fa = kmalloc(sizeof(*new_fa), GFP_KERNEL);

	if (!new_fa)
		return -ENOMEM;
	new_fa->key = key;
	hlist_add_head_rcu(&new_fa->fa_list, &l->leaf);
	if (notify(new_fa)) {
		remove_alias(l, new_fa);
		kfree(new_fa);
		return -EINVAL;
	}
	return 0;
}

int table_insert_waited(struct leaf *l, struct alias *fa)
{
	hlist_add_head_rcu(&fa->fa_list, &l->leaf);
	remove_alias_sync(l, fa);
	kfree(fa);
	return 0;
}

int table_replace(struct leaf *l, struct alias *old, int key)
{
	struct alias *fa = kmalloc(sizeof(*fa), GFP_KERNEL);

	if (!fa)
		return -ENOMEM;
	if (replace_alias(l, fa, old) < 0) {
		kfree(fa);
		return -EINVAL;
	}
	return 0;
}

int table_trim(struct leaf *l, struct alias *fa)
{
	remove_first(fa, l);
	kfree(fa);
	return 0;
}
/*
 * check-name: an alias unlinked by a helper of the file, then freed at once
 * check-output-start
73:3: warning: new_fa is freed by kfree() right after remove_alias() at line 72 with no grace period between: a reader of this file (hlist_for_each_entry_rcu() at line 21) may still hold it [rcu-free-without-grace] intended
 * check-output-end
 */
