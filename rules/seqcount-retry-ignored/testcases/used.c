/* Retries that repeat or reject the read: quiet. */
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

struct sample {
	seqcount_t seq;
	seqlock_t lock;
	unsigned long long a, b;
};

unsigned long long sample_loop(struct sample *s)
{
	unsigned long long v;
	unsigned seq;

	do {
		seq = read_seqcount_begin(&s->seq);
		v = s->a + s->b;
	} while (read_seqcount_retry(&s->seq, seq));
	return v;
}

int sample_try(struct sample *s, unsigned long long *v)
{
	unsigned seq = read_seqbegin(&s->lock);

	*v = s->a;
	if (unlikely(read_seqretry(&s->lock, seq)))
		return -11;
	return 0;
}

int sample_flag(struct sample *s, unsigned long long *v)
{
	unsigned seq = read_seqbegin(&s->lock);
	int changed;

	*v = s->a;
	changed = read_seqretry(&s->lock, seq);
	return changed ? -11 : 0;
}

/* a wrapper hands the answer to its caller */
static inline int sample_retry(struct sample *s, unsigned seq)
{
	return read_seqcount_retry(&s->seq, seq);
}

/* while (retry) that begins again in its body */
unsigned long long sample_while(struct sample *s)
{
	unsigned long long v;
	unsigned seq;

	seq = read_seqcount_begin(&s->seq);
	v = s->a;
	while (read_seqcount_retry(&s->seq, seq)) {
		seq = read_seqcount_begin(&s->seq);
		v = s->a;
	}
	return v;
}

/* or_lock: need_seqretry in the loop condition */
unsigned long long sample_or_lock(struct sample *s)
{
	unsigned long long v;
	int seq = 0;

	do {
		read_seqbegin_or_lock(&s->lock, &seq);
		v = s->a + s->b;
	} while (need_seqretry(&s->lock, seq));
	done_seqretry(&s->lock, seq);
	return v;
}

/*
 * check-name: retries that decide: loop condition, rejecting if, flag read later, wrapper, re-beginning while
 * check-output-start
 * check-output-end
 */
