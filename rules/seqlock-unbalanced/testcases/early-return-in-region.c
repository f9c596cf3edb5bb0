/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct node { struct node *next; int key; int bad; };
struct table { seqlock_t lock; struct node *head; };

/* an error return inside the region, before the retry check: on a locking
 * pass it returns with the lock held */
int table_lookup_leak(struct table *t, int key, struct node **out)
{
	struct node *n;
	int seq = 1;

	do {
		seq++;
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
	return n ? 0 : -2;
}
/*
 * check-name: return from inside a do-while or_lock region skips done_seqretry()
 * check-output-start
24:5: warning: return leaves the region begun by read_seqbegin_or_lock(&t->lock, &seq) at line 21 before its retry check, skipping done_seqretry(): on a locking pass (seq odd) &t->lock stays held [seqlock-unbalanced] bug
 * check-output-end
 */
