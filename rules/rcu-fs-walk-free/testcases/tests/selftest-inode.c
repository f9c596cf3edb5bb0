static void melon_test_destroy_inode(struct inode *inode)
{
	free_inode_nonrcu(inode);
}

static const struct super_operations melon_test_sops = {
	.destroy_inode	= melon_test_destroy_inode,
};
/*
 * check-name: a self-test's pseudo filesystem frees its inodes at once: no walk reaches them
 * check-output-start
3:2: warning: melon_test_destroy_inode() frees the inode (inode) at once as .destroy_inode while RCU path walk, which holds no reference on it, may still read it; free it from .free_inode, which runs after a grace period [rcu-fs-walk-free] false-positive
 * check-output-end
 */
