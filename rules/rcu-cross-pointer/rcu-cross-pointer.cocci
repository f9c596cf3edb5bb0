/// Finds a condition inside one RCU read-side section that relates two
/// separately loaded values (a pointer and a field reached through it, as
/// thread_group_leader(p) is p == p->group_leader, or fields of two RCU-read
/// objects), written directly or hidden in a macro or static inline helper
/// of the tree, when the code then relies on the outcome: a traversal
/// from the same pointer, further loads through it, or a decision carried
/// past the unlock. rcu_read_lock() makes each pointer load safe on its
/// own; it does not make two loads coherent, so the relation may no longer
/// hold when the code acts on it (Neil Brown's cgroup_attach_proc() case).
//
// Helpers are seen through the macro index the driver builds from the
// tree (src/index/macroindex.c) and names in LOCKERS_MACRO_INDEX; without it
// only relations written out in the code are found. Findings score lower
// when the code takes a real lock afterwards and checks the same relation
// again, when a real lock taken before the check is still held at it, when
// the relation only tests a list head for emptiness or an entry's link
// against the head (list_is_last(): the circular-list forms of a NULL
// check), and when it compares the same field of two objects (a key or
// value match such as same_thread_group(), neither value reached through
// the other). A NULL check of a single pointer is not a relation and is
// never reported; a load in the checked condition itself, met again only
// through the back edge of an enclosing loop, is not reliance.
//
// Rule: rcu-cross-pointer
// Confidence: Moderate
// Needs: macro-index
// Options: --no-includes
// Requires : rcu_read_lock rcu_read_lock_bh rcu_read_lock_sched srcu_read_lock
// Scope: function

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.record import norm
from lockers.rcu_cross_pointer import HELPERS, rcu_read, candidate, checked_in_section, relied_traversal, relied_loads
from lockers.rcu_cross_pointer import add, decision_past_unlock, held_lock, revalidated, flush

// ---------------------------------------------------------------- RCU reads

@rr@
expression X;
identifier acc =~ "^(rcu_dereference[a-z_]*|srcu_dereference[a-z_]*|rcu_access_pointer|list_entry_rcu|list_first_entry_rcu|list_first_or_null_rcu|list_next_or_null_rcu|hlist_entry_safe)$";
position p;
type T;
identifier x;
@@
(
X = acc@p(...);
|
T x = acc@p(...);
)

@script:python@
X << rr.X = "";
x << rr.x = "";
p << rr.p;
@@
rcu_read(p[0], norm(X) if X else x)

@rri@
iterator I =~ "_rcu[a-z_]*$";
expression X;
position p;
statement S;
@@
I@p(X, ...) S

@script:python@
X << rri.X;
p << rri.p;
@@
rcu_read(p[0], norm(X))

// ------------------------------------------------- relation in the section

@cand@
position p;
expression C, E1, E2;
identifier f : script:python () { f in HELPERS };
statement S1, S2;
type T;
identifier x;
@@
(
if (<+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>) S1 else S2
|
if (<+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>) S1
|
x = <+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>;
|
T x = <+... \(C@p \& \(f(...) \| E1 == E2 \| E1 != E2\)\) ...+>;
)

@script:python@
p << cand.p;
C << cand.C;
@@
if not candidate(p[0], C):
    cocci.include_match(False)

// the candidate is inside a read-side section
@chk exists@
position cand.p, pl;
expression cand.C, X;
statement S1, S2;
type T;
identifier x;
@@
(
rcu_read_lock@pl();
|
rcu_read_lock_bh@pl();
|
rcu_read_lock_sched@pl();
|
X = srcu_read_lock@pl(...);
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != srcu_read_unlock(...);
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
|
x = <+... C@p ...+>;
|
T x = <+... C@p ...+>;
)

@script:python@
p << cand.p;
pl << chk.pl;
@@
checked_in_section(p[0])

// ------------------------------------------------------ reliance: traversal

@trav exists@
position cand.p, pt;
expression cand.C, E, E1, E2;
iterator I;
expression list il;
statement S, S1, S2;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != srcu_read_unlock(...);
    when != lk(...);
(
I@pt(il) S
|
while (E@pt) S
|
for (E1; E@pt; E2) S
)

@script:python@
p << cand.p;
C << cand.C;
pt << trav.pt;
il << trav.il = "";
E << trav.E = "";
@@
relied_traversal(p[0], C, pt[0], str(il) or str(E))

// ---------------------------------------------------------- reliance: loads

@loads exists@
position cand.p, pl;
expression cand.C, Y, E3;
identifier fld, f3;
statement S1, S2, S3, S4;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
)
... when != rcu_read_unlock();
    when != rcu_read_unlock_bh();
    when != rcu_read_unlock_sched();
    when != srcu_read_unlock(...);
    when != lk(...);
(
if (<+... Y->fld@pl ...+>) S3 else S4
|
if (<+... Y->fld@pl ...+>) S3
|
E3 = <+... Y->fld@pl ...+>;
|
E3 += <+... Y->fld@pl ...+>;
|
f3(..., <+... Y->fld@pl ...+>, ...);
|
return <+... Y->fld@pl ...+>;
)

