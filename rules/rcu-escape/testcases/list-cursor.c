/* The cursor of an RCU list walk leaves the section. */
struct list_head { struct list_head *next, *prev; };
struct hlist_head { void *first; };
struct hlist_node { void *next; };
typedef struct { int counter; } refcount_t;
struct peer { int id; refcount_t ref; struct list_head list; struct hlist_node hnode; };
#define NULL ((void *)0)
void rcu_read_lock(void);
void rcu_read_unlock(void);
int refcount_inc_not_zero(refcount_t *r);

struct peer *peer_find(struct list_head *head, int id)
{
	struct peer *p;

	rcu_read_lock();
	list_for_each_entry_rcu(p, head, list) {
		if (p->id == id) {
			rcu_read_unlock();
			return p;
		}
	}
	rcu_read_unlock();
	return NULL;
}

struct peer *peer_find2(struct list_head *head, int id)
{
	struct peer *p, *found = NULL;

	rcu_read_lock();
	list_for_each_entry_rcu(p, head, list) {
		if (p->id == id) {
			found = p;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

struct peer *peer_find_get(struct list_head *head, int id)
{
	struct peer *p, *found = NULL;

	rcu_read_lock();
	list_for_each_entry_rcu(p, head, list) {
		if (p->id == id && refcount_inc_not_zero(&p->ref)) {
			found = p;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

int peer_hash_id(struct hlist_head *tbl, int key)
{
	struct peer *p, *hit = NULL;

	rcu_read_lock();
	hash_for_each_possible_rcu(tbl, p, hnode, key)
		if (p->id == key)
			hit = p;
	rcu_read_unlock();
	return hit ? hit->id : -1;
}

int peer_exists(struct list_head *head, int id)
{
	struct peer *p;
	int found = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(p, head, list) {
		if (p->id == id) {
			found = 1;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

/*
 * check-name: list_for_each_entry_rcu/hash_for_each_possible_rcu cursor escapes; a reference or a copied flag does not
 * check-output-start
20:11: warning: p is the cursor of an RCU list walk under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
39:9: warning: found was read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
66:15: warning: hit was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
