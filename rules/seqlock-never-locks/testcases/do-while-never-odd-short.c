/* the or_lock API, as include/linux/seqlock.h declares it */
typedef struct seqlock { unsigned int sequence; int lock; } seqlock_t;
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
unsigned long read_seqbegin_or_lock_irqsave(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void done_seqretry_irqrestore(seqlock_t *lock, int seq, unsigned long flags);

struct nfs_net { seqlock_t writeverf_lock; unsigned int writeverf[2]; };
void *memcpy(void *d, const void *s, unsigned long n);

/* never odd, but the section only copies eight bytes: read_seqbegin()
 * would do, the or_lock fallback buys little */
void copy_verifier(unsigned int verf[2], struct nfs_net *nn)
{
	int seq = 0;

	do {
		read_seqbegin_or_lock(&nn->writeverf_lock, &seq);
		memcpy(verf, nn->writeverf, sizeof(nn->writeverf));
	} while (need_seqretry(&nn->writeverf_lock, seq));
	done_seqretry(&nn->writeverf_lock, seq);
}
/*
 * check-name: never-odd or_lock loop around a short copy (short_section)
 * check-output-start
19:3: warning: seq is never made odd after a failed pass: read_seqbegin_or_lock(&nn->writeverf_lock, &seq) never takes the lock (a plain read_seqbegin() retry loop in disguise, which can starve under writers) [seqlock-never-locks] intended
 * check-output-end
 */
