/* Plain reads of a slot the file publishes with rcu_assign_pointer(). */
typedef struct { int raw; } spinlock_t;
struct policy { int level; int flags; };
static struct policy *cur_policy;
static struct policy *other_policy;
static spinlock_t policy_lock;
#define NULL ((void *)0)
#define rcu_assign_pointer(p, v) ((p) = (v))
void rcu_read_lock(void);
void rcu_read_unlock(void);
void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);

int policy_level(void)
{
	int level = 0;

	rcu_read_lock();
	if (cur_policy && cur_policy->flags)
		level = cur_policy->level;
	rcu_read_unlock();
	return level;
}

void policy_set(struct policy *p)
{
	spin_lock(&policy_lock);
	if (cur_policy && cur_policy->level > p->level)
		p->flags = cur_policy->flags;
	rcu_assign_pointer(cur_policy, p);
	spin_unlock(&policy_lock);
}

int other_level(void)
{
	int level = 0;

	rcu_read_lock();
	if (other_policy)
		level = other_policy->level;
	rcu_read_unlock();
	return level;
}

/*
 * check-name: plain reads of an RCU-published pointer inside a section; the locked updater and unpublished pointers are quiet
 * check-output-start
19:20: warning: cur_policy is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
 * check-output-end
 */
