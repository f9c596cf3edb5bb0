/* A part of an object freed at once on the path that frees the object
 * itself after a grace period: the readers the grace period waits for may
 * still hold the object and follow the part. The shape of tipc's
 * cleanup_bearer() before "tipc: Fix use-after-free in cleanup_bearer()"
 * (the replicast entry's dst_cache destroyed before the entry is unlinked
 * and kfree_rcu()'d) and of svc_rqst_free() before the rq_argp/rq_resp
 * frees moved into the RCU callback. Quiet: a part freed after a grace
 * period, an object allocated in the function (an error path before
 * anyone could find it), mutex_destroy() (it frees nothing), a helper
 * that defers the free itself. */
struct dst_cache { void *cache; };
struct rcast {
	struct list_head list;
	struct dst_cache dst_cache;
	struct rcu_head rcu;
	int key;
};
struct bearer { struct list_head rcasts; };
struct rqst {
	void *resp, *argp;
	struct mutex lock;
	struct rcu_head rcu_head;
};

int bearer_xmit(struct bearer *ub, int key)
{
	struct rcast *rcast;
	int hit = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(rcast, &ub->rcasts, list)
		if (rcast->key == key)
			hit = !!rcast->dst_cache.cache;
	rcu_read_unlock();
	return hit;
}

static void cleanup_bearer(struct bearer *ub)
{
	struct rcast *rcast, *tmp;

	list_for_each_entry_safe(rcast, tmp, &ub->rcasts, list) {
		dst_cache_destroy(&rcast->dst_cache);
		list_del_rcu(&rcast->list);
		kfree_rcu(rcast, rcu);
	}
}

static void rqst_free(struct rqst *rqstp)
{
	mutex_destroy(&rqstp->lock);
	kfree(rqstp->resp);
	kfree_rcu(rqstp, rcu_head);
}

static void rqst_free_waited(struct rqst *rqstp)
{
	synchronize_rcu();
	kfree(rqstp->argp);
	kfree_rcu(rqstp, rcu_head);
}

static void resp_release(void *resp)
{
	kfree_rcu_mightsleep(resp);
}

static void rqst_free_deferred(struct rqst *rqstp)
{
	resp_release(rqstp->resp);
	kfree_rcu(rqstp, rcu_head);
}

struct rqst *rqst_create(void)
{
	struct rqst *rqstp = kzalloc(sizeof(*rqstp), GFP_KERNEL);

	if (!rqstp)
		return NULL;
	rqstp->resp = kzalloc(64, GFP_KERNEL);
	rqstp->argp = kzalloc(64, GFP_KERNEL);
	if (!rqstp->argp) {
		kfree(rqstp->resp);
		kfree_rcu(rqstp, rcu_head);
		return NULL;
	}
	return rqstp;
}
/*
 * check-name: a part freed before its object's deferred free, and where it is quiet
 * check-output-start
43:3: warning: dst_cache_destroy() frees &rcast->dst_cache at once while rcast waits for a grace period (kfree_rcu() at line 45): a reader that still holds rcast may follow it to freed memory (the file reads ->dst_cache under RCU at line 33) [rcu-free-without-grace] false-positive
52:2: warning: kfree() frees rqstp->resp at once while rqstp waits for a grace period (kfree_rcu() at line 53): a reader that still holds rqstp may follow it to freed memory [rcu-free-without-grace] false-positive
 * check-output-end
 */
