/* An entry put on an RCU list and only then given its key. */
#define GFP_ATOMIC 1
struct list_head { struct list_head *next, *prev; };
struct flow { struct list_head node; int key; int hits; };
static struct list_head flows;

struct flow *flow_find(int key)
{
	struct flow *f;

	rcu_read_lock();
	list_for_each_entry_rcu(f, &flows, node) {
		if (f->key == key) {
			rcu_read_unlock();
			return f;
		}
	}
	rcu_read_unlock();
	return 0;
}

int flow_add(int key)
{
	struct flow *f = kzalloc(sizeof(*f), GFP_ATOMIC);

	if (!f)
		return -1;
	spin_lock(&flows_lock);
	list_add_rcu(&f->node, &flows);
	spin_unlock(&flows_lock);
	f->key = key;
	return 0;
}

void flow_count(struct flow *f)
{
	list_add_tail_rcu(&f->node, &flows);
	f->hits = 0;
}

/*
 * check-name: list_add_rcu() then a write to a field readers compare; a relinked object whose written field readers never read scores low
 * check-output-start
29:2: warning: list_add_rcu() publishes f to RCU readers before its fields are set (f->key is written after) [rcu-publish-before-init] intended
37:2: warning: list_add_tail_rcu() publishes f to RCU readers before its fields are set (f->hits is written after) [rcu-publish-before-init] false-positive
 * check-output-end
 */
