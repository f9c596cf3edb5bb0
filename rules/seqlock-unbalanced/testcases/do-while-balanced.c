/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct node { struct node *next; int key; int bad; };
struct table { seqlock_t lock; struct node *head; };

/* every exit after the begin goes through done_seqretry() first */
int table_lookup(struct table *t, int key, struct node **out)
{
	struct node *n;
	int seq = 1;

	do {
		seq++;
		read_seqbegin_or_lock(&t->lock, &seq);
		for (n = t->head; n; n = n->next) {
			if (n->bad) {
				done_seqretry(&t->lock, seq);
				return -5;
			}
			if (n->key == key)
				break;
		}
	} while (need_seqretry(&t->lock, seq));
	done_seqretry(&t->lock, seq);
	if (!n)
		return -2;
	*out = n;
	return 0;
}
/*
 * check-name: do-while or_lock region whose early exit calls done_seqretry() stays quiet
 * check-output-start
 * check-output-end
 */
