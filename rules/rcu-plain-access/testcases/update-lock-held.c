/* Update side: the list head is replaced under the table lock. */
#define __rcu
typedef struct { int raw; } spinlock_t;
struct entry { struct entry __rcu *next; int key; };
struct table { spinlock_t lock; struct entry __rcu *head; };

struct entry *table_first(struct table *t)
{
	return rcu_dereference(t->head);
}

void table_push(struct table *t, struct entry *e)
{
	spin_lock(&t->lock);
	e->next = t->head;
	rcu_assign_pointer(t->head, e);
	spin_unlock(&t->lock);
}

int table_first_key_locked(struct table *t)
{
	struct entry *e;
	int k;

	mutex_lock(&t->lock);
	e = t->head;
	k = e->key;
	mutex_unlock(&t->lock);
	return k;
}

int table_first_key_asserted(struct table *t)
{
	struct entry *e;

	lockdep_assert_held(&t->lock);
	e = t->head;
	return e->key;
}

/*
 * check-name: plain loads on the update side, with the lock held or asserted, score low
 * check-output-start
15:12: warning: t->head is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
26:6: warning: t->head is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
37:6: warning: t->head is accessed with rcu_assign_pointer() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
 * check-output-end
 */
