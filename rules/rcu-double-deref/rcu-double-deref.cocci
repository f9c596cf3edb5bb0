/// The same RCU-protected pointer is read twice in one read-side section,
/// through rcu_dereference*()/srcu_dereference*() (one of the two reads may be
/// a plain read, READ_ONCE() or rcu_access_pointer()), with no write to it or
/// to the expression that reaches it in between. RCU makes one pointer load
/// atomic, not a section: an updater may publish a new object between the two
/// loads, so the reads can return different objects, and the second can be
/// NULL although the first was checked.
///
/// Evidence: one read is tested for NULL and the other is used unchecked
/// (checked_then_used), the two reads feed one expression (same_expression);
/// a read compared against an earlier copy is a deliberate revalidation
/// (recheck), both values tested for NULL is careful code (both_checked), and *_check() reads that name a held lock may run on the update
/// side where the pointer is stable (lock_alternative), an update-side lock
/// held at the second read (update_lock_held) or by every known caller (the
/// call-context index: callers_hold_update_lock) and rcu_dereference_raw() reads
/// with no visible rcu_read_lock() (raw_outside_section) are update or
/// teardown code. Reads inside sizeof() are not reads; a field of a local
/// struct variable (lo.pool_ns) is not shared. The two reads must be
/// reachable from each other without a loop back edge or a goto: list walks
/// such as p = rcu_dereference(p->next) re-read one call per iteration.
/// A call of an accessor of the tree whose result is an RCU load
/// (br_port_get_rcu(dev) returns rcu_dereference(dev->rx_handler_data);
/// the macro index's rcu-load rows) is that load: calling it twice is two
/// loads (accessor, accessor_loads).
//
// Rule: rcu-double-deref
// Confidence: Moderate
// Needs: macro-index call-context
// Options: --no-includes
// Requires : rcu_read_lock rcu_read_lock_bh rcu_read_lock_sched srcu_read_lock rcu_dereference rcu_dereference_bh rcu_dereference_sched rcu_dereference_raw rcu_dereference_rtnl rcu_dereference_bh_rtnl rcu_dereference_check rcu_dereference_bh_check rcu_dereference_sched_check rcu_dereference_raw_check srcu_dereference srcu_dereference_check srcu_dereference_notrace rcu_assign_pointer RCU_INIT_POINTER rcu_replace_pointer call_rcu kfree_rcu kvfree_rcu
// Scope: function
// Twice : @rcu-dereference @rcu-dereference-rtnl rcu_assign_pointer RCU_INIT_POINTER kfree_rcu call_rcu

virtual report, org

@initialize:python@
@@
#include "python-init.cocci"
from lockers.rcu_double_deref import n, k, is_part, rcu_text, any_rcu_text, in_reader, in_section, may_report, add_pair, flush, marked, managed
from lockers.rcu_double_deref import WRAPPERS, ACCESSORS, accessor_call
from lockers.source import ident_at
from lockers.rcu_double_deref import ACCESS, EXCL, TESTED, COMPARED, any_reader

// each file on its own: report the pairs of reads of the previous file, then forget them
@script:python@
@@
flush()

@ma@
expression E;
identifier RD = {@rcu-dereference, @rcu-dereference-rtnl};
expression list EL;
position p;
@@
RD(E@p, EL)

@script:python@
E << ma.E;
RD << ma.RD;
EL << ma.EL;
p << ma.p;
@@
marked(p[0], E, RD, EL)

// the tree's RCU accessors (the macro index's rcu-load rows): a wrapper
// loads its argument, an accessor call is a load of the member it reads
@mw@
expression E;
identifier WRAP : script:python() { WRAP in WRAPPERS };
position p, pw;
@@
WRAP@pw(E@p, ...)

@script:python@
E << mw.E;
p << mw.p;
pw << mw.pw;
@@
marked(p[0], E, ident_at(pw[0]), "")

// the same wrappers used as iterators: IPVS's
// ip_vs_rht_for_each_table_rcu(ipvs->conn_tab, t, p) { ... } loads its
// table, and its loop condition tests what it loaded
@mwi@
expression E;
iterator I;
expression list EL;
statement S;
position p, pw;
@@
I@pw(E@p, EL) S

@script:python@
I << mwi.I;
E << mwi.E;
p << mwi.p;
@@
if str(I) in WRAPPERS:
    marked(p[0], E, str(I), "")
    TESTED.add(k(p[0]))

@mc@
identifier ACC : script:python() { ACC in ACCESSORS };
expression list EL;
position p;
@@
ACC@p(EL)

@script:python@
EL << mc.EL;
p << mc.p;
@@
accessor_call(p[0], EL)

