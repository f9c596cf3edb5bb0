/* Types a driver's readers reach through an __rcu member declared in a
 * header: the .c file that frees them reads none of them itself. */
struct route_conf {
	int metric;
	struct rcu_head rcu;
};

struct route_table {
	struct route_conf __rcu *conf;
	void *lock;
};

struct route_stats {
	long packets;
};

struct route_owner {
	struct route_stats __rcu *stats;
};

/*
 * check-name: support header of header-types.c; scanned like any header, it is quiet
 * check-output-start
 * check-output-end
 */
