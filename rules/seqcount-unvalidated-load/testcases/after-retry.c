/* Copies made after the last retry, on the path where the retry said the section was consistent. */
typedef struct { unsigned sequence; } seqcount_t;
typedef struct { seqcount_t seqcount; int lock; } seqlock_t;
typedef struct { int raw; } spinlock_t;
#define unlikely(x) (x)
#define READ_ONCE(x) (x)
unsigned read_seqcount_begin(const seqcount_t *s);
unsigned raw_read_seqcount_begin(const seqcount_t *s);
int read_seqcount_retry(const seqcount_t *s, unsigned start);
unsigned read_seqbegin(const seqlock_t *sl);
int read_seqretry(const seqlock_t *sl, unsigned start);
void write_seqcount_begin(seqcount_t *s);
void write_seqcount_end(seqcount_t *s);
void write_seqlock(seqlock_t *sl);
void write_sequnlock(seqlock_t *sl);
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void *memcpy(void *d, const void *s, unsigned long n);
void cpu_relax(void);

struct link_state {
	seqlock_t lock;
	spinlock_t wlock;
	unsigned int flags;
	unsigned int speed;
	unsigned int duplex;
	unsigned char addr[6];
	const char *name;
};
struct dentry {
	seqcount_t d_seq;
	spinlock_t d_lock;
	struct dentry *d_parent;
	void *d_inode;
	unsigned int d_flags;
};
struct nameidata { struct dentry *dentry; void *inode; unsigned seq; };
int lockref_get(struct dentry *d);

/* do/while: duplex is read after the loop */
unsigned int link_speed_duplex(struct link_state *ls, unsigned int *duplex)
{
	unsigned int speed, seq;

	do {
		seq = read_seqbegin(&ls->lock);
		speed = ls->speed;
		*duplex = ls->duplex;
	} while (read_seqretry(&ls->lock, seq));
	*duplex = ls->duplex;
	return speed;
}

/* for (;;) leaving through if (!retry) break */
unsigned int link_speed_flags(struct link_state *ls)
{
	unsigned int speed, flags, seq;

	for (;;) {
		seq = read_seqbegin(&ls->lock);
		speed = ls->speed;
		if (!read_seqretry(&ls->lock, seq))
			break;
		cpu_relax();
	}
	flags = ls->flags;
	return speed | flags;
}

/* if (retry) return; then more copies */
int dentry_inode_flags(struct dentry *dentry, void **inode, unsigned int *flags)
{
	unsigned seq = raw_read_seqcount_begin(&dentry->d_seq);

	*inode = dentry->d_inode;
	if (read_seqcount_retry(&dentry->d_seq, seq))
		return -11;
	*flags = dentry->d_flags;
	return 0;
}

/* the load sits in the success branch of if (!retry) */
struct dentry *dentry_parent_ok(struct dentry *dentry)
{
	struct dentry *ret;
	unsigned seq = raw_read_seqcount_begin(&dentry->d_seq);

	ret = dentry->d_parent;
	if (!read_seqcount_retry(&dentry->d_seq, seq)) {
		void *inode = dentry->d_inode;
		return inode ? ret : 0;
	}
	return 0;
}

/* the sequence is the caller's (nd->seq): a later retry may cover it */
int walk_inode(struct nameidata *nd)
{
	struct dentry *d = nd->dentry;

	if (read_seqcount_retry(&d->d_seq, nd->seq))
		return -10;
	nd->inode = d->d_inode;
	return 0;
}

/* quiet: a second retry covers the second copy */
int dentry_two_checks(struct dentry *dentry, void **inode, unsigned int *flags)
{
	unsigned seq = raw_read_seqcount_begin(&dentry->d_seq);

	*inode = dentry->d_inode;
	if (read_seqcount_retry(&dentry->d_seq, seq))
		return -11;
	*flags = dentry->d_flags;
	if (read_seqcount_retry(&dentry->d_seq, seq))
		return -11;
	return 0;
}

/* quiet: the fall-through of if (!retry) return is the failure path, and
 * the fallback re-reads under the lock (the dget_parent() shape) */
struct dentry *dentry_get_parent(struct dentry *dentry)
{
	struct dentry *ret;
	unsigned seq = raw_read_seqcount_begin(&dentry->d_seq);

	ret = READ_ONCE(dentry->d_parent);
	if (lockref_get(ret)) {
		if (!read_seqcount_retry(&dentry->d_seq, seq))
			return ret;
	}
	ret = dentry->d_parent;
	spin_lock(&ret->d_lock);
	spin_unlock(&ret->d_lock);
	return ret;
}

/* quiet: the failed branch of if (retry) re-reads under the writers' lock */
unsigned int link_speed_fallback(struct link_state *ls)
{
	unsigned int speed, seq;

	seq = read_seqbegin(&ls->lock);
	speed = ls->speed;
	if (read_seqretry(&ls->lock, seq)) {
		spin_lock(&ls->wlock);
		speed = ls->speed;
		spin_unlock(&ls->wlock);
	}
	return speed;
}

/*
 * check-name: copies after the last retry: do/while, for (;;) break, if return, success branch, caller's sequence; quiet on failure paths
 * check-output-start
50:12: warning: ls->duplex is read after read_seqretry(&ls->lock, seq) (line 49) said the section was consistent, and no later retry validates it; the value goes to *duplex [seqcount-unvalidated-load] bug
66:10: warning: ls->flags is read after read_seqretry(&ls->lock, seq) (line 62) said the section was consistent, and no later retry validates it [seqcount-unvalidated-load] intended
78:11: warning: dentry->d_flags is read after read_seqcount_retry(&dentry->d_seq, seq) (line 76) said the section was consistent, and no later retry validates it; the value goes to *flags [seqcount-unvalidated-load] intended
90:17: warning: dentry->d_inode is read after read_seqcount_retry(&dentry->d_seq, seq) (line 89) said the section was consistent, and no later retry validates it [seqcount-unvalidated-load] intended
103:14: warning: d->d_inode is read after read_seqcount_retry(&d->d_seq, nd->seq) (line 101) said the section was consistent, and no later retry validates it (nd->seq lives on: a retry elsewhere must cover this load); the value goes to nd->inode [seqcount-unvalidated-load] intended
 * check-output-end
 */
