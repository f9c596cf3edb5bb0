/* The pointer passed on after the unlock is NULL or an error pointer there. */
struct item { int v; };
struct box { struct item *item; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
#define IS_ERR(p) ((unsigned long)(p) > 4000)
void rcu_read_lock(void);
void rcu_read_unlock(void);
struct item *item_lookup_rcu(struct box *b, int key);
int use_item(struct item *it);

struct item *box_item(struct box *b)
{
	struct item *it;

	rcu_read_lock();
	it = rcu_dereference(b->item);
	if (!it) {
		rcu_read_unlock();
		return it;
	}
	it->v++;
	rcu_read_unlock();
	return NULL;
}

int box_lookup(struct box *b, int key)
{
	struct item *it;
	int v;

	rcu_read_lock();
	it = item_lookup_rcu(b, key);
	if (IS_ERR(it)) {
		rcu_read_unlock();
		return use_item(it);
	}
	v = it->v;
	rcu_read_unlock();
	return v;
}

/*
 * check-name: the unlock on a NULL or IS_ERR branch lets nothing escape
 * check-output-start
 * check-output-end
 */
