/* A header of the test tree (written for lockers): a member declared __rcu
 * in a struct that files meet only through Coccinelle's standard.h, whose
 * for_nexthops() declares "const struct dn_fib_nh *nh". */
#ifndef _NET_DN_FIB_H
#define _NET_DN_FIB_H

struct dn_fib_nh {
	struct dn_route __rcu *nh_slot;
	int nh_weight;
};

#endif

/*
 * check-name: a header declaring a member __rcu
 * check-output-start
 * check-output-end
 */
