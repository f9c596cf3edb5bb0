/* rcu_assign_pointer() first, initialisation after: readers can see zeroes. */
#define GFP_KERNEL 0
#define __rcu
struct limits { int max; int min; };
struct group { struct limits __rcu *lim; };

int group_max(struct group *g)
{
	struct limits *l;
	int max;

	rcu_read_lock();
	l = rcu_dereference(g->lim);
	max = l->max;
	rcu_read_unlock();
	return max;
}

int group_set_limits(struct group *g, int max, int min)
{
	struct limits *l = kmalloc(sizeof(*l), GFP_KERNEL);

	if (!l)
		return -1;
	rcu_assign_pointer(g->lim, l);
	l->max = max;
	l->min = min;
	return 0;
}

int group_set_limits_ok(struct group *g, int max, int min)
{
	struct limits *l = kmalloc(sizeof(*l), GFP_KERNEL);

	if (!l)
		return -1;
	l->max = max;
	l->min = min;
	rcu_assign_pointer(g->lim, l);
	return 0;
}

/*
 * check-name: new object written after rcu_assign_pointer(); the initialise-then-publish version is quiet
 * check-output-start
25:2: warning: rcu_assign_pointer(g->lim, l) publishes l to RCU readers before its fields are set (l->max is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
