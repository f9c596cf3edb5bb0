/* Pointers fixed for the object's life, hoisted above the section that reads through them (6.1 badblocks_check(), neigh_resolve_output()), and a loop of another seqcount that re-fetches the object on every pass (6.1 path_init()). */
typedef struct { unsigned sequence; } seqcount_t;
typedef struct { seqcount_t seqcount; int lock; } seqlock_t;
typedef unsigned long long u64;
unsigned read_seqcount_begin(const seqcount_t *s);
unsigned __read_seqcount_begin(const seqcount_t *s);
int read_seqcount_retry(const seqcount_t *s, unsigned start);
unsigned read_seqbegin(const seqlock_t *sl);
int read_seqretry(const seqlock_t *sl, unsigned start);
void write_seqlock(seqlock_t *sl);
void write_sequnlock(seqlock_t *sl);

struct badblocks {
	seqlock_t lock;
	int count;
	u64 *page;
	int changed;
};

/* false-positive band: bb->page is allocated once, only what it points to is
 * covered; nothing reads or writes bb->page inside a section of bb->lock */
int badblocks_first(struct badblocks *bb, u64 *first)
{
	u64 *p = bb->page;
	unsigned seq;
	int n;

retry:
	seq = read_seqbegin(&bb->lock);
	n = bb->count;
	if (n)
		*first = p[0];
	if (read_seqretry(&bb->lock, seq))
		goto retry;
	return n;
}

void badblocks_clear(struct badblocks *bb)
{
	write_seqlock(&bb->lock);
	bb->count = 0;
	bb->page[0] = 0;
	write_sequnlock(&bb->lock);
}

struct net_device { int mtu; };
struct neighbour {
	seqlock_t ha_lock;
	struct net_device *dev;
	unsigned char ha[6];
	unsigned char *name;
};
int dev_hard_header(struct net_device *dev, const unsigned char *daddr);

/* false-positive band: neigh->dev is fixed for the neighbour's life, ha_lock
 * covers neigh->ha only */
int neigh_output(struct neighbour *neigh)
{
	struct net_device *dev = neigh->dev;
	unsigned int seq;
	int err;

	do {
		seq = read_seqbegin(&neigh->ha_lock);
		err = dev_hard_header(dev, neigh->ha);
	} while (read_seqretry(&neigh->ha_lock, seq));
	return err;
}

/* still intended: neigh->name is assigned under write_seqlock(&ha_lock),
 * so it is covered data read before the begin */
unsigned char *neigh_name(struct neighbour *neigh, unsigned char *ha)
{
	unsigned char *name = neigh->name;
	unsigned int seq;

	do {
		seq = read_seqbegin(&neigh->ha_lock);
		ha[0] = neigh->ha[0];
	} while (read_seqretry(&neigh->ha_lock, seq));
	return name;
}

void neigh_rename(struct neighbour *neigh, unsigned char *name)
{
	write_seqlock(&neigh->ha_lock);
	neigh->name = name;
	write_sequnlock(&neigh->ha_lock);
}

struct inode;
struct dentry { seqcount_t d_seq; struct inode *d_inode; };
struct path { void *mnt; struct dentry *dentry; };
struct fs_struct { seqcount_t seq; struct path pwd; };
struct nameidata { struct path path; struct inode *inode; unsigned seq; };

/* the loop belongs to fs->seq and re-fetches nd->path on every pass: each
 * pass loads d_inode of a new dentry once, before its own begin; not a
 * load repeated on every pass of the d_seq section (no "on every pass",
 * no in_loop points) */
void walk_init_pwd(struct nameidata *nd, struct fs_struct *fs)
{
	unsigned seq;

	do {
		seq = read_seqcount_begin(&fs->seq);
		nd->path = fs->pwd;
		nd->inode = nd->path.dentry->d_inode;
		nd->seq = __read_seqcount_begin(&nd->path.dentry->d_seq);
	} while (read_seqcount_retry(&fs->seq, seq));
}

/*
 * check-name: fixed pointers hoisted above their section and an object re-fetched by another seqcount's loop: low scores, no repeated-load claim
 * check-output-start
24:11: warning: bb->page is read before read_seqbegin(&bb->lock) (line 29): the retry of that section validates only what is read after the begin; nothing in this file reads or writes bb->page inside a section of bb->lock: it may not be data that seqcount covers [seqcount-unvalidated-load] false-positive
59:27: warning: neigh->dev is read before read_seqbegin(&neigh->ha_lock) (line 64): the retry of that section validates only what is read after the begin; nothing in this file reads or writes neigh->dev inside a section of neigh->ha_lock: it may not be data that seqcount covers [seqcount-unvalidated-load] false-positive
74:24: warning: neigh->name is read before read_seqbegin(&neigh->ha_lock) (line 78): the retry of that section validates only what is read after the begin [seqcount-unvalidated-load] intended
108:15: warning: nd->path.dentry->d_inode is read before __read_seqcount_begin(&nd->path.dentry->d_seq) (line 109): the retry of that section validates only what is read after the begin; the value goes to nd->inode; nothing in this file reads or writes nd->path.dentry->d_inode inside a section of nd->path.dentry->d_seq: it may not be data that seqcount covers [seqcount-unvalidated-load] intended
 * check-output-end
 */
