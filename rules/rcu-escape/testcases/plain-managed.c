/* A plain read of a slot the file frees with call_rcu(): the name escapes. */
struct rcu_head { void *next; };
struct entry { struct rcu_head rcu; int key; char label[24]; };
static struct entry *slots[16];
#define NULL ((void *)0)
void rcu_read_lock(void);
void rcu_read_unlock(void);
void call_rcu(struct rcu_head *h, void (*fn)(struct rcu_head *));
void free_entry(struct rcu_head *h);
static struct entry *plain_slots[16];

const char *slot_label(int i, int key)
{
	char *ret;

	rcu_read_lock();
	if (slots[i] && slots[i]->key == key) {
		ret = slots[i]->label;
		rcu_read_unlock();
		return ret;
	}
	rcu_read_unlock();
	return NULL;
}

void slot_drop(int i)
{
	call_rcu(&slots[i]->rcu, free_entry);
	slots[i] = NULL;
}

const char *plain_label(int i)
{
	char *ret;

	rcu_read_lock();
	ret = plain_slots[i]->label;
	rcu_read_unlock();
	return ret;
}

/*
 * check-name: plain read of a call_rcu()-freed slot (jbd2_dev_to_name shape); other plain reads are not sources
 * check-output-start
20:10: warning: ret points into an object read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
