struct nls_table;
struct mango_opts {
	struct nls_table *nls;
};

struct mango_sb_info {
	struct mango_opts *options;
};

static int mango_d_compare(const struct dentry *dentry, unsigned int len,
			   const char *str, const struct qstr *name)
{
	struct mango_sb_info *sbi = dentry->d_sb->s_fs_info;

	return nls_strnicmp(sbi->options->nls, str, name->name, len);
}

const struct dentry_operations mango_dentry_ops = {
	.d_compare	= mango_d_compare,
};

static int mango_reconfigure(struct fs_context *fc)
{
	struct mango_sb_info *sbi = fc->root->d_sb->s_fs_info;

	swap(sbi->options, fc->fs_private);
	return 0;
}

static void mango_put_options(struct mango_opts *opts)
{
	unload_nls(opts->nls);
	kfree(opts);
}

static void mango_fs_free(struct fs_context *fc)
{
	struct mango_opts *opts = fc->fs_private;
	struct mango_sb_info *sbi = fc->s_fs_info;

	kfree(sbi);
	if (opts)
		mango_put_options(opts);
}

static const struct fs_context_operations mango_context_ops = {
	.reconfigure	= mango_reconfigure,
	.free		= mango_fs_free,
};
/*
 * check-name: a remount swaps the options out of the info, the fs_context's free frees them at once; the info of a failed mount is quiet
 * check-output-start
43:3: warning: mango_fs_free() frees opts, the options a remount swapped out of ->options, at once through mango_put_options() when the fs_context is freed while RCU path walk may still read it with no reference on the superblock: mango_d_compare() (.d_compare) reads it at options-swap.c:13; free it after a grace period (kfree_rcu(), call_rcu()) [rcu-fs-walk-free] bug
 * check-output-end
 */
