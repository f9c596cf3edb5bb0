/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct mnt { seqlock_t mount_lock; seqlock_t rename_lock; int depth; };

/* the region is begun on one seqlock and closed on another */
int mnt_depth(struct mnt *m)
{
	int seq = 0, d;

again:
	read_seqbegin_or_lock(&m->mount_lock, &seq);
	d = m->depth;
	if (need_seqretry(&m->mount_lock, seq)) {
		seq = 1;
		goto again;
	}
	done_seqretry(&m->rename_lock, seq);
	return d;
}
/*
 * check-name: done_seqretry() names another seqlock than the region was begun on
 * check-output-start
23:2: warning: done_seqretry(&m->rename_lock, seq) names another lock than the region it closes: seq was begun on &m->mount_lock at line 17 [seqlock-unbalanced] bug
 * check-output-end
 */
