/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct task { struct task *next; unsigned long long runtime; };
struct group { seqlock_t stats_lock; struct task *first; unsigned long long dead_runtime; };

/* the odd value arrives through another variable: nextseq = 1 is copied
 * into seq at the top of the next pass (irqsave variant) */
unsigned long long group_runtime(struct group *g)
{
	struct task *t;
	unsigned long long sum;
	unsigned long flags;
	int seq, nextseq;

	nextseq = 0;
	do {
		seq = nextseq;
		flags = read_seqbegin_or_lock_irqsave(&g->stats_lock, &seq);
		sum = g->dead_runtime;
		for (t = g->first; t; t = t->next)
			sum += t->runtime;
		/* if the lockless pass failed, take the lock */
		nextseq = 1;
	} while (need_seqretry(&g->stats_lock, seq));
	done_seqretry_irqrestore(&g->stats_lock, seq, flags);
	return sum;
}
/*
 * check-name: irqsave or_lock loop whose odd seq is copied in from nextseq stays quiet
 * check-output-start
 * check-output-end
 */
