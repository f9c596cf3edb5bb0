/* The local handed to call_rcu() is assigned from the slot after the call,
 * on the loop's back edge: the slot is an RCU location of the file, and
 * install(), which names no RCU call, publishes into it before setting
 * the new object's field. */
struct obj { struct rcu_head rcu; int v; };
struct holder { struct obj *slot; };

static void free_cb(struct rcu_head *h)
{
}

void drain(struct holder *hd, int n)
{
	struct obj *old = NULL;

	while (n--) {
		if (old)
			call_rcu(&old->rcu, free_cb);
		old = hd->slot;
	}
}

void install(struct holder *hd)
{
	struct obj *o = kmalloc(sizeof(*o), GFP_KERNEL);

	hd->slot = o;
	o->v = 1;
}

/*
 * check-name: a slot freed through a local assigned on a loop's back edge
 * check-output-start
27:2: warning: hd->slot = o publishes o to RCU readers before its fields are set (o->v is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
