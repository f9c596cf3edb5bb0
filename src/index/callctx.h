/*
 * callctx: the call graph of a kernel tree and the calling context of every
 * function: which read-side sections and locks each call site holds, and,
 * to a fixpoint over the callers, whether every known caller runs inside an
 * RCU reader or holds a lock.
 *
 * callctx_build() walks the tree's .c and .h files (tools/, scripts/ and
 * Documentation/ aside) with the tokenizer, one pass per file, taking the
 * first branch of each #if. Per function definition it records its direct
 * calls by name with the context at the call: the RCU readers open
 * (rcu-read-lock.list, the preempt/bh/irq-disabled regions the consolidated
 * RCU counts as readers of rcu-reader-regions.list, guard(rcu)() and
 * scoped_guard() of a class of rcu-reader-guards.list) and the locks held
 * (every call starting with a name of exclusive-locks.list or
 * shared-locks.list, the RTNL of rtnl.list, guard(spinlock)... of
 * lock-guards.list), each lock keyed by the lock expression's last member
 * name. A helper of the tree that returns holding a lock or inside a reader
 * it opened (cgroup_lock(), bpf_test_timer_enter()) holds it for its
 * caller's later calls, until the helper that releases it. A function stored in a member (`.member = fn` in an initialiser,
 * `p->member = fn;`) is called wherever a member of that name is
 * (`ops->member(...)`), unless such a member is ever read as a value (copied,
 * passed on, returned, named bare as a macro's argument) or never called:
 * then, as for a function exported, taken as a value (`&fn`, a callback
 * argument) or never called by name, its callers are unknown and its
 * summary is never "protected". Calls through members feed the summaries
 * that go down to the callees (every caller in a reader, holding a lock,
 * at init), not "needs a reader", which goes up, nor the unprotected
 * chains: a member name is shared by many structs, so a site of it
 * outside a reader says little about one function stored there. What a function asserts comes from
 * lock-asserts.list, rcu-reader-asserts.list and __must_hold(); a function
 * the kernel runs in a reader counts as asserting one: handed to a call of
 * rcu-reader-callbacks.list (timer_setup(t, fn, 0), an rx_handler) or
 * defined by a macro of rcu-reader-definers.list (BPF_CALL_2()). The
 * update-side lock of each RCU location (keyed by its last member name)
 * comes from the lock-held-tests.list conditions of its
 * rcu-dereference.list, rcu-dereference-protected.list and rcu-replace.list
 * calls (lockdep_is_held(&L)), from rtnl.list's loads, and from the locks
 * held where an rcu-publish.list call stores to it. The reads that need a
 * reader are rcu-reader-loads.list, rcu-reader-lookups.list,
 * rcu-reader-calls.list, rcu-reader-walks.list and rcu-reader-cursors.list
 * (all of rules/data/).
 *
 * The TSV (first line `root ABSPATH`), rows by kind:
 *
 *   fn      path name line state known unprotected unknown held asserts chain
 *   site    path line col function callee key section locks
 *   callers path name line known section held via init
 *   update  key lock
 *
 * fn rows: functions holding an RCU accessor outside their own sections,
 * or calling such a function ("needs a reader"). state is in-section
 * (every known caller is in an RCU reader), unprotected or unknown; known
 * and unprotected count the caller sites; unknown says why callers are
 * unknown (exported, address, none); held: locks every known caller holds;
 * asserts: what the function asserts (rcu, or lock keys); chain: one
 * unprotected caller chain, `caller path:line` joined by " <- ".
 * site rows: each call of an RCU accessor, and each call of a function
 * that needs a reader made outside a section.
 * callers rows: what every known caller gives a function none of whose
 * callers is unknown, when the rules weigh it: section, for a function with
 * a reader of its own, the chain of callers up to the one that calls inside
 * a reader (every caller does: the function's unlock ends nothing); held,
 * the update-side locks (of some update row) every known caller holds, and
 * via, per lock, the chain up to the caller that holds it, "; " between;
 * init, when every known caller runs only at init (__init, __net_init, or
 * called only from such code), the chain up to an __init or __net_init one.
 * Lists are comma separated, "-" when empty.
 */
#ifndef LOCKERS_CALLCTX_H
#define LOCKERS_CALLCTX_H

#include <stddef.h>
#include <stdint.h>

struct callctx_stats {
	unsigned long files;	/* .c and .h files read */
	unsigned long functions;	/* function definitions */
	unsigned long calls;	/* call sites by name */
	unsigned long needs_reader;	/* functions that need their callers' reader */
	unsigned long in_section;	/* of those, every known caller is in a reader */
	double seconds;
};

/* Build the index of KDIR into OUT_PATH. Returns 0, or -1 with ERR set. */
int callctx_build(const char *kdir, const char *out_path, struct callctx_stats *st,
		  char *err, size_t errlen);

/* The index at OUT_PATH, rebuilt only when a .c or .h file of KDIR changed
 * (path, size, mtime, inode) or a list of rules/data/ did (OUT_PATH.stamp).
 * *reused is 1 when kept. */
int callctx_update(const char *kdir, const char *out_path, struct callctx_stats *st,
		   int *reused, char *err, size_t errlen);

/* A hash of the index's rows for the rules that read it to salt their cache
 * keys with: its bytes past the first row, which names where the tree lies
 * (a tree copied elsewhere, with its output, gives the same rows and reuses
 * the cache). Returns 0, or -1 with errno set. */
int callctx_hash(const char *index, uint64_t *hash);

#endif
