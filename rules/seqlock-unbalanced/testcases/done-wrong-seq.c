/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct task { struct task *next; unsigned long long runtime; };
struct group { seqlock_t stats_lock; struct task *first; };

/* done is given nextseq, which is always 1 after the first pass: it would
 * unlock a lock a lockless pass never took */
unsigned long long group_runtime_bad(struct group *g)
{
	struct task *t;
	unsigned long long sum;
	unsigned long flags;
	int seq, nextseq = 0;

	do {
		seq = nextseq;
		flags = read_seqbegin_or_lock_irqsave(&g->stats_lock, &seq);
		sum = 0;
		for (t = g->first; t; t = t->next)
			sum += t->runtime;
		nextseq = 1;
	} while (need_seqretry(&g->stats_lock, seq));
	done_seqretry_irqrestore(&g->stats_lock, nextseq, flags);
	return sum;
}
/*
 * check-name: done_seqretry_irqrestore() given the copy variable instead of the seq begun
 * check-output-start
29:2: warning: done_seqretry_irqrestore(&g->stats_lock, nextseq, flags) is given nextseq but the &g->stats_lock region was begun with seq at line 23 [seqlock-unbalanced] bug
 * check-output-end
 */
