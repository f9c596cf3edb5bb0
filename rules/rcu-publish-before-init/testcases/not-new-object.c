/* Swapping two live objects' private parts: the objects are not new. */
#define __rcu
struct info { struct node *parent; int weight; };
struct node { struct info __rcu *info; };

int node_weight(struct node *n)
{
	struct info *i;
	int w;

	rcu_read_lock();
	i = rcu_dereference(n->info);
	w = i->weight;
	rcu_read_unlock();
	return w;
}

void node_swap_info(struct node *a, struct node *b)
{
	struct info *ia = rcu_dereference_protected(a->info, 1);
	struct info *ib = rcu_dereference_protected(b->info, 1);

	rcu_assign_pointer(a->info, ib);
	ib->parent = a;
	rcu_assign_pointer(b->info, ia);
	ia->parent = b;
}

/*
 * check-name: objects moved between live owners and then re-parented score low (not new, field not read by readers)
 * check-output-start
23:2: warning: rcu_assign_pointer(a->info, ib) publishes ib to RCU readers before its fields are set (ib->parent is written after) [rcu-publish-before-init] false-positive
25:2: warning: rcu_assign_pointer(b->info, ia) publishes ia to RCU readers before its fields are set (ia->parent is written after) [rcu-publish-before-init] false-positive
 * check-output-end
 */
