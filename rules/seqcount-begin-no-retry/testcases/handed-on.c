/* Sequences handed on for later validation: reported lower, saying where the retry must be. */
typedef struct { unsigned sequence; } seqcount_t;
typedef struct { unsigned sequence; } seqcount_latch_t;
typedef struct { seqcount_t seqcount; int lock; } seqlock_t;
typedef struct { int raw; } spinlock_t;
unsigned read_seqcount_begin(const seqcount_t *s);
unsigned raw_read_seqcount(const seqcount_t *s);
unsigned raw_read_seqcount_begin(const seqcount_t *s);
unsigned __read_seqcount_begin(const seqcount_t *s);
unsigned raw_seqcount_begin(const seqcount_t *s);
int read_seqcount_retry(const seqcount_t *s, unsigned start);
int __read_seqcount_retry(const seqcount_t *s, unsigned start);
unsigned raw_read_seqcount_latch(const seqcount_latch_t *s);
int raw_read_seqcount_latch_retry(const seqcount_latch_t *s, unsigned start);
int read_seqretry(const seqlock_t *sl, unsigned start);
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void write_seqcount_begin(seqcount_t *s);
void write_seqcount_end(seqcount_t *s);
void write_seqlock(seqlock_t *sl);
void write_sequnlock(seqlock_t *sl);
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void cpu_relax(void);

struct inode;
struct dentry {
	seqcount_t d_seq;
	struct inode *d_inode;
	struct dentry *d_parent;
	unsigned int d_flags;
};
struct path { struct dentry *dentry; void *mnt; };
struct nameidata {
	struct path path;
	struct inode *inode;
	unsigned seq, next_seq;
};
int legitimize(struct path *path, unsigned seq);

/* stored in a field of the walk state */
void walk_start(struct nameidata *nd, struct dentry *root)
{
	nd->path.dentry = root;
	nd->seq = read_seqcount_begin(&nd->path.dentry->d_seq);
	nd->inode = nd->path.dentry->d_inode;
}

/* returned through an out-parameter */
struct dentry *lookup_rcu(struct dentry **hash, int n, struct dentry *parent,
			  unsigned *seqp)
{
	int i;

	for (i = 0; i < n; i++) {
		struct dentry *dentry = hash[i];
		unsigned seq = raw_seqcount_begin(&dentry->d_seq);

		if (dentry->d_parent != parent)
			continue;
		*seqp = seq;
		return dentry;
	}
	return 0;
}

/* a wrapper that returns the sequence */
static inline unsigned dentry_read_begin(struct dentry *dentry)
{
	return read_seqcount_begin(&dentry->d_seq);
}

/* passed to the function that validates it */
int step_parent(struct path *path)
{
	unsigned seq;

	path->dentry = path->dentry->d_parent;
	seq = read_seqcount_begin(&path->dentry->d_seq);
	return legitimize(path, seq);
}

/* one finding per function and place the sequence goes */
void walk_restart(struct nameidata *nd, int jumped)
{
	if (jumped)
		nd->seq = read_seqcount_begin(&nd->path.dentry->d_seq);
	else
		nd->seq = __read_seqcount_begin(&nd->path.dentry->d_seq);
}

/* passed to a callback through a function pointer */
struct waiter { int (*sleep)(struct path *p, unsigned seq); };
int wait_progress(struct waiter *w, struct path *path)
{
	unsigned seq;

	seq = raw_seqcount_begin((const seqcount_t *)&path->dentry->d_seq);
	return w->sleep(path, seq);
}

/* the API's own definition is not a finding: its callers are checked */
typedef struct { seqcount_t seqcount; } myseqlock_t;
static inline unsigned read_seqbegin(const myseqlock_t *sl)
{
	return read_seqcount_begin(&sl->seqcount);
}

/*
 * check-name: handed-on sequences: field, out-parameter, return, call
 * check-output-start
46:12: warning: read_seqcount_begin(&nd->path.dentry->d_seq) is stored in nd->seq and not retried here: the code that reads nd->seq must call read_seqcount_retry() on the same seqcount after using what it covers [seqcount-begin-no-retry] false-positive
58:18: warning: seq from raw_seqcount_begin(&dentry->d_seq) is not retried here but copied to *seqp: the code that reads *seqp must call read_seqcount_retry() on the same seqcount after using what it covers [seqcount-begin-no-retry] false-positive
71:9: warning: dentry_read_begin() returns the sequence of read_seqcount_begin(&dentry->d_seq) unvalidated: each caller must pass it to read_seqcount_retry(&dentry->d_seq, seq) after its reads [seqcount-begin-no-retry] false-positive
80:8: warning: seq from read_seqcount_begin(&path->dentry->d_seq) is not retried here but passed to legitimize(): that callee must validate it with read_seqcount_retry(&path->dentry->d_seq, seq) [seqcount-begin-no-retry] false-positive
88:13: warning: read_seqcount_begin(&nd->path.dentry->d_seq) is stored in nd->seq and not retried here: the code that reads nd->seq must call read_seqcount_retry() on the same seqcount after using what it covers [seqcount-begin-no-retry] false-positive
99:8: warning: seq from raw_seqcount_begin(&path->dentry->d_seq) is not retried here but passed to w->sleep(): that callee must validate it with read_seqcount_retry(&path->dentry->d_seq, seq) [seqcount-begin-no-retry] false-positive
 * check-output-end
 */
