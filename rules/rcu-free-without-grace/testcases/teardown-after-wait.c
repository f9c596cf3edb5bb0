/* A map's teardown first waits for every reader (synchronize_rcu() after
 * the map left the global list, rcu_barrier() for its callbacks), then
 * drains its hash, freeing each entry right after hlist_del_rcu(): no
 * reader can reach the map any more, so the entries are safe to free. The
 * same drain with no wait before it stays a finding (its fitted score is
 * below the bug band: most such drains are teardowns readers left). */
struct hlist_node { struct hlist_node *next, **pprev; };
struct hlist_head { struct hlist_node *first; };

struct map_entry {
	int key;
	struct hlist_node node;
	struct rcu_head rcu;
};

struct map {
	struct hlist_head buckets[16];
	struct list_head list;
};

struct map_entry *map_lookup(struct map *m, int key)
{
	struct map_entry *e;

	hlist_for_each_entry_rcu(e, &m->buckets[key & 15], node)
		if (e->key == key)
			return e;
	return NULL;
}

void map_free(struct map *m)
{
	struct map_entry *e;
	struct hlist_node *next;
	int i;

	list_del_rcu(&m->list);
	synchronize_rcu();
	rcu_barrier();
	for (i = 0; i < 16; i++) {
		hlist_for_each_entry_safe(e, next, &m->buckets[i], node) {
			hlist_del_rcu(&e->node);
			kfree(e);
		}
	}
	kfree(m);
}

void map_flush(struct map *m)
{
	struct map_entry *e;
	struct hlist_node *next;
	int i;

	for (i = 0; i < 16; i++) {
		hlist_for_each_entry_safe(e, next, &m->buckets[i], node) {
			hlist_del_rcu(&e->node);
			kfree(e);
		}
	}
}

/*
 * check-name: a drain after the teardown waited for readers drops below the drain with no wait
 * check-output-start
43:4: warning: e is freed by kfree() right after hlist_del_rcu() at line 42 with no grace period between: a reader of this file (hlist_for_each_entry_rcu() at line 25) may still hold it [rcu-free-without-grace] false-positive
58:4: warning: e is freed by kfree() right after hlist_del_rcu() at line 57 with no grace period between: a reader of this file (hlist_for_each_entry_rcu() at line 25) may still hold it [rcu-free-without-grace] intended
 * check-output-end
 */
