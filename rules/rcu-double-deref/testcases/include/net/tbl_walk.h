/* A walk over a resizable table that loads its table with
 * rcu_dereference() and stops at NULL (IPVS's ip_vs_rht_for_each_table_rcu()). */
struct tbl {
	struct tbl *new_tbl;
	int size;
};

struct tbl_owner {
	struct tbl __rcu *tab;
};

#define tbl_for_each_rcu(table, t, p)					\
	for (p = 0, t = rcu_dereference(table);				\
	     t != p;							\
	     p = t, t = rcu_dereference(t->new_tbl))

/*
 * check-name: header of iterator-load.c
 * check-parse-error: 0 (the iterator macro's body, a for header: no function lost)
 * check-output-start
 * check-output-end
 */
