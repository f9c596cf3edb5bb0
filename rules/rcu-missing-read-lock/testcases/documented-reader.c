/* A lookup whose comment says its callers hold the reader, reached by a
 * chain of callers with none: the comment is the author's contract (the
 * callers the index cannot see, a receive handler, hold it), so the finding
 * ranks below the same read in a function that says nothing (the shape of
 * __lookup_mnt() and hfi1's get_cc_state()). */
struct entry { int key; struct entry __rcu *next; };
struct table { struct entry __rcu *head; };

/*
 * Find the entry of key. Must be called with rcu_read_lock held.
 */
static struct entry *table_find(struct table *t, int key)
{
	struct entry *e = rcu_dereference(t->head);

	return e && e->key == key ? e : NULL;
}

static struct entry *table_first(struct table *t)
{
	return rcu_dereference(t->head);
}

static int table_work(struct table *t)
{
	return table_find(t, 1) != NULL && table_first(t) != NULL;
}

void table_setup(struct table *t)
{
	table_work(t);
}
/*
 * check-name: the comment says the callers hold the reader: ranked lower
 * check-output-start
14:20: warning: rcu_dereference(t->head) outside any RCU read-side section of table_find, and 1 of its 1 callers hold none: table_work documented-reader.c:26 <- table_setup documented-reader.c:31 [rcu-missing-read-lock] intended
21:9: warning: rcu_dereference(t->head) outside any RCU read-side section of table_first, and 1 of its 1 callers hold none: table_work documented-reader.c:26 <- table_setup documented-reader.c:31 [rcu-missing-read-lock] intended
 * check-output-end
 */
