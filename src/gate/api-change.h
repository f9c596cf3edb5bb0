/*
 * What a patch did to a file's RCU, seqcount and loop-bound APIs, function
 * by function: from the file's text before and after it (a line diff, so a
 * series' hunks need not be renumbered), the removals and replacements that
 * weaken what the rules check (kfree_rcu() turned into kfree(), an
 * rcu_read_lock() dropped, < turned into <= in a for loop) and the additions
 * that strengthen it. The gate turns them into evidence (patch-evidence.h).
 */
#ifndef LOCKERS_API_CHANGE_H
#define LOCKERS_API_CHANGE_H

#include <stddef.h>

enum api_family {
	API_DEFERRED_FREE,	/* kfree_rcu(), call_rcu(), ... against kfree(), kmem_cache_free() or its callback */
	API_RCU_LIST,		/* list_add_rcu(), list_for_each_entry_rcu(), ... against their plain forms */
	API_RCU_ACCESSOR,	/* rcu_dereference(), rcu_assign_pointer(), ... against a plain access */
	API_READ_SECTION,	/* rcu_read_lock(), rcu_read_unlock(), srcu_read_lock(), guard(rcu)() */
	API_GRACE_PERIOD,	/* synchronize_rcu(), synchronize_srcu(), rcu_barrier(), srcu_barrier() */
	API_SEQ_RETRY,		/* read_seqretry(), read_seqcount_retry(), need_seqretry() */
	API_LOOP_BOUND,		/* i < n against i <= n in a for loop's header */
	API_NFAMILIES
};

/* What a family's rules are about: evidence on RCU does not speak for a loop finding. */
enum api_topic { TOPIC_RCU, TOPIC_SEQCOUNT, TOPIC_LOOP };

struct api_change {
	enum api_family family;
	int weakens;		/* 1: the patch removed or weakened the API; 0: added it */
	char *function;		/* the function it is in; "" at file scope */
	char *api;		/* the call removed (or added): "kfree_rcu", "guard(rcu)", "for <" */
	unsigned line;		/* where it is in the new text, 1-based: the line shown as
				 * added, else the one after the removed line */
	char *removed, *added;	/* the diff's lines that show it, trimmed and short; "" for none */
};

struct api_changes {
	struct api_change *v;
	size_t nr, alloc;
};

/*
 * The changes of old into new (a file's text before and after a patch), in
 * the new text's line order. Within a function a family counts once, by its
 * net change: a call moved inside the function cancels out. A replaced call
 * (kfree_rcu() by kfree(), list_add_rcu() by list_add(), rcu_dereference(x)
 * by x) counts only where the diff block that removes it adds its plain form
 * in the same function. Reads comments and strings as the compiler does (not
 * at all).
 */
void api_changes_find(const char *old, size_t oldlen, const char *new, size_t newlen, struct api_changes *out);
void api_changes_release(struct api_changes *c);

enum api_topic api_family_topic(enum api_family f);
/* "deferred-free", "rcu-list", ..., for tests and messages. */
const char *api_family_name(enum api_family f);

#endif
