/* IPVS's estimators: a running one sits on an RCU-walked chain of its
 * kthread, one waiting for a kthread sits on the namespace's temporary list,
 * through the same hlist_node. The temporary list has no RCU reader, so
 * adding to it and taking an estimator off it plainly is right. */
struct est { struct hlist_node list; int ktid; long val; };
struct kt { struct hlist_head chains[8]; };
struct ns { struct hlist_head temp_list; struct kt *kt; };

void est_tick(struct kt *kt, int row)
{
	struct est *e;

	rcu_read_lock();
	hlist_for_each_entry_rcu(e, &kt->chains[row], list)
		e->val++;
	rcu_read_unlock();
}

void est_enqueue(struct kt *kt, struct est *e)
{
	hlist_add_head_rcu(&e->list, &kt->chains[0]);
}

void est_start(struct ns *ns, struct est *e)
{
	if (!ns->kt) {
		e->ktid = -1;
		hlist_add_head(&e->list, &ns->temp_list);
		return;
	}
	est_enqueue(ns->kt, e);
}

void est_stop(struct est *e)
{
	if (e->ktid < 0) {
		hlist_del(&e->list);
		return;
	}
	hlist_del_rcu(&e->list);
}

/*
 * check-name: one link member on an RCU chain and on a plain temporary list: the temporary list's ops are not the chain's
 * check-output-start
28:3: warning: hlist_add_head(&e->list, &ns->temp_list) changes a list whose other writers use the RCU API (hlist_del_rcu() at line 40): use hlist_add_head_rcu() [rcu-list-api] false-positive
37:3: warning: hlist_del(&e->list) changes a list that RCU readers walk (hlist_for_each_entry_rcu() at line 14): use hlist_del_rcu() [rcu-list-api] intended
 * check-output-end
 */
