/* Retries whose answer decides nothing. */
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
#define unlikely(x) (x)
int printk(const char *fmt, ...);
#define WARN_ON_ONCE(x) (x)

struct sample {
	seqcount_t seq;
	seqlock_t lock;
	unsigned long long a, b;
};

unsigned long long sample_sum(struct sample *s)
{
	unsigned long long v;
	unsigned seq;

	seq = read_seqcount_begin(&s->seq);
	v = s->a + s->b;
	read_seqcount_retry(&s->seq, seq);
	return v;
}

unsigned long long sample_sum_checked(struct sample *s)
{
	unsigned long long v;
	unsigned seq;
	int changed;

	seq = read_seqbegin(&s->lock);
	v = s->a + s->b;
	changed = read_seqretry(&s->lock, seq);
	return v;
}

unsigned long long sample_sum_noisy(struct sample *s)
{
	unsigned long long v;
	unsigned seq;

	seq = read_seqbegin(&s->lock);
	v = s->a + s->b;
	if (unlikely(read_seqretry(&s->lock, seq)))
		printk("sample changed while reading\n");
	return v;
}

unsigned long long sample_sum_spin(struct sample *s)
{
	unsigned long long v;
	unsigned seq;

	seq = read_seqcount_begin(&s->seq);
	v = s->a + s->b;
	while (read_seqcount_retry(&s->seq, seq))
		cpu_relax();
	return v;
}

/* lower: an assertion that no writer runs here */
unsigned long long sample_sum_asserted(struct sample *s)
{
	unsigned long long v;
	unsigned seq;

	seq = raw_read_seqcount(&s->seq);
	v = s->a + s->b;
	WARN_ON_ONCE(read_seqcount_retry(&s->seq, seq));
	return v;
}

/*
 * check-name: retry discarded, stored unread, empty if, spinning while, warning only
 * check-output-start
44:2: warning: the result of read_seqcount_retry(&s->seq, seq) is discarded: the read it should validate is used anyway [seqcount-retry-ignored] bug
56:12: warning: the result of read_seqretry(&s->lock, seq) is stored in changed, which is never read: the read it should validate is used anyway [seqcount-retry-ignored] bug
67:15: warning: if (read_seqretry(&s->lock, seq)) neither repeats nor rejects the read: its branch is empty or only reports, and the data is used anyway [seqcount-retry-ignored] bug
79:9: warning: while (read_seqcount_retry(&s->seq, seq)) never takes a new begin: seq keeps its old value, so the loop spins on a stale sequence instead of repeating the read [seqcount-retry-ignored] bug
92:15: warning: read_seqcount_retry(&s->seq, seq) only feeds a warning: the read is neither repeated nor rejected [seqcount-retry-ignored] intended
 * check-output-end
 */
