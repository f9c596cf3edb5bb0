/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct signal { seqlock_t stats_lock; long utime; };
struct task { struct signal *signal; };

/* the same lock reached through two pointers: probably not a mismatch */
long task_utime(struct task *p)
{
	struct signal *sig = p->signal;
	int seq = 0;
	long v;

again:
	read_seqbegin_or_lock(&sig->stats_lock, &seq);
	v = sig->utime;
	if (need_seqretry(&sig->stats_lock, seq)) {
		seq = 1;
		goto again;
	}
	done_seqretry(&p->signal->stats_lock, seq);
	return v;
}
/*
 * check-name: done_seqretry() on the same lock member through another pointer (same_lock_field)
 * check-output-start
26:2: warning: done_seqretry(&p->signal->stats_lock, seq) names another lock than the region it closes: seq was begun on &sig->stats_lock at line 20 [seqlock-unbalanced] false-positive
 * check-output-end
 */
