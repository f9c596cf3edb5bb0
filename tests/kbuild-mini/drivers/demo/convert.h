/* A member not declared __rcu, read in one file and updated in another: lockers fix converts it. */
struct convert_conf {
	int mtu;
};

struct convert_dev {
	struct convert_conf *conf;
};
