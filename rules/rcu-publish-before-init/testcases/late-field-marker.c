/* A field filled in after publication on purpose: readers treat NULL as "not ready". */
#define NULL ((void *)0)
#define GFP_KERNEL 0
struct list_head { struct list_head *next, *prev; };
struct entry_dir { int mode; };
struct cluster { struct list_head list; struct entry_dir *dir; int id; };
static struct list_head clusters;

struct cluster *cluster_get(int id)
{
	struct cluster *c, *found = NULL;

	rcu_read_lock();
	list_for_each_entry_rcu(c, &clusters, list) {
		if (c->id == id && c->dir != NULL)
			found = c;
	}
	rcu_read_unlock();
	return found;
}

int cluster_new(int id)
{
	struct cluster *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return -1;
	c->id = id;
	list_add_rcu(&c->list, &clusters);
	c->dir = make_dir(id);
	return 0;
}

/*
 * check-name: late field that readers test for NULL (a deliberate not-ready marker) scores as intended
 * check-output-start
29:2: warning: list_add_rcu() publishes c to RCU readers before its fields are set (c->dir is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
