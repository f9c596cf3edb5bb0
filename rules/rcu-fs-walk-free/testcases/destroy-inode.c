struct plum_inode {
	int flags;
	struct inode vfs_inode;
};

static struct kmem_cache *plum_inode_cachep;

#define PLUM_I(inode) container_of(inode, struct plum_inode, vfs_inode)

static void plum_destroy_inode(struct inode *inode)
{
	if (S_ISLNK(inode->i_mode))
		kfree(inode->i_link);
	kfree(inode->i_private);
	kmem_cache_free(plum_inode_cachep, PLUM_I(inode));
}

static const struct super_operations plum_sops = {
	.destroy_inode	= plum_destroy_inode,
};
/*
 * check-name: destroy_inode frees the symlink body and the inode at once; i_private is no walk's
 * check-output-start
13:3: warning: plum_destroy_inode() frees the inode's i_link (inode->i_link) at once as .destroy_inode while RCU path walk, which holds no reference on it, may still read it; free it from .free_inode, which runs after a grace period [rcu-fs-walk-free] bug
15:2: warning: plum_destroy_inode() frees the inode (PLUM_I(inode)) at once as .destroy_inode while RCU path walk, which holds no reference on it, may still read it; free it from .free_inode, which runs after a grace period [rcu-fs-walk-free] bug
 * check-output-end
 */
