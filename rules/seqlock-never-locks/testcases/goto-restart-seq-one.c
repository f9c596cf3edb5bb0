/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct name { struct name *parent; int len; };
extern seqlock_t name_lock;
int copy_part(char *buf, int len, const struct name *n);

/* goto-restart form: a failed lockless pass sets seq = 1 and restarts */
int build_path(const struct name *n, char *buf, int len)
{
	const struct name *p;
	int seq = 0;
	int used;

restart:
	used = 0;
	read_seqbegin_or_lock(&name_lock, &seq);
	for (p = n; p; p = p->parent)
		used += copy_part(buf + used, len - used, p);
	if (need_seqretry(&name_lock, seq)) {
		seq = 1;
		goto restart;
	}
	done_seqretry(&name_lock, seq);
	return used;
}
/*
 * check-name: goto-restart or_lock region that sets seq = 1 before restarting stays quiet
 * check-output-start
 * check-output-end
 */
