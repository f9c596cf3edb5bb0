/// A pointer obtained inside an RCU read-side section (the object itself, an
/// alias of a list iterator's cursor, or the address of a field in it) is
/// dereferenced, returned, stored or passed on after the rcu_read_unlock()
/// that ends the section, and no reference was taken on the object before the
/// unlock. A use that computes an address loads nothing (&x->m, an array
/// member's name, sizeof(*x)): returned, it is a return, not a dereference. RCU only keeps the object alive until the unlock: after it the
/// memory may already have been handed to kfree() by a grace period.
///
/// Sources: rcu_dereference*()/srcu_dereference*(), the cursor of an
/// *_for_each_*rcu iterator, *_rcu() and other RCU lookups (idr_find,
/// radix_tree_lookup, xa_load, pid_task, ...), and plain reads of a pointer the
/// same file frees with call_rcu()/kfree_rcu() or publishes with
/// rcu_assign_pointer(). Flavours: rcu_read_lock/_bh/_sched/_trace and
/// srcu_read_lock/unlock, and guard(rcu)()/scoped_guard(rcu) where the
/// section ends with the scope. A reference is any call whose name says get, hold,
/// grab, pin, ref, inc, lock, acquire, take or active (nfs_sb_active()) on the
/// object before the unlock, or a helper of the tree whose body takes one
/// (dst_clone(), found by the macro index's ref-get rows).
/// Functions documented as called with rcu_read_lock held, or annotated
/// __acquires(RCU)/__releases(RCU), score low: their callers hold the section;
/// so does a comment in the function saying why the object outlives the
/// section (freed only after..., immutable, safe because...). So do
/// functions whose every known caller, in the tree's call-context index,
/// calls them inside a read-side section (the function's own unlock then
/// ends nothing) or holding the pointer's update-side lock; an exported
/// function, or one called through a pointer, has callers no one knows.
//
// Rule: rcu-escape
// Confidence: Moderate
// Needs: macro-index call-context
// Options: --no-includes
// Requires : guard(rcu) scoped_guard(rcu) @rcu-read-unlock
// Scope: function
// Facts : call_rcu kfree_rcu rcu_assign_pointer RCU_INIT_POINTER

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu_escape import src_shape, cand, mentions, null_test, flush, managed, protected
from lockers.rcu_escape import protected_iterator, took_reference, null_branch, takes_reference
from lockers.rcu_escape import escapes, cursor_escapes, guard_escapes, scoped_guard_escapes

// a file at a time: its escapes are reported when spatch starts the next one
@script:python@
@@
flush()

@managed@
expression B, F, V;
identifier fld;
position p;
@@
(
call_rcu@p(&B->fld, F)
|
kfree_rcu@p(B, fld)
|
rcu_assign_pointer@p(B, V)
|
RCU_INIT_POINTER@p(B, V)
)

@script:python@
B << managed.B;
p << managed.p;
@@
managed(p[0], B)

@protrd@
local idexpression x;
expression R : script:python() { src_shape(R) is not None and src_shape(R)[0] in ("rcu_dereference", "lookup") };
position p;
@@
x@p = R

@script:python@
x << protrd.x;
p << protrd.p;
@@
protected(p[0], x)

@protit@
iterator I;
expression list EL;
statement S;
position p;
@@
I@p(EL) S

@script:python@
I << protit.I;
EL << protit.EL;
p << protit.p;
@@
protected_iterator(p[0], I, EL)

// the pointer, assigned in the section, escapes past the unlock
@esc exists@
type T;
local idexpression T *x;
expression R : script:python() { cand(R) };
expression E1, E2, E3, E4, F;
local idexpression LX;
identifier fld;
position ps, pu, pd, pr, pp, pst, pal;
@@
x = R@ps
...
    when != {{rcu-read-unlock}}(...)
    when != {{rcu-read-lock}}(...)
    when != x = E1
(
{{rcu-read-unlock|}}(...)@pu
)
... when != x = E2
    when != &x
(
return x@pr;
|
x@pd->fld
|
 *x@pd
|
x@pd[E3]
|
LX = x@pal
|
E4 = x@pst
|
F(..., x@pp, ...)
)

@script:python@
x << esc.x;
R << esc.R;
ps << esc.ps;
pu << esc.pu;
pd << esc.pd = [];
pr << esc.pr = [];
pp << esc.pp = [];
pst << esc.pst = [];
E4 << esc.E4 = "";
@@
escapes(x, R, ps, pu, pd, pr, pp, pst, E4)

