/* Copies made before the begin of the section that is meant to cover them. */
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
int link_busy(struct link_state *ls);
extern seqlock_t global_lock;

/* flags is read inside the section too: it is covered data, read early */
unsigned int link_mode(struct link_state *ls)
{
	unsigned int flags = ls->flags;
	unsigned int speed, duplex, seq;

	do {
		seq = read_seqbegin(&ls->lock);
		speed = ls->speed;
		duplex = ls->duplex;
		if (ls->flags != flags)
			continue;
	} while (read_seqretry(&ls->lock, seq));
	return flags ? speed : duplex;
}

/* name is never read or written inside a section of ls->lock: maybe not covered */
unsigned int link_speed_named(struct link_state *ls, const char **name)
{
	const char *n = ls->name;
	unsigned int speed, seq;

	do {
		seq = read_seqbegin(&ls->lock);
		speed = ls->speed;
	} while (read_seqretry(&ls->lock, seq));
	*name = n;
	return speed;
}

/* handed straight to the caller before the begin */
unsigned int link_duplex(struct link_state *ls, unsigned int *speed)
{
	unsigned int duplex, seq;

	*speed = READ_ONCE(ls->speed);
	do {
		seq = read_seqbegin(&ls->lock);
		duplex = ls->duplex;
	} while (read_seqretry(&ls->lock, seq));
	return duplex;
}

/* goto form: the load is at the top of every pass, above the begin */
unsigned int link_flags_speed(struct link_state *ls)
{
	unsigned int flags, speed, seq;

again:
	flags = ls->flags;
	seq = read_seqbegin(&ls->lock);
	speed = ls->speed;
	if (read_seqretry(&ls->lock, seq))
		goto again;
	return flags | speed;
}

/* quiet: tests, addresses, sizes, call arguments are not copies */
int link_copy_addr(struct link_state *ls, unsigned char *out)
{
	const unsigned char *p = &ls->addr[0];
	unsigned long n = sizeof(ls->addr);
	int busy = link_busy(ls);
	unsigned seq;

	if (ls->flags & 1)
		return -1;
	do {
		seq = read_seqbegin(&ls->lock);
		memcpy(out, p, n);
	} while (read_seqretry(&ls->lock, seq));
	return busy;
}

/* quiet: a seqlock that is not a member protects nothing nameable here */
unsigned int link_global(struct link_state *ls)
{
	unsigned int speed = ls->speed;
	unsigned int duplex, seq;

	do {
		seq = read_seqbegin(&global_lock);
		duplex = ls->duplex;
	} while (read_seqretry(&global_lock, seq));
	return speed + duplex;
}

/*
 * check-name: copies before the begin: covered field, unknown field, out-parameter, goto loop; quiet on non-copies
 * check-output-start
36:23: warning: ls->flags is read before read_seqbegin(&ls->lock) (line 40): the retry of that section validates only what is read after the begin [seqcount-unvalidated-load] intended
52:18: warning: ls->name is read before read_seqbegin(&ls->lock) (line 56): the retry of that section validates only what is read after the begin; nothing in this file reads or writes ls->name inside a section of ls->lock: it may not be data that seqcount covers [seqcount-unvalidated-load] false-positive
68:21: warning: ls->speed is read before read_seqbegin(&ls->lock) (line 70): the retry of that section validates only what is read after the begin; the value goes to *speed [seqcount-unvalidated-load] bug
82:10: warning: ls->flags is read before read_seqbegin(&ls->lock) (line 83) on every pass of the loop: the retry of that section validates only what is read after the begin [seqcount-unvalidated-load] bug
 * check-output-end
 */
