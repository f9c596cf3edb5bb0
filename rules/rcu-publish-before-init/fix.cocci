/// Fix for rcu-publish-before-init findings: the field stores written after
/// the publication end up above it, so readers find the object complete.
///   -D move_stores  either the publication (a plain store, RCU_INIT_POINTER(),
///                   rcu_assign_pointer() or a list_add*_rcu()) is followed, in
///                   the same block, by up to three stores to the published
///                   object's fields whose values do not read the published
///                   location: they move above it, and a plain store or
///                   RCU_INIT_POINTER() becomes rcu_assign_pointer() (moved
///                   alone it orders nothing: the CPU or the compiler can still
///                   make the pointer visible before the stores);
///                   or a list_add*_rcu() ends the else branch that allocates
///                   (if (old) x = old; else { x = alloc; list_add_rcu(); }),
///                   and only stores and copies (no other call, no write to the
///                   condition or to x) follow up to return x: the publication
///                   moves after them, under if (!old) (the hci_add_ltk() shape).
/// Stores behind a label, after other statements, or after a then branch
/// whose condition the branch itself changes have no mechanical fix.
//
// Fix: rcu-publish-before-init
// Options: --no-includes

virtual patch, move_stores

@initialize:python@
@@
#include "python-init-fix.cocci"
from lockers.fixtarget import at, independent, is_written_field

// A publication with no release semantics: what it publishes (X) and where (L).
@plain depends on patch && move_stores@
position p : script:python() { at(p) };
expression L, X;
@@
(
L@p = X;
|
RCU_INIT_POINTER@p(L, X);
)

// Moved below the stores, it becomes rcu_assign_pointer(), which orders them before it.
@depends on plain@
expression plain.L, plain.X;
statement PUB;
position ps : script:python() { at(ps) };
identifier f1 : script:python() { is_written_field(f1) };
identifier f2 : script:python() { is_written_field(f2) };
identifier f3 : script:python() { is_written_field(f3) };
expression V1 : script:python() { independent(V1) };
expression V2 : script:python() { independent(V2) };
expression V3 : script:python() { independent(V3) };
@@
(
- PUB@ps
  X->f1 = V1;
  X->f2 = V2;
  X->f3 = V3;
+ rcu_assign_pointer(L, X);
|
- PUB@ps
  X->f1 = V1;
  X->f2 = V2;
+ rcu_assign_pointer(L, X);
|
- PUB@ps
  X->f1 = V1;
+ rcu_assign_pointer(L, X);
)

// A publication with release semantics: what it publishes (X).
@pub depends on patch && move_stores@
position p : script:python() { at(p) };
expression L, X, H;
identifier m;
identifier ADD = {list_add_rcu, list_add_tail_rcu, hlist_add_head_rcu, hlist_add_tail_rcu,
		  hlist_add_behind_rcu, hlist_add_before_rcu, hlist_nulls_add_head_rcu};
@@
(
rcu_assign_pointer@p(L, X);
|
ADD@p(&X->m, H);
)

@depends on pub@
expression pub.X;
statement PUB;
position ps : script:python() { at(ps) };
identifier f1 : script:python() { is_written_field(f1) };
identifier f2 : script:python() { is_written_field(f2) };
identifier f3 : script:python() { is_written_field(f3) };
expression V1 : script:python() { independent(V1) };
expression V2 : script:python() { independent(V2) };
expression V3 : script:python() { independent(V3) };
@@
(
- PUB@ps
  X->f1 = V1;
  X->f2 = V2;
  X->f3 = V3;
+ PUB
|
- PUB@ps
  X->f1 = V1;
  X->f2 = V2;
+ PUB
|
- PUB@ps
  X->f1 = V1;
+ PUB
)

// The else branch publishes; the stores after the if apply to both objects.
@depends on patch && move_stores@
position p : script:python() { at(p) };
idexpression C;
expression X, H, E;
identifier m;
identifier ADD = {list_add_rcu, list_add_tail_rcu, hlist_add_head_rcu, hlist_add_tail_rcu};
identifier F != {memcpy, memset, bacpy, ether_addr_copy, strscpy, INIT_LIST_HEAD, INIT_HLIST_HEAD,
		 spin_lock_init, mutex_init, refcount_set, atomic_set};
statement S;
@@
if (C) S else {
  ... when != C = E
- ADD@p(&X->m, H);
}
... when != C = E
    when != X = E
    when != F(...)
+ if (!C)
+	ADD(&X->m, H);
return X;