@script:python@
p << cand.p;
C << cand.C;
Y << loads.Y;
pl << loads.pl;
@@
relied_loads(p[0], C, Y, pl[0])

@loadsin exists@
position cand.p, pl;
expression cand.C, Y, E3;
identifier fld, f3;
statement S2, S3, S4;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
(
  if (<+... Y->fld@pl ...+>) S3 else S4
|
  if (<+... Y->fld@pl ...+>) S3
|
  E3 = <+... Y->fld@pl ...+>;
|
  E3 += <+... Y->fld@pl ...+>;
|
  f3(..., <+... Y->fld@pl ...+>, ...);
|
  return <+... Y->fld@pl ...+>;
)
  ...
} else S2
|
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
(
  if (<+... Y->fld@pl ...+>) S3 else S4
|
  if (<+... Y->fld@pl ...+>) S3
|
  E3 = <+... Y->fld@pl ...+>;
|
  E3 += <+... Y->fld@pl ...+>;
|
  f3(..., <+... Y->fld@pl ...+>, ...);
|
  return <+... Y->fld@pl ...+>;
)
  ...
}
|
if (<+... C@p ...+>) E3 = <+... Y->fld@pl ...+>;
|
if (<+... C@p ...+>) f3(..., <+... Y->fld@pl ...+>, ...);
)

@script:python@
p << cand.p;
C << cand.C;
Y << loadsin.Y;
pl << loadsin.pl;
@@
relied_loads(p[0], C, Y, pl[0])

@travin exists@
position cand.p, pt;
expression cand.C;
iterator I;
expression list il;
statement S, S2;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
@@
(
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
  I@pt(il) S
  ...
} else S2
|
if (<+... C@p ...+>) {
  ... when != rcu_read_unlock();
      when != rcu_read_unlock_bh();
      when != rcu_read_unlock_sched();
      when != srcu_read_unlock(...);
      when != lk(...);
  I@pt(il) S
  ...
}
|
if (<+... C@p ...+>) I@pt(il) S
)

@script:python@
p << cand.p;
C << cand.C;
pt << travin.pt;
il << travin.il;
@@
relied_traversal(p[0], C, pt[0], str(il))

// ------------------------------------ reliance: decision past the unlock

@past exists@
position cand.p, pu;
expression cand.C;
identifier x;
type T;
statement S1, S2;
expression E;
@@
(
x = <+... C@p ...+>;
|
T x = <+... C@p ...+>;
)
...
(
rcu_read_unlock();
|
rcu_read_unlock_bh();
|
rcu_read_unlock_sched();
|
srcu_read_unlock(...);
)
... when != x = E
(
if (<+... x@pu ...+>) S1 else S2
|
if (<+... x@pu ...+>) S1
|
return <+... x@pu ...+>;
)

@script:python@
p << cand.p;
C << cand.C;
pu << past.pu;
@@
add(p[0], C, "decision_past_unlock", pu[0])

@pastb exists@
position cand.p, pu;
expression cand.C, Y;
identifier fld, f3;
statement S2;
@@
(
if (<+... C@p ...+>) { ... rcu_read_unlock(); ... f3(..., <+... Y@pu ...+>, ...); ... } else S2
|
if (<+... C@p ...+>) { ... rcu_read_unlock(); ... f3(..., <+... Y@pu ...+>, ...); ... }
)

@script:python@
p << cand.p;
C << cand.C;
Y << pastb.Y;
pu << pastb.pu;
@@
decision_past_unlock(p[0], C, Y, pu[0])

// ------------------------------------------- a real lock held at the check

@held exists@
position cand.p, pk;
expression cand.C, L;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)(_irq|_irqsave|_bh|_nested|_interruptible|_killable|_nest_lock)*$";
identifier ulk =~ "^(read_unlock|write_unlock|spin_unlock|raw_spin_unlock|mutex_unlock|up_read|up_write|rt_mutex_unlock)[a-z_]*$";
statement S1, S2;
type T;
identifier x;
@@
lk@pk(L, ...);
... when != ulk(L, ...)
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
|
x = <+... C@p ...+>;
|
T x = <+... C@p ...+>;
)

@script:python@
p << cand.p;
pk << held.pk;
@@
held_lock(p[0], pk[0])

// --------------------------------------- re-validation under a real lock

// The recheck is matched as C itself (inherited, so compared structurally):
// a free expression C2 here made spatch try every subexpression of every
// later if, 17 s on fs/dcache.c.
@reval exists@
position cand.p, pk, p2;
expression cand.C;
identifier lk =~ "^(read_lock|write_lock|spin_lock|raw_spin_lock|mutex_lock|down_read|down_write|rt_mutex_lock)[a-z_]*$";
statement S1, S2, S3, S4;
@@
(
if (<+... C@p ...+>) S1 else S2
|
if (<+... C@p ...+>) S1
)
...
lk@pk(...);
...
(
if (<+... C@p2 ...+>) S3 else S4
|
if (<+... C@p2 ...+>) S3
)

@script:python@
p << cand.p;
C << cand.C;
pk << reval.pk;
p2 << reval.p2;
@@
revalidated(p[0], C, pk[0], p2[0])

// ----------------------------------------------------------------- report

@finalize:python@
@@
flush()
