/* The callers of a header's static inline helper (include/linux/tbl.h):
 * one reads it inside rcu_read_lock(), one with no reader. */
#include <linux/tbl.h>

int tbl_lookup(struct tbl *t)
{
	int k;

	rcu_read_lock();
	k = tbl_first_key(t);
	rcu_read_unlock();
	return k;
}

int tbl_report(struct tbl *t)
{
	return tbl_first_key(t);
}
/*
 * check-name: calls of a header's static inline helper (its finding is the header's)
 * check-output-start
17:9: warning: tbl_first_key() reads RCU-protected data with no section of its own, and is called outside any RCU read-side section of tbl_report, whose callers are unknown (no caller by name) [rcu-missing-read-lock] false-positive
 * check-output-end
 */
