/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct vol { struct vol *left, *right; int id; int refs; };
struct cell { seqlock_t volume_lock; struct vol *volumes; };
int try_get(struct vol *v);

/* for (;;) form: leave the loop when need_seqretry() says the pass held */
struct vol *cell_find(struct cell *c, int id)
{
	struct vol *v;
	int seq = 1;

	for (;;) {
		seq++; /* 2 on the lockless pass, otherwise odd */
		read_seqbegin_or_lock(&c->volume_lock, &seq);
		v = c->volumes;
		while (v && v->id != id)
			v = id < v->id ? v->left : v->right;
		if (v && try_get(v))
			break;
		v = 0;
		if (!need_seqretry(&c->volume_lock, seq))
			break;
	}
	done_seqretry(&c->volume_lock, seq);
	return v;
}
/*
 * check-name: for(;;) or_lock loop left by break, seq++ on retry, stays quiet
 * check-output-start
 * check-output-end
 */
