/* A local array that shares its name with the file's RCU slots (the
 * labels[] of af_mpls.c's mpls_getroute()) is the function's own storage,
 * in a file where matches also land inside the expansion of a macro of
 * Coccinelle's standard.h (for_nexthops()): they carry standard.h's name,
 * and record.PerFile keeps the file's facts through them (on af_mpls.c the
 * local was forgotten and labels[i] reported; tests/test_cocci_package.py). */
static struct entry __rcu *labels[16];

void install(struct entry *e)
{
	RCU_INIT_POINTER(labels[0], e);
}

struct dn_fib_nh *first_hop(struct fib_info *fi)
{
	return rcu_dereference(fi->fib_nh);
}

int count_hops(struct fib_info *fi)
{
	int n = 0;

	for_nexthops(fi) {
		n += nh->weight;
	} endfor_nexthops(fi);
	return n;
}

int encode(void)
{
	u32 labels[4];

	labels[1] = 7;
	return use(labels[1]);
}

struct entry *peek(void)
{
	return labels[2];
}

/*
 * check-name: a match inside a standard.h macro does not end the file's facts
 * check-output-start
39:9: warning: labels[2] is accessed with RCU_INIT_POINTER() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] intended
 * check-output-end
 */