// pointers the file frees or publishes with RCU: plain reads of them count
@mg@
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
B << mg.B;
@@
managed(B)

// every rule below matches only an expression of rcu_text(): a file with
// none (no read through an accessor, nothing freed or published with RCU)
// has nothing to report
@script:python rcu_texts@
ok;
@@
if any_rcu_text():
    coccinelle.ok = "1"
else:
    cocci.include_match(False)

@insec depends on rcu_texts exists@
expression E : script:python() { rcu_text(E) };
expression I1;
position p;
@@
(
rcu_read_lock()
|
rcu_read_lock_bh()
|
rcu_read_lock_sched()
|
rcu_read_lock_sched_notrace()
|
srcu_read_lock(I1)
|
rcu_read_lock_trace()
)
... when != rcu_read_unlock()
    when != rcu_read_unlock_bh()
    when != rcu_read_unlock_sched()
    when != rcu_read_unlock_sched_notrace()
    when != srcu_read_unlock(...)
    when != rcu_read_unlock_trace()
E@p

@script:python@
p << insec.p;
@@
in_section(p[0])

// the rules below look only at the functions of in_reader(): with none,
// there is nothing to report
@script:python readers depends on rcu_texts@
ok;
@@
if any_reader():
    coccinelle.ok = "1"
else:
    cocci.include_match(False)

@aa depends on readers@
expression E : script:python() { rcu_text(E) };
position p : script:python() { in_reader(p[0]) };
@@
\(rcu_access_pointer(E@p)\|READ_ONCE(E@p)\)

@script:python@
p << aa.p;
@@
ACCESS.add(k(p[0]))

@ex depends on readers@
expression E : script:python() { rcu_text(E) };
expression E2;
position p : script:python() { in_reader(p[0]) };
@@
(
 &E@p
|
E@p = E2
|
rcu_assign_pointer(E@p, E2)
|
RCU_INIT_POINTER(E@p, E2)
|
rcu_dereference_protected(E@p, ...)
|
rcu_replace_pointer(E@p, ...)
|
sizeof(E@p)
|
E@p++
|
E@p--
)

@script:python@
p << ex.p;
@@
EXCL.add(k(p[0]))

// a read anywhere inside sizeof() is not evaluated: sizeof(*gp), sizeof(gp->x)
@exs depends on readers@
expression E : script:python() { rcu_text(E) };
position p : script:python() { in_reader(p[0]) };
@@
sizeof(<+... E@p ...+>)

@script:python@
p << exs.p;
@@
EXCL.add(k(p[0]))

// reads tested for NULL
@tst depends on readers disable isnt_null1@
expression E : script:python() { rcu_text(E) };
identifier RD = {@rcu-dereference, @rcu-dereference-rtnl};
identifier AC = {@rcu-access, READ_ONCE};
expression E3, E4;
expression list EL;
position p : script:python() { in_reader(p[0]) };
@@
(
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) && E3
|
  E3 && \(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) || E3
|
  E3 || \(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  !\(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) == NULL
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) != NULL
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) ? E3 : E4
)

@script:python@
p << tst.p;
@@
TESTED.add(k(p[0]))

@tsts depends on readers@
expression E : script:python() { rcu_text(E) };
identifier RD = {@rcu-dereference, @rcu-dereference-rtnl};
identifier AC = {@rcu-access, READ_ONCE};
expression list EL;
statement S1, S2;
position p : script:python() { in_reader(p[0]) };
@@
(
  if (\(RD(E@p, EL)\|AC(E@p)\|E@p\)) S1 else S2
|
  if (\(RD(E@p, EL)\|AC(E@p)\|E@p\)) S1
|
  while (\(RD(E@p, EL)\|AC(E@p)\|E@p\)) S1
)

@script:python@
p << tsts.p;
@@
TESTED.add(k(p[0]))

@tstv depends on readers disable isnt_null1 exists@
expression E : script:python() { rcu_text(E) };
identifier RD = {@rcu-dereference, @rcu-dereference-rtnl};
identifier AC = {@rcu-access, READ_ONCE};
local idexpression v;
expression E2, E3, E4;
expression list EL;
position p : script:python() { in_reader(p[0]) };
@@
v = \(RD(E@p, EL)\|AC(E@p)\|E@p\)
... when != v = E2
(
  !v
|
  v == NULL
|
  v != NULL
|
  NULL == v
|
  v && E3
|
  v ? E3 : E4
|
  E3 && v
|
  IS_ERR_OR_NULL(v)
)

@script:python@
p << tstv.p;
@@
TESTED.add(k(p[0]))

