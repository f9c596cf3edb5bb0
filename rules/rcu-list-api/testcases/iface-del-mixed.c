/* Interfaces are added with list_add_tail_rcu() (the receive path, in
 * another file, walks them under RCU) but removed with plain list_del(). */
struct local { struct list_head ifaces; struct list_head retired; struct mutex lock; };
struct iface { struct list_head link; struct local *local; };

void iface_register(struct local *local, struct iface *ifc)
{
	mutex_lock(&local->lock);
	list_add_tail_rcu(&ifc->link, &local->ifaces);
	mutex_unlock(&local->lock);
}

void iface_remove_all(struct local *local)
{
	struct iface *ifc, *tmp;

	mutex_lock(&local->lock);
	list_for_each_entry_safe(ifc, tmp, &local->ifaces, link) {
		list_del(&ifc->link);
		kfree(ifc);
	}
	mutex_unlock(&local->lock);
}

void iface_remove_all_after_gp(struct local *local)
{
	struct iface *ifc, *tmp;

	synchronize_rcu();
	list_for_each_entry_safe(ifc, tmp, &local->ifaces, link) {
		list_del(&ifc->link);
		kfree(ifc);
	}
}

void iface_free_detached(struct local *local)
{
	struct iface *ifc, *tmp;
	LIST_HEAD(doomed);

	mutex_lock(&local->lock);
	list_splice_init_rcu(&local->ifaces, &doomed, synchronize_rcu);
	mutex_unlock(&local->lock);
	list_for_each_entry_safe(ifc, tmp, &doomed, link) {
		list_del(&ifc->link);
		kfree(ifc);
	}
}

void iface_free_retired(struct local *local)
{
	struct iface *ifc, *tmp;

	list_for_each_entry_safe(ifc, tmp, &local->retired, link) {
		list_del(&ifc->link);
		kfree(ifc);
	}
}

/*
 * check-name: list_del() draining a list whose other writers use list_add_tail_rcu(): a teardown, intended band (the mac802154 fix has this shape); lower after synchronize_rcu() or off a list no reader walks; quiet off a private list
 * check-output-start
19:3: warning: list_del(&ifc->link) changes a list whose other writers use the RCU API (list_add_tail_rcu() at line 9): use list_del_rcu() [rcu-list-api] intended
31:3: warning: list_del(&ifc->link) changes a list whose other writers use the RCU API (list_add_tail_rcu() at line 9): use list_del_rcu() [rcu-list-api] false-positive
55:3: warning: list_del(&ifc->link) changes a list whose other writers use the RCU API (list_add_tail_rcu() at line 9): use list_del_rcu() [rcu-list-api] false-positive
 * check-output-end
 */
