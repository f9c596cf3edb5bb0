/* A list walk re-reads one call per iteration: not a double read. */
struct node { int key; struct node *next; };
struct list { struct node *first; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

int count_nodes(struct list *l)
{
	struct node *p;
	int n = 0;

	rcu_read_lock();
	for (p = rcu_dereference(l->first); p; p = rcu_dereference(p->next))
		n++;
	rcu_read_unlock();
	return n;
}

int second_key(struct list *l)
{
	struct node *p;
	int k = -1;

	rcu_read_lock();
	p = rcu_dereference(l->first);
	if (p) {
		p = rcu_dereference(p->next);
		if (p)
			k = rcu_dereference(p->next) ? p->key : 0;
	}
	rcu_read_unlock();
	return k;
}

int walk_while(struct list *l, int key)
{
	struct node *p = NULL;

	rcu_read_lock();
	p = rcu_dereference(l->first);
	while (p && p->key != key)
		p = rcu_dereference(p->next);
	rcu_read_unlock();
	return p != NULL;
}

/*
 * check-name: list walks (for, while, step by step) move the base between reads
 * check-output-start
 * check-output-end
 */
