/* Test tree header for rcu-cross-pointer (written for lockers). */
#ifndef TEST_LINUX_SCHED_H
#define TEST_LINUX_SCHED_H

struct list_head {
	struct list_head *next, *prev;
};

struct signal_struct {
	int nr_threads;
	struct list_head thread_head;
};

struct task_struct {
	int pid;
	int exit_signal;
	struct task_struct *group_leader;
	struct task_struct *real_parent;
	struct signal_struct *signal;
	struct list_head thread_group;
	struct list_head thread_node;
	struct list_head children;
};

/* the relation is hidden in a macro: a task and its own group_leader */
#define thread_group_leader(p)	(p == p->group_leader)

#define next_thread(p) \
	list_entry_rcu((p)->thread_group.next, struct task_struct, thread_group)

#define while_each_thread(g, t) \
	while ((t = next_thread(t)) != g)

#define for_each_thread(p, t) \
	list_for_each_entry_rcu(t, &(p)->signal->thread_head, thread_node)

static inline int list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

/* an entry's link against the list head: the circular form of next == NULL */
static inline int list_is_last(const struct list_head *list,
			       const struct list_head *head)
{
	return list->next == head;
}

/* two objects compared through one field each */
static inline int same_thread_group(struct task_struct *p1,
				    struct task_struct *p2)
{
	return p1->signal == p2->signal;
}

/* a NULL check only: no relation between two loaded values */
static inline int task_has_signal(struct task_struct *p)
{
	return p->signal != NULL;
}

/* a field against the caller's value: one load when that is a constant */
static inline int task_exit_signal_is(struct task_struct *p, int sig)
{
	return p->exit_signal == sig;
}

#endif

/*
 * check-name: the test tree's helpers: scanned as a header, quiet
 * check-output-start
 * check-output-end
 */
