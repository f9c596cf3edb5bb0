/// Finds a plain load or store of a pointer that the same file otherwise
/// reads with rcu_dereference*() / srcu_dereference() or writes with
/// rcu_assign_pointer() / RCU_INIT_POINTER(), or of a struct member the
/// tree's headers declare __rcu (through the macro index, when the base's
/// struct type is known in the function): the part of sparse's __rcu
/// checking that needs no kernel build. A pointer whose objects are freed
/// with call_rcu()/kfree_rcu() and that is loaded inside rcu_read_lock() is
/// treated the same way even when the file never names an RCU accessor (the
/// jbd2_dev_to_name() shape).
///
/// Why: RCU's atomicity is one pointer load. A plain load inside a read-side
/// section lets the compiler re-load or tear it and gives no dependency
/// ordering; a plain store of a new object publishes it without the release
/// barrier, so readers can see the pointer before the object's contents.
/// Plain loads under the update-side lock (held in the function, or by
/// every known caller in the tree's call-context index), NULL tests, NULL stores and
/// teardown are benign (rcu_dereference_protected()/rcu_access_pointer()/
/// RCU_INIT_POINTER() would be the documented forms) and score low. A member
/// the file never names with an accessor, found by its __rcu declaration
/// alone, scores lower (declared_only): a subsystem's convention more often
/// than a slip.
//
// Rule: rcu-plain-access
// Confidence: Moderate
// Needs: macro-index call-context
// Options: --no-includes
// Requires : rcu_read_lock rcu_read_lock_bh rcu_read_lock_sched srcu_read_lock @rcu-dereference @rcu-dereference-rtnl @rcu-dereference-subsystem @rcu-dereference-protected @rcu-access @rcu-publish @rcu-replace unrcu_pointer @rcu-free
// Scope: function
// Locations : @rcu-dereference @rcu-dereference-rtnl @rcu-dereference-subsystem @rcu-dereference-protected @rcu-access @rcu-publish @rcu-replace unrcu_pointer
// Freed : @rcu-free

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu import local, new_object, section, guard, freed, flush
from lockers.rcu_plain_access import FIELDS, GLOBS, WRAPPERS, arr_ok, add_acc, add_cand, tag, store_context
from lockers.source import ident_at
from lockers.rcu_plain_access import types, lock_region, asserts_lock
from lockers.rcu_plain_access import may_have_candidates, any_candidate

// each file on its own: report the facts of the previous file, then forget
// them (matches inside a macro's expansion carry the macro file's name)
@script:python@
@@
flush()

// ---- facts: locals and parameters ----

@loc@
type T;
identifier L;
position p;
@@
T L@p;

@script:python@
L << loc.L;
p << loc.p;
@@
local(p[0], L)

@loci@
type T;
identifier L;
expression E;
position p;
@@
T L@p = E;

@script:python@
L << loci.L;
p << loci.p;
@@
local(p[0], L)

@prm@
identifier fn, L;
type T;
position p;
@@
fn(..., T L@p, ...) { ... }

@script:python@
L << prm.L;
p << prm.p;
@@
local(p[0], L)

// ---- facts: RCU accessors and frees ----

@acc@
identifier D = {@rcu-dereference, @rcu-dereference-rtnl, @rcu-dereference-subsystem, @rcu-dereference-protected};
identifier A = {@rcu-access, @rcu-publish, @rcu-replace, unrcu_pointer};
expression E;
position p;
@@
(
D(E@p, ...)
|
A(E@p, ...)
)

@script:python@
D << acc.D = "";
A << acc.A = "";
E << acc.E;
p << acc.p;
@@
add_acc(p[0], E, D or A)

// the tree's accessors that load their argument (rcu_str_deref(s); the
// macro index's rcu-load rows)
@accw@
identifier WRAP : script:python() { WRAP in WRAPPERS };
expression E;
position p, pw;
@@
WRAP@pw(E@p, ...)

@script:python@
E << accw.E;
p << accw.p;
pw << accw.pw;
@@
add_acc(p[0], E, ident_at(pw[0]))

@freed@
identifier F = {@rcu-free};
expression E, S1, CB;
identifier fld;
position p;
@@
(
F@p(&E->fld, CB)
|
F@p(S1, &E->fld, CB)
|
F@p(E, fld)
)

@script:python@
E << freed.E;
F << freed.F;
p << freed.p;
@@
freed(p[0], E, F)

@freed2 exists@
identifier F = {@rcu-free};
local idexpression L;
expression X, S1, CB, V;
identifier fld;
position p;
@@
L = X;
... when != L = V
(
F@p(&L->fld, CB)
|
F@p(S1, &L->fld, CB)
|
F@p(L, fld)
)

@script:python@
X << freed2.X;
F << freed2.F;
p << freed2.p;
@@
freed(p[0], X, F, member=True)

// ---- struct types of the bases of RCU field names ----

@ty1@
type T;
T *X;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
X->fld@p

@script:python@
T << ty1.T;
p << ty1.p;
@@
types(p[0], T)

@ty2@
type T;
T X;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
X.fld@p

@script:python@
T << ty2.T;
p << ty2.p;
@@
types(p[0], T)

// ---- from here on, only files that can report ----

// a candidate is reported only if its location has an RCU accessor or an
// RCU free in the file, or the tree declares it __rcu in its base's struct
// type (rcu_location()): without any of these facts, nothing below can
// change the report
@script:python has_rcu_facts@
ok;
@@
if may_have_candidates():
    coccinelle.ok = "1"
