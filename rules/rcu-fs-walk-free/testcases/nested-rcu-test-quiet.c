/* The only read of the superblock's info follows a nested -ECHILD in the
 * same block: RCU mode never reaches it. */
struct shale_sb_info {
	int inline_max;
};

static inline struct shale_sb_info *SHALE_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static const char *shale_get_link(struct dentry *dentry, struct inode *inode,
				  struct delayed_call *callback)
{
	if (shale_has_inline_data(inode)) {
		if (!dentry)
			return ERR_PTR(-ECHILD);
		if (SHALE_SB(inode->i_sb)->inline_max < inode->i_size)
			return ERR_PTR(-EFSCORRUPTED);
		return shale_read_inline_link(inode);
	}
	return shale_cached_link(inode);
}

const struct inode_operations shale_symlink_iops = {
	.get_link	= shale_get_link,
};

static void shale_put_super(struct super_block *sb)
{
	struct shale_sb_info *sbi = SHALE_SB(sb);

	sb->s_fs_info = NULL;
	kfree(sbi);
}

static const struct super_operations shale_sops = {
	.put_super	= shale_put_super,
};
/*
 * check-name: a read that follows a nested -ECHILD in its block is not in RCU mode: quiet
 * check-output-start
 * check-output-end
 */
