/// An RCU-protected pointer is read (rcu_dereference(), _bh, _sched,
/// srcu_dereference()), or an RCU list walked (list_for_each_entry_rcu(),
/// hlist_for_each_entry_rcu(), list_first_or_null_rcu()...), or an object
/// looked up by a helper whose kernel-doc asks for a reader (idr_find(),
/// radix_tree_lookup(), find_vpid(): rcu-reader-lookups.list), or a BPF
/// program run, whose helpers assert a reader (bpf_prog_run_pin_on_cpu():
/// rcu-reader-calls.list), or a member the kernel frees after a grace
/// period read with a plain -> (dst->dev: rcu-plain-members.list), or a
/// member loaded with
/// rcu_dereference_protected(p, 1), whose constant condition names no lock
/// where p's writers hold one (not in a function whose name says it sets the
/// object up or tears it down: lifecycle-words.list), outside any read-side
/// section of its function, and its callers are not all inside one either:
/// nothing keeps the object from being freed by the grace period that may
/// end under the reader's feet.
///
/// The callers come from the tree's call-context index (src/index/callctx.c):
/// a function whose every known caller calls it inside a reader (or with
/// bottom halves or interrupts off, which the kernel counts as one), or
/// holding the pointer's update-side lock (the lock lockdep_is_held() names
/// in its rcu_dereference_protected()/_check() or held at its
/// rcu_assign_pointer(); taken directly or through a lock helper of the
/// caller's: cgroup_lock()), is not a finding; nor is a function that asserts
/// a lock or a reader (lockdep_assert_held(), rcu_read_lock_held(),
/// RCU_LOCKDEP_WARN()). rcu_dereference_protected()/_check() with a lockdep
/// condition and rcu_dereference_raw() are the author's claim and never
/// sites. An entry point whose callers are unknown (exported, called
/// through a pointer or an ops table, no caller by name) that calls a
/// function needing its caller's reader outside a section is a site too
/// (helper_call). Ranked by the known callers that hold no reader
/// (unprotected_paths); unknown callers lower the score, never protect, and
/// so does a function named *_rcu, whose name says its callers hold the
/// reader (rcu_named), or whose comment says so (documented_reader), or
/// two or more of whose known callers hold one (protected_callers).
/// The message names one unprotected caller chain (caller path:line).
//
// Rule: rcu-missing-read-lock
// Confidence: Moderate
// Needs: macro-index call-context
// Options: --no-includes
// Requires : @rcu-reader-loads @rcu-reader-lookups @rcu-reader-calls @rcu-reader-walks rcu_read_lock rcu_read_unlock @rcu-plain-member-types @rcu-plain-member-getters rcu_dereference_protected
// Scope: function
// Sites: call-context

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu_missing_read_lock import site, walk_site, member_site, claim_site, helper_site

// an RCU load or list read
@acc@
identifier D = {@rcu-reader-loads, @rcu-reader-lookups, @rcu-reader-calls};
expression list EL;
position p;
@@
D@p(EL)

@script:python@
p << acc.p; D << acc.D; EL << acc.EL;
@@
site(p, D, EL)

// an RCU list walk
@walk@
iterator name {{rcu-reader-walks}};
expression list EL;
statement S;
position p;
@@
(
{{rcu-reader-walks|}}@p(EL) S
)

@script:python@
p << walk.p; EL << walk.EL;
@@
walk_site(p, EL)

// a plain load of a member that needs a reader (dst->dev, rt->dst.dev)
@member@
identifier M = {@rcu-plain-members};
identifier H = {@rcu-plain-member-holders};
expression E;
position p;
@@
(
E->H.M@p
|
E.H.M@p
|
H->M@p
)

@script:python@
p << member.p; M << member.M; H << member.H;
@@
member_site(p, M, H)

// ... and through a function returning its struct (skb_dst(skb)->dev)
@got_member@
identifier M = {@rcu-plain-members};
identifier G = {@rcu-plain-member-getters};
position p;
@@
G(...)->M@p

@script:python@
p << got_member.p; M << got_member.M; G << got_member.G;
@@
member_site(p, M, G + "()")

// an update-side load whose constant condition names no lock
// (rcu_dereference_protected(p, 1)): the index says which are sites
@claim@
identifier D = {@rcu-dereference-protected};
expression E, C;
position p;
@@
D@p(E, C)

@script:python@
p << claim.p; D << claim.D; E << claim.E; C << claim.C;
@@
claim_site(p, D, E, C)

// an entry point calling a function that needs its caller's reader
@call@
identifier f;
expression list EL;
position p;
@@
f@p(EL)

@script:python@
p << call.p; f << call.f;
@@
helper_site(p, f)
