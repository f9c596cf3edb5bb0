/*
 * macroindex: an index of a kernel tree's function-like macros and small
 * static inline helpers, so that rules can see through them.
 *
 * macroindex_build() walks the headers of KDIR (include/, arch/<arch>/include
 * and any header in a directory that also holds .c files; a testcase
 * directory works as a tree too), records every function-like macro
 * (`#define name(params) body`, continuation lines joined) and every
 * `static inline` helper whose body is a single `return EXPR;`, and writes a
 * TSV sorted by name (then kind, params, expansion; identical rows once):
 *
 *   name <TAB> kind(macro|inline) <TAB> params(comma separated)
 *        <TAB> expansion <TAB> relation
 *
 * `relation` is non-empty when the expansion (with indexed helpers it calls
 * expanded in turn, a few levels deep) compares a parameter, or a value
 * loaded through a parameter, with a value loaded through the same or
 * another parameter: thread_group_leader(p) defined as
 * `p == p->group_leader` gives `p==p->group_leader`. Several relations are
 * joined with " ; ". Wrappers that mark a single load (READ_ONCE,
 * rcu_dereference...) are dropped from the relation text.
 *
 * The same walk gives the tree's RCU vocabulary, in rows of three more kinds
 * (the five columns read differently):
 *
 *   member  rcu-field  struct   path:line              (empty)
 *   name    rcu-load   params   loaded expression      load primitive
 *   name    ref-get    params   path:line              the call taking it
 *   struct  rcu-head   member   path:line              (empty)
 *
 * rcu-field: a struct or union member declared `__rcu`, under its tag, the
 * typedef names of the struct, and the outer struct of an anonymous member
 * struct; its last column is the tag of the struct it points to, when the
 * declaration names one (`struct net_device __rcu *dev` gives net_device):
 * RCU readers reach objects of that type. rcu-head: a struct with a member
 * of a type of rules/data/rcu-heads.list (struct rcu_head), which can be
 * freed after a grace period. rcu-load: a macro or one-line inline whose result, past casts and
 * parentheses, is rcu_dereference*()/srcu_dereference*()/
 * rcu_access_pointer()/a list_*_rcu() cursor, or a call of such an
 * accessor (its arguments substituted). ref-get: a macro or static inline
 * function whose body calls kref_get(), refcount_inc_not_zero(),
 * get_task_struct(), try_module_get()... or another ref-get helper.
 */
#ifndef LOCKERS_MACROINDEX_H
#define LOCKERS_MACROINDEX_H

#include <stddef.h>
#include <stdint.h>

struct macroindex_stats {
	unsigned long headers;   /* header files scanned */
	unsigned long macros;    /* function-like macro rows written */
	unsigned long inlines;   /* static inline helper rows written */
	unsigned long relations; /* rows with a non-empty relation */
	unsigned long rcu_fields;  /* rcu-field rows: struct members declared __rcu */
	unsigned long rcu_loads;   /* rcu-load rows: accessors whose result is an RCU load */
	unsigned long ref_helpers; /* ref-get rows: helpers that take a reference */
	unsigned long rcu_heads;   /* rcu-head rows: structs with an rcu_head member */
	double seconds;          /* wall time of the whole build */
};

/* Build the index of KDIR into OUT_PATH. Returns 0, or -1 with a message in
 * ERR (always NUL terminated when errlen > 0). ST may be NULL. */
int macroindex_build(const char *kdir, const char *out_path,
		     struct macroindex_stats *st, char *err, size_t errlen);

/* A hash of the path, size, mtime and inode of every header the build
 * would read, without reading them: an index built from the same stamp
 * can be reused. Returns 0, or -1 with ERR set. */
int macroindex_stamp(const char *kdir, uint64_t *stamp, unsigned long *headers,
		     char *err, size_t errlen);

/*
 * The index a scan reads, at OUT_PATH: the ~22,000 headers of a kernel tree
 * are read only when they changed since the last build, which a stamp kept
 * beside the index (OUT_PATH.stamp: macroindex_stamp() and the build's
 * counts) tells; else the index is built and stamped. Sets *reused to 1 when
 * the index was kept. Returns 0, or -1 with ERR set (the build failed).
 */
int macroindex_update(const char *kdir, const char *out_path, struct macroindex_stats *st,
		      int *reused, char *err, size_t errlen);

/* A hash of the index file's bytes, for the rules that read it to salt
 * their cache keys with. Returns 0, or -1 with errno set. */
int macroindex_hash(const char *index, uint64_t *hash);

#endif
