struct rcu_head { void *next; };

struct fig_sb_info {
	struct nls_table *nls;
	struct rcu_head rcu;
};

static int fig_d_hash(const struct dentry *dentry, struct qstr *q)
{
	struct fig_sb_info *sbi = dentry->d_sb->s_fs_info;

	q->hash = nls_hash(sbi->nls, q->name, q->len);
	return 0;
}

const struct dentry_operations fig_dentry_ops = {
	.d_hash		= fig_d_hash,
};

static void fig_kill_sb(struct super_block *sb)
{
	struct fig_sb_info *sbi = sb->s_fs_info;

	kill_block_super(sb);
	kfree_rcu(sbi, rcu);
}

static void fig_put_super(struct super_block *sb)
{
	struct fig_sb_info *sbi = sb->s_fs_info;

	synchronize_rcu();
	kfree(sbi->nls);
}

static struct file_system_type fig_fs_type = {
	.name		= "fig",
	.kill_sb	= fig_kill_sb,
};

static const struct super_operations fig_sops = {
	.put_super	= fig_put_super,
};
/*
 * check-name: the info freed with kfree_rcu(), a member freed after synchronize_rcu(): quiet
 * check-output-start
 * check-output-end
 */
