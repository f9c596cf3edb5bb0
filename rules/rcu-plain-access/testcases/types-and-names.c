/* Same field name in two structs: only the RCU one's plain loads count. */
#define __rcu
struct peer { int id; };
struct session { struct peer __rcu *peer; };
struct request { struct peer *peer; };
struct outer;

int session_peer(struct session *s)
{
	struct peer *p;
	int id;

	rcu_read_lock();
	p = rcu_dereference(s->peer);
	id = p->id;
	rcu_read_unlock();
	return id;
}

int request_peer(struct request *r)
{
	struct peer *p = r->peer;

	return p->id;
}

int outer_peer(struct outer *o)
{
	struct peer *p = get_session(o)->peer;

	return p->id;
}

/*
 * check-name: plain loads of a same-named field: a different struct is quiet, an unknown type scores low
 * check-output-start
29:19: warning: get_session(o)->peer is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
 * check-output-end
 */
