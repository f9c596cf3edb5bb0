/* A function named *_rcu says, by the kernel's convention, that its callers
 * hold the reader (__in_dev_get_rcu(), dst_dev_rcu()): when the index finds
 * a caller chain without one, it more likely missed how the caller gets its
 * reader than found a bug. The same lookup in a function of another name
 * keeps its score. */
struct table { struct idr ids; };
struct obj { int v; };

struct obj *table_find_rcu(struct table *t, int id)
{
	return idr_find(&t->ids, id);
}

struct obj *table_find(struct table *t, int id)
{
	return idr_find(&t->ids, id);
}

int table_value(struct table *t, int id)
{
	return table_find_rcu(t, id)->v + table_find(t, id)->v;
}
/*
 * check-name: a read in a function named *_rcu scores lower than the same read elsewhere
 * check-output-start
11:9: warning: idr_find(& t->ids) outside any RCU read-side section of table_find_rcu, and 1 of its 1 callers hold none: table_value rcu-named.c:21 [rcu-missing-read-lock] false-positive
16:9: warning: idr_find(& t->ids) outside any RCU read-side section of table_find, and 1 of its 1 callers hold none: table_value rcu-named.c:21 [rcu-missing-read-lock] intended
21:9: warning: table_find_rcu() reads RCU-protected data with no section of its own, and is called outside any RCU read-side section of table_value, whose callers are unknown (no caller by name) [rcu-missing-read-lock] false-positive
21:36: warning: table_find() reads RCU-protected data with no section of its own, and is called outside any RCU read-side section of table_value, whose callers are unknown (no caller by name) [rcu-missing-read-lock] false-positive
 * check-output-end
 */
