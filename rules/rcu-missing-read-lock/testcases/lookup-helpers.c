/* Lookup helpers whose kernel-doc asks for an RCU reader (or the
 * structure's lock) around the call: idr_find(), radix_tree_lookup(),
 * assoc_array_find(). The shape of arm_scmi's device request notifier
 * before "firmware: arm_scmi: ... idr_find under RCU": a notifier
 * callback, reached through a pointer, looks the protocol up with no
 * reader and no lock. xa_load() takes its own reader: not a site. Most
 * lookups hold the structure's own lock, which no lockdep condition names
 * (lookup_helper): the scores stay low, the sites are still reported. */
struct idr { int dummy; };
struct xarray { int dummy; };
struct notifier_block { int (*notifier_call)(struct notifier_block *, unsigned long, void *); };
struct proto_info {
	struct idr active_protocols;
	struct xarray devs;
	struct notifier_block req_nb;
	struct mutex lock;
};

static int proto_request_notifier(struct notifier_block *nb, unsigned long action, void *data)
{
	struct proto_info *info = container_of(nb, struct proto_info, req_nb);
	int *id = data;
	void *np;

	np = idr_find(&info->active_protocols, *id);
	if (!np)
		return 0;
	return 1;
}

/* the fixed shape: the reader covers the lookup and the use */
static int proto_request_fixed(struct notifier_block *nb, unsigned long action, void *data)
{
	struct proto_info *info = container_of(nb, struct proto_info, req_nb);
	int *id = data;
	void *np;

	rcu_read_lock();
	np = idr_find(&info->active_protocols, *id);
	rcu_read_unlock();
	return np != NULL;
}

/* the structure's lock instead of a reader: weighed, not silent */
static int proto_lookup_locked(struct proto_info *info, int id)
{
	void *np;

	mutex_lock(&info->lock);
	np = idr_find(&info->active_protocols, id);
	mutex_unlock(&info->lock);
	return np != NULL;
}

/* xa_load() reads under its own reader */
static int proto_has_dev(struct proto_info *info, unsigned long id)
{
	return xa_load(&info->devs, id) != NULL;
}

void proto_setup(struct proto_info *info)
{
	info->req_nb.notifier_call = proto_request_notifier;
	info->req_nb.notifier_call = proto_request_fixed;
	proto_lookup_locked(info, 1);
	proto_has_dev(info, 1);
}
/*
 * check-name: lookup helpers that need a reader: idr_find() with none, under a lock; xa_load()
 * check-output-start
25:7: warning: idr_find(& info->active_protocols) outside any RCU read-side section of proto_request_notifier, whose callers are unknown (called through a pointer) [rcu-missing-read-lock] false-positive
50:7: warning: idr_find(& info->active_protocols) outside any RCU read-side section of proto_lookup_locked, and 1 of its 1 callers hold none: proto_setup lookup-helpers.c:65 [rcu-missing-read-lock] false-positive
65:2: warning: proto_lookup_locked() reads RCU-protected data with no section of its own, and is called outside any RCU read-side section of proto_setup, whose callers are unknown (no caller by name) [rcu-missing-read-lock] false-positive
 * check-output-end
 */
