#ifndef _LINUX_TBL_H
#define _LINUX_TBL_H

struct tbl_entry { int key; };
struct tbl { struct tbl_entry __rcu *head; };

/* A static inline helper is every includer's own: the calls of it in
 * header-callers.c are its callers, one of them outside any reader. */
static inline int tbl_first_key(struct tbl *t)
{
	return rcu_dereference(t->head)->key;
}

#endif

/*
 * check-name: a header's static inline helper, called from a .c file: its callers are the .c file's calls
 * check-output-start
11:9: warning: rcu_dereference(t->head) outside any RCU read-side section of tbl_first_key, and 1 of its 2 callers hold none: tbl_report header-callers.c:17 [rcu-missing-read-lock] intended
 * check-output-end
 */
