/* The kernel API the fix cases (rules/<rule>/fixcases/) use, enough for gcc and sparse. */
#define NULL ((void *)0)
#define ENODEV 19
#define ENOMEM 12
#define EAGAIN 11
#define EINVAL 22
#define EBUSY 16
#define EMSGSIZE 90
#define GFP_KERNEL 0
/* The fix cases declare their RCU pointers __rcu; sparse's address spaces are not modelled. */
#define __rcu
struct net_device;
void rcu_read_lock(void);
void rcu_read_unlock(void);
int lower_vlan_id(struct net_device *dev);
void *kzalloc(unsigned long size, int flags);
#define rcu_dereference(p) (p)
#define list_for_each_entry_rcu(pos, head, member) \
	for (pos = (void *)(head)->next; pos; pos = (void *)pos->member.next)
#define rcu_assign_pointer(p, v) ((p) = (v))
#define rcu_access_pointer(p) (p)
#define rcu_dereference_protected(p, c) (p)
#define READ_ONCE(x) (x)
/* gcc warns where this is used: a patch that brings it in adds a warning. */
#define RCU_INIT_POINTER(p, v) do { int unused_by_the_fix; (p) = (v); } while (0)
