/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct grp { seqlock_t stats_lock; seqlock_t io_lock; long a, b; };

/* two nested regions, each closed by its own done with its own seq/flags */
long grp_read(struct grp *g)
{
	unsigned long flags, flags2;
	int seq = 0, seq2;
	long v;

restart_outer:
	flags = read_seqbegin_or_lock_irqsave(&g->stats_lock, &seq);
	seq2 = 0;
restart_inner:
	flags2 = read_seqbegin_or_lock_irqsave(&g->io_lock, &seq2);
	v = g->a + g->b;
	if (need_seqretry(&g->io_lock, seq2)) {
		seq2 = 1;
		goto restart_inner;
	}
	done_seqretry_irqrestore(&g->io_lock, seq2, flags2);
	if (need_seqretry(&g->stats_lock, seq)) {
		seq = 1;
		goto restart_outer;
	}
	done_seqretry_irqrestore(&g->stats_lock, seq, flags);
	return v;
}
/*
 * check-name: nested irqsave or_lock regions, each closed with its own lock, seq and flags, stay quiet
 * check-output-start
 * check-output-end
 */
