static struct entry *table[16];
#define WALK(x) for (x = 0; x < 16; x++)
struct entry *reader(struct cache *c) { return rcu_dereference(c->slot); }
void slot_store(struct cache *c, struct entry *e) { c->slot = e; }
void freer(struct cache *c)
{
	struct entry *old = c->head;

	call_rcu(&old->rcu, free_entry);
}
void local_table(int i) { struct entry **table = get(); table[i] = 0; }
int f(int a) { rcu_read_lock(); return a; }
