/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct node { struct node *next; int key; int bad; };
struct table { seqlock_t lock; struct node *head; };

/* the same early return, but seq is never odd: nothing is held today,
 * the return leaks once the region is fixed to lock on retry */
int table_lookup_nolock(struct table *t, int key, struct node **out)
{
	struct node *n;
	int seq = 0;

	do {
		read_seqbegin_or_lock(&t->lock, &seq);
		for (n = t->head; n; n = n->next) {
			if (n->bad)
				return -5;
			if (n->key == key)
				break;
		}
	} while (need_seqretry(&t->lock, seq));
	done_seqretry(&t->lock, seq);
	*out = n;
	return 0;
}
/*
 * check-name: early return from an or_lock region that never locks (seq_never_odd)
 * check-output-start
23:5: warning: return leaves the region begun by read_seqbegin_or_lock(&t->lock, &seq) at line 20 before its retry check, skipping done_seqretry(): on a locking pass (seq odd) &t->lock stays held [seqlock-unbalanced] intended
 * check-output-end
 */
