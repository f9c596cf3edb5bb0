struct nls_table;
struct lemon_opts {
	struct nls_table *nls;
	char *name;
};

struct lemon_sb_info {
	struct lemon_opts *opts;
	unsigned short *upcase;
	int flags;
};

#define LEMON_SB(sb) ((struct lemon_sb_info *)(sb)->s_fs_info)

static unsigned long lemon_fold(struct lemon_sb_info *sbi, const char *name, unsigned int len)
{
	return nls_hash(sbi->opts->nls, name, len);
}

static int lemon_d_hash(const struct dentry *dentry, struct qstr *q)
{
	struct lemon_sb_info *sbi = LEMON_SB(dentry->d_sb);

	q->hash = lemon_fold(sbi, q->name, q->len);
	return 0;
}

static int lemon_d_compare(const struct dentry *dentry, unsigned int len,
			   const char *str, const struct qstr *name)
{
	struct lemon_sb_info *sbi = dentry->d_sb->s_fs_info;

	return nls_strnicmp(sbi->opts->nls, str, name->name, len);
}

const struct dentry_operations lemon_dentry_ops = {
	.d_hash		= lemon_d_hash,
	.d_compare	= lemon_d_compare,
};

static void lemon_put_opts(struct lemon_opts *opts)
{
	unload_nls(opts->nls);
	kfree(opts->name);
	kfree(opts);
}

static void lemon_free_sbi(struct lemon_sb_info *sbi)
{
	kvfree(sbi->upcase);
	kfree(sbi);
}

static void lemon_kill_sb(struct super_block *sb)
{
	struct lemon_sb_info *sbi = sb->s_fs_info;

	kill_block_super(sb);
	lemon_put_opts(sbi->opts);
	kfree(sbi->upcase);
	lemon_free_sbi(sbi);
}

static struct file_system_type lemon_fs_type = {
	.name		= "lemon",
	.kill_sb	= lemon_kill_sb,
};
/*
 * check-name: kill_sb frees the info d_hash and d_compare read, and the options they load through it
 * check-output-start
51:2: warning: lemon_kill_sb() frees sbi, the superblock's s_fs_info, at once (in lemon_free_sbi()) at unmount while RCU path walk may still read it with no reference on the superblock: lemon_d_hash() (.d_hash) reads it at kill-sb.c:22; free it after a grace period (kfree_rcu(), call_rcu()) [rcu-fs-walk-free] bug
59:2: warning: lemon_kill_sb() frees sbi->opts, which the superblock's s_fs_info points to, at once through lemon_put_opts() at unmount while RCU path walk may still read it with no reference on the superblock: lemon_d_hash() (.d_hash) reads it at kill-sb.c:22; free it after a grace period (kfree_rcu(), call_rcu()) [rcu-fs-walk-free] bug
 * check-output-end
 */
