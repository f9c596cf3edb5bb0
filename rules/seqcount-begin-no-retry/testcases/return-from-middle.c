/* Read loops that return from the middle before the retry (the article's build_path_from_dentry() shape): quiet. */
typedef struct { unsigned sequence; } seqcount_t;
typedef struct { unsigned sequence; } seqcount_latch_t;
typedef struct { seqcount_t seqcount; int lock; } seqlock_t;
typedef struct { int raw; } spinlock_t;
unsigned read_seqcount_begin(const seqcount_t *s);
unsigned raw_read_seqcount(const seqcount_t *s);
unsigned raw_read_seqcount_begin(const seqcount_t *s);
unsigned __read_seqcount_begin(const seqcount_t *s);
unsigned raw_seqcount_begin(const seqcount_t *s);
int read_seqcount_retry(const seqcount_t *s, unsigned start);
int __read_seqcount_retry(const seqcount_t *s, unsigned start);
unsigned raw_read_seqcount_latch(const seqcount_latch_t *s);
int raw_read_seqcount_latch_retry(const seqcount_latch_t *s, unsigned start);
unsigned read_seqbegin(const seqlock_t *sl);
int read_seqretry(const seqlock_t *sl, unsigned start);
void read_seqbegin_or_lock(seqlock_t *lock, int *seq);
int need_seqretry(seqlock_t *lock, int seq);
void done_seqretry(seqlock_t *lock, int seq);
void write_seqcount_begin(seqcount_t *s);
void write_seqcount_end(seqcount_t *s);
void write_seqlock(seqlock_t *sl);
void write_sequnlock(seqlock_t *sl);
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void cpu_relax(void);

struct qstr { unsigned int len; const char *name; };
struct dentry {
	seqcount_t d_seq;
	struct dentry *d_parent;
	struct qstr d_name;
};
extern seqlock_t rename_lock;
int IS_ROOT(struct dentry *d);
void *memcpy(void *d, const void *s, unsigned long n);

char *build_path(struct dentry *direntry, char *page, int buflen)
{
	struct dentry *temp;
	int namelen;
	unsigned seq;

retry:
	namelen = 0;
	seq = read_seqbegin(&rename_lock);
	for (temp = direntry; !IS_ROOT(temp);) {
		namelen += 1 + temp->d_name.len;
		if (namelen >= buflen)
			return 0;
		temp = temp->d_parent;
		if (temp == 0)
			return 0;
	}
	if (namelen == 0)
		return 0;
	memcpy(page, direntry->d_name.name, namelen);
	if (read_seqretry(&rename_lock, seq))
		goto retry;
	return page;
}

struct dentry *lookup_child(struct dentry *parent, struct dentry **table, int n)
{
	unsigned seq;
	int i;

	do {
		seq = read_seqbegin(&rename_lock);
		for (i = 0; i < n; i++)
			if (table[i]->d_parent == parent)
				return table[i];
	} while (read_seqretry(&rename_lock, seq));
	return 0;
}

/*
 * check-name: returns from the middle of a read section are allowed
 * check-output-start
 * check-output-end
 */