@tstvs depends on readers exists@
expression E : script:python() { rcu_text(E) };
identifier RD = {@rcu-dereference, @rcu-dereference-rtnl};
identifier AC = {@rcu-access, READ_ONCE};
local idexpression v;
expression E2;
expression list EL;
statement S1, S2;
position p : script:python() { in_reader(p[0]) };
@@
v = \(RD(E@p, EL)\|AC(E@p)\|E@p\)
... when != v = E2
(
  if (v) S1 else S2
|
  if (v) S1
)

@script:python@
p << tstvs.p;
@@
TESTED.add(k(p[0]))

// reads compared with another pointer (revalidation)
@cmp depends on readers@
expression E : script:python() { rcu_text(E) };
identifier RD = {@rcu-dereference, @rcu-dereference-rtnl};
identifier AC = {@rcu-access, READ_ONCE};
expression E3 : script:python() { n(E3) not in ("NULL", "0") };
expression list EL;
position p : script:python() { in_reader(p[0]) };
@@
(
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) == E3
|
  \(RD(E@p, EL)\|AC(E@p)\|E@p\) != E3
)

@script:python@
p << cmp.p;
@@
COMPARED.add(k(p[0]))

// the right-hand side on its own: a disjunction stops at its first matching
// branch, so in `copy != rcu_access_pointer(gp)` with copy itself an RCU
// pointer of the file, the left branch would hide this one
@cmpr depends on readers@
expression E : script:python() { rcu_text(E) };
identifier RD = {@rcu-dereference, @rcu-dereference-rtnl};
identifier AC = {@rcu-access, READ_ONCE};
expression E3 : script:python() { n(E3) not in ("NULL", "0") };
expression list EL;
position p : script:python() { in_reader(p[0]) };
@@
(
  E3 == \(RD(E@p, EL)\|AC(E@p)\|E@p\)
|
  E3 != \(RD(E@p, EL)\|AC(E@p)\|E@p\)
)

@script:python@
p << cmpr.p;
@@
COMPARED.add(k(p[0]))

// both reads in one expression (before rpp: once rpp's script has dropped
// all of its matches, a rule that depends on another one no longer runs)
@same depends on readers@
expression E : script:python() { rcu_text(E) };
expression E3, E4, F;
binary operator bop;
position p1 : script:python() { in_reader(p1[0]) };
position p2;
@@
(
  (<+... E@p1 ...+>) bop (<+... E@p2 ...+>)
|
  (<+... E@p1 ...+>) ? (<+... E@p2 ...+>) : E3
|
  (<+... E@p1 ...+>) ? E4 : (<+... E@p2 ...+>)
|
  F(..., (<+... E@p1 ...+>), ..., (<+... E@p2 ...+>), ...)
)

@script:python@
E << same.E;
p1 << same.p1;
p2 << same.p2;
@@
add_pair(E, p1[0], p2[0], True)

// two reads in different statements (rcu_dereference, plain, READ_ONCE or
// rcu_access_pointer; the finalizer keeps pairs with an rcu_dereference or
// pairs inside a visible section)
@rpp depends on readers exists@
expression E : script:python() { rcu_text(E) };
expression E2;
position p1 : script:python() { in_reader(p1[0]) };
position p2;
@@
E@p1
... when != rcu_read_unlock()
    when != rcu_read_unlock_bh()
    when != rcu_read_unlock_sched()
    when != rcu_read_unlock_sched_notrace()
    when != srcu_read_unlock(...)
    when != srcu_read_unlock_notrace(...)
    when != rcu_read_unlock_trace()
    when != rcu_read_lock()
    when != rcu_read_lock_bh()
    when != rcu_read_lock_sched()
    when != rcu_read_lock_sched_notrace()
    when != srcu_read_lock(...)
    when != srcu_read_lock_notrace(...)
    when != rcu_read_lock_trace()
    when != E = E2
E@p2

@script:python@
E << rpp.E;
p1 << rpp.p1;
p2 << rpp.p2;
@@
if not may_report(E, p1[0], p2[0]):
    cocci.include_match(False)

@wpp exists@
expression rpp.E;
expression L : script:python(E) { is_part(L, E) };
expression E3;
position rpp.p1, rpp.p2;
@@
E@p1
...
(
L = E3
|
L++
|
 ++L
|
L--
|
 --L
|
L += E3
|
L -= E3
|
rcu_assign_pointer(L, E3)
|
RCU_INIT_POINTER(L, E3)
)
...
E@p2

@wpp2 exists@
expression rpp.E;
expression L : script:python(E) { is_part(L, E) };
position rpp.p1, rpp.p2;
@@
L = (<+... E@p1 ...+>);
...
E@p2

@script:python depends on !wpp && !wpp2@
E << rpp.E;
p1 << rpp.p1;
p2 << rpp.p2;
@@
add_pair(E, p1[0], p2[0])

@finalize:python@
@@
flush()
