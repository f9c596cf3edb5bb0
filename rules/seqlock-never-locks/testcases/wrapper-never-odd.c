/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct item { struct item *next; int val; };
struct bucket { seqlock_t lock; struct item *head; };

static inline void bucket_read_begin(struct bucket *b, int *seq)
{
	read_seqbegin_or_lock(&b->lock, seq);
}

static inline int bucket_read_retry(struct bucket *b, int seq)
{
	return need_seqretry(&b->lock, seq);
}

#define bucket_read_done(b, seq) done_seqretry(&(b)->lock, (seq))

/* begin, check and done go through wrappers; seq never becomes odd */
int bucket_sum(struct bucket *b)
{
	struct item *i;
	int seq = 0, sum;

	do {
		bucket_read_begin(b, &seq);
		sum = 0;
		for (i = b->head; i; i = i->next)
			sum += i->val;
	} while (bucket_read_retry(b, seq));
	bucket_read_done(b, seq);
	return sum;
}
/*
 * check-name: or_lock through wrapper functions and a wrapper macro, seq never odd
 * check-output-start
31:3: warning: seq is never made odd after a failed pass: bucket_read_begin(b, &seq) never takes the lock (a plain read_seqbegin() retry loop in disguise, which can starve under writers) [seqlock-never-locks] bug
 * check-output-end
 */
