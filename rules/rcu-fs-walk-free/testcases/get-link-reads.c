struct quince_sb_info {
	char *target;
	int gen;
};

static inline struct quince_sb_info *QUINCE_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static const char *quince_get_link(struct dentry *dentry, struct inode *inode,
				   struct delayed_call *done)
{
	struct quince_sb_info *sbi = QUINCE_SB(inode->i_sb);

	if (!dentry)
		return sbi->target;
	return kstrdup(sbi->target, GFP_KERNEL);
}

static int quince_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	if (flags & LOOKUP_RCU)
		return -ECHILD;
	return 1;
}

const struct inode_operations quince_link_iops = {
	.get_link	= quince_get_link,
};

const struct dentry_operations quince_dentry_ops = {
	.d_revalidate	= quince_d_revalidate,
};

static void quince_destroy_sbi(struct quince_sb_info *sbi)
{
	if (sbi) {
		kfree(sbi->target);
		kfree(sbi);
	}
}

static void quince_kill_sb(struct super_block *sb)
{
	struct quince_sb_info *sbi = QUINCE_SB(sb);

	kill_anon_super(sb);
	quince_destroy_sbi(sbi);
}

static struct file_system_type quince_fs_type = {
	.name		= "quince",
	.kill_sb	= quince_kill_sb,
};
/*
 * check-name: a get_link that reads the info in RCU mode (a NULL dentry) without -ECHILD is a reader
 * check-output-start
40:3: warning: quince_kill_sb() frees sbi, the superblock's s_fs_info, at once (in quince_destroy_sbi()) at unmount while RCU path walk may still read it with no reference on the superblock: quince_get_link() (.get_link) reads it at get-link-reads.c:14 (it does not return -ECHILD in RCU mode first); free it after a grace period (kfree_rcu(), call_rcu()) [rcu-fs-walk-free] bug
 * check-output-end
 */
