/*
 * A device-name cache written in the shape of jbd2_dev_to_name() (the
 * article's exercise 4; the function was removed in commit 4862fd6047ed).
 * Readers look a slot up under rcu_read_lock() with plain loads, the updater
 * frees the old entry with call_rcu() and stores the new entry into the slot
 * before filling it in, and the name is handed back after the unlock.
 */
#define NULL ((void *)0)
#define GFP_KERNEL 0
typedef unsigned int dev_t;
typedef struct { int raw; } spinlock_t;
struct rcu_head { struct rcu_head *next; void (*func)(struct rcu_head *); };

void rcu_read_lock(void);
void rcu_read_unlock(void);
void spin_lock(spinlock_t *lock);
void spin_unlock(spinlock_t *lock);
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *));
void *kmalloc(unsigned long size, int flags);
void kfree(const void *p);
int hash_dev(dev_t dev);
void format_name(dev_t dev, char *buf);

struct name_slot {
	struct rcu_head rcu;
	dev_t dev;
	char name[32];
};

static struct name_slot *slots[64];
static spinlock_t slots_lock;

static void slot_free_rcu(struct rcu_head *head)
{
	kfree(head);
}

const char *dev_label(dev_t dev)
{
	int h = hash_dev(dev);
	const char *label;
	struct name_slot *fresh;

	rcu_read_lock();
	if (slots[h] && slots[h]->dev == dev) {
		label = slots[h]->name;
		rcu_read_unlock();
		return label;
	}
	rcu_read_unlock();

	fresh = kmalloc(sizeof(*fresh), GFP_KERNEL);
	if (!fresh)
		return "?";
	spin_lock(&slots_lock);
	if (slots[h]) {
		if (slots[h]->dev == dev) {
			kfree(fresh);
			label = slots[h]->name;
			spin_unlock(&slots_lock);
			return label;
		}
		call_rcu(&slots[h]->rcu, slot_free_rcu);
	}
	slots[h] = fresh;
	slots[h]->dev = dev;
	format_name(dev, slots[h]->name);
	label = slots[h]->name;
	spin_unlock(&slots_lock);
	return label;
}

/*
 * check-name: jbd2_dev_to_name() shape: plain reads under RCU, name escapes the unlock, slot published before it is filled
 * check-rules: rcu-double-deref rcu-escape rcu-publish-before-init rcu-plain-access
 *
 * What the four rules report here:
 *   45:18 rcu-double-deref: slots[h] is read again in the same section (the
 *         NULL check and the name at 46 can come from two different
 *         entries); the rule takes the file because it frees the slot's
 *         objects with call_rcu().
 *   45:18 rcu-plain-access: slots[h] is loaded plainly (three times) inside
 *         rcu_read_lock(); the file never names an RCU accessor, but the
 *         slot's objects are freed with call_rcu() at line 63.
 *   48:10 rcu-escape: label points into the entry and is returned after
 *         rcu_read_unlock().
 *   65:2  rcu-plain-access: slots[h] = fresh publishes a new object with a
 *         plain store (no rcu_assign_pointer() barrier).
 *   65:2  rcu-publish-before-init: the same store comes before
 *         slots[h]->dev is written (line 66), a field readers compare at 45.
 *   The reads at 56-68 hold slots_lock (update side) and are not reported
 *   for this rcu_freed-only pointer.
 *
 * check-output-start
45:18: warning: slots[h] is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
45:18: warning: slots[h] is RCU-protected (its objects are freed with call_rcu()) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
48:10: warning: label points into an object read under rcu_read_lock() and is returned after rcu_read_unlock() with no reference taken [rcu-escape] intended
65:2: warning: slots[h] is RCU-protected (its objects are freed with call_rcu()) but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
65:2: warning: slots[h] = fresh publishes fresh to RCU readers before its fields are set (slots[h]->dev is written after) [rcu-publish-before-init] bug
 * check-output-end
 */
