/* __follow_mount_rcu() before commit 62a7375e: d_inode is copied right after the begin. Quiet. */
typedef struct { unsigned sequence; } seqcount_t;
typedef _Bool bool;
#define true 1
#define false 0
#define unlikely(x) (x)
#define DCACHE_MANAGE_TRANSIT 0x10000
#define DCACHE_NEED_AUTOMOUNT 0x20000
unsigned read_seqcount_begin(const seqcount_t *s);
int read_seqcount_retry(const seqcount_t *s, unsigned start);
int __read_seqcount_retry(const seqcount_t *s, unsigned start);

struct inode;
struct qstr { unsigned int hash; unsigned int len; const char *name; };
struct dentry;
struct dentry_operations { int (*d_manage)(struct dentry *, bool); };
struct dentry {
	unsigned int d_flags;
	seqcount_t d_seq;
	struct dentry *d_parent;
	struct qstr d_name;
	struct inode *d_inode;
	const struct dentry_operations *d_op;
};
struct vfsmount { struct dentry *mnt_root; };
struct path { struct vfsmount *mnt; struct dentry *dentry; };
struct nameidata { struct path path; struct inode *inode; unsigned seq; };

struct vfsmount *__lookup_mnt(struct vfsmount *mnt, struct dentry *dentry, int dir);
int d_mountpoint(struct dentry *dentry);
struct dentry *__d_lookup_rcu(struct dentry *parent, struct qstr *name,
			      unsigned *seq, struct inode **inode);

/* the lookup that copies d_inode inside the child's read section */
static int do_lookup_rcu(struct nameidata *nd, struct qstr *name,
			 struct path *path, struct inode **inode)
{
	struct dentry *parent = nd->path.dentry;
	struct dentry *dentry;
	unsigned seq;

	dentry = __d_lookup_rcu(parent, name, &seq, inode);
	if (!dentry)
		return -1;
	seq = read_seqcount_begin(&dentry->d_seq);
	*inode = dentry->d_inode;
	if (read_seqcount_retry(&dentry->d_seq, seq))
		return -1;
	if (__read_seqcount_retry(&parent->d_seq, nd->seq))
		return -1;
	nd->seq = seq;
	path->dentry = dentry;
	return 0;
}

static bool __follow_mount_rcu(struct nameidata *nd, struct path *path,
			       struct inode **inode, bool reverse_transit)
{
	while (d_mountpoint(path->dentry)) {
		struct vfsmount *mounted;
		if (unlikely(path->dentry->d_flags & DCACHE_MANAGE_TRANSIT) &&
		    !reverse_transit &&
		    path->dentry->d_op->d_manage(path->dentry, true) < 0)
			return false;
		mounted = __lookup_mnt(path->mnt, path->dentry, 1);
		if (!mounted)
			break;
		path->mnt = mounted;
		path->dentry = mounted->mnt_root;
		nd->seq = read_seqcount_begin(&path->dentry->d_seq);
		*inode = path->dentry->d_inode;
	}

	if (unlikely(path->dentry->d_flags & DCACHE_NEED_AUTOMOUNT))
		return reverse_transit;
	return true;
}

/*
 * check-name: pre-62a7375e __follow_mount_rcu(): the copy follows its begin
 * check-output-start
 * check-output-end
 */
