/* Balanced sections, returns from the middle, and write-side code: all quiet. */
typedef struct { unsigned sequence; } seqcount_t;
typedef struct { seqcount_t seqcount; int lock; } seqlock_t;
typedef struct { int raw; } spinlock_t;
#define unlikely(x) (x)
#define READ_ONCE(x) (x)
unsigned read_seqcount_begin(const seqcount_t *s);
unsigned raw_read_seqcount_begin(const seqcount_t *s);
int read_seqcount_retry(const seqcount_t *s, unsigned start);
unsigned read_seqbegin(const seqlock_t *sl);
int read_seqretry(const seqlock_t *sl, unsigned start);
void write_seqcount_begin(seqcount_t *s);
void write_seqcount_end(seqcount_t *s);
void write_seqlock(seqlock_t *sl);
void write_sequnlock(seqlock_t *sl);
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void *memcpy(void *d, const void *s, unsigned long n);
void cpu_relax(void);

struct link_state {
	seqlock_t lock;
	spinlock_t wlock;
	unsigned int flags;
	unsigned int speed;
	unsigned int duplex;
	unsigned char addr[6];
	const char *name;
};
struct qstr { unsigned int len; const char *name; };
struct dentry {
	seqcount_t d_seq;
	struct dentry *d_parent;
	struct qstr d_name;
	void *d_inode;
};
struct nfs4_state { seqlock_t seqlock; unsigned char stateid[16]; };
int IS_ROOT(struct dentry *d);

void nfs4_copy_stateid(unsigned char *dst, struct nfs4_state *state)
{
	unsigned seq;

	do {
		seq = read_seqbegin(&state->seqlock);
		memcpy(dst, &state->stateid, sizeof(state->stateid));
	} while (read_seqretry(&state->seqlock, seq));
}

/* returns from the middle of the section before the retry */
char *dentry_path_copy(struct dentry *dentry, char *buf, int buflen)
{
	struct dentry *d;
	int len;
	unsigned seq;

retry:
	len = 0;
	seq = raw_read_seqcount_begin(&dentry->d_seq);
	for (d = dentry; !IS_ROOT(d); d = d->d_parent) {
		len += d->d_name.len + 1;
		if (len >= buflen)
			return 0;
	}
	len = dentry->d_name.len;
	if (len == 0)
		return 0;
	memcpy(buf, dentry->d_name.name, len);
	if (read_seqcount_retry(&dentry->d_seq, seq))
		goto retry;
	return buf;
}

/* for (;;) with the whole copy between begin and retry */
unsigned int link_get(struct link_state *ls, unsigned int *duplex)
{
	unsigned int speed, seq;

	for (;;) {
		seq = read_seqbegin(&ls->lock);
		speed = ls->speed;
		*duplex = ls->duplex;
		if (!read_seqretry(&ls->lock, seq))
			break;
	}
	return speed;
}

/* write side: copies under write_seqcount_begin() and write_seqlock() */
void link_update(struct link_state *ls, seqcount_t *sc, unsigned int speed)
{
	unsigned int old;

	spin_lock(&ls->wlock);
	write_seqcount_begin(sc);
	old = ls->speed;
	ls->speed = speed;
	ls->duplex = old;
	write_seqcount_end(sc);
	spin_unlock(&ls->wlock);
}

void link_set(struct link_state *ls, unsigned int speed)
{
	unsigned int old;

	write_seqlock(&ls->lock);
	old = ls->speed;
	ls->speed = speed;
	ls->duplex = old;
	write_sequnlock(&ls->lock);
}

/* a read after an update in the same function, under the write lock */
unsigned int link_bump(struct link_state *ls)
{
	unsigned int speed, seq;

	write_seqlock(&ls->lock);
	ls->flags = ls->speed + 1;
	write_sequnlock(&ls->lock);
	do {
		seq = read_seqbegin(&ls->lock);
		speed = ls->speed;
	} while (read_seqretry(&ls->lock, seq));
	return speed;
}

/*
 * check-name: balanced sections, early returns, write side: quiet
 * check-output-start
 * check-output-end
 */