// a reference is taken on the object in the section: not an escape
@noref exists@
type T;
local idexpression T *esc.x;
expression esc.R;
position esc.ps, esc.pu;
identifier REF : script:python() { takes_reference(REF) };
expression A : script:python(x, R) { mentions(A, x, R) };
position q;
@@
x = R@ps
...
REF@q(..., A, ...)
...
(
{{rcu-read-unlock|}}(...)@pu
)

@script:python@
ps << esc.ps;
q << noref.q;
@@
took_reference(ps[0])

@noref2 exists@
type T;
local idexpression T *esc.x;
expression esc.R;
position esc.ps, esc.pu;
identifier REF : script:python() { takes_reference(REF) };
expression A : script:python(x, R) { mentions(A, x, R) };
position q;
@@
REF@q(..., A, ...)
...
x = R@ps

@script:python@
ps << esc.ps;
q << noref2.q;
@@
took_reference(ps[0])

// the unlock is on the path where the pointer is NULL or an error
@nullbr exists@
type T;
local idexpression T *esc.x;
expression esc.R;
position esc.ps, esc.pu;
expression C : script:python(x) { null_test(C, x) };
position q;
@@
x = R@ps
...
if@q (C) {
  ...
(
{{rcu-read-unlock|}}(...)@pu
)
  ...
}

@script:python@
ps << esc.ps;
pu << esc.pu;
q << nullbr.q;
@@
null_branch(ps[0], pu[0])

// the cursor of an RCU list walk escapes from inside the loop body
@escit exists@
identifier x, fld;
iterator I;
expression list EL;
expression E2, E3, E4, F;
local idexpression LX;
identifier REF : script:python() { takes_reference(REF) };
position ps, pu, pd, pr, pp, pst, pal;
@@
I@ps(EL) {
  ...
      when != {{rcu-read-unlock}}(...)
      when != REF(..., <+... x ...+>, ...)
(
{{rcu-read-unlock|}}(...)@pu
)
  ... when != x = E2
      when != &x
(
return x@pr;
|
x@pd->fld
|
 *x@pd
|
x@pd[E3]
|
LX = x@pal
|
E4 = x@pst
|
F(..., x@pp, ...)
)
  ...
}

@script:python@
x << escit.x;
I << escit.I;
EL << escit.EL;
ps << escit.ps;
pu << escit.pu;
pd << escit.pd = [];
pr << escit.pr = [];
pp << escit.pp = [];
pst << escit.pst = [];
E4 << escit.E4 = "";
@@
cursor_escapes(x, I, EL, ps, pu, pd, pr, pp, pst, E4)

// guard(rcu)() (newer trees): the section ends when the scope does, after a
// return has evaluated its value
@hasguard@
symbol rcu;
@@
guard(rcu)()

@hasscoped@
symbol rcu;
iterator name scoped_guard;
statement S;
@@
scoped_guard(rcu) S

@escg depends on hasguard exists@
symbol rcu;
type T;
local idexpression T *x;
expression R : script:python() { cand(R) };
expression E1;
identifier REF : script:python() { takes_reference(REF) };
position ps, pg, pr;
@@
guard(rcu)@pg();
...
x = R@ps
... when != x = E1
    when != REF(..., <+... x ...+>, ...)
return x@pr;

@script:python@
x << escg.x;
R << escg.R;
ps << escg.ps;
pg << escg.pg;
pr << escg.pr;
@@
guard_escapes(x, R, ps, pg, pr)

// scoped_guard(rcu) { ... }: the section ends with the block
@escsg depends on hasscoped exists@
symbol rcu;
type T;
local idexpression T *x;
expression R : script:python() { cand(R) };
expression E2, E3, E4, F;
local idexpression LX;
identifier fld;
iterator name scoped_guard;
position ps, pg, pd, pr, pp, pst, pal;
identifier REF : script:python() { takes_reference(REF) };
@@
scoped_guard@pg(rcu) {
  ...
  x = R@ps
  ... when != REF(..., <+... x ...+>, ...)
}
... when != x = E2
    when != &x
(
return x@pr;
|
x@pd->fld
|
 *x@pd
|
x@pd[E3]
|
LX = x@pal
|
E4 = x@pst
|
F(..., x@pp, ...)
)

@script:python@
x << escsg.x;
R << escsg.R;
ps << escsg.ps;
pg << escsg.pg;
pd << escsg.pd = [];
pr << escsg.pr = [];
pp << escsg.pp = [];
pst << escsg.pst = [];
@@
scoped_guard_escapes(x, R, ps, pg, pd, pr, pp, pst)

@finalize:python@
@@
flush()
