/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct task { struct task *next; unsigned long long runtime; };
struct group { seqlock_t stats_lock; struct task *first; unsigned long long dead_runtime; };

/* the nextseq copy is there, but nextseq is reset to 0, never to 1 */
unsigned long long group_runtime_nolock(struct group *g)
{
	struct task *t;
	unsigned long long sum;
	unsigned long flags;
	int seq, nextseq = 0;

	do {
		seq = nextseq;
		flags = read_seqbegin_or_lock_irqsave(&g->stats_lock, &seq);
		sum = g->dead_runtime;
		for (t = g->first; t; t = t->next)
			sum += t->runtime;
		nextseq = 0;
	} while (need_seqretry(&g->stats_lock, seq));
	done_seqretry_irqrestore(&g->stats_lock, seq, flags);
	return sum;
}
/*
 * check-name: irqsave or_lock loop whose nextseq copy is never odd never locks
 * check-output-start
22:11: warning: seq is never made odd after a failed pass: read_seqbegin_or_lock_irqsave(&g->stats_lock, &seq) never takes the lock (a plain read_seqbegin() retry loop in disguise, which can starve under writers) [seqlock-never-locks] bug
 * check-output-end
 */