else:
    cocci.include_match(False)

// ---- the plain occurrences themselves ----

@cf depends on has_rcu_facts@
expression X;
identifier fld : script:python() { fld in FIELDS };
position p, ps;
@@
X@ps->fld@p

@script:python@
p << cf.p;
ps << cf.ps;
@@
add_cand(p[0], ps[0])

@cd depends on has_rcu_facts@
expression X;
identifier fld : script:python() { fld in FIELDS };
position p, ps;
@@
X@ps.fld@p

@script:python@
p << cd.p;
ps << cd.ps;
@@
add_cand(p[0], ps[0])

@ca depends on has_rcu_facts@
expression A : script:python() { arr_ok(A) };
expression I;
position p, ps;
@@
A@ps[I]@p

@script:python@
p << ca.p;
ps << ca.ps;
@@
add_cand(p[0], ps[0])

@cg depends on has_rcu_facts@
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
G@p

@script:python@
p << cg.p;
@@
add_cand(p[0], p[0], True)

// the rules below only qualify the candidates (sections, locks, contexts):
// with none report() can judge, they are not needed (the shared
// rcu-sections.cocci takes no dependency and runs anyway)
@script:python has_candidates@
ok;
@@
if any_candidate():
    coccinelle.ok = "1"
else:
    cocci.include_match(False)

// ---- facts used in judging candidates: sections, locks, new objects ----

#include "rcu-sections.cocci"

@lk depends on has_candidates exists@
position p1, p2;
identifier LOCK = {@exclusive-locks};
identifier UNLOCK = {@exclusive-unlocks};
@@
LOCK@p1(...);
... when != UNLOCK(...);
UNLOCK@p2(...);

@script:python@
p1 << lk.p1;
p2 << lk.p2;
@@
lock_region(p1[0], p2[0])

@asrt depends on has_candidates@
identifier ASSERT = {@lock-asserts, @lock-held-tests};
position p;
@@
ASSERT@p(...)

@script:python@
p << asrt.p;
@@
asserts_lock(p[0])

@nobj depends on has_candidates@
local idexpression N;
identifier ALLOC =~ "alloc|^kmemdup|^kstrdup|^kzalloc|^kcalloc|^kvzalloc";
position p;
@@
N@p = ALLOC(...)

@script:python@
N << nobj.N;
p << nobj.p;
@@
new_object(p[0], N)

// ---- contexts of plain occurrences ----

@ctx_addr depends on has_candidates@
expression X, I;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
(
 &X->fld@p
|
 &X.fld@p
|
 &X[I]@p
)

@script:python@
p << ctx_addr.p;
@@
tag(p[0], "addr")

@ctx_size depends on has_candidates@
expression X, I;
identifier fld : script:python() { fld in FIELDS };
position p;
@@
(
sizeof(X->fld@p)
|
sizeof(X[I]@p)
|
sizeof(X.fld@p)
|
sizeof(*X->fld@p)
|
sizeof(*X[I]@p)
)

@script:python@
p << ctx_size.p;
@@
tag(p[0], "sizeof")

@ctx_null depends on has_candidates@
expression X, I;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
X->fld@p == NULL
|
X->fld@p != NULL
|
X.fld@p == NULL
|
X.fld@p != NULL
|
X[I]@p == NULL
|
X[I]@p != NULL
|
G@p == NULL
|
G@p != NULL
)

@script:python@
p << ctx_null.p;
@@
tag(p[0], "nulltest")

@ctx_cmp depends on has_candidates@
expression X, I, Y;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
X->fld@p == Y
|
X->fld@p != Y
|
Y == X->fld@p
|
Y != X->fld@p
|
X[I]@p == Y
|
X[I]@p != Y
|
Y == X[I]@p
|
Y != X[I]@p
|
G@p == Y
|
G@p != Y
|
Y == G@p
|
Y != G@p
)

@script:python@
p << ctx_cmp.p;
@@
tag(p[0], "compare")

@ctx_free depends on has_candidates@
identifier FREE =~ "^(kfree|kvfree|vfree|kfree_sensitive|kmem_cache_free|.*_free|.*_put|.*_destroy|.*_release)$";
expression X, I, C;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
FREE(X->fld@p)
|
FREE(X[I]@p)
|
FREE(G@p)
|
FREE(C, X->fld@p)
|
FREE(C, X[I]@p)
|
FREE(C, G@p)
)

@script:python@
p << ctx_free.p;
@@
tag(p[0], "teardown")

@ctx_store depends on has_candidates@
expression X, I, V;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
X->fld@p = V
|
X.fld@p = V
|
X[I]@p = V
|
G@p = V
)

@script:python@
X << ctx_store.X = "";
V << ctx_store.V;
p << ctx_store.p;
@@
store_context(p[0], X, V)

@ctx_arg depends on has_candidates@
identifier F;
expression X, I;
identifier fld : script:python() { fld in FIELDS };
global idexpression G : script:python() { G.strip() in GLOBS };
position p;
@@
(
F(..., X->fld@p, ...)
|
F(..., X.fld@p, ...)
|
F(..., X[I]@p, ...)
|
F(..., G@p, ...)
)

@script:python@
p << ctx_arg.p;
@@
tag(p[0], "argument")

@finalize:python@
@@
flush()
