/* ext4_get_link()'s shape: inline data refuses RCU mode inside its own
 * block, then the block map is read in RCU mode through a helper that
 * reads the superblock's info. The nested -ECHILD ends only its block. */
struct slate_sb_info {
	int mount_state;
	struct percpu_counter extent_hits;
};

static inline struct slate_sb_info *SLATE_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static struct buffer_head *slate_getblk(struct inode *inode, int block)
{
	if (SLATE_SB(inode->i_sb)->mount_state & SLATE_REPLAY)
		return NULL;
	return sb_find_get_block(inode->i_sb, block);
}

static const char *slate_get_link(struct dentry *dentry, struct inode *inode,
				  struct delayed_call *callback)
{
	struct buffer_head *bh;

	if (slate_has_inline_data(inode)) {
		if (!dentry)
			return ERR_PTR(-ECHILD);
		return slate_read_inline_link(inode);
	}

	if (!dentry) {
		bh = slate_getblk(inode, 0);
		if (!bh)
			return ERR_PTR(-ECHILD);
	} else {
		bh = slate_bread(inode, 0);
	}
	return bh->b_data;
}

const struct inode_operations slate_symlink_iops = {
	.get_link	= slate_get_link,
};

static void slate_put_super(struct super_block *sb)
{
	struct slate_sb_info *sbi = SLATE_SB(sb);

	sb->s_fs_info = NULL;
	kfree(sbi);
}

static const struct super_operations slate_sops = {
	.put_super	= slate_put_super,
};
/*
 * check-name: a nested -ECHILD (inline data) ends only its block: the RCU branch after it reads the info through a helper
 * check-output-start
51:2: warning: slate_put_super() frees sbi, the superblock's s_fs_info, at once at unmount while RCU path walk may still read it with no reference on the superblock: slate_get_link() (.get_link) reads it through slate_getblk() at nested-rcu-test.c:33 (it does not return -ECHILD in RCU mode first); free it after a grace period (kfree_rcu(), call_rcu()) [rcu-fs-walk-free] bug
 * check-output-end
 */
