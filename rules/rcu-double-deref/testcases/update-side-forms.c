/* Second reads the rule must not take for a reader race: inside sizeof()
 * (ext4_mb_alloc_groupinfo()), of a local struct copy (ceph_atomic_open()),
 * after a cmpxchg() on the slot (rhashtable nested_table_alloc()), a
 * revalidation whose copy is itself an RCU pointer of the file
 * (afs_cache_permit()); and, scored low, rcu_dereference_raw() in teardown
 * code (nf_tables_chain_destroy()), a reload under the update lock
 * (update_or_create_fnhe()) and a chain of && tests (process_sdp()). */
struct item { int val; struct item *next; int rcu; };
struct box { struct item *cur; struct item **tbl; int lock; struct item *stats; };
struct layout { struct item *pool; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
#define rcu_dereference_raw(p) (p)
#define rcu_access_pointer(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);
void spin_lock(int *l);
void spin_unlock(int *l);
void spin_lock_bh(int *l);
void spin_unlock_bh(int *l);
void *kzalloc(unsigned long n, int f);
void kfree(void *p);
void free_percpu(void *p);
void memcpy(void *d, const void *s, unsigned long n);
void put_item(struct item *i);
void call_rcu(int *head, void (*f)(int *));
void item_free(int *h);
struct item *cmpxchg(struct item **p, struct item *o, struct item *n);
void use(struct item *i);
struct item *hooks_gp;

void item_put(struct item *it)
{
	call_rcu(&it->rcu, item_free);
}

int grow(struct box *b, int n)
{
	struct item *old, *new = kzalloc(n, 0);

	rcu_read_lock();
	old = rcu_dereference(b->cur);
	if (old)
		memcpy(new, old, n * sizeof(*b->cur));
	rcu_read_unlock();
	b->cur = new;
	return 0;
}

void open_retry(struct box *b)
{
	struct layout lo;

	lo.pool = b->cur;
	put_item(rcu_dereference_raw(lo.pool));
	put_item(rcu_dereference_raw(lo.pool));
}

struct item *slot_alloc(struct item **prev)
{
	struct item *it;

	it = rcu_dereference(*prev);
	if (it)
		return it;
	it = kzalloc(sizeof(*it), 0);
	if (cmpxchg(prev, NULL, it) == NULL)
		return it;
	kfree(it);
	return rcu_dereference(*prev);
}

void revalidate(struct box *b)
{
	struct item *it;

	rcu_read_lock();
	it = rcu_dereference(b->cur);
	if (it) {
		spin_lock(&b->lock);
		if (it != rcu_access_pointer(b->cur)) {
			spin_unlock(&b->lock);
			rcu_read_unlock();
			return;
		}
		b->cur = NULL;
		spin_unlock(&b->lock);
		item_put(it);
	}
	rcu_read_unlock();
}

void box_destroy(struct box *b)
{
	if (rcu_access_pointer(b->stats))
		free_percpu(rcu_dereference_raw(b->stats));
	kfree(b);
}

int fnhe_update(struct box *b, struct item *n)
{
	struct item *it;

	spin_lock_bh(&b->lock);
	for (it = rcu_dereference(b->cur); it; it = rcu_dereference(it->next))
		if (it->val == n->val)
			break;
	if (!it) {
		n->next = b->cur;
		b->cur = n;
	}
	spin_unlock_bh(&b->lock);
	return 0;
}

int sdp(struct box *b, int len)
{
	struct item *h;
	int ret = 0;

	h = rcu_dereference(hooks_gp);
	if (len && h && b->lock)
		ret = h->val;
	h = rcu_dereference(hooks_gp);
	if (h && b->lock)
		ret += h->val;
	return ret;
}

/*
 * check-name: sizeof, a local struct copy, cmpxchg between, a recheck, raw teardown, update lock, && chains
 * check-output-start
81:32: warning: b->cur is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] false-positive
96:35: warning: b->stats is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
109:13: warning: b->cur is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] intended
124:22: warning: hooks_gp is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] false-positive
 * check-output-end
 */
