/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct node { struct node *next; int key; };
struct table { seqlock_t lock; struct node *head; int dead; };

/* a goto to a label past done_seqretry() leaves the region without it */
struct node *table_find_live(struct table *t, int key)
{
	struct node *n = 0;
	int seq = 1;

	do {
		seq++;
		read_seqbegin_or_lock(&t->lock, &seq);
		if (t->dead)
			goto out;
		for (n = t->head; n; n = n->next)
			if (n->key == key)
				break;
	} while (need_seqretry(&t->lock, seq));
	done_seqretry(&t->lock, seq);
out:
	return n;
}
/*
 * check-name: goto from inside the or_lock region to a label past done_seqretry()
 * check-output-start
29:2: warning: return leaves the region begun by read_seqbegin_or_lock(&t->lock, &seq) at line 20 before its retry check, skipping done_seqretry(): on a locking pass (seq odd) &t->lock stays held [seqlock-unbalanced] bug
 * check-output-end
 */
