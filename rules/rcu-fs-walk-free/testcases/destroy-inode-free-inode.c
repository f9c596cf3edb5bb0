struct grape_inode {
	int flags;
	struct inode vfs_inode;
};

static struct kmem_cache *grape_inode_cachep;

static void grape_destroy_inode(struct inode *inode)
{
	grape_release_extents(inode);
}

static void grape_free_inode(struct inode *inode)
{
	kmem_cache_free(grape_inode_cachep, container_of(inode, struct grape_inode, vfs_inode));
}

static const struct super_operations grape_sops = {
	.destroy_inode	= grape_destroy_inode,
	.free_inode	= grape_free_inode,
};
/*
 * check-name: the inode freed from free_inode, after a grace period: quiet
 * check-output-start
 * check-output-end
 */
