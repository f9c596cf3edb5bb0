/* Resizable-table walks in the shape of IPVS's (include/net/ip_vs.h in
 * 7.x): the walk over buckets hands its table to the walk over tables,
 * which loads it with rcu_dereference(). */
struct rht {
	struct rht *new_tbl;
	int size;
	int buckets[16];
};

struct rht_owner {
	struct rht __rcu *tab;
};

#define rht_for_each_table_rcu(table, t, p)				\
	for (p = 0, t = rcu_dereference(table);				\
	     t != p;							\
	     p = t, t = rcu_dereference(t->new_tbl))

#define rht_for_each_bucket(t, bucket, head)				\
	for (bucket = 0, head = (t)->buckets; bucket < (t)->size; bucket++, head++)

#define rht_walk_buckets_rcu(table, head)				\
	rht_for_each_table_rcu(table, _t, _p)				\
		rht_for_each_bucket(_t, _bucket, head)

/* A walk that loads its table plainly: its argument is a plain load. */
#define rht_walk_plain(table, t)					\
	for (t = (table); t; t = t->new_tbl)

/*
 * check-name: header of macro-arguments.c
 * check-parse-error: 0 (the iterator macros' bodies, a for header each: no function lost)
 * check-output-start
 * check-output-end
 */
