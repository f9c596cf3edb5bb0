/* A namespace is linked on its head's sibling list, read under RCU; the
 * error path of its creation unlinks it and frees it at once. */
struct ns_head {
	struct list_head list;
};

struct nsp {
	struct list_head siblings;
	struct ns_head *head;
	int id;
};

int nsp_first_id(struct ns_head *h)
{
	struct nsp *ns;
	int id = -1;

	rcu_read_lock();
	list_for_each_entry_rcu(ns, &h->list, siblings) {
		id = ns->id;
		break;
	}
	rcu_read_unlock();
	return id;
}

void nsp_create(struct ns_head *h, int id)
{
	struct nsp *ns;

	ns = kzalloc(sizeof(*ns), GFP_KERNEL);
	if (!ns)
		return;
	ns->id = id;
	list_add_tail_rcu(&ns->siblings, &h->list);
	if (nsp_register(ns))
		goto out_unlink;
	return;

out_unlink:
	list_del_rcu(&ns->siblings);
	nsp_put_head(h);
	kfree(ns);
}

void nsp_remove(struct nsp *ns)
{
	list_del_rcu(&ns->siblings);
	synchronize_rcu();
	kfree(ns);
}

/*
 * check-name: an error path unlinks with list_del_rcu() and frees at once; the remove path waits
 * check-output-start
43:2: warning: ns is freed by kfree() right after list_del_rcu() at line 41 with no grace period between: a reader of this file (list_for_each_entry_rcu() at line 19) may still hold it [rcu-free-without-grace] intended
 * check-output-end
 */
