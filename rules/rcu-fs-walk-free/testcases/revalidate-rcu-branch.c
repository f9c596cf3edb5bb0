struct date_client {
	int gen;
};

struct date_fs {
	struct date_client *client;
};

static inline struct date_fs *date_sb_to_fs(struct super_block *sb)
{
	return sb->s_fs_info;
}

static int date_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	struct inode *dir;

	if (flags & LOOKUP_RCU) {
		dir = d_inode_rcu(READ_ONCE(dentry->d_parent));
		if (!dir)
			return -ECHILD;
	} else {
		dir = d_inode(dentry->d_parent);
	}
	return date_sb_to_fs(dir->i_sb)->client->gen == dentry->d_time;
}

const struct dentry_operations date_dentry_ops = {
	.d_revalidate	= date_d_revalidate,
};

static void date_kill_sb(struct super_block *sb)
{
	struct date_fs *fsc = date_sb_to_fs(sb);

	kill_anon_super(sb);
	kfree(fsc->client);
	kfree(fsc);
}

static struct file_system_type date_fs_type = {
	.name		= "date",
	.kill_sb	= date_kill_sb,
};
/*
 * check-name: d_revalidate's RCU branch returns -ECHILD only when a test fails, then reads the info: a reader
 * check-output-start
37:2: warning: date_kill_sb() frees fsc->client, which the superblock's s_fs_info points to, at once at unmount while RCU path walk may still read it with no reference on the superblock: date_d_revalidate() (.d_revalidate) reads it at revalidate-rcu-branch.c:25 (it does not return -ECHILD in RCU mode first); free it after a grace period (kfree_rcu(), call_rcu()) [rcu-fs-walk-free] bug
38:2: warning: date_kill_sb() frees fsc, the superblock's s_fs_info, at once at unmount while RCU path walk may still read it with no reference on the superblock: date_d_revalidate() (.d_revalidate) reads it at revalidate-rcu-branch.c:25 (it does not return -ECHILD in RCU mode first); free it after a grace period (kfree_rcu(), call_rcu()) [rcu-fs-walk-free] bug
 * check-output-end
 */
