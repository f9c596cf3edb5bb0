/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct dent { struct dent *parent; int flags; };
extern seqlock_t rename_lock;
int visit(void *data, struct dent *d);

/* d_walk shape: a failed check jumps to a retry label that may return
 * without done_seqretry(): seq is even there, nothing is held */
void walk(struct dent *start, void *data, int may_retry)
{
	struct dent *d;
	int seq = 0;

again:
	read_seqbegin_or_lock(&rename_lock, &seq);
	for (d = start; d; d = d->parent) {
		if (visit(data, d) < 0)
			goto out;
		if (need_seqretry(&rename_lock, seq))
			goto rename_retry;
	}
	if (need_seqretry(&rename_lock, seq))
		goto rename_retry;
out:
	done_seqretry(&rename_lock, seq);
	return;

rename_retry:
	if (!may_retry)
		return;
	seq = 1;
	goto again;
}
/*
 * check-name: goto-restart or_lock walk whose retry label returns (lockless there) stays quiet
 * check-output-start
 * check-output-end
 */
