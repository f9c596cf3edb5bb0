/* Write-side code, begins under the writers' lock, and a sequence variable reused for a second section. */
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
unsigned read_seqbegin(const seqlock_t *sl);
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

struct counter {
	seqcount_t seq;
	spinlock_t lock;
	unsigned long long value;
	unsigned long long stamp;
};

struct nameidata {
	struct dentry *dentry;
	unsigned seq;
};
struct dentry { seqcount_t d_seq; void *d_inode; };

/* write side: not a read section, quiet */
void counter_set(struct counter *c, unsigned long long v, unsigned long long t)
{
	spin_lock(&c->lock);
	write_seqcount_begin(&c->seq);
	c->value = v;
	c->stamp = t;
	write_seqcount_end(&c->seq);
	spin_unlock(&c->lock);
}

void counter_set_seqlock(seqlock_t *sl, struct counter *c, unsigned long long v)
{
	write_seqlock(sl);
	c->value = v;
	write_sequnlock(sl);
}

/* the writers' lock is held: the begin is pointless, reported low */
unsigned long long counter_get_locked(struct counter *c)
{
	unsigned long long v;
	unsigned seq;

	spin_lock(&c->lock);
	seq = read_seqcount_begin(&c->seq);
	v = c->value;
	spin_unlock(&c->lock);
	return v;
}

/* the same variable serves two sections; only the second is unvalidated */
unsigned long long counter_pair(struct counter *a, struct counter *b)
{
	unsigned long long x, y;
	unsigned seq;

	do {
		seq = read_seqcount_begin(&a->seq);
		x = a->value;
	} while (read_seqcount_retry(&a->seq, seq));

	seq = read_seqcount_begin(&b->seq);
	y = b->value;
	return x + y;
}

/* a sequence kept in a field and validated in the same function: quiet */
int walk_check(struct nameidata *nd)
{
	void *inode;

	nd->seq = read_seqcount_begin(&nd->dentry->d_seq);
	inode = nd->dentry->d_inode;
	if (read_seqcount_retry(&nd->dentry->d_seq, nd->seq))
		return -10;
	return inode != 0;
}

/*
 * check-name: write side quiet, begin under the writers' lock low, reused sequence variable
 * check-output-start
66:8: warning: seq from read_seqcount_begin(&c->seq) never reaches read_seqcount_retry(): nothing validates what is read after the begin (spin_lock() is held there: if it excludes the writers, the begin is not needed) [seqcount-begin-no-retry] false-positive
83:8: warning: seq from read_seqcount_begin(&b->seq) never reaches read_seqcount_retry(): nothing validates what is read after the begin [seqcount-begin-no-retry] intended
 * check-output-end
 */
