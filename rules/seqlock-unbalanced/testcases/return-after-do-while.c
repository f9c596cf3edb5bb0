/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct rec { seqlock_t lock; int len; char data[32]; };

/* the loop is left on a pass that held (possibly locked), then an error
 * return comes before done_seqretry() */
int rec_copy(struct rec *r, char *buf, int size)
{
	int seq = 1, len, i;

	do {
		seq++;
		read_seqbegin_or_lock(&r->lock, &seq);
		len = r->len;
		for (i = 0; i < len && i < size; i++)
			buf[i] = r->data[i];
	} while (need_seqretry(&r->lock, seq));
	if (len > size)
		return -7;
	done_seqretry(&r->lock, seq);
	return len;
}
/*
 * check-name: return between the do-while retry check and done_seqretry() leaks the lock
 * check-output-start
25:3: warning: return leaves the region begun by read_seqbegin_or_lock(&r->lock, &seq) at line 19 after need_seqretry() accepted the pass, skipping done_seqretry(): on a locking pass (seq odd) &r->lock stays held [seqlock-unbalanced] bug
 * check-output-end
 */
