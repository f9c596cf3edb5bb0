/* A read section that is opened and never validated. */
typedef struct { unsigned sequence; } seqcount_t;
typedef struct { seqcount_t seqcount; int lock; } seqlock_t;
unsigned read_seqcount_begin(const seqcount_t *s);
int read_seqcount_retry(const seqcount_t *s, unsigned start);
unsigned read_seqbegin(const seqlock_t *sl);
int read_seqretry(const seqlock_t *sl, unsigned start);
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);

struct clock_state {
	seqcount_t seq;
	unsigned long long base;
	unsigned int mult;
	unsigned int shift;
};

struct stats {
	seqlock_t lock;
	unsigned long packets;
	unsigned long bytes;
};

unsigned long long clock_read(struct clock_state *cs, unsigned long long cycles)
{
	unsigned long long base;
	unsigned int mult, shift;
	unsigned int seq;

	seq = read_seqcount_begin(&cs->seq);
	base = cs->base;
	mult = cs->mult;
	shift = cs->shift;
	return base + ((cycles * mult) >> shift);
}

void stats_read(struct stats *st, unsigned long *packets, unsigned long *bytes)
{
	unsigned seq = read_seqbegin(&st->lock);

	*packets = st->packets;
	*bytes = st->bytes;
}

unsigned long stats_total(struct stats *st)
{
	int seq = 0;
	unsigned long sum;

	read_seqbegin_or_lock(&st->lock, &seq);
	sum = st->packets + st->bytes;
	done_seqretry(&st->lock, seq);
	return sum;
}

void clock_wait(struct clock_state *cs)
{
	read_seqcount_begin(&cs->seq);
}

/*
 * check-name: begins whose sequence never reaches a retry
 * check-output-start
31:8: warning: seq from read_seqcount_begin(&cs->seq) never reaches read_seqcount_retry(): nothing validates what is read after the begin [seqcount-begin-no-retry] intended
40:17: warning: seq from read_seqbegin(&st->lock) never reaches read_seqretry(): nothing validates what is read after the begin [seqcount-begin-no-retry] intended
51:2: warning: seq from read_seqbegin_or_lock(&st->lock) never reaches need_seqretry(): nothing validates what is read after the begin [seqcount-begin-no-retry] intended
59:2: warning: the sequence returned by read_seqcount_begin(&cs->seq) is discarded: no read_seqcount_retry() can validate what is read after it [seqcount-begin-no-retry] intended
 * check-output-end
 */
