/* Objects freed with call_rcu() but never read with an RCU accessor. */
#define NULL ((void *)0)
struct rcu_head { struct rcu_head *next; };
struct blob { struct rcu_head rcu; int size; };
static struct blob *cur_blob;

static void blob_free_rcu(struct rcu_head *head)
{
	kfree(head);
}

void blob_replace(struct blob *n)
{
	struct blob *old;

	spin_lock(&blob_lock);
	old = cur_blob;
	cur_blob = n;
	spin_unlock(&blob_lock);
	if (old)
		call_rcu(&old->rcu, blob_free_rcu);
}

int blob_size_outside(void)
{
	return cur_blob->size;
}

int blob_size_reader(void)
{
	int size;

	rcu_read_lock();
	size = cur_blob->size;
	rcu_read_unlock();
	return size;
}

/*
 * check-name: pointer known to be RCU only through call_rcu(): reported inside a read-side section and for its plain publication
 * check-output-start
18:2: warning: cur_blob is RCU-protected (its objects are freed with call_rcu()) but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
34:9: warning: cur_blob is RCU-protected (its objects are freed with call_rcu()) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
