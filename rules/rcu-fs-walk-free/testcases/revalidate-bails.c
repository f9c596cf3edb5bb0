struct pear_sb_info {
	int gen;
};

static inline struct pear_sb_info *PEAR_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static int pear_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	if (flags & LOOKUP_RCU)
		return -ECHILD;
	return PEAR_SB(dentry->d_sb)->gen == dentry->d_time;
}

static int pear_permission(struct mnt_idmap *idmap, struct inode *inode, int mask)
{
	if (mask & MAY_NOT_BLOCK)
		return -ECHILD;
	return PEAR_SB(inode->i_sb)->gen ? 0 : -EACCES;
}

static const char *pear_get_link(struct dentry *dentry, struct inode *inode,
				 struct delayed_call *done)
{
	if (!dentry)
		return ERR_PTR(-ECHILD);
	return PEAR_SB(inode->i_sb)->gen ? "a" : "b";
}

const struct dentry_operations pear_dentry_ops = {
	.d_revalidate	= pear_d_revalidate,
};

const struct inode_operations pear_dir_iops = {
	.permission	= pear_permission,
	.get_link	= pear_get_link,
};

static void pear_put_super(struct super_block *sb)
{
	struct pear_sb_info *sbi = PEAR_SB(sb);

	sb->s_fs_info = NULL;
	kfree(sbi);
}

static const struct super_operations pear_sops = {
	.put_super	= pear_put_super,
};
/*
 * check-name: methods that return -ECHILD in RCU mode before they read the info are no readers: quiet
 * check-output-start
 * check-output-end
 */
