/* A loop that allocates, initialises and publishes one bucket per pass
 * (ip_set's mtype_resize()): a path from the publication runs through the
 * back edge to the initialising write of the next pass, when the allocation
 * of that pass is skipped by an error exit spatch cannot follow. The write
 * comes before the publication in the text: it scores low. A write after the
 * publication in the same pass is still reported in full. */
#define GFP_ATOMIC 0
#define __rcu
struct bucket { int size; int pos; };
struct table { struct bucket __rcu *b[16]; };

int bucket_size(struct table *t, int i)
{
	struct bucket *b;
	int size;

	rcu_read_lock();
	b = rcu_dereference(t->b[i]);
	size = b->size + b->pos;
	rcu_read_unlock();
	return size;
}

int table_grow(struct table *t, int n, int full)
{
	struct bucket *nb;
	int i, ret = 0;

	for (i = 0; i < n; i++) {
		if (full)
			ret = -1;
		else
			nb = kzalloc(sizeof(*nb), GFP_ATOMIC);
		if (ret < 0)
			return ret;
		nb->size = 8;
		RCU_INIT_POINTER(t->b[i], nb);
	}
	return 0;
}

int table_grow_late(struct table *t, int n)
{
	struct bucket *nb;
	int i;

	for (i = 0; i < n; i++) {
		nb = kzalloc(sizeof(*nb), GFP_ATOMIC);
		if (!nb)
			return -1;
		RCU_INIT_POINTER(t->b[i], nb);
		nb->size = 8;
	}
	return 0;
}

/*
 * check-name: a write reached only through the loop's back edge scores low
 * check-output-start
37:3: warning: RCU_INIT_POINTER(t->b[i], nb) publishes nb to RCU readers before its fields are set (nb->size is written again on the loop's next pass) [rcu-publish-before-init] intended
51:3: warning: RCU_INIT_POINTER(t->b[i], nb) publishes nb to RCU readers before its fields are set (nb->size is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
