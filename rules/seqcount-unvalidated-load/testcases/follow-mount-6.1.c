/* __follow_mount_rcu() as in Linux 6.1: flags copied at the top of the loop, the next dentry begun later in the body; the caller's nd->next_seq covers the first pass. Reported as intended. */
typedef struct { unsigned sequence; } seqcount_t;
typedef struct { seqcount_t seqcount; } seqlock_t;
typedef _Bool bool;
#define true 1
#define false 0
#define unlikely(x) (x)
#define likely(x) (x)
#define DCACHE_MANAGE_TRANSIT 0x10000
#define DCACHE_NEED_AUTOMOUNT 0x20000
#define DCACHE_MOUNTED 0x40000
#define LOOKUP_NO_XDEV 0x1
#define ND_JUMPED 0x2
unsigned read_seqcount_begin(const seqcount_t *s);
int read_seqretry(const seqlock_t *sl, unsigned start);
extern seqlock_t mount_lock;

struct dentry;
struct path;
struct dentry_operations { int (*d_manage)(const struct path *, bool); };
struct dentry {
	unsigned int d_flags;
	seqcount_t d_seq;
	const struct dentry_operations *d_op;
};
struct vfsmount { struct dentry *mnt_root; };
struct mount { struct vfsmount mnt; };
struct path { struct vfsmount *mnt; struct dentry *dentry; };
struct nameidata { unsigned flags, state, m_seq, next_seq; };
struct mount *__lookup_mnt(struct vfsmount *mnt, struct dentry *dentry);

static bool __follow_mount_rcu(struct nameidata *nd, struct path *path)
{
	struct dentry *dentry = path->dentry;
	unsigned int flags = dentry->d_flags;

	if (likely(!(flags & DCACHE_MANAGE_TRANSIT)))
		return true;

	if (unlikely(nd->flags & LOOKUP_NO_XDEV))
		return false;

	for (;;) {
		if (unlikely(flags & DCACHE_MANAGE_TRANSIT)) {
			int res = dentry->d_op->d_manage(path, true);
			if (res)
				return res == -21;
			flags = dentry->d_flags;
		}

		if (flags & DCACHE_MOUNTED) {
			struct mount *mounted = __lookup_mnt(path->mnt, dentry);
			if (mounted) {
				path->mnt = &mounted->mnt;
				dentry = path->dentry = mounted->mnt.mnt_root;
				nd->state |= ND_JUMPED;
				nd->next_seq = read_seqcount_begin(&dentry->d_seq);
				flags = dentry->d_flags;
				if (read_seqretry(&mount_lock, nd->m_seq))
					return false;
				continue;
			}
			if (read_seqretry(&mount_lock, nd->m_seq))
				return false;
		}
		return !(flags & DCACHE_NEED_AUTOMOUNT);
	}
}

/*
 * check-name: 6.1 __follow_mount_rcu(): same loop shape, value stays local, intended
 * check-output-start
35:23: warning: dentry->d_flags is read before dentry is reassigned (line 55) and read_seqcount_begin(&dentry->d_seq) (line 57) begins on the new object: no begin in __follow_mount_rcu() covers the load, only a sequence the caller took [seqcount-unvalidated-load] intended
 * check-output-end
 */
