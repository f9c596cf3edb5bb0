/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct srv { struct srv *next; int addr; int active; };
struct net { seqlock_t fs_lock; struct srv *servers; };

/* seq starts at 0 and nothing makes it odd: every retry is lockless again */
struct srv *net_find_server(struct net *net, int addr)
{
	struct srv *s;
	int seq = 0;

	do {
		read_seqbegin_or_lock(&net->fs_lock, &seq);
		for (s = net->servers; s; s = s->next)
			if (s->addr == addr)
				break;
	} while (need_seqretry(&net->fs_lock, seq));
	done_seqretry(&net->fs_lock, seq);
	return s;
}
/*
 * check-name: do-while or_lock loop over a list whose seq never becomes odd never locks
 * check-output-start
19:3: warning: seq is never made odd after a failed pass: read_seqbegin_or_lock(&net->fs_lock, &seq) never takes the lock (a plain read_seqbegin() retry loop in disguise, which can starve under writers) [seqlock-never-locks] bug
 * check-output-end
 */
