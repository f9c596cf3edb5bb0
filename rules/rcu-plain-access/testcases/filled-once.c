/* A connection's second socket object is filled once, when the slot is
 * NULL, and freed with call_rcu() only with its connection (dlm's
 * othercon): a plain load in a section sees NULL or that one object. A
 * slot that one function fills and frees the old object of is replaced
 * under the readers: its plain load is a finding. */
struct rcu_head { struct rcu_head *next; };
struct peer { struct rcu_head rcu; int id; };
struct conn { struct peer *other; struct peer *cur; struct rcu_head rcu; };

static void peer_free(struct rcu_head *h)
{
	kfree(h);
}

void conn_accept(struct conn *c)
{
	struct peer *o = c->other;

	if (!o) {
		o = kzalloc(sizeof(*o), GFP_KERNEL);
		if (!o)
			return;
		c->other = o;
	}
}

void conn_close(struct conn *c)
{
	rcu_read_lock();
	if (c->other)
		call_rcu(&c->other->rcu, peer_free);
	call_rcu(&c->rcu, peer_free);
	rcu_read_unlock();
}

void conn_switch(struct conn *c, struct peer *n)
{
	struct peer *old;

	old = c->cur;
	c->cur = n;
	call_rcu(&old->rcu, peer_free);
}

int conn_cur_id(struct conn *c)
{
	int id;

	rcu_read_lock();
	id = c->cur->id;
	rcu_read_unlock();
	return id;
}

/*
 * check-name: a slot filled once and freed with its owner is no finding for its loads (its plain store still is); a replaced slot's load is
 * check-output-start
23:3: warning: c->other is RCU-protected (its objects are freed with call_rcu()) but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
41:2: warning: c->cur is RCU-protected (its objects are freed with call_rcu()) but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
50:7: warning: c->cur is RCU-protected (its objects are freed with call_rcu()) but is loaded here without rcu_dereference() inside an RCU read-side section [rcu-plain-access] bug
 * check-output-end
 */
