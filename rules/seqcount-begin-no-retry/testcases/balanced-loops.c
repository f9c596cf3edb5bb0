/* Balanced read sections in every loop form: all quiet. */
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

struct nfs_state {
	seqlock_t seqlock;
	char stateid[16];
};

struct clock_data {
	seqcount_latch_t seq;
	struct { unsigned long long epoch_ns; } read_data[2];
};

struct vtime {
	seqcount_t seqcount;
	unsigned long long utime, stime;
	int state;
};

void *memcpy(void *d, const void *s, unsigned long n);

/* begin, copy, retry */
void copy_stateid(char *dst, struct nfs_state *state)
{
	unsigned seq;

	do {
		seq = read_seqbegin(&state->seqlock);
		memcpy(dst, &state->stateid, sizeof(state->stateid));
	} while (read_seqretry(&state->seqlock, seq));
}

/* for (;;) with the retry deciding the break */
unsigned long long vtime_sum(struct vtime *vt)
{
	unsigned long long sum;
	unsigned seq;

	for (;;) {
		seq = raw_read_seqcount_begin(&vt->seqcount);
		sum = vt->utime + vt->stime;
		if (!read_seqcount_retry(&vt->seqcount, seq))
			break;
		cpu_relax();
	}
	return sum;
}

/* goto retry label */
int vtime_state(struct vtime *vt)
{
	unsigned seq;
	int state;

retry:
	seq = __read_seqcount_begin(&vt->seqcount);
	state = vt->state;
	if (__read_seqcount_retry(&vt->seqcount, seq))
		goto retry;
	return state;
}

/* latch read */
unsigned long long latch_read(struct clock_data *cd)
{
	unsigned long long ns;
	unsigned seq;

	do {
		seq = raw_read_seqcount_latch(&cd->seq);
		ns = cd->read_data[seq & 1].epoch_ns;
	} while (raw_read_seqcount_latch_retry(&cd->seq, seq));
	return ns;
}

/* or_lock idiom with need_seqretry */
unsigned long long vtime_locked(seqlock_t *lock, struct vtime *vt)
{
	unsigned long long v;
	int seq = 0;

again:
	read_seqbegin_or_lock(lock, &seq);
	v = vt->utime;
	if (need_seqretry(lock, seq)) {
		seq = 1;
		goto again;
	}
	done_seqretry(lock, seq);
	return v;
}

/* a retry against a value computed from the sequence */
unsigned long long vtime_even(struct vtime *vt)
{
	unsigned long long v;
	unsigned seq;

	do {
		seq = raw_read_seqcount(&vt->seqcount);
		v = vt->utime;
	} while (read_seqcount_retry(&vt->seqcount, seq & ~1));
	return v;
}

/* open-coded validation: wait until the writer moved on */
void wait_for_writer(seqcount_t *s)
{
	unsigned seq = raw_read_seqcount(s);

	if (seq & 1) {
		do {
			cpu_relax();
		} while (seq == raw_read_seqcount(s));
	}
}

/* the retry is in a separate, later test of the same condition */
int pin_pages(struct vtime *vt, int pin)
{
	unsigned seq = 0;
	int n;

	if (pin) {
		seq = raw_read_seqcount(&vt->seqcount);
		if (seq & 1)
			return 0;
	}
	n = vt->state;
	if (pin) {
		if (read_seqcount_retry(&vt->seqcount, seq))
			return 0;
	}
	return n;
}

/*
 * check-name: balanced do/while, for (;;), goto, latch, or_lock and open-coded retries stay quiet
 * check-output-start
 * check-output-end
 */
