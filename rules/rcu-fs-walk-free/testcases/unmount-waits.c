struct vfsmount;
struct cherry_layer {
	struct vfsmount *mnt;
};

struct cherry_fs {
	struct cherry_layer *layers;
	unsigned int numlayer;
};

#define CHERRY_FS(sb) ((struct cherry_fs *)(sb)->s_fs_info)

static int cherry_permission(struct mnt_idmap *idmap, struct inode *inode, int mask)
{
	struct cherry_fs *ofs = CHERRY_FS(inode->i_sb);

	return ofs->layers[0].mnt ? 0 : -EACCES;
}

const struct inode_operations cherry_dir_iops = {
	.permission	= cherry_permission,
};

static void cherry_free_fs(struct cherry_fs *ofs)
{
	struct vfsmount *mounts[2];

	mounts[0] = ofs->layers[0].mnt;
	kern_unmount_array(mounts, 1);
	kfree(ofs->layers);
	kfree(ofs);
}

static void cherry_put_super(struct super_block *sb)
{
	struct cherry_fs *ofs = CHERRY_FS(sb);

	if (ofs)
		cherry_free_fs(ofs);
}

static const struct super_operations cherry_sops = {
	.put_super	= cherry_put_super,
};
/*
 * check-name: the helper that frees the info waits first: kern_unmount_array() synchronizes before its mntput()s
 * check-output-start
 * check-output-end
 */
