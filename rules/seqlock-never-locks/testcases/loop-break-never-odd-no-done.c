/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct vol { struct vol *left, *right; int id; };
struct cell { seqlock_t volume_lock; struct vol *volumes; };

/* for (;;) form, seq never odd and no done_seqretry(): a plain lockless
 * retry loop written with the or_lock API */
struct vol *cell_find_nolock(struct cell *c, int id)
{
	struct vol *v;
	int seq = 0;

	for (;;) {
		read_seqbegin_or_lock(&c->volume_lock, &seq);
		v = c->volumes;
		while (v && v->id != id)
			v = id < v->id ? v->left : v->right;
		if (!need_seqretry(&c->volume_lock, seq))
			break;
	}
	return v;
}
/*
 * check-name: for(;;) or_lock loop left by break whose seq never becomes odd, without done_seqretry()
 * check-output-start
20:3: warning: seq is never made odd after a failed pass: read_seqbegin_or_lock(&c->volume_lock, &seq) never takes the lock (a plain read_seqbegin() retry loop in disguise, which can starve under writers) [seqlock-never-locks] bug
 * check-output-end
 */
