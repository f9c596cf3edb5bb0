/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct stats { seqlock_t lock; long a, b; };

/* begun with the irqsave variant, closed with plain done_seqretry():
 * after a locking pass interrupts stay off */
long stats_sum(struct stats *s)
{
	unsigned long flags;
	int seq = 0;
	long v;

again:
	flags = read_seqbegin_or_lock_irqsave(&s->lock, &seq);
	v = s->a + s->b;
	if (need_seqretry(&s->lock, seq)) {
		seq = 1;
		goto again;
	}
	done_seqretry(&s->lock, seq);
	return v + (long)flags * 0;
}

/* irqrestore with flags other than the ones the begin saved */
long stats_sum2(struct stats *s)
{
	unsigned long flags, other = 0;
	int seq = 0;
	long v;

again:
	flags = read_seqbegin_or_lock_irqsave(&s->lock, &seq);
	v = s->a - s->b;
	if (need_seqretry(&s->lock, seq)) {
		seq = 1;
		goto again;
	}
	done_seqretry_irqrestore(&s->lock, seq, other);
	return v + (long)flags * 0;
}
/*
 * check-name: irqsave begin closed by plain done_seqretry(), and irqrestore with the wrong flags
 * check-output-start
26:2: warning: done_seqretry(&s->lock, seq) closes a region begun with read_seqbegin_or_lock_irqsave at line 20: after a locking pass interrupts stay disabled [seqlock-unbalanced] bug
44:2: warning: done_seqretry_irqrestore(&s->lock, seq, other) restores other but the region begun at line 38 saved its flags in flags [seqlock-unbalanced] bug
 * check-output-end
 */
