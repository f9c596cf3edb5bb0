/* A header of the test tree (written for lockers): helpers whose names do
 * not say whether they take a reference; their bodies do. */
#ifndef _LINUX_RCU_OBJ_H
#define _LINUX_RCU_OBJ_H

struct kref {
	int refcount;
};

struct obj {
	struct kref ref;
	int key;
};

struct table {
	struct obj __rcu *cur;
};

extern void kref_get(struct kref *k);

static inline struct obj *obj_clone(struct obj *o)
{
	if (o)
		kref_get(&o->ref);
	return o;
}

/* takes its reference through obj_clone() */
#define obj_keep(o) ((void)obj_clone(o))

static inline int obj_peek(struct obj *o)
{
	return o->key;
}

#endif

/*
 * check-name: support header of the testcases beside it; scanned like any header, it is quiet
 * check-output-start
 * check-output-end
 */
