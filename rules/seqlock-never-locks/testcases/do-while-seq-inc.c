/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct node { struct node *left, *right; int key; };
struct table { seqlock_t lock; struct node *root; };

/* do-while form: seq starts odd and is bumped at the top of each pass, so
 * the first pass sees 2 (lockless) and a retry sees an odd value (locked) */
struct node *table_find(struct table *t, int key)
{
	struct node *n;
	int seq = 1;

	do {
		seq++; /* 2 on the lockless pass, odd after a failed one */
		read_seqbegin_or_lock(&t->lock, &seq);
		n = t->root;
		while (n && n->key != key)
			n = key < n->key ? n->left : n->right;
	} while (need_seqretry(&t->lock, seq));
	done_seqretry(&t->lock, seq);
	return n;
}
/*
 * check-name: do-while or_lock loop whose retry pass is made odd by seq++ stays quiet
 * check-output-start
 * check-output-end
 */
