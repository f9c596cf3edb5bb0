/* for_nexthops() comes from Coccinelle's standard.h: its expansion declares
 * nh as a struct dn_fib_nh, whose nh_slot the tree declares __rcu, though
 * this file never names the struct. Function scope reads standard.h's names
 * too, so count_hops() is kept and nh->nh_slot found. */
int reader(void)
{
	rcu_read_lock();
	rcu_read_unlock();
	return 0;
}

int count_hops(struct fib_info *fi)
{
	int n = 0;

	for_nexthops(fi) {
		n += use(nh->nh_slot);
	} endfor_nexthops(fi);
	return n;
}

/*
 * check-name: a struct named only by a standard.h macro
 * check-output-start
17:12: warning: nh->nh_slot is declared __rcu (struct dn_fib_nh, include/net/dn_fib.h:8) but is loaded here without rcu_dereference() [rcu-plain-access] false-positive
 * check-output-end
 */
