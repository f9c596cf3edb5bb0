/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct thing { seqlock_t lock; int a, b; };
void pick_start(int *seq);

/* seq handed to a helper by address: lockers cannot tell its parity */
int thing_read(struct thing *t)
{
	int seq = 0, v;

	pick_start(&seq);
	do {
		read_seqbegin_or_lock(&t->lock, &seq);
		v = t->a + t->b;
	} while (need_seqretry(&t->lock, seq));
	done_seqretry(&t->lock, seq);
	return v;
}

/* seq is a parameter: the caller decides */
int thing_read_from(struct thing *t, int seq)
{
	int v;

	do {
		read_seqbegin_or_lock(&t->lock, &seq);
		v = t->a;
	} while (need_seqretry(&t->lock, seq));
	done_seqretry(&t->lock, seq);
	return v;
}
/*
 * check-name: seq passed by address or as a parameter: parity unknown, quiet
 * check-output-start
 * check-output-end
 */
