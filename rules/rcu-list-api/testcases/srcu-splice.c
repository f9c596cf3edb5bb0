/* The namespace list is read under SRCU but spliced away waiting only for
 * RCU readers. */
struct ns { struct list_head list; int nsid; };
struct ctrl { struct list_head namespaces; struct srcu_struct srcu; };

int ctrl_has_ns(struct ctrl *ctrl, int nsid)
{
	struct ns *ns;
	int idx, found = 0;

	idx = srcu_read_lock(&ctrl->srcu);
	list_for_each_entry_srcu(ns, &ctrl->namespaces, list,
				 srcu_read_lock_held(&ctrl->srcu))
		if (ns->nsid == nsid)
			found = 1;
	srcu_read_unlock(&ctrl->srcu, idx);
	return found;
}

void ctrl_remove_namespaces(struct ctrl *ctrl)
{
	LIST_HEAD(ns_list);

	list_splice_init_rcu(&ctrl->namespaces, &ns_list, synchronize_rcu);
}

/*
 * check-name: list_splice_init_rcu() waiting with synchronize_rcu() on a list SRCU readers walk
 * check-output-start
24:2: warning: list_splice_init_rcu(&ctrl->namespaces, &ns_list, synchronize_rcu) waits with synchronize_rcu() but the list's readers hold SRCU (list_for_each_entry_srcu() at line 12): wait with synchronize_srcu() [rcu-list-api] bug
 * check-output-end
 */
