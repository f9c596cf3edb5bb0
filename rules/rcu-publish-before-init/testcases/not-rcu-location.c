/* Stores of new objects into places no RCU reader reaches stay quiet. */
#define GFP_KERNEL 0
#define __rcu
struct item { int a; int b; };
struct box { struct item *plain; struct item __rcu *shared; };
static struct item *last_item;

struct item *box_shared(struct box *bx)
{
	return rcu_dereference(bx->shared);
}

int box_fill(struct box *bx)
{
	struct item *it = kmalloc(sizeof(*it), GFP_KERNEL);
	struct item *tmp;

	if (!it)
		return -1;
	bx->plain = it;
	it->a = 1;
	last_item = it;
	it->b = 2;
	tmp = it;
	tmp->a = 3;
	return 0;
}

int box_swap(struct box *bx, struct item *other)
{
	struct item *it = kmalloc(sizeof(*it), GFP_KERNEL);

	if (!it)
		return -1;
	it->a = 1;
	rcu_assign_pointer(bx->shared, it);
	it = other;
	it->b = 2;
	return 0;
}

/*
 * check-name: stores into non-RCU places, into locals, and writes after the variable was reassigned are quiet
 * check-output-start
 * check-output-end
 */
