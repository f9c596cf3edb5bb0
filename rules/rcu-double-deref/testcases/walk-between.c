/* Between the two reads a loop moves the cursor or the index. */
struct hlist_head { void *first; };
struct hlist_node { void *next; };
struct addrs { int nr; };
struct server { struct addrs *addresses; struct hlist_node link4, link6; };
struct sq { int busy; };
struct chan { struct sq **qos_sqs; int n; };
#define rcu_dereference(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);
void poll_sq(struct sq *s);

int count_addrs(struct hlist_head *h4, struct hlist_head *h6)
{
	struct server *server;
	int n = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(server, h6, link6)
		n += rcu_dereference(server->addresses)->nr;
	hlist_for_each_entry_rcu(server, h4, link4)
		n += rcu_dereference(server->addresses)->nr;
	rcu_read_unlock();
	return n;
}

void poll_all(struct chan *c)
{
	int i;

	rcu_read_lock();
	for (i = 0; i < c->n; i++) {
		struct sq *s = rcu_dereference(c->qos_sqs[i]);
		if (s)
			poll_sq(s);
	}
	for (i = 0; i < c->n; i++) {
		struct sq *s = rcu_dereference(c->qos_sqs[i]);
		if (s)
			s->busy = 0;
	}
	rcu_read_unlock();
}

/*
 * check-name: a second list walk over the cursor, or a second loop over the index, reads other pointers
 * check-output-start
 * check-output-end
 */
