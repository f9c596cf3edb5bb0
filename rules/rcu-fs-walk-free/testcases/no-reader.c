struct kiwi_sb_info {
	int mode;
};

static int kiwi_getattr(struct mnt_idmap *idmap, const struct path *path,
			struct kstat *stat, u32 mask, unsigned int flags)
{
	struct kiwi_sb_info *sbi = path->dentry->d_sb->s_fs_info;

	stat->mode = sbi->mode;
	return 0;
}

const struct inode_operations kiwi_iops = {
	.getattr	= kiwi_getattr,
};

static void kiwi_kill_sb(struct super_block *sb)
{
	struct kiwi_sb_info *sbi = sb->s_fs_info;

	kill_litter_super(sb);
	kfree(sbi);
}

static struct file_system_type kiwi_fs_type = {
	.name		= "kiwi",
	.kill_sb	= kiwi_kill_sb,
};
/*
 * check-name: no method RCU walk calls reads the info (getattr takes a reference path): quiet
 * check-output-start
 * check-output-end
 */
