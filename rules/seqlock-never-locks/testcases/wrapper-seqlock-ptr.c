/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct item { struct item *next; int val; };
struct bucket { seqlock_t lock; struct item *head; };

#define bucket_read_begin(b, seq) read_seqbegin_or_lock(&(b)->lock, (seq))

/* a wrapper macro for the begin, then a seqlock_t pointer used directly:
 * both regions make seq odd on the retry path */
int bucket_sum2(struct bucket *b)
{
	seqlock_t *sl = &b->lock;
	struct item *i;
	int seq = 0, sum;

again:
	bucket_read_begin(b, &seq);
	sum = 0;
	for (i = b->head; i; i = i->next)
		sum += i->val;
	if (need_seqretry(&b->lock, seq)) {
		seq = 1;
		goto again;
	}
	done_seqretry(&b->lock, seq);

	seq = 0;
	do {
		seq++;
		read_seqbegin_or_lock(sl, &seq);
		sum += b->head ? b->head->val : 0;
	} while (need_seqretry(sl, seq));
	done_seqretry(sl, seq);
	return sum;
}
/*
 * check-name: or_lock begun through a wrapper macro and on a seqlock_t pointer, made odd on retry, stays quiet
 * check-output-start
 * check-output-end
 */
