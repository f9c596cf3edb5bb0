/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct item { struct item *next; int val; int poison; };
struct bucket { seqlock_t lock; struct item *head; };

static inline void bucket_read_begin(struct bucket *b, int *seq)
{
	read_seqbegin_or_lock(&b->lock, seq);
}

static inline int bucket_read_retry(struct bucket *b, int seq)
{
	return need_seqretry(&b->lock, seq);
}

static inline void bucket_read_done(struct bucket *b, int seq)
{
	done_seqretry(&b->lock, seq);
}

/* balanced through the wrappers */
int bucket_sum(struct bucket *b)
{
	struct item *i;
	int seq = 1, sum;

	do {
		seq++;
		bucket_read_begin(b, &seq);
		sum = 0;
		for (i = b->head; i; i = i->next)
			sum += i->val;
	} while (bucket_read_retry(b, seq));
	bucket_read_done(b, seq);
	return sum;
}

/* an early return through the wrappers */
int bucket_sum_checked(struct bucket *b)
{
	struct item *i;
	int seq = 1, sum;

	do {
		seq++;
		bucket_read_begin(b, &seq);
		sum = 0;
		for (i = b->head; i; i = i->next) {
			if (i->poison)
				return -22;
			sum += i->val;
		}
	} while (bucket_read_retry(b, seq));
	bucket_read_done(b, seq);
	return sum;
}
/*
 * check-name: or_lock through wrapper functions: balanced one quiet, early return found
 * check-output-start
56:5: warning: return leaves the region begun by bucket_read_begin(b, &seq) at line 52 before its retry check, skipping done_seqretry(): on a locking pass (seq odd) the lock stays held [seqlock-unbalanced] bug
 * check-output-end
 */
